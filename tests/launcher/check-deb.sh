#!/usr/bin/env bash
# tests/launcher: builds the .deb with CPack from a built tree and checks it: its files (binaries, plugin, prelude,
# package config, docs), its Depends (the libraries the binaries link, the Clang resource headers), and that the
# extracted, stripped pto-lint runs and finds its prelude from where the package puts it.
#   check-deb.sh <build dir> <source dir> <scratch dir>
# Exit 77 (skipped) when a tool CPack's DEB generator needs is missing (scripts/dev.sh installs them all).
set -euo pipefail
build=$1 src=$2 scratch=$3

for need in cpack:cmake dpkg-deb:dpkg dpkg-shlibdeps:dpkg-dev file:file; do
  command -v "${need%%:*}" >/dev/null || {
    echo "check-deb: skipped: needs ${need%%:*} (Debian package ${need#*:}; scripts/dev.sh installs it)"; exit 77; }
done
rm -rf "$scratch" && mkdir -p "$scratch"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "check-deb: FAILED: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB -B "$scratch/out" >"$scratch/cpack.log" 2>&1) || { cat "$scratch/cpack.log"; fail "cpack"; }
deb=$(ls "$scratch"/out/pto-lint_*_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "no pto-lint_<version>_<arch>.deb in $scratch/out: $(ls "$scratch/out")"
echo "check-deb: $(basename "$deb"), $(du -h "$deb" | cut -f1)"

contents=$(dpkg-deb -c "$deb")
expect=(./usr/bin/pto-lint ./usr/bin/pto-lint-launch ./usr/lib/pto-lint/ptolint.so
        ./usr/share/pto-lint/prelude/pto_lint_cce_prelude.h ./usr/share/pto-lint/prelude/acl/acl.h
        ./usr/lib/cmake/PtoLint/PtoLintConfig.cmake ./usr/lib/cmake/PtoLint/PtoLintConfigVersion.cmake
        ./usr/share/doc/pto-lint/README.md ./usr/share/doc/pto-lint/launcher.md ./usr/share/doc/pto-lint/install.md)
# The editor tools are packaged when they were built.
for tool in pto-tidy pto-clangd; do
  [ -x "$build/bin/$tool" ] && expect+=("./usr/bin/$tool")
done
[ -f "$build/lib/pto-tidy-module.so" ] && expect+=(./usr/lib/pto-lint/pto-tidy-module.so)
for f in "${expect[@]}"; do
  grep -q " $f\$" <<<"$contents" || fail "$f is not in the package"
done

depends=$(dpkg-deb -f "$deb" Depends)
echo "check-deb: Depends: $depends"
for d in libclang-cpp19 libllvm19 libz3-4 libstdc++6 libclang-common-19-dev; do
  grep -q "\\b$d\\b" <<<"$depends" || fail "Depends lacks $d"
done
[ "$(dpkg-deb -f "$deb" Package)" = pto-lint ] || fail "the package is not named pto-lint"

# The packaged binaries run from where dpkg puts them: extract into a root and lint the doc example.
dpkg-deb -x "$deb" "$scratch/root"
root=$scratch/root/usr
out=$("$root/bin/pto-lint" --quiet "$src/examples/colargmin_doc_example.cpp" -- -std=c++17 "-I$src/refmodel/include" 2>&1) && rc=0 || rc=$?
[ "$rc" = 1 ] || fail "packaged pto-lint exited $rc, not 1: $out"
grep -q "\[pto-colargmin-tmp-size\]" <<<"$out" || fail "packaged pto-lint did not report the finding: $out"
echo 'int k;' >"$scratch/k.cpp"
printf '[{"directory": "%s", "file": "k.cpp", "arguments": ["bisheng", "-xcce", "--cce-aicore-arch=dav-c220-vec", "-c", "k.cpp"]}]\n' \
  "$scratch" >"$scratch/compile_commands.json"
cmds=$("$root/bin/pto-lint" --print-commands -p "$scratch")
grep -q -- "-include $root/share/pto-lint/prelude/pto_lint_cce_prelude.h" <<<"$cmds" \
  || fail "packaged pto-lint does not use the packaged prelude: $cmds"
"$root/bin/pto-lint-launch" --version | grep -q "^pto-lint-launch " || fail "packaged pto-lint-launch --version"
echo "check-deb: ok"
