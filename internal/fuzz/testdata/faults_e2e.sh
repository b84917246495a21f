#!/bin/sh
# faults_e2e.sh CTEST: the fault-injection cases of the CTest label
# "faults" that no other script covers, on the targets of faultpkg/: a
# fuzz function that calls exit(0) or closes every descriptor, SIGTERM in
# each phase (the baseline, fuzzing, minimization; to the driver, and to
# the whole process group), and processes killed with SIGKILL at random
# moments, 50 times, with the fuzz cache checked after each kill and the
# next run resuming from it; a fuzz function that writes its worker's
# shared memory before it crashes; links out of the package and a file
# that is no corpus file in a committed corpus; sockets in a corpus and in
# the cache; a
# corpus file too large to fuzz. Each case is bounded in time; what is checked
# is that nothing is lost or corrupted, and that the message is clear.
set -u
pkg=faultpkg
. "$(dirname "$0")/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"
trap 'pkill -KILL -f "$work/" 2>/dev/null; rm -rf "$work"' EXIT

# run WANTSTATUS ARGS...: runs ctest in the package, at most 60 s.
run() {
    w=$1
    shift
    expect_status "$w" 60 "$ctest" "$@"
}

# crasher FUZZ WANT [RERUN]: testdata holds one crasher of FUZZ, whose
# value is WANT (its minimized input, unless empty), and re-running it
# exits RERUN (default 1: it fails again).
crasher() {
    n=$(ls "testdata/fuzz/$1" 2>/dev/null | wc -l)
    if [ "$n" != 1 ]; then
        echo "FAIL: $1: $n crashers in testdata, want 1"
        fails=$((fails + 1))
        return
    fi
    f=$(ls "testdata/fuzz/$1")
    if [ -n "$2" ] && ! grep -qxF "$2" "testdata/fuzz/$1/$f"; then
        echo "FAIL: $1: the crasher is not $2:"
        cat "testdata/fuzz/$1/$f"
        fails=$((fails + 1))
    fi
    keep=$out
    out=$work/rerun
    run "${3:-1}" -run="$1/$f" .
    out=$keep
}

# cacheIntact FUZZ: every file of FUZZ's cache reads as a corpus file (the
# cache's inputs run as seeds, -fuzzcacheseeds, and pass).
cacheIntact() {
    keep=$out
    out=$work/cachecheck
    "$work/t.test" -test.run="$1" -test.fuzzcacheseeds -test.fuzzcachedir="$work/tcache" \
        >"$out" 2>&1
    status=$?
    if [ "$status" != 0 ] || grep -q malformed "$out"; then
        echo "FAIL: $2: the cache of $1 does not read back (status $status):"
        cat "$out"
        fails=$((fails + 1))
    fi
    out=$keep
}

# -- A fuzz function that ends its process with exit(0): Go's "unexpected
# call to os.Exit(0)", the input written and minimized, within seconds.
run 1 -run=FuzzExit -fuzz=FuzzExit -fuzztime=30s .
contains "panic: unexpected call to os.Exit(0) during test"
crasher FuzzExit '[]byte("q")'

# -- One that closes every descriptor, its pipes to the coordinator among
# them: the worker's end is a crash of the input, not a hang. (Run again
# as a seed, it closes the test's output and returns: the test passes, as
# in Go, where only the fuzzing process broke.)
run 1 -run=FuzzCloseFds -fuzz=FuzzCloseFds -fuzztime=30s .
contains "fuzzing process hung or terminated unexpectedly: exit status"
crasher FuzzCloseFds '[]byte("c")' 0
rm -rf testdata

# -- One that sets a flag in its worker's shared memory (a hang, an engine
# failure, an interrupt) and then aborts: that memory is the fuzz
# function's to write too, so the abort is a crash all the same, written
# and minimized.
for flag in hung engine interrupt; do
    export CTEST_TAMPER=$flag
    run 1 -run=FuzzTamper -fuzz=FuzzTamper -fuzztime=30s .
    contains "fuzzing process hung or terminated unexpectedly: signal: aborted"
    lacks "internal error"
    crasher FuzzTamper '[]byte("T")'
    rm -rf testdata
