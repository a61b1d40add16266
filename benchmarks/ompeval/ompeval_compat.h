// Force-included (-include) when compiling OMPEval's own sources with a
// recent GCC/libstdc++, without editing them:
//  * EquityCalculator.h uses std::function without including <functional>;
//  * CombinedRange.cpp calls std::shuffle with omp::XoroShiro128Plus, whose
//    min()/max() are not constexpr (libstdc++ >= 12 needs them constexpr in
//    uniform_int_distribution).  A more specialised std::shuffle overload for
//    that generator (a plain Fisher-Yates of our own) is picked instead.
#pragma once
#include <functional>
#include <algorithm>
#include <cstdint>
#include <utility>
#include "omp/Random.h"

namespace std {
template <class It>
void shuffle(It first, It last, omp::XoroShiro128Plus& g)
{
    auto n = last - first;
    for (decltype(n) i = n - 1; i > 0; --i) {
        auto j = static_cast<decltype(n)>(g() % static_cast<uint64_t>(i + 1));
        std::swap(first[i], first[j]);
    }
}
}  // namespace std
