"""OMPEval (C++) as a native peer: build our small driver against an OMPEval checkout you point to, then run
benchmarks/native_peer.py's rows (7-card card array, exact and Monte Carlo equity) next to pokercore.

    git clone https://github.com/zekyll/OMPEval ~/src/OMPEval      # your copy; nothing of it is vendored here
    python benchmarks/ompeval/build_and_run.py --ompeval-src ~/src/OMPEval [--repeats 5 --clock cpu ...]

    # the same driver as the native peer of `pokercore bench`'s exact-equity rows:
    export POKERCORE_NATIVE_PEER=$(python benchmarks/ompeval/build_and_run.py --ompeval-src ~/src/OMPEval \
        --print-driver)

Needs g++.  The build (g++ -O3 -march=native) goes to a cache folder keyed by the sources and the
flags, never into the repository.  ompeval_driver.cpp is ours (it calls OMPEval's public API);
ompeval_compat.h lets a recent GCC compile OMPEval's sources unedited.  Other arguments go to
native_peer.py.  Never a test dependency.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
FLAGS = ["-O3", "-march=native", "-std=c++11", "-pthread"]


def build(src: Path, cache: Path) -> Path:
    sources = sorted((src / "omp").glob("*.cpp"))
    if not sources or not (src / "omp" / "HandEvaluator.h").exists():
        sys.exit(f"{src} does not look like an OMPEval checkout (no omp/*.cpp)")
    ours = [HERE / "ompeval_driver.cpp", HERE / "ompeval_compat.h"]
    h = hashlib.sha256(" ".join(FLAGS).encode())
    for p in sorted(src.rglob("*.[ch]*")) + ours:
        h.update(p.read_bytes())
    out = cache / h.hexdigest()[:16]
    exe = out / "ompeval_driver"
    if exe.exists():
        return exe
    out.mkdir(parents=True, exist_ok=True)
    common = ["g++", *FLAGS, f"-I{src}", "-include", str(HERE / "ompeval_compat.h")]

    def compile_one(cpp: Path) -> Path:
        obj = out / (cpp.stem + ".o")
        subprocess.run([*common, "-c", str(cpp), "-o", str(obj)], check=True)
        return obj

    with ThreadPoolExecutor(max_workers=2) as pool:
        objs = list(pool.map(compile_one, sources))
    subprocess.run([*common, str(HERE / "ompeval_driver.cpp"), *map(str, objs), "-o", str(exe)], check=True)
    return exe


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ompeval-src", required=True, type=Path, help="an OMPEval checkout")
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "pokercore-ompeval-peer"
    parser.add_argument("--cache", type=Path, default=cache, help=f"where the build goes (default {cache})")
    parser.add_argument("--print-driver", action="store_true",
                        help="only build the driver and print its path (for POKERCORE_NATIVE_PEER)")
    args, rest = parser.parse_known_args()
    exe = build(args.ompeval_src.expanduser().resolve(), args.cache)
    if args.print_driver:
        print(exe)
        return 0
    harness = HERE.parent / "native_peer.py"
    return subprocess.call([sys.executable, str(harness), "--peer-cmd", str(exe), "--peer-name", "OMPEval", *rest])


if __name__ == "__main__":
    raise SystemExit(main())
