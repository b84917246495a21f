#!/bin/sh
# fuzz_e2e.sh CTEST [sanitize]: fuzzes the targets of fuzzpkg/ with the
# driver CTEST and checks the output, files and exit status. The expected
# lines are ctest's own, written for these targets: most of them (signals,
# exit(), hangs, sanitizer reports) have no Go counterpart to record. Where
# a line has Go's wording, compat/ is what checks it against Go 1.19.8's
# recordings (golden/). Each bug is found at once and budgets are counts
# (Nx), so the run is deterministic; durations, exec counts and rates are
# rewritten before comparing.
#
# With "sanitize", only the cases built with -sanitize run (the CTest test
# internal/fuzz/sanitize_e2e); a compiler that cannot build them makes the
# test a skip (exit status 77), with the compiler's words.
set -u
pkg=fuzzpkg
. "$(dirname "$0")/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"
mode=${2:-}

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

# file PATH CONTENT: PATH must hold CONTENT.
file() {
    if [ "$(cat "$1" 2>/dev/null)" != "$2" ]; then
        echo "FAIL: $1: got $(cat "$1" 2>&1), want $2"
        fails=$((fails + 1))
    fi
}

# Hard crashes: a worker killed by a signal or exiting, Go's text with the
# status worded as os/exec does, then (ctest) the crasher minimized in new
# processes: each target crashes once the first byte of "hello" changes,
# so every crasher minimizes to "0". The seed-mode replay of the crasher
# dies as the worker did, and ctest reports it as go test does.
min0=582528ddfad69eb57775199a43e0f9fd5c94bba343ce7bb6724d4ebafe311ed4
# crash TARGET STATUS [FLAGS...]: fuzzes TARGET, which must end its worker
# with STATUS (and print the line $said, if set), and checks the minimized
# crasher (its value line ending in $note, a sanitizer's note if set) and
# its replay.
said=
note=
crash() {
    target=$1
    status=$2
    shift 2
    run 1 -run="$target" -fuzz="$target" -fuzztime=100000x -parallel=2 "$@"
    # Sanitizer checks can make an input that starts with "h" interesting;
    # a candidate of its minimization may then crash the worker, which is
    # written unminimized as Go does. Try again then.
    for retry in 1 2; do
        if grep -q 'terminated unexpectedly while minimizing' "$out"; then
            rm -rf testdata
            run 1 -run="$target" -fuzz="$target" -fuzztime=100000x -parallel=2 "$@"
        fi
    done
    has "fuzz: elapsed: 0s, gathering baseline coverage: 1/1 completed, now fuzzing with 2 workers"
    contains 'fuzz: minimizing '
    has "--- FAIL: $target (0.00s)"
    has "    fuzzing process hung or terminated unexpectedly: $status"
    has "    Failing input written to testdata/fuzz/$target/$min0"
    # The re-run command names the driver as it was invoked, and keeps
    # -sanitize, without which the input may not fail again.
    rerun="$ctest -run=$target/$min0"
    for flag in "$@"; do
        case $flag in -sanitize=*) rerun="$ctest $flag -run=$target/$min0" ;; esac
    done
    has "    $rerun"
    if [ -n "$said" ]; then
        has "    $said"
    fi
    file "testdata/fuzz/$target/$min0" "go test fuzz v1
[]byte(\"0\")$note"
    if [ "$(ls "testdata/fuzz/$target" | wc -l)" != 1 ]; then
        echo "FAIL: $target: want only the minimized crasher, got: $(ls "testdata/fuzz/$target")"
        fails=$((fails + 1))
    fi
    run 1 -run="$target/$min0" "$@"
}

