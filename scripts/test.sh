#!/usr/bin/env bash
# test.sh: every test, as CI runs them: the suite in a normal build, then
# again with ASan and UBSan. Installs what is missing first (Debian 12).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$CTEST_ROOT"

setup_build build
ctest --test-dir build --output-on-failure -j "$(nproc)"

setup_build build-asan -DCTEST_SANITIZE=ON
ctest --test-dir build-asan --output-on-failure -j "$(nproc)"

# gcc builds ctest too (clang is preferred): the build with -Werror and the
# unit tests. Fuzzing needs clang's coverage counters, so the end-to-end
# tests that fuzz, the conformance suite and the example stay with clang.
setup_build build-gcc -DCMAKE_C_COMPILER=gcc
ctest --test-dir build-gcc --output-on-failure -j "$(nproc)" -E '^(compat|examples)/|e2e$'
