#!/usr/bin/env bash
# bench/instructions.sh: the plugin's overhead on upstream's NPU system-test kernels in instructions executed, counted
# by valgrind's callgrind (not a test). Instruction counts do not vary from run to run, so a change of the plugin's
# cost is measured exactly on a sample of kernels, where bench/real.sh's wall clock needs every kernel and repeats to
# see 1 %. They are not time: cache misses and page faults are not counted, so the time ratio is higher (a2a3
# tcolsum: 1.060 in instructions, 1.073 in time). bench/real.sh stays the measure of the goal.
#   bench/instructions.sh [a2a3|a5] [every Nth kernel=8]
# For each kernel of the sample, its first clang command (pto-lint --print-commands) is run under callgrind with the
# syntax fixups alone (lib/ptolint-syntax.so, bench/real.sh's baseline) and with the plugin; prints each kernel's ratio
# and the ratio of the sums. PTOLINT_PLUGIN_ARGS as for bench/real.sh. Needs valgrind and upstream pto-isa; says so
# and exits 0 without them.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${PTOLINT_BUILD_DIR:-$here/build}
isa=${PTOISA_DIR:-$here/../shared/third_party/pto-isa}
target=${1:-a2a3}
every=${2:-8}
clang=${PTOLINT_CLANG:-clang++-19}
if ! command -v valgrind >/dev/null; then
  echo "bench/instructions.sh: skipped: needs valgrind (apt-get install valgrind)"
  exit 0
fi
if [ ! -f "$isa/include/pto/pto-inst.hpp" ] || [ ! -d "$isa/tests/npu" ]; then
  echo "bench/instructions.sh: skipped: needs upstream pto-isa (set PTOISA_DIR, or put it at ../shared/third_party/pto-isa)"
  exit 0
fi
case "$target" in a2a3 | a5) ;; *) echo "usage: bench/instructions.sh [a2a3|a5] [every Nth kernel=8]" >&2; exit 2 ;; esac
isa=$(cd "$isa" && pwd)
work=$(mktemp -d /tmp/ptolint-instr-XXXXXX)
trap 'rm -rf "$work"' EXIT
"$here/bench/upstream-db.sh" "$target" "$work/compile_commands.json" "$isa"

# count DIR COMMAND: instructions executed by the command (every process it starts).
count() {
  (cd "$1" && eval "valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null $2" || true) 2>&1 \
    >/dev/null | awk '/Collected :/ {s += $NF} END {printf "%.0f\n", s}'
}

base_total=0 with_total=0 n=0
for f in $(grep -oE '"file": "[^"]+"' "$work/compile_commands.json" | cut -d'"' -f4 | sort -u |
  awk -v e="$every" 'NR % e == 1'); do
  cmd=$("$build/bin/pto-lint" --print-commands -p "$work" "$f" | head -1)
  cmd="$clang ${cmd#clang++ }"
  b=$(count "$(dirname "$f")" "$cmd -fplugin=$build/lib/ptolint-syntax.so")
  w=$(count "$(dirname "$f")" "$cmd -fplugin=$build/lib/ptolint.so ${PTOLINT_PLUGIN_ARGS:-}")
  [ "$b" -gt 0 ] || continue
  base_total=$((base_total + b)); with_total=$((with_total + w)); n=$((n + 1))
  awk -v w="$w" -v b="$b" -v f="$(basename "$f")" 'BEGIN {printf "  %.4f  %s (+%.1f M)\n", w / b, f, (w - b) / 1e6}'
done
awk -v w="$with_total" -v b="$base_total" -v n="$n" -v t="$target" -v e="$every" 'BEGIN {
  printf "== %s: every %dth kernel (%d): %.4f in instructions (%.0f M with, %.0f M without; +%.1f M)\n",
    t, e, n, w / b, w / 1e6, b / 1e6, (w - b) / 1e6 }'
