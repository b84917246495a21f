#!/bin/sh
# memlimit_e2e.sh CTEST: fuzzes the targets of memlimitpkg/ with the driver
# CTEST under -fuzzrsslimit and -fuzzmalloclimit (ctest's own: Go has no
# memory limit, so there is no recording to compare with) and checks that a
# worker that passes a limit is reported as out of memory, with the input
# it was running written, minimized when it fails again by itself, and
# replayable; and that a limit of 0 lets the same leak run. Each case is
# bounded in time.
set -u
pkg=memlimitpkg
. "$(dirname "$0")/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"

# run WANTSTATUS ARGS...: runs ctest in the current directory, at most 60 s;
# output into $out, wall-clock seconds into $secs.
run() {
    want=$1
    shift
    start=$(date +%s)
    timeout 60 "$ctest" "$@" >"$out" 2>&1
    got=$?
    secs=$(($(date +%s) - start))
    if [ "$got" != "$want" ]; then
        echo "FAIL: ctest $*: got exit status $got, want $want"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# within LIMIT WHAT: the last run took at most LIMIT seconds.
within() {
    if [ "$secs" -gt "$1" ]; then
        echo "FAIL: $2: took ${secs}s, want at most $1s"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# crasher TARGET [CONTENT [MB]]: the last run wrote one crasher for TARGET,
# whose file holds CONTENT when given, and the re-run command it printed
# runs that input. Without MB it passes: the resident limit holds only
# while fuzzing. With MB (an allocation over -fuzzmalloclimit) the command
# carries -fuzzmalloclimit=MB, and the input fails again, with the report.
crasher() {
    files=$(ls testdata/fuzz/"$1" 2>/dev/null)
    if [ "$(echo "$files" | grep -c .)" != 1 ]; then
        echo "FAIL: $1: want one crasher in testdata/fuzz/$1, got: $files"
        cat "$out"
        fails=$((fails + 1))
        return
    fi
    has "    Failing input written to testdata/fuzz/$1/$files"
    if [ $# -gt 1 ] && [ "$(cat "testdata/fuzz/$1/$files")" != "$2" ]; then
        echo "FAIL: $1: crasher holds $(cat "testdata/fuzz/$1/$files"), want $2"
        fails=$((fails + 1))
    fi
    rerun=$(sed -n 's/^    [^ ]*ctest\( .*\)\? \(-run=[^ ]*\)$/\1 \2/p' "$out")
    want=" -run=$1/$files"
    [ $# -gt 2 ] && want=" -fuzzmalloclimit=$3$want"
    case $rerun in
    *"$want") ;;
    *)
        echo "FAIL: $1: re-run command: got '$rerun', want it to end in '$want'"
        fails=$((fails + 1))
        ;;
    esac
    if [ $# -gt 2 ]; then
        # shellcheck disable=SC2086 # the command's words
        run 1 -v ${rerun#*ctest}
        contains "ERROR: ctest: out-of-memory (malloc(268435456))"
        contains "--- FAIL: $1"
    else
        run 0 -v "-run=$1/$files"
        contains "    --- PASS: $1/$files ("
    fi
    rm -rf testdata
}

# oom: the last run's report of a worker over its resident-memory limit.
oom() {
    has '    fuzzing process hung or terminated unexpectedly: exit status 2'
    if ! grep -qE '^    ==[0-9]+== ERROR: ctest: out-of-memory \(used: [0-9]+Mb; exceeds: 200Mb\)$' "$out"; then
        echo "FAIL: no out-of-memory report of the resident memory"
        cat "$out"
        fails=$((fails + 1))
    fi
    has "    ctest: the fuzz worker's resident memory passed -test.fuzzrsslimit while the fuzz function ran on this input (0 turns the limit off)"
    has '    SUMMARY: ctest: out-of-memory'
}

# Where ctest itself is built with ASan, so is every package it builds.
treeasan=0
nm "$work/probe.test" | grep -q ' __asan_init$' && treeasan=1

# mallocOOM MB [asan]: the last run's report of one allocation over MB
# megabytes: ctest's own, or, in a build under ASan (asan=1, or the
# tree's), ASan's refusal (the worker's max_allocation_size_mb) and the
# limit it stands for.
mallocOOM() {
    if [ "${2:-$treeasan}" = 1 ]; then
        has '    fuzzing process hung or terminated unexpectedly: exit status 1'
        if ! grep -qE '^    ==[0-9]+==ERROR: AddressSanitizer: requested allocation size 0x10000000 ' "$out"; then
            echo "FAIL: no AddressSanitizer report of the allocation"
            cat "$out"
            fails=$((fails + 1))
        fi
        has "    ctest: out-of-memory: in a fuzz worker, AddressSanitizer refuses one allocation of more than -test.fuzzmalloclimit ($1 MB; its max_allocation_size_mb)"
        contains ' in bigMalloc '
        lacks 'ctest: warning'
        return
    fi
    has '    fuzzing process hung or terminated unexpectedly: exit status 2'
    if ! grep -qE '^    ==[0-9]+== ERROR: ctest: out-of-memory \(malloc\(268435456\)\)$' "$out"; then
        echo "FAIL: no out-of-memory report of the allocation"
        cat "$out"
        fails=$((fails + 1))
    fi
    has "    ctest: the fuzz function asked for more than -test.fuzzmalloclimit ($1 MB) in one allocation"
    # The stack names the fuzz function that allocated.
    contains 'bigMalloc(...)'
    has '    SUMMARY: ctest: out-of-memory'
    lacks 'ctest: warning'
}

# A leak of a megabyte a call, a few hundred a second or more: stopped as
# soon as the resident memory passes 200 MB. (A count bounds the run, and so
# the leak, should the limit fail.)
run 1 -run=FuzzLeak -fuzz=FuzzLeak -fuzzrsslimit=200 -fuzztime=1000x -parallel=1
within 15 'the leak under -fuzzrsslimit=200'
[ "$got" = 1 ] && echo "memlimit_e2e: the leak was stopped after ${secs}s"
oom
crasher FuzzLeak

# With no limit, nothing stops the same leak: 300 calls leak 300 MB.
run 0 -run=FuzzLeak -fuzz=FuzzLeak -fuzzrsslimit=0 -fuzztime=300x -parallel=1
has 'PASS'
lacks 'out-of-memory'
if [ -e testdata ]; then
    echo "FAIL: -fuzzrsslimit=0 wrote $(find testdata -type f)"
    fails=$((fails + 1))
    rm -rf testdata
fi

# 300 MB held by the inputs that start with 'H' only: the input written is
# one of them, and it fails again in a new worker, so it is minimized.
run 1 -run=FuzzHog -fuzz=FuzzHog -fuzzrsslimit=200 -fuzztime=20s -parallel=1
oom
crasher FuzzHog 'go test fuzz v1
[]byte("H")'

# One allocation of 256 MB: over the malloc limit, which is the resident
# limit's by default, or its own; minimized to the input that makes it.
run 1 -run=FuzzBigMalloc -fuzz=FuzzBigMalloc -fuzzrsslimit=200 -fuzztime=20s -parallel=1
mallocOOM 200
crasher FuzzBigMalloc 'go test fuzz v1
[]byte("M")' 200
run 1 -run=FuzzBigMalloc -fuzz=FuzzBigMalloc -fuzzrsslimit=0 -fuzzmalloclimit=100 -fuzztime=20s \
    -parallel=1
mallocOOM 100
crasher FuzzBigMalloc 'go test fuzz v1
[]byte("M")' 100

# Going on after crashes: the two limits are two causes, a crasher each,
# and the malloc one's re-run command carries its limit.
run 1 -run=FuzzBothLimits -fuzz=FuzzBothLimits -fuzzrsslimit=200 -fuzzkeepgoing -fuzztime=15s \
    -parallel=1
contains '    fuzzing found 2 distinct crashes ('
# (bigMalloc may be inlined into bothLimits.)
if [ $treeasan = 1 ]; then
    contains ': AddressSanitizer: allocation-size-too-big in b'
else
    contains ': ctest: out-of-memory (malloc) in b'
fi
contains ': ctest: out-of-memory (rss) ('
contains ' -fuzzmalloclimit=200 -run=FuzzBothLimits/'
if [ "$(ls testdata/fuzz/FuzzBothLimits | grep -c .)" != 2 ]; then
    echo "FAIL: want 2 crashers, got: $(ls testdata/fuzz/FuzzBothLimits)"
    fails=$((fails + 1))
fi
rm -rf testdata

# Under ASan the allocation is the sanitizer's: in a worker it refuses
# one over the limit, and a seed's call sees it through its malloc hook.
"$ctest" -sanitize=address -c -o "$work/asan.test" . >"$out" 2>&1
if [ $? = 0 ]; then
    run 1 -sanitize=address -run=FuzzBigMalloc -fuzz=FuzzBigMalloc -fuzzrsslimit=200 \
        -fuzztime=20s -parallel=1
    mallocOOM 200 1
    crasher FuzzBigMalloc 'go test fuzz v1
[]byte("M") //ctest:sanitize address' 200
else
    skip_part "the -sanitize=address case: the compiler cannot build it: $(head -3 "$out")"
fi

# A package that defines malloc itself keeps it, and the malloc limit
# cannot see its allocations: asked for, it is said to be unkept; by
# default, nothing is said. (Not where ctest itself is built with ASan:
# the package's malloc would take the sanitizer's place.)
if nm "$work/probe.test" | grep -q ' __asan_init$'; then
    echo "memlimit_e2e: no own-malloc case in an ASan build of ctest"
else
    cd ownmalloc || exit 1
    run 0 -run=FuzzOwnMalloc -fuzz=FuzzOwnMalloc -fuzzmalloclimit=100 -fuzztime=1000x -parallel=1
    has "ctest: warning: -fuzzmalloclimit is not enforced: the test binary's malloc is neither ctest's nor a sanitizer's with malloc hooks (does the package define malloc?)"
    has 'PASS'
    run 0 -run=FuzzOwnMalloc -fuzz=FuzzOwnMalloc -fuzztime=1000x -parallel=1
    lacks 'ctest: warning'
    cd ..
fi

# A limit is a number of megabytes, 0 or more.
run 1 -run=FuzzLeak -fuzz=FuzzLeak -fuzzrsslimit=-1 -fuzztime=1x
has 'invalid value "-1" for flag -test.fuzzrsslimit: a negative number of megabytes'

finish
