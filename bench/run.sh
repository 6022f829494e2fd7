#!/usr/bin/env bash
# bench/run.sh: plugin overhead and solver latency on a generated corpus (not a test; prints ratios).
#   bench/run.sh [kernels=60] [repeats=5]
# Times `clang++-19 -fsyntax-only` on each kernel with and without the plugin, interleaved, in one run;
# reports the overhead as a ratio of summed medians, and the solver's median/p99 time per query.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${PTOLINT_BUILD_DIR:-$here/build}
n=${1:-60}
reps=${2:-5}
corpus=$(mktemp -d /tmp/ptolint-bench-XXXXXX)
trap 'rm -rf "$corpus"' EXIT
python3 "$here/bench/gen_corpus.py" "$corpus" "$n" >/dev/null
flags=(-std=c++17 -fsyntax-only -I"$here/refmodel/include")
plugin=(-fplugin="$build/lib/ptolint.so" -fplugin-arg-ptolint-target=all)
clang=${PTOLINT_CLANG:-clang++-19}

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

base_total=0
with_total=0
for k in "$corpus"/*.cpp; do
  b=() w=()
  for ((r = 0; r < reps; r++)); do
    t0=$(now); "$clang" "${flags[@]}" "$k" 2>/dev/null || true; t1=$(now)
    "$clang" "${flags[@]}" "${plugin[@]}" "$k" 2>/dev/null || true; t2=$(now)
    b+=($(( (t1 - t0) / 1000 ))); w+=($(( (t2 - t1) / 1000 )))
  done
  bm=$(printf '%s\n' "${b[@]}" | median); wm=$(printf '%s\n' "${w[@]}" | median)
  base_total=$(awk -v a="$base_total" -v b="$bm" 'BEGIN {print a + b}')
  with_total=$(awk -v a="$with_total" -v b="$wm" 'BEGIN {print a + b}')
done
"$build/bin/pto-lint" --quiet --solver-stats="$corpus/stats.json" "$corpus"/*.cpp -- "${flags[@]/-fsyntax-only/}" >/dev/null 2>&1 || true
echo "corpus: $n kernels, $reps runs each (medians), clang: $($clang --version | head -1)"
awk -v b="$base_total" -v w="$with_total" 'BEGIN {
  printf "clang -fsyntax-only without plugin: %.1f ms total\n", b / 1000
  printf "clang -fsyntax-only with plugin:    %.1f ms total\n", w / 1000
  printf "plugin overhead ratio: %.3f (%.1f %%; target <= 3 %%)\n", w / b, (w / b - 1) * 100 }'
echo "solver per query: $(cat "$corpus/stats.json")"
