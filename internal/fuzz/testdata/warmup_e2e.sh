#!/bin/sh
# warmup_e2e.sh CTEST: the baseline of a cache of 300 entries, which the
# coordinator sends its worker in batches (fuzzArgs.Batch): every entry is
# processed once, with one worker or two; an entry that aborts or fails in
# the middle of a batch is the one written to testdata, with the message
# of its failure; with -fuzzkeepgoing the baseline still completes.
set -u
pkg=warmuppkg
. "$(dirname "$0")/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"
"$ctest" -c -fuzz=FuzzWarm -o "$work/w.test" . >"$out" 2>&1 || {
    cat "$out"
    exit 1
}
crashdir=testdata/fuzz/FuzzWarm

# cache BAD...: a fresh cache of 300 entries, "seed 000" to "seed 299" in
# the order of their names, with entry N replaced by WORD for each N=WORD.
cache() {
    rm -rf "$work/wc" "$crashdir"
    mkdir -p "$work/wc/FuzzWarm"
    i=0
    while [ $i -lt 300 ]; do
        printf 'go test fuzz v1\n[]byte("seed %03d")\n' $i >"$work/wc/FuzzWarm/$(printf %03d $i)"
        i=$((i + 1))
    done
    for b in "$@"; do
        printf 'go test fuzz v1\n[]byte("%s")\n' "${b#*=}" >"$work/wc/FuzzWarm/${b%%=*}"
    done
}

# fuzz WANTSTATUS PARALLEL ARGS...: the test binary fuzzes from the cache
# (-test.fuzztime=300x: the baseline only, as its runs count).
fuzz() {
    w=$1 p=$2
    shift 2
    GODEBUG=fuzzdebug=1 expect_status "$w" 120 "$work/w.test" -test.fuzz=FuzzWarm \
        -test.fuzzcachedir="$work/wc" -test.parallel="$p" "$@"
}

# processed WANT: the debug output has WANT "processed an initial input"
# lines, one an entry.
processed() {
    n=$(grep -c 'DEBUG processed an initial input' "$out")
    if [ "$n" != "$1" ]; then
        echo "FAIL: $n entries processed in the baseline, want $1"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# written WORD: one crasher in testdata, and it is WORD.
written() {
    n=$(find "$crashdir" -type f 2>/dev/null | wc -l)
    if [ "$n" != 1 ] || ! grep -qxF "[]byte(\"$1\")" "$crashdir"/*; then
        echo "FAIL: want one crasher, $1, in $crashdir; have $n:"
        cat "$crashdir"/* 2>/dev/null
        cat "$out"
        fails=$((fails + 1))
    fi
}

for p in 1 2; do
    cache
    fuzz 0 $p -test.fuzztime=300x
    contains "gathering baseline coverage: 300/300 completed, now fuzzing with $p workers"
    processed 300
done

cache 150=crash
fuzz 1 1 -test.fuzztime=300x
contains 'fuzzing process hung or terminated unexpectedly'
written crash

cache 150=fail
fuzz 1 2 -test.fuzztime=300x
contains 'the failing entry'
written fail

# A batch answer whose coverage does not decode (a test hook cuts a
# snapshot short) is the engine's error: exit status 2, nothing written.
cache
CTEST_FUZZ_TESTHOOK=worker-batch-coverage fuzz 2 1 -test.fuzztime=300x
contains "internal error in ctest's fuzzing engine, not a failure of the fuzz test"
contains 'warm-up batch: value 0: malformed coverage'
lacks 'Failing input written'
if [ -d "$crashdir" ]; then
    echo "FAIL: a crasher was written for the engine's error:"
    ls "$crashdir"
    fails=$((fails + 1))
fi

# With -fuzzkeepgoing, the entries after a failure in its batch still run
# (a time limit, as the crashers' minimization counts against a count; a
# long one, as the run ends where the limit finds it, the baseline too,
# and a loaded machine with ASan takes seconds to minimize the crash).
cache 100=crash 200=fail
fuzz 1 1 -test.fuzztime=20s -test.fuzzkeepgoing
contains 'gathering baseline coverage: 300/300 completed, now fuzzing with 1 workers'
processed 298
finish
