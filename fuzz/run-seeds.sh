#!/bin/sh
# fuzz/run-seeds.sh FUZZER SEED-DIR [libFuzzer options]: runs a fuzz target on a fresh corpus copied from SEED-DIR
# (fuzz/seeds/config, fuzz/seeds/baseline). Example: fuzz/run-seeds.sh build-fuzz/fuzz/pto-config-fuzz fuzz/seeds/config -max_total_time=60
set -eu
fuzzer=$1
seeds=$2
shift 2
corpus=$(mktemp -d "${TMPDIR:-/tmp}/pto-seed-fuzz.XXXXXX")
trap 'rm -rf "$corpus"' EXIT
cp "$seeds"/* "$corpus/"
"$fuzzer" "$@" -print_final_stats=1 "$corpus"
