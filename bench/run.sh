#!/usr/bin/env bash
# bench/run.sh: plugin overhead and solver latency on a generated corpus (not a test; prints ratios).
#   bench/run.sh [kernels=60] [repeats=5]
# Times `clang++-19 -fsyntax-only` on each kernel with and without the plugin, interleaved, in one run;
# reports the overhead as a ratio of summed medians (and minimums), and the median/p99 time per decision.
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

minimum() { sort -n | head -1; }

base_total=0 with_total=0 base_min=0 with_min=0 broken=0
for k in "$corpus"/*.cpp; do
  # A kernel that does not compile measures nothing useful (and sends the checker into unknown territory).
  "$clang" "${flags[@]}" "$k" >/dev/null 2>&1 || broken=$((broken + 1))
  b=() w=()
  for ((r = 0; r < reps; r++)); do
    # Alternate which of the pair runs first, so an effect of the order (caches, frequency) cancels out.
    if ((r % 2 == 0)); then
      t0=$(now); "$clang" "${flags[@]}" "$k" 2>/dev/null || true; t1=$(now)
      "$clang" "${flags[@]}" "${plugin[@]}" "$k" 2>/dev/null || true; t2=$(now)
      b+=($(( (t1 - t0) / 1000 ))); w+=($(( (t2 - t1) / 1000 )))
    else
      t0=$(now); "$clang" "${flags[@]}" "${plugin[@]}" "$k" 2>/dev/null || true; t1=$(now)
      "$clang" "${flags[@]}" "$k" 2>/dev/null || true; t2=$(now)
      w+=($(( (t1 - t0) / 1000 ))); b+=($(( (t2 - t1) / 1000 )))
    fi
  done
  base_total=$((base_total + $(printf '%s\n' "${b[@]}" | median | cut -d. -f1)))
  with_total=$((with_total + $(printf '%s\n' "${w[@]}" | median | cut -d. -f1)))
  base_min=$((base_min + $(printf '%s\n' "${b[@]}" | minimum)))
  with_min=$((with_min + $(printf '%s\n' "${w[@]}" | minimum)))
done
"$build/bin/pto-lint" --quiet --solver-stats="$corpus/stats.json" "$corpus"/*.cpp -- "${flags[@]/-fsyntax-only/}" >/dev/null 2>&1 || true
echo "corpus: $n kernels, $reps interleaved runs each, clang: $($clang --version | head -1)"
if ((broken)); then echo "WARNING: $broken kernels of the corpus do not compile"; fi
awk -v b="$base_total" -v w="$with_total" -v bm="$base_min" -v wm="$with_min" 'BEGIN {
  printf "clang -fsyntax-only without plugin: %.1f ms (sum of medians), %.1f ms (sum of minimums)\n", b / 1000, bm / 1000
  printf "clang -fsyntax-only with plugin:    %.1f ms (sum of medians), %.1f ms (sum of minimums)\n", w / 1000, wm / 1000
  printf "plugin overhead ratio: %.3f (%+.1f %%) by medians, %.3f (%+.1f %%) by minimums; target <= 3 %%\n",
         w / b, (w / b - 1) * 100, wm / bm, (wm / bm - 1) * 100 }'
python3 - "$corpus/stats.json" "$n" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); n = int(sys.argv[2])
print(f"decisions: {s['decisions']} ({s['prechecked']} proved by the precheck over the facts' bounds, "
      f"{s['queries']} solver queries); per decision median {s['medianMicros']:.1f} us, "
      f"p99 {s['p99Micros']:.1f} us, max {s['maxMicros']:.1f} us")
print(f"solver queries: {s['cacheHits']} from the cache, {s['ground']} ground, {s['enumerated']} by enumeration, "
      f"{s['z3Calls']} Z3 calls; per query median {s['queryMedianMicros']:.1f} us, p99 {s['queryP99Micros']:.1f} us, "
      f"max {s['queryMaxMicros']:.1f} us")
print(f"pto-lint time per kernel (CLI): extracting facts {s['extractMillis'] / n:.1f} ms, engine "
      f"{s['engineMillis'] / n:.1f} ms (solver {s['solverMillis'] / n:.1f} ms)")
PY
