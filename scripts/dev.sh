#!/usr/bin/env bash
# scripts/dev.sh: one entry point for a fresh Debian bookworm machine.
#   scripts/dev.sh examples   install what is missing, build, run pto-lint on examples/ (prints findings)
#   scripts/dev.sh test       install what is missing, build, run the whole test suite
# Idempotent: installs only missing Debian packages, configures once, rebuilds only what changed.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${PTOLINT_BUILD_DIR:-$here/build}
# make: the launcher's Makefile build test; file and dpkg-dev: `cpack -G DEB` (docs/install.md; CPackDeb needs file(1)
# and dpkg-shlibdeps) and the package test; chromium: the HTML report's browser test (docs/report.md).
packages=(g++ cmake ninja-build clang-19 clang-tidy-19 clang-tools-19 libclang-19-dev llvm-19-dev libz3-dev
          nlohmann-json3-dev libgtest-dev libgrpc++-dev libprotobuf-dev python3 ccache make file dpkg-dev)
test_packages=(chromium)
# The report validators of `ctest -R validate` (SARIF Multitool, ajv), from npm (Debian's npm when there is none).
npm_packages=(@microsoft/sarif-multitool@5.7.0 ajv-cli@5.0.0)

die() { echo "dev.sh: error: $*" >&2; exit 2; }

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "dev.sh: installing missing Debian packages: ${missing[*]}"
  command -v apt-get >/dev/null || die "apt-get not found; this script supports Debian bookworm. Install: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "not root and no sudo; run as root or install: ${missing[*]}"
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq || die "apt-get update failed"
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || die "could not install: ${missing[*]} (is this Debian bookworm with its main archive reachable?)"
}

install_validators() {
  local missing=()
  for p in "${npm_packages[@]}"; do
    npm ls -g --depth=0 "${p%@*}" >/dev/null 2>&1 || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "dev.sh: installing missing npm packages: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" npm install -g --no-audit --no-fund "${missing[@]}" >/dev/null \
    || echo "dev.sh: warning: could not install ${missing[*]}; the report validation test will be skipped" >&2
}

build_all() {
  if [ ! -f "$build/build.ninja" ]; then
    cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null \
      || die "cmake configure failed (see above)"
  fi
  ninja -C "$build" --quiet ${CI:+-j2} || die "build failed (see above)"
}

run_examples() {
  local files=("$here"/examples/*.cpp)
  echo "dev.sh: pto-lint on examples/ (targets a2a3, a5, cpu)"
  set +e
  (cd "$here" && "$build/bin/pto-lint" --target=all "${files[@]#$here/}" -- -std=c++17 -Irefmodel/include)
  local rc=$?
  set -e
  # Exit 1 means findings, which the examples are there to show; anything else is a failure.
  [ $rc -le 1 ] || die "pto-lint exited with $rc"
}

case "${1:-}" in
  examples) install_missing; build_all; run_examples ;;
  test) command -v npm >/dev/null || packages+=(npm); packages+=("${test_packages[@]}"); install_missing; install_validators; build_all; ctest --test-dir "$build" --output-on-failure -j2 ;;
  *) echo "usage: scripts/dev.sh examples|test" >&2; exit 2 ;;
esac
