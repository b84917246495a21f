#!/bin/sh
# robust_e2e.sh CTEST: fuzzes the targets of robustpkg/ with the driver
# CTEST and checks that the engine holds where it once broke: no false
# crasher, no crash or hang of the coordinator, its own failures told from
# the user's. What is checked is ctest's behaviour (Go has no recording of
# these cases: its engine breaks on several of them), each case bounded in
# time.
set -u
pkg=robustpkg
. "$(dirname "$0")/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"
trap 'kill $(cat children.pids 2>/dev/null) 2>/dev/null; rm -rf "$work"' EXIT

# run WANTSTATUS ARGS...: runs ctest in the package, at most 60 s; output
# into $out, wall-clock seconds into $secs.
bound=
run() {
    want=$1
    shift
    start=$(date +%s)
    # shellcheck disable=SC2086 # the words of a prefix, if any
    timeout 60 $bound "$ctest" "$@" >"$out" 2>&1
    got=$?
    secs=$(($(date +%s) - start))
    if [ "$got" != "$want" ]; then
        echo "FAIL: ctest $*: got exit status $got, want $want"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# nothing_written WHAT: no file may be in testdata/ (no crasher recorded).
nothing_written() {
    if [ -e testdata ]; then
        echo "FAIL: $1: wrote $(find testdata -type f)"
        fails=$((fails + 1))
        rm -rf testdata
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

# A short input fuzzed after a long one in default mode (the length
# control): once "panic: cannot mutate bytes of length N" within a second,
# written as a crasher.
run 0 -run=FuzzShrink -fuzz=FuzzShrink -fuzztime=3000000x
has 'PASS'
lacks 'cannot mutate'
nothing_written 'FuzzShrink'

# A worker that writes a line that is not an answer on its RPC pipe: a
# clean error, as Go's for garbage, and no crasher (the coordinator once
# died of a segmentation fault).
run 1 -run=FuzzRPCLine -fuzz=FuzzRPCLine -fuzztime=1000000x -parallel=1
contains '    communicating with fuzzing process: '
lacks 'signal: segmentation fault'
nothing_written 'FuzzRPCLine'

# The engine's own panics, in a worker and in the coordinator, made by a
# test hook: an internal error naming the engine, exit status 2, nothing
# written.
for hook in worker-panic coordinator-panic; do
    CTEST_FUZZ_TESTHOOK=$hook run 1 -run=FuzzShrink -fuzz=FuzzShrink -fuzztime=3000000x
    contains "internal error in ctest's fuzzing engine, not a failure of the fuzz test"
    contains "CTEST_FUZZ_TESTHOOK=$hook"
    has 'exit status 2'
    lacks 'Failing input written'
    nothing_written "$hook"
done

# A fuzz function that forks a child holding the worker's pipes: the end
# of fuzzing does not wait for the child (it once took 20 s of "waiting for
# fuzzing process to terminate..."), and a crash is seen as the worker
# dies (it once took 45 s).
run 0 -run=FuzzForkSleep -fuzz=FuzzForkSleep -fuzztime=1s
lacks 'waiting for fuzzing process to terminate'
within 10 'FuzzForkSleep'
run 1 -run=FuzzForkAbort -fuzz=FuzzForkAbort -fuzztime=20s
has '    fuzzing process hung or terminated unexpectedly: signal: aborted'
within 10 'FuzzForkAbort'
rm -rf testdata

# New interesting inputs of a slow target in default mode are kept whole,
# not minimized for up to a minute while the lone worker fuzzes nothing
# (the progress line once sat at "(0/sec)", 60 executions in 4 s). The gap
# is wide: tens of thousands of executions and 3 new inputs now.
run 0 -run=FuzzSlowTrim -fuzz=FuzzSlowTrim -fuzztime=4s -parallel=1
last=$(grep '^fuzz: elapsed: .*execs: ' "$out" | tail -1)
execs=$(echo "$last" | sed -n 's/.*execs: \([0-9]*\) .*/\1/p')
found=$(echo "$last" | sed -n 's/.*new interesting: \([0-9]*\) .*/\1/p')
if [ "${execs:-0}" -lt 1000 ] || [ "${found:-0}" -lt 2 ]; then
    echo "FAIL: FuzzSlowTrim stalled: $last"
    cat "$out"
    fails=$((fails + 1))
fi
rm -rf testdata

# A crasher that cannot be written (its directory read-only; root runs
# this one without the capabilities that pass over file modes): the
# crash's message, the write's error and the input itself, rather than
# the input lost.
ro=testdata/fuzz/FuzzUnwritable
mkdir -p $ro
chmod 555 $ro
bound=$(modes_bind)
run 1 -run=FuzzUnwritable -fuzz=FuzzUnwritable -fuzztime=30s -parallel=1
bound=
contains 'an input that starts with Z'
contains "testdata/fuzz/FuzzUnwritable"
has '    the failing input could not be written; it was:'
has '    go test fuzz v1'
contains '    []byte("Z'
chmod 755 $ro
rm -rf testdata

# A crasher whose candidates each take 100 ms, minimized in new processes
# (one per candidate) for much longer than -fuzztime: the run ends on time
# all the same, with the crasher as minimized as it got, as Go's
# minimization ends with -fuzztime. It once went on for the whole
# -fuzzminimizetime (60 s), with and without -fuzzkeepgoing.
for kg in false true; do
    run 1 -run=FuzzSlowCrash -fuzz=FuzzSlowCrash -fuzztime=3s -parallel=1 -fuzzkeepgoing=$kg
    within 20 "FuzzSlowCrash, -fuzztime=3s -fuzzkeepgoing=$kg"
    contains 'Failing input written to testdata/fuzz/FuzzSlowCrash/'
    rm -rf testdata
done

# ^C reaches every process of the group; when the workers get it before
# the coordinator, they stop and exit 0, which was once taken for a crash
# ("exit status 0") and written as a crasher. Send it in that order.
"$ctest" -c -fuzz=. -o "$work/robust.test" . >"$out" 2>&1 || cat "$out"
for i in 1 2 3; do
    "$work/robust.test" -test.fuzz=FuzzShrink -test.fuzztime=30s \
        -test.fuzzcachedir="$work/sigcache" >"$out" 2>&1 &
    pid=$!
    sleep 1
    pkill -INT -f "$work/robust.test.*-test.fuzzworker"
    sleep 0.2
    kill -INT "$pid" 2>/dev/null
    wait "$pid"
    lacks 'terminated unexpectedly'
    nothing_written "SIGINT $i"
done

if [ "$fails" -gt 0 ]; then
    echo "$fails checks failed"
    exit 1
fi
echo "robust_e2e: all checks passed"