# Sanitizers: the report is the worker's stderr, printed with the failure.
if [ "$mode" = sanitize ]; then
    if ! "$ctest" -c -sanitize=address,undefined -o "$work/asan.test" . >"$out" 2>&1; then
        echo "SKIP: cannot build with -sanitize=address,undefined: $(head -3 "$out")"
        exit 77
    fi
    # The crasher is noted with the sanitizer that reported it, which the
    # package does not declare, and keeps the name of its input.
    note=' //ctest:sanitize address'
    said='This input was found under -sanitize=address, which the package does not declare: add //ctest:sanitize address to one of its files, or runs without -sanitize=address fail on this file, rather than replay it under AddressSanitizer.'
    crash FuzzHeap 'exit status 1' -sanitize=address
    contains 'ERROR: AddressSanitizer: heap-buffer-overflow'
    contains '0 bytes to the right of 1-byte region'
    note=' //ctest:sanitize undefined'
    said='This input was found under -sanitize=undefined, which the package does not declare: add //ctest:sanitize undefined to one of its files, or runs without -sanitize=undefined fail on this file, rather than replay it under UndefinedBehaviorSanitizer.'
    crash FuzzOverflow 'exit status 1' -sanitize=address,undefined
    contains 'runtime error: signed integer overflow: 2147483647 + 48 cannot be represented in type'
    finish
fi

# A t_fatal in the fuzz function: minimized, written, reported in Go's form
# (compat/fz_crash_fatalf checks the form against Go).
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
has "    $ctest -run=FuzzZero/$zero"
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
if [ -z "$(command find "$CTESTCACHE/fuzz" -path '*/FuzzMagic/*' -type f 2>/dev/null)" ]; then
    echo "FAIL: no interesting input in the cache"
    fails=$((fails + 1))
fi
# The crasher is now a seed: the warm-up fails on it, as Go's does.
run 1 -run=FuzzMagic -fuzz=FuzzMagic -fuzztime=1000x -parallel=2
has "failure while testing seed corpus entry: FuzzMagic/$magic"
rm -rf testdata

# When the driver builds packages with ASan (CTEST_SANITIZE), signals
# must still kill the process rather than make ASan report them.
export ASAN_OPTIONS=handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0
crash FuzzAbort 'signal: aborted'
has 'signal: aborted'
crash FuzzSegv 'signal: segmentation fault'
has 'signal: segmentation fault'
if ! grep -q '^FAIL	.*/fuzzpkg	0.000s$' "$out"; then
    echo "FAIL: replay of a crasher that kills the test: no FAIL line"
    cat "$out"
    fails=$((fails + 1))
fi
crash FuzzFPE 'signal: floating point exception'
# A stack overflow is a SIGSEGV on the guard page of the test's thread,
# which the worker tells from others on its alternate signal stack.
said='fatal error: stack overflow'
crash FuzzStack 'signal: segmentation fault'
said=''
rm -rf testdata

# exit() in the fuzz function.
run 1 -run=FuzzExit -fuzz=FuzzExit -fuzztime=100000x -parallel=2
has '    fuzzing process hung or terminated unexpectedly: exit status 3'
exit0=771e938e4458e983a736261a702e27c7a414fd660a15b63034f290b146d2f217
file "testdata/fuzz/FuzzExit/$exit0" 'go test fuzz v1
string("0")'
run 1 -run="FuzzExit/$exit0"
has 'exit status 3'
rm -rf testdata

# -fuzzminimizetime=0 turns minimizing off: the crasher is written as is.
run 1 -run=FuzzAbort -fuzz=FuzzAbort -fuzztime=100000x -parallel=2 -fuzzminimizetime=0
lacks 'fuzz: minimizing'
has '    fuzzing process hung or terminated unexpectedly: signal: aborted'
if [ -e "testdata/fuzz/FuzzAbort/$min0" ] || [ "$(ls testdata/fuzz/FuzzAbort | wc -l)" != 1 ]; then
    echo "FAIL: FuzzAbort -fuzzminimizetime=0: want one unminimized crasher"
    fails=$((fails + 1))
fi
rm -rf testdata

# A hang past -fuzztimeout: the worker's watchdog ends it as Go's timer
# does (exit status 2); the input is written, not minimized.
run 1 -run=FuzzHang -fuzz=FuzzHang -fuzztime=100000x -parallel=2 -fuzztimeout=1s
has '    fuzzing process hung or terminated unexpectedly: exit status 2'
has '    panic: deadlocked!'
has '    ctest: the fuzz function ran for more than 1s on one input (-test.fuzztimeout)'
lacks 'fuzz: minimizing'
if [ "$(ls testdata/fuzz/FuzzHang | wc -l)" != 1 ]; then
    echo "FAIL: FuzzHang wrote no crasher"
    fails=$((fails + 1))