done
unset CTEST_TAMPER

# -- A committed corpus with links out of the package (to a file of
# secrets, or the whole directory to one holding it): named and skipped,
# and nothing of what they lead to is printed; a file in the corpus that
# is no corpus file is not quoted either. (No package argument: the
# output of a passing run is shown.)
printf 'TOKEN=s3cr3t-value\n' >"$work/secret"
mkdir -p testdata/fuzz/FuzzGrow "$work/secrets"
cp "$work/secret" "$work/secrets/x"
ln -s "$work/secret" testdata/fuzz/FuzzGrow/link
run 0 -run=FuzzGrow
contains "ctest: skipping testdata/fuzz/FuzzGrow/link in the corpus: it leads to "
lacks "s3cr3t"
rm -rf testdata
mkdir -p testdata/fuzz
ln -s "$work/secrets" testdata/fuzz/FuzzGrow
run 0 -run=FuzzGrow
contains "ctest: skipping the corpus directory testdata/fuzz/FuzzGrow: it leads to "
lacks "s3cr3t"
rm -rf testdata
mkdir -p testdata/fuzz/FuzzGrow
cp "$work/secret" testdata/fuzz/FuzzGrow/raw
run 1 -run=FuzzGrow
contains "unknown encoding version: the file is no corpus file"
lacks "s3cr3t"
rm -rf testdata
# A raw input of another engine left in testdata: the message names the
# command that adds one.
mkdir -p testdata/fuzz/FuzzGrow
printf 'hello raw bytes\n' >testdata/fuzz/FuzzGrow/crash-1
run 1 -run=FuzzGrow
contains "testdata/fuzz/FuzzGrow/crash-1\": unmarshal: unknown encoding version: the file is no corpus file (its first line is not shown; ctest corpus import adds a raw input)"
rm -rf testdata

# -- A socket in the package's corpus and in the fuzz cache: it cannot be
# opened (ENXIO), and is named and skipped as a FIFO is, by a plain run
# and by fuzzing, which both pass.
# mksock PATH: a listening Unix socket at PATH, left behind by perl.
mksock() {
    perl -MIO::Socket::UNIX -e 'IO::Socket::UNIX->new(Type => SOCK_STREAM(), Local => $ARGV[0],
        Listen => 1) or die "socket $ARGV[0]: $!\n"' "$1"
}
mkdir -p testdata/fuzz/FuzzGrow "$work/sockcache/FuzzGrow"
mksock testdata/fuzz/FuzzGrow/sock
run 0 -v -run=FuzzGrow .
contains "skipping testdata/fuzz/FuzzGrow/sock in the corpus: not a regular file"
"$ctest" -c -fuzz=. -o "$work/s.test" . >"$out" 2>&1 || {
    echo "FAIL: ctest -c: $(cat "$out")"
    exit 1
}
mksock "$work/sockcache/FuzzGrow/sock"
expect_status 0 60 "$work/s.test" -test.run=XXX -test.fuzz=FuzzGrow -test.fuzztime=20x \
    -test.parallel=1 -test.fuzzcachedir="$work/sockcache"
contains "skipping $work/sockcache/FuzzGrow/sock in the corpus: not a regular file"
rm -rf testdata "$work/sockcache"

# -- A corpus file larger than a worker's shared memory (100 MB): corpus
# import refuses to write one (40 MB of random bytes are about 116 MB as
# a corpus file), and fuzzing names the one it finds in
# testdata and goes on without it (Go panics at each run).
head -c 41943040 /dev/urandom >"$work/big.raw"
run 1 corpus import -fuzz=FuzzGrow . "$work/big.raw"
contains "more than a fuzzing input can hold"
if [ -n "$(ls testdata/fuzz/FuzzGrow 2>/dev/null)" ]; then
    echo "FAIL: corpus import wrote a file no fuzzing run can take"
    fails=$((fails + 1))
