#!/bin/sh
# fuzz/run.sh FUZZER [libFuzzer options]: runs a fuzz target of build-fuzz/fuzz/ on a fresh corpus (a temporary
# directory, removed afterwards) seeded for that target from the project's own inputs and, when they are there, the
# upstream inputs in ../shared/third_party (copied at run time, never committed; PTOLINT_FUZZ_UPSTREAM=0 leaves them
# out). docs/fuzzing.md lists the targets. Examples:
#   fuzz/run.sh build-fuzz/fuzz/pto-text-fuzz -max_total_time=60
#   fuzz/run.sh build-fuzz/fuzz/engine-fuzz -max_total_time=3600 -jobs=2 -workers=2    # a long run
# Keep what a run found: -artifact_prefix=DIR/ (crashes) or give a corpus directory of your own after the options.
set -eu
fuzzer=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
upstream=${PTOLINT_THIRD_PARTY:-$root/../shared/third_party}
[ "${PTOLINT_FUZZ_UPSTREAM:-1}" = 1 ] || upstream=/nonexistent
name=$(basename "$fuzzer")
corpus=$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")
trap 'rm -rf "$corpus"' EXIT

# copy DIR PATTERN: every file under DIR named PATTERN into the corpus (names made unique by a counter).
copy() {
  [ -d "$1" ] || return 0
  find "$1" -name "$2" -type f | {
    n=0
    while read -r f; do
      n=$((n + 1))
      cp "$f" "$corpus/$(basename "$1")-$n-$(basename "$f")"
    done
  }
}

case "$name" in
  pto-text-fuzz) copy "$root/tests/pto" '*.pto'; copy "$upstream/ptoas/test/lit" '*.pto' ;;
  rule-fuzz) copy "$root/rules" '*.json'; copy "$root/rules" '*.smt2' ;;
  npu-fuzz)
    copy "$root/fuzz/seeds/npu" '*.json'
    # One database per upstream NPU kernel, with the kind of bisheng command its CMake files give (the flags
    # tests/conformance uses), so the paths and names are real ones.
    if [ -d "$upstream/pto-isa/tests/npu" ]; then
      for k in "$upstream"/pto-isa/tests/npu/*/src/st/testcase/*/*_kernel.cpp; do
        [ -f "$k" ] || continue
        case "$k" in */a5/*) arch=dav-c310-vec ;; *) arch=dav-c220-vec ;; esac
        printf '[{"directory": "%s", "file": "%s", "arguments": ["bisheng", "-xcce", "--cce-aicore-arch=%s", "-O2", "-std=c++17", "-I%s/pto-isa/include", "-c", "%s"]}]\n' \
          "$(dirname "$k")" "$k" "$arch" "$upstream" "$k" > "$corpus/$(basename "$k").json"
      done
    fi ;;
  emit-fuzz|ground-fuzz|engine-fuzz) ;; # structured inputs: libFuzzer starts from nothing
  *) echo "run.sh: no seeds for '$name': starting from an empty corpus" >&2 ;;
esac
"$fuzzer" "$@" -print_final_stats=1 "$corpus"
