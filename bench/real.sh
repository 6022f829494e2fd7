#!/usr/bin/env bash
# bench/real.sh: plugin overhead and solver latency on upstream pto-isa's NPU system-test kernels (not a test).
#   bench/real.sh [a2a3|a5|all] [repeats=3] [kernels per target=all]
# PTOLINT_PLUGIN_ARGS: extra plugin arguments, e.g. -fplugin-arg-ptolint-upstream-checks=false (pto-lint's own rules
# only: the overhead of lifting upstream's checks is the difference of two runs).
# For each kernel, the clang command pto-lint runs for its upstream CCE compile command (pto-lint
# --print-commands; one per core of a mixed kernel) is timed without and with the plugin (without: with the syntax
# fixups alone, lib/ptolint-syntax.so), interleaved, alternating which runs first. Prints per target the ratio of
# the sums of per-kernel medians and of minimums, the worst kernel's ratio (the three highest measured again with
# three times the repeats), and pto-lint's solver statistics over the same kernels (per query and per call).
# Needs upstream pto-isa (PTOISA_DIR, or ../shared/third_party/pto-isa); says so and exits 0 without it.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${PTOLINT_BUILD_DIR:-$here/build}
isa=${PTOISA_DIR:-$here/../shared/third_party/pto-isa}
which=${1:-all}
reps=${2:-3}
limit=${3:-0}
clang=${PTOLINT_CLANG:-clang++-19}
plugin="-fplugin=$build/lib/ptolint.so ${PTOLINT_PLUGIN_ARGS:-}"
# The baseline is the same compile with only the CCE syntax fixups the NPU prelude asks for (lib/ptolint-syntax.so):
# without them clang reports errors in upstream's headers (their `[aicore]` attribute), so the compile measured is one
# that parses the kernel as the plugin's does, minus pto-lint's analysis.
base="-fplugin=$build/lib/ptolint-syntax.so"
if [ ! -f "$isa/include/pto/pto-inst.hpp" ] || [ ! -d "$isa/tests/npu" ]; then
  echo "bench/real.sh: skipped: needs upstream pto-isa (set PTOISA_DIR, or put it at ../shared/third_party/pto-isa)"
  exit 0
fi
isa=$(cd "$isa" && pwd)
if [ ! -f "$build/lib/ptolint-syntax.so" ]; then
  echo "bench/real.sh: $build/lib/ptolint-syntax.so is missing (ninja -C $build)"
  exit 1
