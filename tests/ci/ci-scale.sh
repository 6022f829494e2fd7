#!/usr/bin/env bash
# tests/ci/ci-scale.sh PTO_LINT SOURCE_DIR WORK_DIR: what a CI at scale relies on, end to end through the CLI.
#   - the output does not depend on -j (text, JSON, SARIF byte-identical for -j1 and -j3);
#   - the result cache: a warm run prints the same and re-solves nothing (solver statistics: no decision); an edited
#     header re-lints exactly the files that include it; a damaged entry is a miss;
#   - shards: --shard=i/n partitions the inputs, and `pto-lint merge` of the shards' SARIF equals one run's SARIF;
#   - merge rejects what is not a pto-lint SARIF log (exit 2);
#   - the progress line is printed on a terminal only.
# The fixtures always; a sample of upstream pto-isa kernels (real headers, CCE commands) when ../shared is there.
set -uo pipefail
cli=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi; }
same() { cmp -s "$1" "$2"; }
cd "$src"
flags=(-- -std=c++17 -Irefmodel/include)
inputs=(examples/*.cpp tests/rules/*.cpp)
lint() { "$cli" --target=all "$@" "${inputs[@]}" "${flags[@]}"; }

# -j does not change a byte of the report (every format: Cli.ReportsAreByteIdenticalAcrossRuns on two files).
PTO_LINT_CACHE_DIR=off lint -j1 --format=json >"$work/j1.json" 2>"$work/j1.err"
rc1=$?
PTO_LINT_CACHE_DIR=off lint -j3 --format=json >"$work/j3.json" 2>"$work/j3.err"
rc3=$?
check "-j1 and -j3 write the same JSON and summary" "same '$work/j1.json' '$work/j3.json' && same '$work/j1.err' '$work/j3.err'"
check "the fixtures have findings (exit 1 with -j1 and -j3)" "[ $rc1 = 1 ] && [ $rc3 = 1 ]"

# The cache: cold, then warm.
cache=$work/cache
lint -j2 --cache-dir="$cache" --format=json --solver-stats="$work/cold.stats" >"$work/cold.json" 2>"$work/cold.err"
cold_rc=$?
lint -j2 --cache-dir="$cache" --format=json --solver-stats="$work/warm.stats" >"$work/warm.json" 2>"$work/warm.err"
warm_rc=$?
check "a cold run with the cache writes what a run without it writes" "same '$work/cold.json' '$work/j1.json'"
check "a warm run writes the cold run's report" "same '$work/cold.json' '$work/warm.json'"
check "a warm run exits as the cold run did ($cold_rc)" "[ $cold_rc = $warm_rc ]"
check "a warm run prints the same summary" "same '$work/cold.err' '$work/warm.err'"
check "the cold run solved" "grep -q '\"decisions\": [1-9]' '$work/cold.stats'"
check "a warm run decides nothing" "grep -q '\"decisions\": 0,' '$work/warm.stats' && grep -q '\"z3Calls\": 0,' '$work/warm.stats'"

# An edited header re-lints the files that include it, and only them.
kit=$work/kit && mkdir -p "$kit/inc"
cat >"$kit/inc/sizes.h" <<'H'
#pragma once
constexpr int TmpCols = 32;
H
for k in a b; do
  cat >"$kit/$k.cpp" <<'K'
#include <pto/pto-inst.hpp>
#include "inc/sizes.h"
void k() {
  pto::Tile<pto::TileType::Vec, float, 16, 256, pto::BLayout::RowMajor, 16, 255> src;
  pto::Tile<pto::TileType::Vec, int32_t, 1, 256, pto::BLayout::RowMajor, 1, 255> dst;
  pto::Tile<pto::TileType::Vec, float, 1, TmpCols> tmp;
  pto::TCOLARGMIN(dst, src, tmp);
}
K
done
echo 'void c() {}' >"$kit/c.cpp"
touch -d '1 hour ago' "$kit"/*.cpp "$kit/inc/sizes.h"
klint() { "$cli" --target=a2a3 --cache-dir="$work/kcache" -j2 --solver-stats="$work/k.stats" "$kit/a.cpp" "$kit/b.cpp" "$kit/c.cpp" \
  -- -std=c++17 -I"$src/refmodel/include" >"$work/k.out" 2>&1; }
klint; check "kit: tmp of 32 columns is too small" "grep -q 'tmp tile holds 128 B' '$work/k.out'"
cp "$work/k.out" "$work/k.cold"
klint; check "kit: warm" "grep -q '\"decisions\": 0,' '$work/k.stats'"
check "kit: text diagnostics from the cache are the cold run's" "same '$work/k.out' '$work/k.cold'"
sed -i 's/TmpCols = 32/TmpCols = 128/' "$kit/inc/sizes.h" && touch -d '30 minutes ago' "$kit/inc/sizes.h"
klint
check "kit: the edited header is seen (no finding)" "! grep -q 'error:' '$work/k.out' && grep -q '0 violated' '$work/k.out'"
check "kit: both files that include it were re-solved" "grep -q '\"calls\": 2,' '$work/k.stats'"
for e in $(find "$work/kcache" -type f); do printf 'garbage' >"$e"; done
klint; check "kit: damaged entries are misses, not errors" "grep -q '0 violated' '$work/k.out' && grep -q '\"calls\": 2,' '$work/k.stats'"

# Shards partition the inputs; their merged SARIF is one run's. (From the cache the cold run filled: JSON and SARIF
# runs share entries, and cached outcomes equal fresh ones, above.)
lint -j2 --cache-dir="$cache" --format=sarif --output="$work/one.sarif" >/dev/null 2>&1
shards=()
for i in 1 2 3; do
  lint -j2 --cache-dir="$cache" --shard=$i/3 --format=sarif --output="$work/shard$i.sarif" >/dev/null 2>&1
  lint --shard=$i/3 --print-commands 2>/dev/null | grep -oE '[^ ]+\.cpp$' >"$work/shard$i.files"
  shards+=("$work/shard$i.sarif")
done
check "shards cover every input exactly once" \
  "[ \$(cat '$work'/shard*.files | sort | uniq -d | wc -l) = 0 ] && [ \$(cat '$work'/shard*.files | wc -l) = ${#inputs[@]} ]"
"$cli" merge --output="$work/merged.sarif" "${shards[@]}"
check "merged shards equal one run (fixtures)" "same '$work/one.sarif' '$work/merged.sarif'"
"$cli" merge "${shards[2]}" "${shards[0]}" "${shards[1]}" >"$work/merged2.sarif"
check "the order of the shards does not matter" "same '$work/one.sarif' '$work/merged2.sarif'"
echo '{"version": "2.1.0"}' >"$work/bad.sarif"
"$cli" merge "${shards[0]}" "$work/bad.sarif" >"$work/bad.out" 2>&1
rc=$?
check "merge rejects a log that is not pto-lint's (exit 2, names the file)" "[ $rc = 2 ] && grep -q 'bad.sarif' '$work/bad.out'"
"$cli" --shard=4/3 examples/colargmin_legal.cpp "${flags[@]}" >"$work/shard.err" 2>&1
rc=$?
check "--shard=4/3 is a usage error (exit 2)" "[ $rc = 2 ] && grep -q 'i/n' '$work/shard.err'"

# Progress on a terminal only: through script(1), which needs a pseudo-terminal (some containers cannot open one).
if ! command -v script >/dev/null; then
  echo "skipped: the terminal progress check (no script(1); Debian package bsdutils)"
elif ! script -qec true /dev/null >"$work/pty.out" 2>&1; then
  echo "skipped: the terminal progress check (no pseudo-terminal can be opened here: $(head -c 200 "$work/pty.out"))"
else
  script -qec "PTO_LINT_CACHE_DIR=off '$cli' -j2 --target=a2a3 examples/colargmin_legal.cpp examples/colargmin_doc_example.cpp ${flags[*]}" \
    /dev/null >"$work/tty.out" 2>&1
  check "a terminal shows [i/N] progress" "grep -aq '\[1/2\]' '$work/tty.out'"
fi
check "a pipe does not show progress" "! grep -q '\[1/' '$work/j1.err' '$work/cold.err'"

# Upstream kernels: real headers, CCE commands; two shards merged equal one run, warm equals cold.
isa=${PTOISA_DIR:-$src/../shared/third_party/pto-isa}
if [ -f "$isa/include/pto/pto-inst.hpp" ]; then
  bash "$src/bench/upstream-db.sh" a2a3 "$work/up.json" "$isa"
  mkdir -p "$work/up"
  # A sample of kernels whose ops pto-lint checks.
  python3 - "$work/up.json" "$work/up/compile_commands.json" <<'PY'
import json, sys
names = {"tadd", "tcolargmin", "tcolsum", "trowexpand", "trowmax", "tsub"}
db = [e for e in json.load(open(sys.argv[1])) if e["file"].split("/")[-1][:-len("_kernel.cpp")] in names]
json.dump(db, open(sys.argv[2], "w"), indent=1)
PY
  ulint() { "$cli" -j2 --format=sarif -p "$work/up" "$@" 2>>"$work/up.err"; }
  PTO_LINT_CACHE_DIR=off ulint --output="$work/up-one.sarif"; up_rc=$?
  ulint --cache-dir="$work/upcache" --solver-stats="$work/up-cold.stats" --output="$work/up-cold.sarif"
  ulint --cache-dir="$work/upcache" --solver-stats="$work/up-warm.stats" --output="$work/up-warm.sarif"
  ulint --cache-dir="$work/upcache" --shard=1/2 --output="$work/up-1.sarif"
  ulint --cache-dir="$work/upcache" --shard=2/2 --output="$work/up-2.sarif"
  "$cli" merge -o "$work/up-merged.sarif" "$work/up-1.sarif" "$work/up-2.sarif"
  # tcolargmin_kernel's tmp is too small on a2a3 (the known upstream finding: tests/conformance/upstream-a2a3.txt).
  check "upstream: exit 1, the known tcolargmin finding only" \
    "[ $up_rc = 1 ] && [ \$(grep -c '\"ruleIndex\"' '$work/up-one.sarif') = 1 ] && grep -q 'tcolargmin_kernel.cpp' '$work/up-one.sarif'"
  check "upstream: warm equals cold equals no cache" "same '$work/up-cold.sarif' '$work/up-warm.sarif' && same '$work/up-one.sarif' '$work/up-warm.sarif'"
  check "upstream: the cold run solved, the warm one did not" \
    "grep -q '\"calls\": [1-9]' '$work/up-cold.stats' && grep -q '\"calls\": 0,' '$work/up-warm.stats'"
  check "upstream: merged shards equal one run" "same '$work/up-one.sarif' '$work/up-merged.sarif'"
else
  echo "skipped: the upstream part (no pto-isa at $isa)"
fi
# A failure shows what pto-lint said on standard error.
if [ $fail = 1 ]; then
  for e in "$work"/*.err "$work/k.out"; do
    [ -s "$e" ] && { echo "--- $e (last 20 lines)"; tail -20 "$e"; }
  done
fi
exit $fail
