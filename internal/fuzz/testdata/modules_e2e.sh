#!/bin/sh
# modules_e2e.sh CTEST: fuzzing with the coverage counters of every
# instrumented module of a test binary, its own and each shared library's.
# modulespkg/'s bug sits behind four branches of the package (gate.c) and
# four of a shared library (lib/deep.c), built here with clang and the
# CTEST_FUZZ_CFLAGS of `ctest flags`, -fPIC -shared: fuzzing finds it only
# when it sees the coverage of both modules. With the library built
# without counters, it must not find it in a run far longer than a find
# takes, or the first case proves nothing. A library that the fuzz
# function loads with dlopen is left out, with one warning. ctest's own:
# Go has no shared libraries in its coverage.
set -u
pkg=modulespkg
. "$(dirname "$0")/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"

if ! command -v clang >/dev/null; then
    echo "SKIP: no clang to build the shared libraries with coverage counters"
    exit 77
fi
eval "$("$ctest" flags)"
lib=$work/lib
plain=$work/plain
mkdir -p "$lib" "$plain"
# shellcheck disable=SC2086 # the flags are words
if ! clang $CTEST_FUZZ_CFLAGS -fPIC -shared -o "$lib/libdeep.so" lib/deep.c ||
    ! clang $CTEST_FUZZ_CFLAGS -fPIC -shared -o "$lib/liblate.so" lib/late.c ||
    ! clang -O1 -fPIC -shared -o "$plain/libdeep.so" lib/deep.c; then
    echo "FAIL: building the shared libraries"
    exit 1
fi
# linkflags DIR: the flags that link DIR/libdeep.so.
linkflags() {
    echo "-L$1 -ldeep -Wl,-rpath,$1"
}

# fuzzgate DIR STATUS FUZZTIME MODULES: fuzzes FuzzGate with DIR's
# libdeep.so, two workers and GODEBUG=fuzzdebug=1, which must end with
# STATUS and print the DEBUG line of the coverage counters naming
# MODULES (an extended regular expression).
fuzzgate() {
    LDFLAGS=$(linkflags "$1")
    export LDFLAGS
    expect_status "$2" 300 env GODEBUG=fuzzdebug=1 "$ctest" -run='^$' -fuzz=FuzzGate \
        -fuzztime="$3" -parallel=2
    if ! grep -qE "^DEBUG coverage counters: [0-9]+ in $4\$" "$out"; then
        echo "FAIL: no DEBUG line of the coverage counters in $4"
        grep '^DEBUG coverage' "$out"
        fails=$((fails + 1))
    fi
}

# Both modules' counters: the bug is found (in well under a second when
# the machine is quiet), with two workers, which agree with the
# coordinator on the coverage space. The DEBUG line names the modules:
# the library's constructor runs first.
fuzzgate "$lib" 1 60s '2 modules: libdeep\.so \([0-9]+\), modulespkg\.test \([0-9]+\)'
has "        modules_test.c:11: passed the gate and the library's checks"
crasher=$(ls testdata/fuzz/FuzzGate 2>/dev/null)
if [ -z "$crasher" ]; then
    echo "FAIL: no crasher written"
    fails=$((fails + 1))
else
    # The crasher passes both halves again, in seed mode.
    expect_status 1 120 "$ctest" -run="FuzzGate/$crasher"
    has "        modules_test.c:11: passed the gate and the library's checks"
fi
rm -rf testdata "$CTESTCACHE"

# The library without counters: its four branches are blind, and the bug
# stays hidden; the driver warns of the library, and the DEBUG line
# counts one module.
fuzzgate "$plain" 0 10s '1 module: modulespkg\.test \([0-9]+\)'
contains "$plain/libdeep.so has no coverage counters"
if [ -d testdata ]; then
    echo "FAIL: found the bug without the library's coverage: the first case proves nothing"
    fails=$((fails + 1))
fi
rm -rf testdata "$CTESTCACHE"

# A library loaded with dlopen by the fuzz function, after the coverage
# space is fixed: fuzzing goes on without its counters, and says so once
# though both workers and the baseline load it. -rdynamic: the library's
# hooks are the executable's.
LDFLAGS="$(linkflags "$lib") -rdynamic"
export LDFLAGS
expect_status 0 300 env LATE_LIB="$lib/liblate.so" "$ctest" -run='^$' -fuzz=FuzzLate \
    -fuzztime=20000x -parallel=2
warning="ctest: warning: liblate.so was loaded with dlopen after the test binary started, so fuzzing does not see its coverage counters; link the test binary with it"
if [ "$(grep -cxF -- "$warning" "$out")" != 1 ]; then
    echo "FAIL: want the line once: $warning"
    cat "$out"
    fails=$((fails + 1))
fi
unset LDFLAGS
finish