fi
rm -rf testdata

unset ASAN_OPTIONS

# A failing seed stops the warm-up.
run 1 -run=FuzzSeed -fuzz=FuzzSeed -fuzztime=1000x -parallel=2
has 'failure while testing seed corpus entry: FuzzSeed/seed#0'
has '        magic_test.c:74: seed of 4 bytes'

# A target that never fails runs out its count.
run 0 -run=FuzzPass -fuzz=FuzzPass -fuzztime=5000x -parallel=2
has 'fuzz: elapsed: 0s, gathering baseline coverage: 1/1 completed, now fuzzing with 2 workers'
has 'fuzz: elapsed: 0s, execs: N (N/sec), new interesting: 0 (total: 1)'

# GODEBUG=fuzzdebug=1 prints the coordinator's DEBUG lines, as Go's does.
# They show the order in which inputs are fuzzed. In Go's search
# (-fuzzcmp=false), Go refills the queue as soon as its last input is
# sent, so after the first interesting input (from the seed), the seed
# comes round again before it: the second is found from the seed too.
# Each call ends after at most 5000 executions (fuzz.c's
# workerFuzzLimit), so with one worker the run is the same on a fast or a
# slow machine.
GODEBUG=fuzzdebug=1 run 0 -run=FuzzLength -fuzz=FuzzLength -fuzztime=20000x -parallel=1 -fuzzcmp=false
contains 'DEBUG processed an initial input, elapsed: 0s, id: , new bits: '
contains 'DEBUG finished processing input corpus, elapsed: 0s, entries: 1, initial coverage bits: '
debug=$(grep '^DEBUG new interesting input' "$out" | sed 's/, new bits.*//')
first=$(echo "$debug" | sed -n 1p)
second=$(echo "$debug" | sed -n 2p)
case $first in
'DEBUG new interesting input, elapsed: 0s, id: '*', parent: seed#0, gen: 1') ;;
*) echo "FAIL: first interesting input: $first"; fails=$((fails + 1)) ;;
esac
case $second in
'DEBUG new interesting input, elapsed: 0s, id: '*', parent: seed#0, gen: 1') ;;
*) echo "FAIL: second interesting input, want another from the seed: $second"; cat "$out"; fails=$((fails + 1)) ;;
esac
# In default mode (ctest's own), a new interesting input is fuzzed next,
# kept whole: the next event is found from the first, either a new
# interesting input (gen 2) or a smaller input that replaces the first
# (reduction, which ends the call too). GODEBUG=fuzzcmp=0 is Go's search
# again, as -fuzzcmp=false. Each run starts from the seed.
rm -rf "$CTESTCACHE"
GODEBUG=fuzzdebug=1 run 0 -run=FuzzLength -fuzz=FuzzLength -fuzztime=20000x -parallel=1
first=$(grep '^DEBUG new interesting input' "$out" | sed -n 1p | sed 's/.*, id: \([0-9a-f]*\),.*/\1/')
next=$(grep -E '^DEBUG (new interesting|reduced) input' "$out" | sed -n 2p | sed 's/, \(new bits\|size\).*//')
case $next in
"DEBUG new interesting input, elapsed: 0s, id: "*", parent: $first, gen: 2") ;;
"DEBUG reduced input, elapsed: 0s, id: "*", from: $first") ;;
*) echo "FAIL: default mode: the event after the first interesting input, want one from $first: $next"; cat "$out"; fails=$((fails + 1)) ;;
esac
rm -rf "$CTESTCACHE"
GODEBUG=fuzzdebug=1,fuzzcmp=0 run 0 -run=FuzzLength -fuzz=FuzzLength -fuzztime=20000x -parallel=1
second=$(grep '^DEBUG new interesting input' "$out" | sed -n 2p | sed 's/, new bits.*//')
case $second in
'DEBUG new interesting input, elapsed: 0s, id: '*', parent: seed#0, gen: 1') ;;
*) echo "FAIL: GODEBUG=fuzzcmp=0: second interesting input, want another from the seed: $second"; fails=$((fails + 1)) ;;
esac
# Without it, no DEBUG line.
run 0 -run=FuzzLength -fuzz=FuzzLength -fuzztime=1000x -parallel=1
lacks 'DEBUG'

finish
