#!/usr/bin/env bash
# setup.sh: install what ctest needs on Debian 12, if it is missing, then
# configure and build. Sourced by example.sh and test.sh; not a command of
# its own.
#
# usage (from those scripts): setup_build <build-dir> [cmake options...]
set -euo pipefail

CTEST_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Debian packages and why each is here (README.md, "Dependencies").
CTEST_PACKAGES=(
    cmake make pkg-config     # the build
    clang gcc                 # compilers: clang preferred (SanitizerCoverage), gcc works
    libclang-rt-dev           # clang's sanitizer runtimes (ASan, UBSan)
    re2c                      # lexers generated at build time
    go-md2man                 # the ctest(1) man page, from docs/, at build time
    libffi-dev                # calls fuzz functions of any arity
    libpcre2-dev              # regular expressions for -test.run / -test.fuzz
    libjansson-dev            # JSON for the coordinator-worker RPC
    nettle-dev                # SHA-256 for corpus file names
    libdw-dev                 # file:line of t_helper callers from debug info
    libzip-dev                # the seed corpus zip of -fuzzengine=libfuzzer builds
    clang-format              # the format check
    binutils                  # nm, for the exported-symbols check
    llvm                      # llvm-profdata and llvm-cov, for -cover
    chromium                  # a headless browser, to check -cover's HTML page
    afl++                     # AFL++, which fuzzes a -fuzzengine build in a test
    valgrind                  # memcheck over the unit tests, in the gcc build
    python3                   # tests: llvm-cov's JSON, seed corpus zips
    gotestsum                 # tests: a sanitizer's crasher fails under gotestsum too
)

install_missing() {
    local missing=()
    for p in "${CTEST_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
            missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo=sudo
        echo "setup: installing ${missing[*]}"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}

setup_build() {
    local dir=$1
    shift
    install_missing
    cmake -S "$CTEST_ROOT" -B "$dir" -DCMAKE_C_COMPILER=clang "$@" >/dev/null
    cmake --build "$dir" -j "$(nproc)"
}