fi
work=$(mktemp -d /tmp/ptolint-real-XXXXXX)
trap 'rm -rf "$work"' EXIT

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
minimum() { sort -n | head -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", a / b}'; }

# The compile commands upstream's CMake builds each kernel with (bench/upstream-db.sh).
database() { "$here/bench/upstream-db.sh" "$1" "$2" "$isa"; }

# measure DB FILE REPS: the kernel's commands timed without and with the plugin, interleaved, alternating which runs
# first; prints the medians and minimums of the per-repeat sums (microseconds): base, with, base min, with min.
measure() {
  local db=$1 f=$2 reps=$3 dir b=() w=() cmds
  dir=$(dirname "$f")
  mapfile -t cmds < <("$build/bin/pto-lint" --print-commands -p "$db" "$f")
  for ((r = 0; r < reps; r++)); do
    local tb=0 tw=0
    for cmd in "${cmds[@]}"; do
      cmd="$clang ${cmd#clang++ }"
      if ((r % 2 == 0)); then
        t0=$(now); (cd "$dir" && eval "$cmd $base") >/dev/null 2>&1 || true; t1=$(now)
        (cd "$dir" && eval "$cmd $plugin") >/dev/null 2>&1 || true; t2=$(now)
        tb=$((tb + (t1 - t0) / 1000)); tw=$((tw + (t2 - t1) / 1000))
      else
        t0=$(now); (cd "$dir" && eval "$cmd $plugin") >/dev/null 2>&1 || true; t1=$(now)
        (cd "$dir" && eval "$cmd $base") >/dev/null 2>&1 || true; t2=$(now)
        tw=$((tw + (t1 - t0) / 1000)); tb=$((tb + (t2 - t1) / 1000))
      fi
    done
    b+=("$tb"); w+=("$tw")
  done
  echo "$(printf '%s\n' "${b[@]}" | median | cut -d. -f1) $(printf '%s\n' "${w[@]}" | median | cut -d. -f1)" \
    "$(printf '%s\n' "${b[@]}" | minimum) $(printf '%s\n' "${w[@]}" | minimum)"
}

run_target() {
  local target=$1 db="$work/$1" n=0 base_total=0 with_total=0 base_min=0 with_min=0
  mkdir -p "$db"
  database "$target" "$db/compile_commands.json"
  local files
  files=$(grep -oE '"file": "[^"]+"' "$db/compile_commands.json" | cut -d'"' -f4 | sort -u)
  local ratios="$work/$target.ratios"
  : >"$ratios"
  for f in $files; do
    [ "$limit" -gt 0 ] && [ $n -ge "$limit" ] && break
    n=$((n + 1))
    local bm wm bmin wmin
    read -r bm wm bmin wmin < <(measure "$db" "$f" "$reps")
    base_total=$((base_total + bm)); with_total=$((with_total + wm))
    base_min=$((base_min + bmin)); with_min=$((with_min + wmin))
    echo "$(ratio "$wm" "$bm") $f" >>"$ratios"
  done
  # The worst kernel: the three highest ratios of that pass, each measured again with three times the repeats (one
  # wall-clock median of a few runs on a busy machine can be noise, as a pause of the VM in one plugin run), and
  # the highest of those. Both are printed.
  local first_ratio first_file worst=0 worst_name="" confirm=$((reps * 3))
  read -r first_ratio first_file < <(sort -rn "$ratios" | head -1)
  while read -r _ f; do
    local bm wm confirmed
    read -r bm wm _ _ < <(measure "$db" "$f" "$confirm")
    confirmed=$(ratio "$wm" "$bm")
    if awk -v a="$confirmed" -v b="$worst" 'BEGIN {exit !(a > b)}'; then
      worst=$confirmed
      worst_name=$(basename "$f")
    fi
  done < <(sort -rn "$ratios" | head -3)
  local cli_args=()
  [[ "${PTOLINT_PLUGIN_ARGS:-}" == *upstream-checks=false* ]] && cli_args+=(--upstream-checks=false)
  "$build/bin/pto-lint" --quiet "${cli_args[@]}" --solver-stats="$work/$target.stats" -p "$db" >/dev/null 2>&1 || true
  echo "== $target: $n kernels x $reps repeats (solver statistics: every kernel of the target)"
  awk -v w="$with_total" -v b="$base_total" -v wm="$with_min" -v bm="$base_min" 'BEGIN {
    printf "  clang -fsyntax-only with / without the plugin: %.3f by medians (%.1f s vs %.1f s), %.3f by minimums\n",
      w / b, w / 1e6, b / 1e6, wm / bm }'
  echo "  worst kernel: $worst_name ($worst, median of $confirm;" \
    "highest of the pass: $(basename "$first_file") ($first_ratio))"
  sed -E 's/[{}"]//g; s/, /\n/g' "$work/$target.stats" | awk -F': ' '
    {v[$1] = $2}
    END {
      printf "  decisions %d (prechecked %d), solver queries %d (enumerated %d, cache %d, ground %d, Z3 calls %d)\n",
        v["decisions"], v["prechecked"], v["queries"], v["enumerated"], v["cacheHits"], v["ground"], v["z3Calls"]
      printf "  per query: median %.0f us, p99 %.0f us, max %.0f us\n", v["queryMedianMicros"], v["queryP99Micros"], v["queryMaxMicros"]
      printf "  per call (%d calls): median %.0f us, p99 %.0f us, max %.0f us\n", v["calls"], v["callMedianMicros"],
        v["callP99Micros"], v["callMaxMicros"]
      printf "  pto-lint time: extraction %.0f ms, engine %.0f ms (solver %.0f ms)\n", v["extractMillis"], v["engineMillis"], v["solverMillis"]
    }'
}

case "$which" in
  all) run_target a2a3; run_target a5 ;;
  a2a3 | a5) run_target "$which" ;;
  *) echo "usage: bench/real.sh [a2a3|a5|all] [repeats=3] [kernels per target=all]" >&2; exit 2 ;;
esac
