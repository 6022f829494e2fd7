#!/usr/bin/env bash
# bench/upstream-db.sh TARGET OUT [PTOISA_DIR]: writes the compile_commands.json upstream's CMake builds pto-isa's NPU
# system-test kernels of TARGET (a2a3 or a5) with: bisheng commands, one per kernel, flags from the CMake files (as
# tests/conformance/UpstreamConformanceTest.cpp). Used by the benchmarks and the CI-scale tests.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
isa=${3:-${PTOISA_DIR:-$here/../shared/third_party/pto-isa}}
isa=$(cd "$isa" && pwd)
database() {
  local target=$1 out=$2 fam def first=1
  if [ "$target" = a2a3 ]; then fam=dav-c220 def=-DMEMORY_BASE; else fam=dav-c310 def=-DREGISTER_BASE; fi
  echo "[" >"$out"
  for f in "$isa"/tests/npu/"$target"/src/st/testcase/*/*_kernel.cpp; do
    local rel=${f#"$isa/tests/npu/$target/src/st/testcase/"} name arch kind extra=()
    name=$(basename "$f" _kernel.cpp)
    arch=$(awk -v t="$target" -v r="$rel" '$1 == t && $2 == r {print $3; exit}' "$here/tests/conformance/kernel-commands.txt")
    if [ -n "$arch" ]; then
      read -r -a extra <<<"$(awk -v t="$target" -v r="$rel" '$1 == t && $2 == r {for (i = 4; i <= NF; i++) printf "%s ", $i; exit}' \
        "$here/tests/conformance/kernel-commands.txt")"
    else
      kind=$(grep -oE "pto_(vec|cube|mix)_st\\($name\\)" "$(dirname "$f")/CMakeLists.txt" | sed -E 's/pto_([a-z]+)_st.*/\1/' | head -1)
      [ -n "$kind" ] || continue
      if [ "$kind" = mix ]; then arch=$fam; else arch=$fam-$kind; fi
    fi
    local args="\"bisheng\", \"-O2\", \"-std=c++17\", \"-xcce\", \"--cce-aicore-arch=$arch\", \"$def\", \"-I$isa/include\""
    for e in "${extra[@]}"; do
      [ "$e" = "-I." ] && e="-I$(dirname "$f")"
      args+=", \"$e\""
    done
    [ $first = 1 ] || echo "," >>"$out"
    first=0
    printf '{"directory": "%s", "file": "%s", "arguments": [%s, "-c", "%s"]}' "$(dirname "$f")" "$f" "$args" "$f" >>"$out"
  done
  echo "]" >>"$out"
}


database "$1" "$2"