fi
mkdir -p testdata/fuzz/FuzzGrow
{
    printf 'go test fuzz v1\n[]byte("'
    head -c 110000000 /dev/zero | tr '\0' 'a'
    printf '")\n'
} >testdata/fuzz/FuzzGrow/big
run 0 -run=XXX -fuzz=FuzzGrow -fuzztime=20x -parallel=1 .
contains "skipping testdata/fuzz/FuzzGrow/big in the corpus: 110000027 bytes, more than a fuzzing input can hold"
lacks "internal error"
rm -rf testdata "$work/big.raw"

# The test binary, for the cases that signal its processes directly.
"$ctest" -c -fuzz=. -o "$work/t.test" . >"$out" 2>&1 || {
    echo "FAIL: ctest -c: $(cat "$out")"
    exit 1
}

# term PATTERN WHEN ARGS...: runs ctest ARGS in the background, waits for a
# line with PATTERN, sends SIGTERM to the driver (WHEN=driver) or to its
# whole process group (WHEN=group), and waits at most 30 s for its end.
term() {
    pattern=$1 when=$2
    shift 2
    rm -f "$work/term.out"
    setsid "$ctest" "$@" >"$work/term.out" 2>&1 &
    pid=$!
    i=0
    while [ $i -lt 300 ] && ! grep -q "$pattern" "$work/term.out" 2>/dev/null; do
        sleep 0.1
        i=$((i + 1))
    done
    if [ "$when" = group ]; then
        env kill -TERM -- "-$pid"
    else
        kill -TERM "$pid"
    fi
    i=0
    while [ $i -lt 300 ] && kill -0 "$pid" 2>/dev/null; do
        sleep 0.1
        i=$((i + 1))
    done
    if kill -0 "$pid" 2>/dev/null; then
        echo "FAIL: SIGTERM ($when) after \"$pattern\": still running 30 s later"
        env kill -KILL -- "-$pid"
        fails=$((fails + 1))
    fi
    wait "$pid"
    termStatus=$?
    cp "$work/term.out" "$out"
    if pgrep -f "$work/.*test.fuzzworker" >/dev/null || pgrep -f "ctest-build.*$pkg.test" >/dev/null; then
        echo "FAIL: SIGTERM ($when) after \"$pattern\": a test process outlived the driver"
        fails=$((fails + 1))
    fi
}

# -- SIGTERM in the baseline (200 slow cache entries), while fuzzing and
# while minimizing: the driver ends by SIGTERM (143) once the test binary
# has stopped as on ^C; nothing is written but a crasher found, which is
# written whole, and the cache reads back.
cachedir=$CTESTCACHE/fuzz
mkdir -p "$work/slowcache"
i=0
while [ $i -lt 200 ]; do
    printf 'go test fuzz v1\n[]byte("%08d")\n' "$i" >"$work/slowcache/$i"
    i=$((i + 1))
