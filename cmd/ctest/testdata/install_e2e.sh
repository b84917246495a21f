#!/bin/sh
# install_e2e.sh BUILD SRC: `cmake --install` of the build tree BUILD puts
# a driver that works from its prefix, and goes on working when the prefix
# moves, for find_package(ctest) (examples/cmake-project, with its static
# and shared libraries, see check_project) and pkg-config; a copy of the
# clone (the source tree's headers, and the driver and libraries at their
# places in the build tree) works from its new place too. `ctest flags`
# shows which headers and libraries the driver uses; a package is tested,
# and fuzzed, with each.
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
# The man page, where man finds it under the prefix, when the build has one
# (help_e2e checks what it says, and says when there is none).
if [ -f "$build/man/ctest.1" ] && ! cmp -s "$build/man/ctest.1" "$tmp/p2/share/man/man1/ctest.1"; then
    echo "FAIL: the install has no share/man/man1/ctest.1"
    fails=$((fails + 1))
fi
# The pages of ctest help are in the driver itself.
"$tmp/p2/bin/ctest" help flags >"$out" 2>&1
has "# The driver's flags"

# check_project PROJ: checks examples/cmake-project, copied to PROJ and
# built in PROJ/build against the moved install (find_package(ctest)). Its
# libraries are instrumented and built with ASan: kv static, hexdump and
# the hex it links shared. Each package's binaries are built once, by the
# build: the tests build nothing (they pass with a compiler that fails), a
# build with nothing changed runs no ctest -c, and the driver's -testbin
# refuses -c. The unit and seed tests pass, and a skip counts as a skip;
# hextest's fuzz runs pass, with the package's FUZZFLAGS (one worker) and
# then with -DCTEST_FUZZFLAGS's (three), which also rebuilds the fuzzing
# binary; kvtest's fuzz run finds kv's planted overflow, writes the crasher
# into the package's testdata, and prints a re-run command that fails
# again from any directory.
# workers N: each of hextest's two fuzz runs in $out fuzzed with N workers.
workers() {
    if [ "$(grep -c "now fuzzing with $1 workers" "$out")" != 2 ]; then
        echo "FAIL: hextest's fuzz runs did not each have $1 workers"
        cat "$out"
        fails=$((fails + 1))
    fi
}

check_project() {
    proj=$1
    b=$proj/build
    cp -r "$src/examples/cmake-project" "$proj"
    if ! { cmake -S "$proj" -B "$b" -DCMAKE_PREFIX_PATH="$tmp/p2" -DCMAKE_C_COMPILER=clang &&
        cmake --build "$b"; } >"$out" 2>&1; then
        echo "FAIL: building examples/cmake-project against the install"
        cat "$out"
        fails=$((fails + 1))
        return
    fi
    cmake --build "$b" >"$out" 2>&1
    lacks "ctest -c"
    CC=false ctest --test-dir "$b" -L 'unit|seed' >"$out" 2>&1
    got=$?
    contains "100% tests passed, 0 tests failed out of 9"
    [ "$got" = 0 ] || { echo "FAIL: unit and seed tests: exit status $got"; fails=$((fails + 1)); }
    expect_status 1 60 "$tmp/p2/bin/ctest" -testbin="$b/ctest_hextest/hextest.test" -c \
        "$proj/hextest"
    has "ctest: cannot use -testbin flag with -c or -o flag: -testbin builds nothing"
    ctest --test-dir "$b" -L fuzz -R '^hextest/' -V >"$out" 2>&1
    got=$?
    contains "100% tests passed, 0 tests failed out of 2"
    workers 1
    [ "$got" = 0 ] || { echo "FAIL: hextest's fuzz runs: exit status $got"; fails=$((fails + 1)); }

    ctest --test-dir "$b" -L fuzz -R '^kvtest/' --output-on-failure >"$out" 2>&1
    got=$?
    contains "ERROR: AddressSanitizer: stack-buffer-overflow"
    contains " in kv_value "
    [ "$got" != 0 ] || { echo "FAIL: the fuzz test missed kv's bug"; fails=$((fails + 1)); }
    crasher=$(ls "$proj/kvtest/testdata/fuzz/FuzzValue/" 2>/dev/null)
    [ -n "$crasher" ] || { echo "FAIL: no crasher in kvtest's testdata"; fails=$((fails + 1)); }
    rerun=$(grep -A1 '^    To re-run:$' "$out" | sed -n 2p)
    case $rerun in
    *" -run=FuzzValue/$crasher") ;;
    *) echo "FAIL: re-run command: $rerun"; cat "$out"; fails=$((fails + 1)) ;;
    esac
    (cd / && eval "$rerun") >"$out" 2>&1
    got=$?
    contains " in kv_value "
    [ "$got" != 0 ] || { echo "FAIL: the re-run command passed"; fails=$((fails + 1)); }

    if ! cmake "$b" -DCTEST_FUZZFLAGS='-parallel=3 -fuzztime=2s' -DCTEST_TESTFLAGS=-short \
        >"$out" 2>&1 || ! cmake --build "$b" >"$out" 2>&1; then
        echo "FAIL: rebuilding with CTEST_FUZZFLAGS"
        cat "$out"
        fails=$((fails + 1))
        return
    fi
    contains "hextest.fuzz.test"
    ctest --test-dir "$b" -L fuzz -R '^hextest/' -V >"$out" 2>&1
    got=$?
    workers 3
    [ "$got" = 0 ] || { echo "FAIL: hextest's fuzz runs: exit status $got"; fails=$((fails + 1)); }
    ctest --test-dir "$b" -L unit -R '^hextest/' -V >"$out" 2>&1
    got=$?
    if ! grep -q 'hextest/TestDumpLarge \.*\*\*\*Skipped' "$out"; then
        echo "FAIL: TestDumpLarge is not counted as skipped with -short"
        cat "$out"
        fails=$((fails + 1))
    fi
    contains ": dumps 1 MiB: skipped with -short"
    [ "$got" = 0 ] || { echo "FAIL: hextest -short: exit status $got"; fails=$((fails + 1)); }
}
if command -v clang >/dev/null; then
    export CTESTCACHE="$tmp/cache"
    check_project "$tmp/proj"
fi
PKG_CONFIG_PATH=$tmp/p2/lib/pkgconfig pkg-config --cflags --libs ctest >"$out" 2>&1
inc=$(sed -n 's/^-I\([^ ]*\) .*/\1/p' "$out")
if [ -z "$inc" ] || [ ! -f "$inc/testing/testing.h" ] || ! grep -q 'libctest_fuzz.a' "$out"; then
    echo "FAIL: pkg-config --cflags --libs ctest: $(cat "$out")"
    fails=$((fails + 1))
fi

# A moved clone: the driver and libraries at their places in a copy of the
# build tree, the public headers at theirs in a copy of the source tree.
rel=$(realpath --relative-to="$build/bin" "$src")
clone=$tmp/clone
mkdir -p "$clone/b/bin"
cp "$build/bin/ctest" "$clone/b/bin/"
for lib in testing/libctest_testing.a internal/fuzz/libctest_fuzz.a internal/std/libctest_std.a \
    internal/fuzz/libctest_malloc.a; do
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
