#!/bin/sh
# fuzz/run.sh FUZZER [libFuzzer options]: runs a fuzz target on a fresh corpus seeded from tests/pto/**/*.pto.
# Example (60 s): fuzz/run.sh build-fuzz/fuzz/pto-text-fuzz -max_total_time=60
set -eu
fuzzer=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=$(mktemp -d "${TMPDIR:-/tmp}/pto-text-fuzz.XXXXXX")
trap 'rm -rf "$corpus"' EXIT
find "$root/tests/pto" -name '*.pto' -exec cp {} "$corpus/" \;
"$fuzzer" "$@" -print_final_stats=1 "$corpus"
