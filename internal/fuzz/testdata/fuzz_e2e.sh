#!/bin/sh
# fuzz_e2e.sh CTEST: fuzzes the targets of fuzzpkg/ with the driver CTEST
# and checks the output, files and exit status against what go test -fuzz
# prints for the same targets (Go 1.19.8). Each bug is found at once and
# budgets are counts (Nx), so the run is deterministic; durations, exec
# counts and rates are rewritten before comparing.
set -u
ctest=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$here/fuzzpkg" "$work/fuzzpkg"
export CTESTCACHE="$work/cache"
cd "$work/fuzzpkg" || exit 1
fails=0
out="$work/out"

# The driver may be built with a compiler without 8-bit counters (gcc):
# fuzz with clang then, as its message says.
"$ctest" -c -fuzz=. -o "$work/probe.test" . >"$out" 2>&1
if grep -q 'needs coverage instrumentation' "$out"; then
    if ! command -v clang >/dev/null; then
        echo "SKIP: no C compiler with 8-bit counters"
        exit 0
    fi
    export CC=clang
fi

# run WANTSTATUS ARGS...: runs ctest in the package; output into $out.
run() {
    want=$1
    shift
    "$ctest" "$@" >"$out" 2>&1
    got=$?
    sed -i -e 's/[0-9][0-9]*\.[0-9][0-9][0-9]s/0.000s/g' \
        -e 's/([0-9][0-9]*\.[0-9][0-9]s)/(0.00s)/g' \
        -e 's/elapsed: [0-9][0-9]*s/elapsed: 0s/' \
        -e 's/execs: [0-9]* ([0-9]*\/sec)/execs: N (N\/sec)/' "$out"
    if [ "$got" != "$want" ]; then
        echo "FAIL: ctest $*: got exit status $got, want $want"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# has LINE: $out must contain LINE as a whole line.
has() {
    if ! grep -qxF -- "$1" "$out"; then
        echo "FAIL: output lacks line: $1"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# file PATH CONTENT: PATH must hold CONTENT.
file() {
    if [ "$(cat "$1" 2>/dev/null)" != "$2" ]; then
        echo "FAIL: $1: got $(cat "$1" 2>&1), want $2"
        fails=$((fails + 1))
    fi
}

# A t_fatal in the fuzz function: minimized, written, reported as Go does.
zero=8dd7c6d4e51a9d0d2fd249dc251e4b7cc673a85738e29a86310d186cd8e2ce1b
run 1 -run=FuzzZero -fuzz=FuzzZero -fuzztime=100000x -parallel=2
has 'fuzz: elapsed: 0s, gathering baseline coverage: 0/1 completed'
has 'fuzz: elapsed: 0s, gathering baseline coverage: 1/1 completed, now fuzzing with 2 workers'
has 'fuzz: elapsed: 0s, minimizing'
has '--- FAIL: FuzzZero (0.00s)'
has '    --- FAIL: FuzzZero (0.00s)'
has '        magic_test.c:12: zero byte first in 1 bytes'
has "    Failing input written to testdata/fuzz/FuzzZero/$zero"
has '    To re-run:'
has "    ctest -run=FuzzZero/$zero"
file "testdata/fuzz/FuzzZero/$zero" 'go test fuzz v1
[]byte("\x00")'
# The re-run command reproduces it.
run 1 -run="FuzzZero/$zero"
has "    --- FAIL: FuzzZero/$zero (0.00s)"
rm -rf testdata

# Coverage guidance finds "bug"; interesting inputs go to the cache.
magic=2df6bb152fb2ac7f98bb2a48ef01b027d8d506e89d69175d40097ece1929d756
run 1 -run=FuzzMagic -fuzz=FuzzMagic -fuzztime=2000000x -parallel=2
has '        magic_test.c:24: found the bug in 3 bytes'
has "    Failing input written to testdata/fuzz/FuzzMagic/$magic"
if [ -z "$(ls "$CTESTCACHE"/fuzz/*/FuzzMagic 2>/dev/null)" ]; then
    echo "FAIL: no interesting input in the cache"
    fails=$((fails + 1))
fi
# The crasher is now a seed: the warm-up fails on it, as Go's does.
run 1 -run=FuzzMagic -fuzz=FuzzMagic -fuzztime=1000x -parallel=2
has "failure while testing seed corpus entry: FuzzMagic/$magic"
rm -rf testdata

# A worker killed by a signal: Go's text, the input read back from memory.
run 1 -run=FuzzAbort -fuzz=FuzzAbort -fuzztime=100000x -parallel=2
if ! grep -q '^    fuzzing process hung or terminated unexpectedly: signal: aborted' "$out"; then
    echo "FAIL: no 'terminated unexpectedly: signal: aborted' line"
    cat "$out"
    fails=$((fails + 1))
fi
has '    To re-run:'
if [ "$(ls testdata/fuzz/FuzzAbort | wc -l)" != 1 ]; then
    echo "FAIL: FuzzAbort wrote no crasher"
    fails=$((fails + 1))
fi

# exit() in the fuzz function.
run 1 -run=FuzzExit -fuzz=FuzzExit -fuzztime=100000x -parallel=2
has '    fuzzing process hung or terminated unexpectedly: exit status 3'
rm -rf testdata

# A failing seed stops the warm-up.
run 1 -run=FuzzSeed -fuzz=FuzzSeed -fuzztime=1000x -parallel=2
has 'failure while testing seed corpus entry: FuzzSeed/seed#0'
has '        magic_test.c:74: seed of 4 bytes'

# A target that never fails runs out its count.
run 0 -run=FuzzPass -fuzz=FuzzPass -fuzztime=5000x -parallel=2
has 'fuzz: elapsed: 0s, gathering baseline coverage: 1/1 completed, now fuzzing with 2 workers'
has 'fuzz: elapsed: 0s, execs: N (N/sec), new interesting: 0 (total: 1)'

if [ "$fails" != 0 ]; then
    echo "FAIL: $fails checks failed"
    exit 1
fi
echo PASS
