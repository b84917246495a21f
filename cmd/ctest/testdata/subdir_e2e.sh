#!/bin/sh
# subdir_e2e.sh SRC: a project that vendors ctest and adds it with
# add_subdirectory(ctest) configures and builds the driver, which then
# tests a package. (The build once used CMAKE_SOURCE_DIR, the parent's.)
set -u
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/parent/ctest"
# The source tree, without build trees (the directories holding a
# CMakeCache.txt) or .git.
(cd "$src" && find . -name CMakeCache.txt -printf '%h\n') | sed 's|^\./||' >"$tmp/skip"
(cd "$src" && tar -cf - --exclude=.git --exclude-from="$tmp/skip" .) | (cd "$tmp/parent/ctest" && tar -xf -)
cat >"$tmp/parent/CMakeLists.txt" <<'END'
cmake_minimum_required(VERSION 3.22)
project(parent C)
enable_testing()
add_subdirectory(ctest)
END
if ! { cmake -S "$tmp/parent" -B "$tmp/build" -DCMAKE_C_COMPILER="${CC:-cc}" &&
    cmake --build "$tmp/build" --target ctest_driver -j 2; } >"$tmp/out" 2>&1; then
    echo "FAIL: add_subdirectory(ctest): configure or build failed"
    cat "$tmp/out"
    exit 1
fi
cp -r "$src/cmd/ctest/testdata/pass" "$tmp/pass"
if ! (cd "$tmp/pass" && "$tmp/build/ctest/bin/ctest") >"$tmp/out" 2>&1 || ! grep -q '^ok ' "$tmp/out"; then
    echo "FAIL: the driver built with add_subdirectory(ctest) does not test a package"
    cat "$tmp/out"
    exit 1
fi
echo PASS
