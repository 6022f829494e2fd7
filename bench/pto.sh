#!/usr/bin/env bash
# bench/pto.sh: textual PTO front end throughput on PTOAS's lit corpus (not a test; prints figures and a ratio).
#   bench/pto.sh [repeats=5]
# Times `pto-lint --quiet` (read + check, one process, every file) against a baseline measured in the same run:
# reading the same files with `cat` (the I/O floor). Reports files per second and the ratio of medians.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${PTOLINT_BUILD_DIR:-$here/build}
corpus=${PTOAS_TEST_DIR:-$here/../shared/third_party/ptoas/test/lit}
reps=${1:-5}
[ -d "$corpus" ] || { echo "bench/pto.sh: needs PTOAS's lit tests at $corpus (or \$PTOAS_TEST_DIR)" >&2; exit 2; }
mapfile -t files < <(find "$corpus" -name '*.pto' | sort)
n=${#files[@]}
now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
base=() lint=()
for ((r = 0; r < reps; r++)); do
  t0=$(now); cat "${files[@]}" >/dev/null; t1=$(now)
  "$build/bin/pto-lint" --quiet "${files[@]}" >/dev/null 2>&1 || true
  t2=$(now)
  base+=($(( (t1 - t0) / 1000 ))) lint+=($(( (t2 - t1) / 1000 )))
done
b=$(printf '%s\n' "${base[@]}" | median) l=$(printf '%s\n' "${lint[@]}" | median)
awk -v n="$n" -v b="$b" -v l="$l" 'BEGIN {
  printf "pto-lint on %d .pto files: %.0f ms (median of runs), %.0f files/s; reading them (cat): %.1f ms; ratio %.1f\n",
         n, l / 1000, n / (l / 1e6), b / 1000, l / b }'
