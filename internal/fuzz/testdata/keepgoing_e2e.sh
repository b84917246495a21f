#!/bin/sh
# keepgoing_e2e.sh CTEST: fuzzes keepgoingpkg/ (a target with a bug of each
# kind) with -fuzzkeepgoing and checks that every bug is found in one run,
# each written once, minimized and replayable, and listed with its re-run
# command; that a second run takes the crashers as seeds and writes
# nothing new; and that without the flag the run stops at the first crash,
# as Go's does. ctest's own flag: Go has no such run to record.
set -u
pkg=keepgoingpkg
. "$(dirname "$0")/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"
crashdir=testdata/fuzz/FuzzBugs

# run WANTSTATUS ARGS...: runs ctest in the package, at most 120 s.
run() {
    w=$1
    shift
    expect_status "$w" 120 "$ctest" "$@"
}

# count_files WANT WHAT: the crash directory holds WANT files.
count_files() {
    n=$(find "$crashdir" -type f 2>/dev/null | wc -l)
    if [ "$n" != "$1" ]; then
        echo "FAIL: $2: $n files in $crashdir, want $1"
        ls -l "$crashdir" 2>/dev/null
        cat "$out"
        fails=$((fails + 1))
    fi
}

# replay_all ARGS...: each crasher fails again when replayed (their output
# goes to $all), and each that killed its worker is minimized to its two
# bytes: candidates run in fresh processes, and one that fails for another
# cause is not taken. (A failure that leaves its worker alive is minimized
# in the worker, which another bug's candidate can kill: that crasher is
# then kept as it was found.)
replay_all() {
    all="$work/replays"
    : >"$all"
    for f in "$crashdir"/*; do
        name=$(basename "$f")
        if grep -qE '^\[\]byte\("B[as]' "$f" && ! grep -qE '^\[\]byte\("B[as]"\)$' "$f"; then
            echo "FAIL: $name was not minimized:"
            cat "$f"
            fails=$((fails + 1))
        fi
        timeout 60 "$ctest" "$@" -run="FuzzBugs/$name" >>"$all" 2>&1
        if [ $? = 0 ]; then
            echo "FAIL: replaying $name passed"
            fails=$((fails + 1))
        fi
    done
}

# One run finds the bugs, once each: four in a plain build. When ctest
# itself is built with ASan (the suite's sanitized tree), every test binary
# is too: then the heap overflow is a fifth bug and ASan reports the bad
# pointer.
run 1 -fuzz=FuzzBugs -fuzztime=15s -fuzzkeepgoing
if grep -q '^    crash [0-9]: AddressSanitizer: ' "$out"; then
    nbugs=5
    segv='AddressSanitizer: SEGV in fuzzBugs'
    count_lines 1 '^    crash [0-9]: AddressSanitizer: heap-buffer-overflow in fuzzBugs \('
else
    nbugs=4
    segv='signal SIGSEGV in fuzzBugs'
fi
has "    fuzzing found $nbugs distinct crashes ($(grep -o '[0-9]* failing inputs in all' "$out"))"
count_lines 1 '^    crash [0-9]: keepgoing_test.c:[0-9]+: check failed with [0-9]+ bytes \('
count_lines 1 '^    crash [0-9]: panic: panic with [0-9]+ bytes at keepgoing_test.c:[0-9]+ \('
count_lines 1 "^    crash [0-9]: $segv \\("
count_lines 1 '^    crash [0-9]: signal SIGABRT in fuzzBugs \('
count_lines "$nbugs" '^    To re-run:$'
count_lines "$nbugs" '^fuzz: elapsed: [0-9]+s, crash [0-9]: '
count_files "$nbugs" 'keep-going run'
for f in "$crashdir"/*; do
    contains "-run=FuzzBugs/$(basename "$f")"
done
replay_all
out="$all"
contains 'check failed with '
contains 'panic: panic with '
contains 'SEGV'
contains 'signal: aborted'
out="$work/out"

# Again: the crashers are seeds now, each counted under its own cause and
# listed in the summary as the seed corpus entry it is, but not announced
# as found again; nothing new is written.
run 1 -run='^$' -fuzz=FuzzBugs -fuzztime=3s -fuzzkeepgoing
has "    fuzzing found $nbugs distinct crashes ($(grep -o '[0-9]* failing inputs in all' "$out"))"
count_files "$nbugs" 'second keep-going run'
count_lines 0 '^fuzz: elapsed: [0-9]+s, crash [0-9]: '
count_lines 0 '^    Failing input written to '
count_lines "$nbugs" '^    Failing input is seed corpus entry testdata/fuzz/FuzzBugs/'

# With ASan the heap overflow is a fifth cause (ASan reports the bad
# pointer, so that cause is ASan's SEGV now). The four crashers are seeds:
# only the new cause is to be found and minimized.
run 1 -run='^$' -sanitize=address -fuzz=FuzzBugs -fuzztime=30s -fuzzminimizetime=10s -fuzzkeepgoing
if grep -q 'sanitize.*not supported\|cannot find.*asan' "$out"; then
    skip_part "the ASan cases: the compiler cannot build with -sanitize=address (apt-get install libclang-rt-14-dev)"
else
    has '    fuzzing found 5 distinct crashes ('"$(grep -o '[0-9]* failing inputs in all' "$out")"')'
    count_lines 1 '^    crash [0-9]: AddressSanitizer: heap-buffer-overflow in fuzzBugs \('
    count_lines 1 '^    crash [0-9]: AddressSanitizer: SEGV in fuzzBugs \('
    count_files 5 'keep-going run with ASan'
fi

# Without the flag, the first crash ends the run, as in Go.
rm -rf testdata
run 1 -fuzz=FuzzBugs -fuzztime=30s
count_files 1 'run without -fuzzkeepgoing'
lacks 'distinct crash'
count_lines 1 '^    Failing input written to testdata/fuzz/FuzzBugs/'

finish
