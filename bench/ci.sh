#!/usr/bin/env bash
# bench/ci.sh [a2a3|a5|all]: CI at scale on upstream pto-isa's NPU system-test kernels (not a test).
# Per target, over its whole compile database (bisheng commands from upstream's CMake files, bench/upstream-db.sh):
#   cold -j1 (no cache), cold -j2 (empty cache), warm -j2 (the cache the cold run filled).
# Prints the wall-clock times, the -j2 speed-up over -j1, the warm/cold ratio (target: <= 5 %), and checks that the
# three runs wrote the same SARIF and that the warm run made no decision.
# Needs upstream pto-isa (PTOISA_DIR, or ../shared/third_party/pto-isa); says so and exits 0 without it.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${PTOLINT_BUILD_DIR:-$here/build}
isa=${PTOISA_DIR:-$here/../shared/third_party/pto-isa}
which=${1:-all}
if [ ! -f "$isa/include/pto/pto-inst.hpp" ]; then
  echo "bench/ci.sh: skipped: needs upstream pto-isa (set PTOISA_DIR, or put it at ../shared/third_party/pto-isa)"
  exit 0
fi
work=$(mktemp -d /tmp/ptolint-ci-XXXXXX)
trap 'rm -rf "$work"' EXIT
cli=$build/bin/pto-lint

now() { date +%s%N; }
timed() { # timed NAME ARGS...: runs pto-lint, prints milliseconds
  local name=$1 t0 t1
  shift
  t0=$(now)
  "$cli" --quiet --format=sarif --output="$work/$name.sarif" --solver-stats="$work/$name.stats" "$@" >/dev/null 2>&1 || true
  t1=$(now)
  echo $(((t1 - t0) / 1000000))
}

run_target() {
  local target=$1 db=$work/$1
  mkdir -p "$db"
  "$here/bench/upstream-db.sh" "$target" "$db/compile_commands.json" "$isa"
  local n cold1 cold2 warm
  n=$(grep -c '"file"' "$db/compile_commands.json")
  cold1=$(timed "$target-cold1" -j1 --cache-dir=off -p "$db")
  cold2=$(timed "$target-cold2" -j2 --cache-dir="$work/cache-$target" -p "$db")
  warm=$(timed "$target-warm" -j2 --cache-dir="$work/cache-$target" -p "$db")
  echo "== $target: $n kernels"
  awk -v a="$cold1" -v b="$cold2" -v w="$warm" 'BEGIN {
    printf "  cold -j1 %.1f s, cold -j2 %.1f s (speed-up %.2f), warm -j2 %.2f s (warm/cold %.1f %%)\n",
      a / 1000, b / 1000, a / b, w / 1000, 100 * w / b }'
  local same=yes
  cmp -s "$work/$target-cold1.sarif" "$work/$target-cold2.sarif" || same=no
  cmp -s "$work/$target-cold2.sarif" "$work/$target-warm.sarif" || same=no
  echo "  same SARIF from all three runs: $same; warm run: $(grep -oE '"decisions": [0-9]+' "$work/$target-warm.stats"), cold: $(grep -oE '"decisions": [0-9]+' "$work/$target-cold2.stats")"
}

case "$which" in
  all) run_target a2a3; run_target a5 ;;
  a2a3 | a5) run_target "$which" ;;
  *) echo "usage: bench/ci.sh [a2a3|a5|all]" >&2; exit 2 ;;
esac
