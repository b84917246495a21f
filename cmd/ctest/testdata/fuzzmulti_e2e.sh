#!/bin/sh
# fuzzmulti_e2e.sh CTEST: -fuzzmulti on copies of the packages in
# fuzzmulti/ (one: FuzzLeft and FuzzRight; two: FuzzOther; crash:
# FuzzCrash, whose bug fuzzing finds at once): every fuzz test -fuzz
# matches is fuzzed, in one package and across two, within the one
# -fuzztime; a crash stops the run with a re-run command that works (with
# -fuzzkeepgoing the other fuzz tests go on); Go's refusals stand without
# the flag; bad combinations are refused. Exit 77 (skipped) when the
# compiler cannot fuzz (no clang).
set -u
ctest=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/e2e_assert.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$here/fuzzmulti" "$tmp/m"
export CTESTCACHE="$tmp/cache"
unset GODEBUG
out=$tmp/out
fails=0
tab=$(printf '\t')
root=$(cd "$tmp/m" && pwd -P)
pkg=_$root # the packages' names: outside a checkout, _ and the path
cache=$CTESTCACHE/fuzz$root

# run WANTSTATUS DIR ARGS...: ctest in DIR (below $tmp/m); output in $out,
# seconds taken in $took.
run() {
    want=$1 dir=$2
    shift 2
    t0=$(date +%s)
    (cd "$tmp/m/$dir" && "$ctest" "$@") >"$out" 2>&1
    got=$?
    took=$(($(date +%s) - t0))
    if [ "$got" != "$want" ]; then
        echo "FAIL: ctest $* (in $dir): got exit status $got, want $want"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# grew DIR: the fuzz cache directory DIR holds inputs fuzzing found.
grew() {
    if [ -z "$(ls "$1" 2>/dev/null)" ]; then
        echo "FAIL: no inputs in the fuzz cache $1"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# within LO HI N WHAT: LO <= N <= HI; WHAT says what N counts.
within() {
    if [ "$3" -lt "$1" ] || [ "$3" -gt "$2" ]; then
        echo "FAIL: $4: got $3, want $1 to $2"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# pkgtime PKG: the whole seconds of PKG's ok or FAIL line (-1 without one).
pkgtime() {
    s=$(sed -n "s|^[okFAIL ]*${tab}$pkg/$1${tab}\([0-9]*\)\.[0-9]*s\$|\1|p" "$out")
    echo "${s:--1}"
}

(cd "$tmp/m/one" && "$ctest" -c -fuzz=. -o "$tmp/probe.test") >"$out" 2>&1
if grep -q 'ctest: -fuzz needs coverage instrumentation' "$out"; then
    echo "skipped: this compiler cannot fuzz: $(cat "$out")"
    exit 77
fi

# Without -fuzzmulti, Go's refusals.
run 1 one -fuzz=. -fuzztime=1s
has "testing: will not fuzz, -fuzz matches more than one fuzz test: [FuzzLeft FuzzRight]"
run 1 . -fuzz=. -fuzztime=1s ./one ./two
has "cannot use -fuzz flag with multiple packages"
lacks "fuzz: "

# Bad combinations.
run 1 one -fuzzmulti
has "ctest: cannot use -fuzzmulti flag without -fuzz flag"
run 1 one -fuzzmulti -fuzz=. -c
has "ctest: cannot use -c flag with -fuzzmulti flag"
run 1 one -fuzzmulti -fuzz=. -o x.test
has "ctest: cannot use -o flag with -fuzzmulti flag"
run 2 . -fuzzmulti -fuzz=. -fuzztime=2x ./one ./two
has "ctest: -fuzzmulti: -fuzztime=2x is fewer executions than the 3 fuzz tests -fuzz matches"
lacks "execs: "

# Two fuzz tests of one package, within the one -fuzztime: each is named
# in its progress lines, and each fuzz cache has what it found.
run 0 one -fuzzmulti -fuzz=. -fuzztime=6s
contains "fuzz: FuzzLeft: elapsed: "
contains "fuzz: FuzzRight: elapsed: "
lacks "fuzz: elapsed: "
hasnt "PASS"
grew "$cache/one/FuzzLeft"
grew "$cache/one/FuzzRight"
within 5 9 "$(pkgtime one)" "seconds the test binary of one ran"
# Two rounds: a turn each in the first, one or two in the second.
turns=$(grep -c '^fuzz: Fuzz[A-Za-z]*: elapsed: 0s, gathering baseline coverage: 0/' "$out")
within 3 4 "$turns" "turns"

# -fuzz matching one of them fuzzes that one only.
run 0 one -fuzzmulti -fuzz=Right -fuzztime=1s
contains "fuzz: FuzzRight: elapsed: "
lacks "FuzzLeft"

# Nx: the executions are shared too.
run 0 one -fuzzmulti -fuzz=. -fuzztime=300x
contains "fuzz: FuzzLeft: elapsed: "
contains ", execs: 150 ("
lacks ", execs: 300 ("

# Across two packages, with package arguments: each fuzz test is named
# with its package; each package has its ok line, and the time is the
# run's.
rm -rf "$CTESTCACHE"
run 0 . -fuzzmulti -fuzz=. -fuzztime=6s ./one ./two
contains "fuzz: $pkg/one.FuzzLeft: elapsed: "
contains "fuzz: $pkg/one.FuzzRight: elapsed: "
contains "fuzz: $pkg/two.FuzzOther: elapsed: "
contains "ok  ${tab}$pkg/one${tab}"
contains "ok  ${tab}$pkg/two${tab}"
grew "$cache/one/FuzzLeft"
grew "$cache/one/FuzzRight"
grew "$cache/two/FuzzOther"
within 5 9 "$(($(pkgtime one) + $(pkgtime two)))" "seconds the test binaries of one and two ran"
within 6 60 "$took" "seconds ctest -fuzzmulti -fuzztime=6s ./one ./two took, with its builds"

# -json: every line is a test2json event; each package ends passing.
run 0 . -json -fuzzmulti -fuzz=. -fuzztime=2s ./one ./two
if grep -qv '^{"Time":"[^"]*",.*}$' "$out"; then
    echo "FAIL: -json -fuzzmulti printed a line that is not an event:"
    grep -v '^{"Time":"[^"]*",.*}$' "$out" | head -5
    fails=$((fails + 1))
fi
if command -v python3 >/dev/null && ! python3 -c '
import json, sys
for line in open(sys.argv[1]):
    json.loads(line)' "$out"; then
    echo "FAIL: -json -fuzzmulti printed JSON that does not parse"
    fails=$((fails + 1))
fi
contains "\"Action\":\"pass\",\"Package\":\"$pkg/one\",\"Elapsed\""
contains "\"Action\":\"pass\",\"Package\":\"$pkg/two\",\"Elapsed\""
contains "fuzz: $pkg/two.FuzzOther: elapsed: "

# A crash stops the run at once, as Go's does: the failure, the input
# written, a re-run command that works from here, FAIL for its package
# and exit status 1; what did not get its turn is not fuzzed.
run 1 . -fuzzmulti -fuzz=. -fuzztime=60s ./crash ./one
within 0 40 "$took" "seconds a run that crashes at once took"
has "        crash_test.c:9: found BUG"
contains "FAIL${tab}$pkg/crash${tab}"
has "exit status 1"
contains "ok  ${tab}$pkg/one${tab}"
lacks "one.FuzzLeft: elapsed"
file=$(sed -n 's|^    Failing input written to \(testdata/fuzz/FuzzCrash/[0-9a-f]*\)$|\1|p' "$out")
if [ -z "$file" ] || [ ! -f "$tmp/m/crash/$file" ]; then
    echo "FAIL: no failing input under crash/testdata/fuzz/FuzzCrash"
    cat "$out"
    fails=$((fails + 1))
fi
rerun=$(sed -n '/^    To re-run:$/{n;s/^    //p;}' "$out")
case $rerun in
*" ./crash -run=FuzzCrash/"*) ;;
*)
    echo "FAIL: the re-run command does not name the package: $rerun"
    fails=$((fails + 1))
    ;;
esac
(cd "$tmp/m" && eval "$rerun") >"$out" 2>&1
status=$?
if [ "$status" != 1 ]; then
    echo "FAIL: the re-run command $rerun: got exit status $status, want 1"
    fails=$((fails + 1))
fi
has "        crash_test.c:9: found BUG"
rm -rf "$tmp/m/crash/testdata"

# With -fuzzkeepgoing the crash is listed as the crashing fuzz test's turn
# ends, and the other fuzz tests still get theirs.
run 1 . -fuzzmulti -fuzzkeepgoing -fuzz=. -fuzztime=6s ./crash ./one
contains "fuzz: $pkg/crash.FuzzCrash: elapsed: "
contains "fuzzing found 1 distinct crash"
contains "fuzz: $pkg/one.FuzzLeft: elapsed: "
contains "fuzz: $pkg/one.FuzzRight: elapsed: "
contains "FAIL${tab}$pkg/crash${tab}"
contains "ok  ${tab}$pkg/one${tab}"
within 5 9 "$(($(pkgtime crash) + $(pkgtime one)))" "seconds the test binaries of crash and one ran"
# FuzzCrash's second turn counts the crasher its first wrote (a seed now)
# without announcing it again: one crash, announced once.
within 2 3 "$(grep -c "crash.FuzzCrash: elapsed: 0s, gathering baseline coverage: 0/" "$out")" \
    "turns of FuzzCrash"
within 1 1 "$(grep -c "crash.FuzzCrash: elapsed: [0-9]*s, crash 1: crash_test.c:9: found BUG\$" "$out")" \
    "announcements of FuzzCrash's crash"
rm -rf "$tmp/m/crash/testdata"

# A test that fails before fuzzing: nothing is fuzzed, as with -fuzz.
mkdir "$tmp/m/bad"
cp "$tmp/m/two/two_test.c" "$tmp/m/bad/"
printf '#include <testing/testing.h>\nvoid TestBad(T *t) {\n    t_error(t, "bad");\n}\n' \
    >"$tmp/m/bad/bad_test.c"
run 1 . -fuzzmulti -fuzz=. -fuzztime=30s ./bad ./one
within 0 25 "$took" "seconds a run whose tests fail took"
has "--- FAIL: TestBad (0.00s)"
lacks "elapsed: "
contains "FAIL${tab}$pkg/bad${tab}"
contains "ok  ${tab}$pkg/one${tab}"

if [ "$fails" -gt 0 ]; then
    echo "$fails check(s) failed"
    exit 1
fi
echo "fuzzmulti_e2e: ok"
