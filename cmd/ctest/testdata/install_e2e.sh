#!/bin/sh
# install_e2e.sh BUILD SRC: `cmake --install` of the build tree BUILD puts
# a driver that works from its prefix, and goes on working when the prefix
# moves; a copy of the clone (the source tree's headers, and the driver
# and libraries at their places in the build tree) works from its new
# place too. `ctest flags` shows which headers and libraries the driver
# uses; a package is tested, and fuzzed, with each.
set -u
build=$1 src=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$src/scripts/e2e_assert.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
out=$tmp/out

# check DRIVER DIR: DRIVER's flags name DIR's headers and libraries, and it
# tests and fuzzes copies of the fixture packages pass and fuzzbug.
check() {
    driver=$1 dir=$2
    "$driver" flags >"$out" 2>&1
    contains "CTEST_CFLAGS=-I$dir"
    contains "CTEST_LIBS='$dir"
    work=$tmp/work
    rm -rf "$work"
    mkdir -p "$work"
    cp -r "$here/pass" "$here/fuzzbug" "$work/"
    (cd "$work/pass" && CTESTCACHE=$tmp/cache "$driver") >"$out" 2>&1
    has "PASS"
    if command -v clang >/dev/null; then
        (cd "$work/fuzzbug" && CTESTCACHE=$tmp/cache "$driver" -fuzz=FuzzBug -fuzztime=30s) \
            >"$out" 2>&1
        has "        fuzzbug_test.c:9: found FUZ"
    fi
}

# An install, then the same install moved.
if ! cmake --install "$build" --prefix "$tmp/p1" >"$out" 2>&1; then
    echo "FAIL: cmake --install"
    cat "$out"
    exit 1
fi
mv "$tmp/p1" "$tmp/p2"
check "$tmp/p2/bin/ctest" "$tmp/p2"
for f in include/ctest/testing/testing.h include/ctest/testing/common_methods.h \
    include/ctest/internal/std/go.h; do
    [ -f "$tmp/p2/$f" ] || { echo "FAIL: the install has no $f"; fails=$((fails + 1)); }
done

# A moved clone: the driver and libraries at their places in a copy of the
# build tree, the public headers at theirs in a copy of the source tree.
rel=$(realpath --relative-to="$build/bin" "$src")
clone=$tmp/clone
mkdir -p "$clone/b/bin"
cp "$build/bin/ctest" "$clone/b/bin/"
for lib in testing/libctest_testing.a internal/fuzz/libctest_fuzz.a internal/std/libctest_std.a; do
    mkdir -p "$clone/b/$(dirname "$lib")"
    cp "$build/$lib" "$clone/b/$lib"
done
newsrc=$(realpath -m "$clone/b/bin/$rel")
mkdir -p "$newsrc/testing" "$newsrc/internal/std"
cp "$src/testing/testing.h" "$src/testing/common_methods.h" "$newsrc/testing/"
cp "$src/internal/std/go.h" "$newsrc/internal/std/"
check "$clone/b/bin/ctest" "$newsrc"

if [ "$fails" -ne 0 ]; then
    echo "FAIL: $fails checks"
    exit 1
fi
echo PASS