done
slowdir=$cachedir$(pwd -P)/FuzzSlowCrash
mkdir -p "$slowdir" && cp "$work/slowcache"/* "$slowdir/"
term "gathering baseline coverage: 0/" driver -run=XXX -fuzz=FuzzSlowCrash -fuzztime=60s .
[ "$termStatus" = 143 ] || { echo "FAIL: SIGTERM in the baseline: status $termStatus, want 143"; cat "$out"; fails=$((fails + 1)); }
lacks "Failing input written"
nothing=$(ls testdata 2>/dev/null)
[ -z "$nothing" ] || { echo "FAIL: SIGTERM in the baseline wrote testdata: $nothing"; fails=$((fails + 1)); rm -rf testdata; }
rm -rf "$slowdir"

term "now fuzzing" driver -run=XXX -fuzz=FuzzGrow -fuzztime=60s .
[ "$termStatus" = 143 ] || { echo "FAIL: SIGTERM while fuzzing: status $termStatus, want 143"; cat "$out"; fails=$((fails + 1)); }
lacks "Failing input written"
lacks "terminated unexpectedly"

term "now fuzzing" group -run=XXX -fuzz=FuzzGrow -fuzztime=60s .
[ "$termStatus" = 143 ] || { echo "FAIL: SIGTERM to the group while fuzzing: status $termStatus, want 143"; cat "$out"; fails=$((fails + 1)); }
lacks "Failing input written"
lacks "terminated unexpectedly"
[ ! -e testdata ] || { echo "FAIL: SIGTERM to the group while fuzzing wrote testdata"; fails=$((fails + 1)); rm -rf testdata; }

term "minimizing" driver -run=XXX -fuzz=FuzzSlowCrash -fuzztime=60s .
[ "$termStatus" = 143 ] || { echo "FAIL: SIGTERM while minimizing: status $termStatus, want 143"; cat "$out"; fails=$((fails + 1)); }
contains "Failing input written to testdata/fuzz/FuzzSlowCrash/"
crasher FuzzSlowCrash ""
rm -rf testdata

# -- SIGKILL, 50 times, at a random moment of a run that keeps writing its
# cache: half of them to the coordinator (its workers must end by
# themselves), half to a worker (the coordinator must report it and end).
# After each, the cache reads back, and the next run starts from it. A
# worker's kill is a crash of its input to Go; that crasher, when written,
# must read back too.
mkdir -p "$work/tcache"
k=0
while [ $k -lt 50 ]; do
    setsid "$work/t.test" -test.run=XXX -test.fuzz=FuzzGrow -test.fuzztime=60s -test.parallel=2 \
        -test.fuzzcachedir="$work/tcache" >"$work/kill.out" 2>&1 &
    pid=$!
    sleep "0.$(awk -v k=$k 'BEGIN { srand(k); printf "%02d", 5 + int(rand() * 60) }')"
    if [ $((k % 2)) = 0 ]; then
        kill -KILL "$pid"
    else
        # A worker, once there is one: on a loaded machine (or in the
        # sanitized tree) the workers may start after the sleep.
        i=0
        w=$(pgrep -f "$work/t.test -test.fuzzworker" | head -1)
        while [ -z "$w" ] && [ $i -lt 100 ] && kill -0 "$pid" 2>/dev/null; do
            sleep 0.1
            i=$((i + 1))
            w=$(pgrep -f "$work/t.test -test.fuzzworker" | head -1)
        done
        [ -n "$w" ] && kill -KILL "$w"
    fi
    i=0
    while [ $i -lt 200 ] && { kill -0 "$pid" 2>/dev/null || pgrep -f "t.test -test.fuzzworker" >/dev/null; }; do
        sleep 0.1
        i=$((i + 1))
    done
    if pgrep -f "$work/t.test" >/dev/null; then
        echo "FAIL: kill $k: a process of the run is alive 20 s later:"
        pgrep -af "$work/t.test"
        cat "$work/kill.out"
        fails=$((fails + 1))
        pkill -KILL -f "$work/t.test"
    fi
    wait "$pid" 2>/dev/null
    cacheIntact FuzzGrow "kill $k"
    for f in testdata/fuzz/FuzzGrow/*; do
        [ -e "$f" ] || continue
        if ! head -1 "$f" | grep -qx "go test fuzz v1"; then
            echo "FAIL: kill $k: a crasher that is no corpus file: $f"
            fails=$((fails + 1))
        fi
    done
    rm -rf testdata
    k=$((k + 1))
done
n=$(ls "$work/tcache/FuzzGrow" 2>/dev/null | wc -l)
echo "50 kills: the cache holds $n inputs, each read back after each kill"
[ "$n" -gt 0 ] || { echo "FAIL: the runs wrote nothing to the cache"; fails=$((fails + 1)); }

finish
