#!/bin/sh
# seed_e2e.sh CTEST: fuzzes seedpkg/ twice with the same command, under
# GODEBUG=fuzzseed=N and one worker, and checks that the two runs did the
# same: the same exit status, the same crasher (name and bytes), the same
# fuzz cache files, and the same GODEBUG=fuzzdebug=1 lines once their
# durations are set aside. In the default search and in Go's
# (-fuzzcmp=false); until a crash, and for -fuzztime=Nx without one. A run
# with another seed must differ, or the comparison proves nothing. ctest's
# own: Go's runs are bounded by time, and a fuzzseed does not repeat them.
set -u
pkg=seedpkg
. "$(dirname "$0")/e2e_setup.sh"
# A driver built with CTEST_SANITIZE builds the package with UBSan, whose
# pointer-overflow checks compare addresses; clang 14's trace-cmp records
# those comparisons too, and the comparison dictionary would hold
# addresses, which ASLR moves from run to run.
export CFLAGS="${CFLAGS:+$CFLAGS }-fno-sanitize=pointer-overflow"

# fuzz NAME SEED ARGS...: runs ctest -fuzz with fuzzseed SEED, one worker
# and ARGS, from an empty cache and testdata, and keeps in $work/NAME what
# it left: its exit status, its crashers, its cache and its DEBUG lines,
# whose elapsed and exec times (and nothing else) are rewritten, as they
# depend on speed.
fuzz() {
    run=$1
    seed=$2
    shift 2
    rm -rf testdata "$CTESTCACHE"
    GODEBUG=fuzzseed=$seed,fuzzdebug=1 timeout 300 "$ctest" -run='^$' -parallel=1 "$@" >"$out" 2>&1
    got=$?
    mkdir -p "$work/$run/testdata" "$work/$run/cache"
    echo "exit status $got" >"$work/$run/status"
    [ -d testdata ] && cp -r testdata/. "$work/$run/testdata/"
    [ -d "$CTESTCACHE" ] && cp -r "$CTESTCACHE/." "$work/$run/cache/"
    dur='([0-9]+h)?([0-9]+m)?[0-9]+(\.[0-9]+)?(h|m|s|ms|µs|ns)'
    grep '^DEBUG ' "$out" | sed -E "s/(elapsed: )$dur/\1<T>/; s/(exec time: )$dur\$/\1<D>/" \
        >"$work/$run/debug"
    cp "$out" "$work/$run/out"
}

# files DIR: the files below DIR, one a line.
files() {
    (cd "$1" && find . -type f | sort)
}

# check WHAT SEED STATUS ARGS...: two runs of the same command must have
# exited with STATUS (any: either way) and be the same; with STATUS 1
# each wrote one crasher. A change to the search can move the crash the
# seeds were picked for (see below); another seed then serves.
check() {
    what=$1
    seed=$2
    want=$3
    shift 3
    fuzz "$what.1" "$seed" "$@"
    fuzz "$what.2" "$seed" "$@"
    a=$work/$what.1
    b=$work/$what.2
    if [ "$want" != any ] && [ "$(cat "$a/status")" != "exit status $want" ]; then
        echo "FAIL: $what: ctest $*: got $(cat "$a/status"), want exit status $want"
        cat "$a/out"
        fails=$((fails + 1))
        return
    fi
    crashers=$(files "$a/testdata" | wc -l)
    if { [ "$want" = 1 ] && [ "$crashers" != 1 ]; } || { [ "$want" = 0 ] && [ "$crashers" != 0 ]; } ||
        [ "$(files "$a/cache" | wc -l)" -lt 3 ] || ! grep -q '^DEBUG new interesting input' "$a/debug"; then
        echo "FAIL: $what: ctest $*: $crashers crashers, $(files "$a/cache" | wc -l) cache files;" \
            "want $want crasher(s), 3 cache files at least and DEBUG lines"
        cat "$a/out"
        fails=$((fails + 1))
        return
    fi
    for part in status testdata cache debug; do
        if ! diff -r "$a/$part" "$b/$part" >"$work/diff"; then
            echo "FAIL: $what: ctest $*: the second run's $part differs from the first's:"
            head -40 "$work/diff"
            fails=$((fails + 1))
        fi
    done
}

# Until the crash. FuzzSlow sleeps in each execution: a fruitless call
# does not reach its 5000 executions within the default search's 2ms or
# Go's 100ms. The seeds are ones that find the bug in thousands of
# executions, with calls of thousands in Go's search.
check default 3 1 -fuzz=FuzzSlow
# Go's search minimizes each new input for up to -fuzzminimizetime, a
# minute of FuzzSlow's sleeps: a count bounds that here. FuzzNest, which
# does not sleep, is minimized in full.
check go 12 1 -fuzz=FuzzSlow -fuzzcmp=false -fuzzminimizetime=200x
check go-minimize 12 1 -fuzz=FuzzNest -fuzzcmp=false
# A count of executions (fewer than the crash takes): the cache after them.
check default-count 3 any -fuzz=FuzzSlow -fuzztime=3000x
check go-count 12 any -fuzz=FuzzSlow -fuzzcmp=false -fuzzminimizetime=200x -fuzztime=12000x
# Each crash ends the worker, and -fuzzkeepgoing starts another, whose
# mutations are its own: the run, its count of crashes included, is the
# same again.
check keepgoing 3 1 -fuzz=FuzzAbort -fuzzkeepgoing -fuzzminimizetime=100x -fuzztime=300000x
for r in 1 2; do
    sed -n 's/.*fuzzing found \(.*\)/\1/p' "$work/keepgoing.$r/out" >"$work/keepgoing.$r/found"
done
if ! grep -qE '^1 distinct crash \(([2-9]|[1-9][0-9]+) failing inputs in all\)$' \
    "$work/keepgoing.1/found" ||
    ! diff "$work/keepgoing.1/found" "$work/keepgoing.2/found"; then
    echo "FAIL: keepgoing: found $(cat "$work/keepgoing.1/found"), then" \
        "$(cat "$work/keepgoing.2/found"); want the same, one cause and several inputs"
    cat "$work/keepgoing.1/out"
    fails=$((fails + 1))
fi

# Another seed, another run: the comparisons above can fail.
fuzz other 4 -fuzz=FuzzSlow -fuzztime=3000x
if diff -r "$work/default-count.1/cache" "$work/other/cache" >/dev/null ||
    diff "$work/default-count.1/debug" "$work/other/debug" >/dev/null; then
    echo "FAIL: fuzzseed=4 left the cache and DEBUG lines of fuzzseed=3"
    cat "$work/other/out"
    fails=$((fails + 1))
fi

if [ "$fails" != 0 ]; then
    exit 1
fi
echo PASS
