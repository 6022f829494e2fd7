#!/bin/sh
# fuzz/ci.sh: the CI-sized fuzz run of the normal test suite (ctest -L fuzz; tests/CMakeLists.txt), in any build.
#   fuzz/ci.sh build SRC DIR        configure DIR (once) as a clang-19 libFuzzer + ASan/UBSan build of SRC and build
#                                   every *-fuzz target in it (only what they need: no Clang front end)
#   fuzz/ci.sh run SRC DIR SECONDS  run every fuzz target built in DIR for SECONDS each, seeded by fuzz/run.sh from the
#                                   project's inputs; fails on the first crash or sanitizer report
# Exit 77 (ctest: skipped) when clang++-19 or its libFuzzer runtime is missing, or when nothing was built.
set -eu
mode=$1 src=$2 dir=$3
cxx=${PTOLINT_FUZZ_CXX:-clang++-19}
skip() { echo "fuzz/ci.sh: skipped: $*"; exit 77; }

case "$mode" in
  build)
    command -v "$cxx" >/dev/null 2>&1 || skip "no $cxx (Debian package clang-19)"
    fuzzer=$("$cxx" -print-file-name=libclang_rt.fuzzer-x86_64.a)
    [ -f "$fuzzer" ] || skip "no libFuzzer runtime for $cxx"
    if [ ! -f "$dir/build.ninja" ]; then
      # -O1 and line tables only: what a fuzzer needs for speed and stacks, at half the compile time of -O2 -g.
      cmake -S "$src" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Fuzz -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only" \
        -DCMAKE_CXX_COMPILER="$cxx" -DPTOLINT_FUZZ=ON >"$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
    fi
    targets=$(ninja -C "$dir" -t targets all | sed -n 's/^\([a-z0-9-]*-fuzz\): phony$/\1/p' | sort -u)
    [ -n "$targets" ] || { echo "fuzz/ci.sh: no fuzz targets in $dir"; exit 1; }
    # One compile at a time: the suite runs other tests beside this one.
    ninja -C "$dir" -j1 $targets ;;
  run)
    seconds=${4:-5}
    found=0
    for f in "$dir"/fuzz/*-fuzz; do
      [ -x "$f" ] || continue
      found=1
      log=$(mktemp)
      if PTOLINT_FUZZ_UPSTREAM=0 "$src/fuzz/run.sh" "$f" -max_total_time="$seconds" -timeout=60 \
          -artifact_prefix="$dir/" >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
        echo "$(basename "$f"): $runs inputs in ${seconds} s ($rate/s), no crash, no sanitizer report"
        rm -f "$log"
      else
        echo "$(basename "$f"): FAILED (the input is kept in $dir/ as crash-*)"; tail -60 "$log"; rm -f "$log"; exit 1
      fi
    done
    [ $found = 1 ] || skip "no fuzz targets built in $dir (fuzz.Build skipped?)" ;;
  *) echo "usage: fuzz/ci.sh build|run SRC DIR [SECONDS]" >&2; exit 2 ;;
esac
