// A small driver of our own around OMPEval's public API (omp::HandEvaluator,
// omp::Hand, omp::EquityCalculator, omp::CardRange), for the native-peer rows
// of pokercore's benchmarks.  It answers one command per line on stdin:
//
//   hands PATH N            load N seven-card hands (N*7 bytes, codes 4*rank+suit)
//   eval7 PASSES            time PASSES passes over them -> "seconds checksum cpu_seconds"
//   eval7out PASSES         the same, storing each rank into an int32 array (as a batch API returns them)
//   ranks7 PATH             write one uint16 rank per loaded hand to PATH -> "ok"
//   equity MODE THREADS LIMIT R1;R2;...   MODE exact|mc; LIMIT: Monte Carlo hands
//                           -> "seconds hands eq1 eq2 ... cpu=cpu_seconds"
//   quit
#include <omp/HandEvaluator.h>
#include <omp/EquityCalculator.h>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
#include <ctime>

static std::vector<uint8_t> g_hands;
static size_t g_n = 0;

static double cpu_now()  // this process's CPU time (all threads)
{
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double now()
{
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

// One row of seven card bytes, ranked the way OMPEval's own benchmark does (a Hand summed card by card).
static inline uint16_t rank_row(const omp::HandEvaluator& eval, const uint8_t* c)
{
    omp::Hand h = omp::Hand::empty();
    h += omp::Hand(c[0]);
    h += omp::Hand(c[1]);
    h += omp::Hand(c[2]);
    h += omp::Hand(c[3]);
    h += omp::Hand(c[4]);
    h += omp::Hand(c[5]);
    h += omp::Hand(c[6]);
    return eval.evaluate(h);
}

int main()
{
    omp::HandEvaluator eval;
    std::string line;
    std::cout.precision(12);
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string cmd;
        in >> cmd;
        if (cmd == "quit") {
            break;
        } else if (cmd == "hands") {
            std::string path;
            in >> path >> g_n;
            g_hands.assign(g_n * 7, 0);
            FILE* f = std::fopen(path.c_str(), "rb");
            size_t got = f ? std::fread(g_hands.data(), 1, g_hands.size(), f) : 0;
            if (f)
                std::fclose(f);
            std::cout << (got == g_hands.size() ? "ok" : "error short read") << std::endl;
        } else if (cmd == "eval7" || cmd == "eval7out") {
            // eval7 sums the ranks (as OMPEval's own benchmark does); eval7out stores each into an int32
            // array, as a batch API returns them.
            bool store = cmd == "eval7out";
            unsigned passes = 1;
            in >> passes;
            unsigned sum = 0;
            std::vector<int32_t> out(store ? g_n : 0);
            const uint8_t* base = g_hands.data();
            double c0 = cpu_now();
            double t0 = now();
            for (unsigned p = 0; p < passes; ++p) {
                const uint8_t* c = base;
                if (store) {
                    for (size_t i = 0; i < g_n; ++i, c += 7)
                        out[i] = rank_row(eval, c);
                } else {
                    for (size_t i = 0; i < g_n; ++i, c += 7)
                        sum += rank_row(eval, c);
                }
            }
            double t = now() - t0;
            double c = cpu_now() - c0;
            for (size_t i = 0; i < out.size(); ++i)
                sum += (unsigned)out[i];
            std::cout << t << " " << sum << " " << c << std::endl;
        } else if (cmd == "ranks7") {
            std::string path;
            in >> path;
            std::vector<uint16_t> out(g_n);
            const uint8_t* c = g_hands.data();
            for (size_t i = 0; i < g_n; ++i, c += 7)
                out[i] = rank_row(eval, c);
            FILE* f = std::fopen(path.c_str(), "wb");
            size_t put = f ? std::fwrite(out.data(), 2, g_n, f) : 0;
            if (f)
                std::fclose(f);
            std::cout << (put == g_n ? "ok" : "error short write") << std::endl;
        } else if (cmd == "equity") {
            std::string mode, spec;
            unsigned threads = 1;
            uint64_t limit = 0;
            in >> mode >> threads >> limit >> spec;
            std::vector<omp::CardRange> ranges;
            std::istringstream parts(spec);
            std::string part;
            while (std::getline(parts, part, ';'))
                ranges.emplace_back(part);
            omp::EquityCalculator eq;  // a fresh one: no results cached from an earlier run
            bool exact = mode == "exact";
            if (!exact)
                eq.setHandLimit(limit);
            double c0 = cpu_now();
            double t0 = now();
            bool ok = eq.start(ranges, 0, 0, exact, 0.0, nullptr, 0.2, threads);
            if (ok)
                eq.wait();
            double t = now() - t0;
            double c = cpu_now() - c0;
            if (!ok) {
                std::cout << "error start" << std::endl;
                continue;
            }
            auto r = eq.getResults();
            std::cout << t << " " << r.hands;
            for (unsigned i = 0; i < r.players; ++i)
                std::cout << " " << r.equity[i];
            std::cout << " cpu=" << c << std::endl;
        } else {
            std::cout << "error unknown command" << std::endl;
        }
    }
    return 0;
}
