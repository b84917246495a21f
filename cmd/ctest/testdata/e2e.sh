#!/bin/sh
# e2e.sh CTEST: runs the driver CTEST over the fixture packages in this
# directory and checks its output and exit status, as go test's own
# script tests do. Durations are rewritten to 0.000s before comparing.
set -u
ctest=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/e2e_assert.sh"
cd "$here" || exit 1
fails=0
out=$(mktemp)
trap 'rm -rf "$out" "$here/pass/pass.test" /tmp/ctest-e2e-$$.test "$here/fuzzbug/testdata"' EXIT

# run WANTSTATUS DIR ARGS...: runs ctest in DIR; stdout and stderr into $out.
run() {
    want=$1 dir=$2
    shift 2
    (cd "$dir" && "$ctest" "$@") >"$out" 2>&1
    got=$?
    sed -i -e 's/[0-9][0-9]*\.[0-9][0-9][0-9]s/0.000s/g' -e 's/([0-9][0-9]*\.[0-9][0-9]s)/(0.00s)/g' "$out"
    if [ "$got" != "$want" ]; then
        echo "FAIL: ctest $* (in $dir): got exit status $got, want $want"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# rerunFails DIR PREFIX WHAT: the re-run command in $out starts with
# PREFIX (it names WHAT), and, pasted in DIR, fails again with FuzzBug's
# message.
rerunFails() {
    rerun=$(grep -A1 '^    To re-run:' "$out" | tail -n 1 | sed 's/^ *//')
    case $rerun in
    "$2"*)
        (cd "$1" && eval "$rerun") >"$out" 2>&1
        got=$?
        if [ "$got" != 1 ] || ! grep -q "fuzzbug_test.c:9: found FUZ" "$out"; then
            echo "FAIL: the pasted re-run command $rerun: exit status $got, want 1"
            cat "$out"
            fails=$((fails + 1))
        fi
        ;;
    *)
        echo "FAIL: re-run command $rerun: want $3"
        cat "$out"
        fails=$((fails + 1))
        ;;
    esac
}

tab=$(printf '\t')

# A package is named by the base name of the nearest directory with a
# .git entry followed by its path below it, or else _ and its absolute path
# (see packagePath in load.c), wherever ctest runs from.
pkg=_$(cd "$here" && pwd -P)/
d=$(cd "$here" && pwd -P)
while [ "$d" != / ]; do
    if [ -e "$d/.git" ]; then
        pkg=$(cd "$here" && pwd -P)
        pkg=$(basename "$d")/${pkg#"$d"/}/
        break
    fi
    d=$(dirname "$d")
done

# Local directory mode: the whole output, then the ok line.
run 0 pass -v
has "=== RUN   TestAdd"
has "--- PASS: TestAdd (0.00s)"
has "--- PASS: FuzzAdd (0.00s)"
hasnt "=== RUN   TesticularCancer"
hasnt "=== RUN   TestStatic"
has "ok  ${tab}${pkg}pass${tab}0.000s"

# Package list mode: only the ok line of a passing package.
run 0 . ./pass
hasnt "PASS"
has "ok  ${tab}${pkg}pass${tab}0.000s"

# A failing package: its output, FAIL lines, exit status 1.
run 1 . ./fail ./pass
has "--- FAIL: TestFails (0.00s)"
has "    fail_test.c:5: bad"
has "FAIL${tab}${pkg}fail${tab}0.000s"
has "ok  ${tab}${pkg}pass${tab}0.000s"
has "FAIL"

# Local mode shows the exit status of a failed binary.
run 1 fail
has "exit status 1"

# A build failure: the compiler's output under a # header, exit status 2.
run 2 . ./buildfail
has "# ${pkg}buildfail [${pkg}buildfail.test]"
has "FAIL${tab}${pkg}buildfail [build failed]"
# The files compile side by side (-p); their output keeps the files' order.
for p in 1 4; do
    run 2 . -p=$p ./buildfail
    first=$(grep -n "^buildfail/buildfail_test.c:5:" "$out" | head -1 | cut -d: -f1)
    second=$(grep -n "^buildfail/zz_test.c:6:" "$out" | head -1 | cut -d: -f1)
    if [ -z "$first" ] || [ -z "$second" ] || [ "$first" -ge "$second" ]; then
        echo "FAIL: -p=$p: compiler output does not name buildfail/buildfail_test.c:5, then" \
            "buildfail/zz_test.c:6"
        cat "$out"
        fails=$((fails + 1))
    fi
done
# -coverpkg is refused before anything is built, not handed to the test
# binary, which does not know it (the other coverage flags: cover_e2e.sh).
run 2 . ./pass -coverpkg=./...
has "ctest: -coverpkg is not supported: -cover measures the package tested and its //ctest:srcs files"
hasnt "Usage of"
# As in Go, -p must be positive.
run 1 . -p=0 ./pass
has "ctest: -p must be a positive integer: 0"

# A //ctest:srcs pattern that matches nothing: setup failed.
run 1 . ./srcsbad
has "$here/srcsbad/srcsbad_test.c: //ctest:srcs nothere/*.c matches no file"
has "FAIL${tab}${pkg}srcsbad [setup failed]"

# A test with the wrong signature: setup failed, as checkTestFunc.
run 1 . ./badsig
has "# ${pkg}badsig"
has "$here/badsig/badsig_test.c:4:1: wrong signature for TestWrong, must be: void TestWrong(T *t)"
has "FAIL${tab}${pkg}badsig [setup failed]"

# f_fuzz's compile-time check: each call whose kinds contradict the fuzz
# function's C types (badkinds_test.c lines 28 to 35) fails the build
# with the check's message; kinds that share a C type pass it.
run 2 . ./badkinds
has "FAIL${tab}${pkg}badkinds [build failed]"
n=$(grep -c "f_fuzz: the fuzz function.*s parameter types do not match its kinds" "$out")
if [ "$n" != 8 ]; then
    echo "FAIL: badkinds: got $n f_fuzz type errors, want 8"
    cat "$out"
    fails=$((fails + 1))
fi
for line in 28 29 30 31 32 33 34 35; do
    contains "badkinds/badkinds_test.c:$line:"
done
run 0 . ./samekinds
has "ok  ${tab}${pkg}samekinds${tab}0.000s"

# No test files.
run 0 . ./notests
has "?   ${tab}${pkg}notests${tab}[no test files]"

# ./... finds every directory with C files, notests too, as Go lists a
# package without test files.
run 2 . ./...
has "ok  ${tab}${pkg}cflags${tab}0.000s"
has "FAIL${tab}${pkg}fail${tab}0.000s"
has "?   ${tab}${pkg}notests${tab}[no test files]"

# -run matching nothing.
run 0 . -run XXX ./pass
has "ok  ${tab}${pkg}pass${tab}0.000s [no tests to run]"

# -c writes pass.test in the current directory; -o names it.
run 0 pass -c
if [ ! -x pass/pass.test ]; then
    echo "FAIL: ctest -c wrote no pass/pass.test"
    fails=$((fails + 1))
fi
run 0 . -c -o /tmp/ctest-e2e-$$.test ./pass
(cd pass && /tmp/ctest-e2e-$$.test -test.run=TestAdd -test.v) >"$out" 2>&1
has "--- PASS: TestAdd (0.00s)"

# -args passes the rest to the binary, which runs in its package directory.
run 0 . ./args -args hello-args
has "ok  ${tab}${pkg}args${tab}0.000s"
run 1 . ./args
has "    args_test.c:24: got no argument hello-args, want it"

# //ctest:cflags and //ctest:ldflags lines.
run 0 . ./cflags

# Misuse: Go's messages, exit status 2 or 1.
run 2 . -count x ./pass
has 'invalid value "x" for flag -count: parse error'
run 2 . -run
has "flag needs an argument: -run"
run 1 . -fuzz FuzzAdd ./pass ./fail
has "cannot use -fuzz flag with multiple packages"
has "ctest: hint: -fuzzmulti fuzzes every fuzz test that -fuzz matches, across the packages, in turns that share -fuzztime"
run 1 . ./nonexistent
has "stat $here/nonexistent: directory not found"
# ctest's hints where Go's message leaves a C user stuck: a mistyped flag
# sends the package after it to the test binary (Go's error, then a line
# that says so), and a test file named in place of its package.
run 1 . -fuzztme=10s ./pass
has "no C files in $here"
has "ctest: hint: -fuzztme is not a flag of ctest, so it and the arguments after it (./pass among them) went to the test binary (ctest help testflag lists ctest's flags)"
run 1 . -fuzztme=10s
has "no C files in $here"
lacks "is not a flag of ctest"
run 1 . ./pass/add_test.c
has "$here/pass/add_test.c is a file: a package is a directory ($here/pass)"
# The test binary's hints, after Go's messages that name Go's types and
# Go's source file, and a duration flag given a bare number: on the
# driver's stderr, after the output, and on no stdout.
run 1 . ./misuse
has "    misuse_test.c:16: mismatched types in corpus entry: [[]uint8 string], want [[]uint8 int]"
has "ctest: hint: FuzzSeedKinds: the seed that f_add gave at misuse_test.c:14 (seed#1) is (GO_BYTES, GO_STRING), but f_fuzz at misuse_test.c:16 takes (GO_BYTES, GO_INT)"
has "    fuzz.go:629: returned without calling F.Fuzz, F.Fail, or F.Skip"
has "ctest: hint: FuzzNoFuzz returned without calling f_fuzz, f_fail or f_skip (fuzz.go:629 is where Go reports it): a fuzz test ends with f_fuzz(f, fn, GO_BYTES, ...)"
if [ "$(grep -n '^ctest: hint: FuzzNoFuzz' "$out" | cut -d: -f1)" -lt "$(grep -n "^FAIL${tab}" "$out" | cut -d: -f1)" ]; then
    echo "FAIL: a hint came before the package's FAIL line"
    cat "$out"
    fails=$((fails + 1))
fi
(cd . && "$ctest" ./misuse 2>/dev/null) >"$out"
lacks "ctest: hint:"
run 1 . -run=FuzzSeedKinds -fuzz=FuzzSeedKinds ./misuse
has "ctest: hint: FuzzSeedKinds: the seed that f_add gave at misuse_test.c:14 (seed#1) is (GO_BYTES, GO_STRING), but f_fuzz at misuse_test.c:16 takes (GO_BYTES, GO_INT)"
run 1 . -fuzztime=10 ./pass
has 'invalid value "10" for flag -test.fuzztime: invalid duration'
has "ctest: hint: -fuzztime=10 has no unit: 10s is a duration, 10x a number of runs"
run 1 . -fuzztime=10sec ./pass
has "ctest: hint: -fuzztime takes a duration (10s, 1m30s, 2h) or a number of runs (1000x)"
run 1 . -fuzz=. -fuzztime=1x ./fuzzmulti/one
has "testing: will not fuzz, -fuzz matches more than one fuzz test: [FuzzLeft FuzzRight]"
has "ctest: hint: -fuzzmulti fuzzes every fuzz test that -fuzz matches, in turns that share -fuzztime; or make -fuzz match one (-fuzz='^FuzzX\$')"
# A binary run without the driver keeps Go's output alone.
run 0 . -c -o /tmp/ctest-e2e-$$.test ./misuse
(cd misuse && /tmp/ctest-e2e-$$.test) >"$out" 2>&1
has "    fuzz.go:629: returned without calling F.Fuzz, F.Fail, or F.Skip"
lacks "ctest: hint:"

# -fuzz instruments the package's own files (here add.c and add_test.c)
# for coverage, never the generated main nor the libraries, when the engine
# (libctest_fuzz.a, next to bin/ in the build tree) reads 8-bit counters.
# -work keeps the objects to look at.
fuzzlib=$(dirname "$(dirname "$ctest")")/internal/fuzz/libctest_fuzz.a
hooks=no
if command -v nm >/dev/null && [ -f "$fuzzlib" ] &&
    nm "$fuzzlib" 2>/dev/null | grep -q ' T __sanitizer_cov_8bit_counters_init$'; then
    hooks=yes
fi
# sancov OBJ: how many __sancov_cntrs sections OBJ has.
sancov() {
    readelf -S "$1" 2>/dev/null | grep -c __sancov_cntrs
}
# The compiler ctest uses may be one without 8-bit counters (a gcc build):
# then -fuzz must say so (as checked with CC=gcc below).
nocounters=no
(cd . && "$ctest" -c -fuzz=. -o /tmp/ctest-e2e-$$.test ./pass) >"$out" 2>&1
if [ $? = 2 ] && grep -q '^ctest: -fuzz needs coverage instrumentation.*Set CC=clang\.$' "$out"; then
    nocounters=yes
fi
if [ "$nocounters" = yes ] && [ "$hooks" = no ]; then
    echo "FAIL: -fuzz wants coverage, but $fuzzlib has no counters hook"
    fails=$((fails + 1))
fi
[ "$nocounters" = no ] && run 0 . -work -c -fuzz=. -o /tmp/ctest-e2e-$$.test ./pass
work=$(sed -n 's/^WORK=//p' "$out")
if [ "$nocounters" = yes ]; then
    : # nothing built
elif [ -z "$work" ] || [ ! -f "$work/b001/add.o" ]; then
    echo "FAIL: ctest -work printed no WORK= line with b001/add.o"
    cat "$out"
    fails=$((fails + 1))
elif command -v readelf >/dev/null; then
    if [ "$(sancov "$work/b001/_testmain.o")" != 0 ]; then
        echo "FAIL: -fuzz instrumented the generated main"
        fails=$((fails + 1))
    fi
    for o in add add_test; do
        n=$(sancov "$work/b001/$o.o")
        if [ "$hooks" = yes ] && [ "$n" = 0 ]; then
            echo "FAIL: -fuzz did not instrument $o.o"
            fails=$((fails + 1))
        elif [ "$hooks" = no ] && [ "$n" != 0 ]; then
            echo "FAIL: -fuzz instrumented $o.o, but $fuzzlib has no counters hook"
            fails=$((fails + 1))
        fi
    done
    if [ "$hooks" = yes ] && [ "$(sancov /tmp/ctest-e2e-$$.test)" = 0 ]; then
        echo "FAIL: ctest -c -fuzz wrote an uninstrumented binary"
        fails=$((fails + 1))
    fi
fi
[ -n "$work" ] && rm -rf "$work"
# Without -fuzz nothing is instrumented.
run 0 . -work -c -o /tmp/ctest-e2e-$$.test ./pass
work=$(sed -n 's/^WORK=//p' "$out")
if command -v readelf >/dev/null && [ -n "$work" ] && [ "$(sancov "$work/b001/add.o")" != 0 ]; then
    echo "FAIL: ctest -c without -fuzz instrumented add.o"
    fails=$((fails + 1))
fi
[ -n "$work" ] && rm -rf "$work"
# gcc has no 8-bit counters: -fuzz says so and what to set.
if [ "$hooks" = yes ] && command -v gcc >/dev/null; then
    had_cc=${CC+x} old_cc=${CC-}
    export CC=gcc
    run 2 . -c -fuzz=. -o /tmp/ctest-e2e-$$.test ./pass
    if [ -n "$had_cc" ]; then CC=$old_cc; else unset CC; fi
    if ! grep -q '^ctest: -fuzz needs coverage instrumentation.*Set CC=clang\.$' "$out"; then
        echo "FAIL: ctest -fuzz with CC=gcc does not say to set CC=clang"
        cat "$out"
        fails=$((fails + 1))
    fi
fi

# Coverage-guided fuzzing finds fuzzbug's bug byte by byte, writes it to
# testdata/fuzz and prints a re-run command that replays it.
if [ "$hooks" = yes ] && [ "$nocounters" = no ]; then
    cache=$(mktemp -d)
    export CTESTCACHE="$cache"
    run 1 fuzzbug -fuzz=FuzzBug -fuzztime=30s
    has "        fuzzbug_test.c:9: found FUZ"
    file=$(sed -n 's|^    Failing input written to \(testdata/fuzz/FuzzBug/[0-9a-f]*\)$|\1|p' "$out")
    if [ -z "$file" ] || [ ! -f "fuzzbug/$file" ]; then
        echo "FAIL: ctest -fuzz wrote no failing input under fuzzbug/testdata/fuzz/FuzzBug"
        cat "$out"
        fails=$((fails + 1))
    else
        has "    $ctest -run=FuzzBug/${file##*/}"
        run 1 fuzzbug -run="FuzzBug/${file##*/}"
        has "        fuzzbug_test.c:9: found FUZ"
    fi
    rm -rf fuzzbug/testdata
    # Invoked by a name the shell must quote, the driver prints a re-run
    # command that, pasted, runs it again and fails again.
    odd=$(mktemp -d)
    ln -s "$ctest" "$odd/my ctest's"
    (cd fuzzbug && "$odd/my ctest's" -fuzz=FuzzBug -fuzztime=30s) >"$out" 2>&1
    rerunFails fuzzbug "'$odd/my ctest'\\''s' -run=FuzzBug/" "the driver's quoted name"
    rm -rf fuzzbug/testdata "$odd"
    # Fuzzing a package named from elsewhere, the re-run command names it,
    # so that pasted where the run started it fails again (Go's names no
    # package).
    run 1 . -fuzz=FuzzBug -fuzztime=30s ./fuzzbug
    rerunFails . "$ctest ./fuzzbug -run=FuzzBug/" "the package, ./fuzzbug"
    rm -rf fuzzbug/testdata
    # //ctest:srcs builds a library outside the package instrumented, so
    # fuzzing finds a bug that only its coverage leads to.
    run 1 srcs -fuzz=FuzzFind -fuzztime=30s
    has "        srcs_test.c:19: found BUG"
    rm -rf srcs/testdata
    # -fuzzstats: the progress lines add coverage, corpus, crashes and,
    # once the workers have been looked at (each 3s line), their memory;
    # Go's lines stay as they are without it, in Go's search and in -json.
    stats='^fuzz: elapsed: [0-9]*s, execs: [0-9]* ([0-9]*/sec), new interesting: [0-9]* (total: [0-9]*), coverage: [1-9][0-9]* bits, corpus: [1-9][0-9]*, crashes: 0'
    run 0 pass -fuzz=FuzzAdd -fuzztime=4s -fuzzstats
    if ! grep -q "$stats, rss: [1-9][0-9]* MB\$" "$out"; then
        echo "FAIL: -fuzzstats: no progress line with the workers' memory"
        cat "$out"
        fails=$((fails + 1))
    fi
    run 0 pass -fuzz=FuzzAdd -fuzztime=2000x -fuzzstats
    grep -q "$stats" "$out" || { echo "FAIL: -fuzzstats: no fuller progress line"; cat "$out"; fails=$((fails + 1)); }
    for flags in "" "-fuzzcmp=false -fuzzstats" "-json -fuzzstats"; do
        # shellcheck disable=SC2086 # the flags are words
        run 0 pass -fuzz=FuzzAdd -fuzztime=2000x $flags
        contains "execs: 2000"
        lacks ", coverage: "
    done

    # A library linked without coverage counters is named in a warning;
    # built with `ctest flags`' CTEST_FUZZ_CFLAGS, it has them, and fuzzing
    # sees inside it.
    lib=$(mktemp -d)
    clang -c srcs/lib/find.c -o "$lib/find.o" && ar rcs "$lib/libfind.a" "$lib/find.o"
    export LDFLAGS="-L$lib -lfind"
    run 0 linked -fuzz=FuzzFind -fuzztime=100x
    has "ctest: warning: fuzzing ${pkg}linked: $lib/libfind.a has no coverage counters, so fuzzing does not see inside it; build it with the CTEST_FUZZ_CFLAGS of \`ctest flags\`, or name its sources in a //ctest:srcs line"
    eval "$("$ctest" flags)"
    # shellcheck disable=SC2086 # the flags are words
    clang $CTEST_FUZZ_CFLAGS -c srcs/lib/find.c -o "$lib/find.o" && rm "$lib/libfind.a" &&
        ar rcs "$lib/libfind.a" "$lib/find.o"
    run 1 linked -fuzz=FuzzFind -fuzztime=30s
    has "        linked_test.c:12: found BUG"
    hasnt "has no coverage counters"
    # The flags keep optimized code's branches apart, as -fsanitize=fuzzer
    # does: each function is marked optforfuzzing.
    # shellcheck disable=SC2086 # the flags are words
    if ! clang $CTEST_FUZZ_CFLAGS -O2 -S -emit-llvm -o - srcs/lib/find.c | grep -q optforfuzzing; then
        echo "FAIL: CTEST_FUZZ_CFLAGS: srcs/lib/find.c at -O2 has no function marked optforfuzzing"
        fails=$((fails + 1))
    fi
    unset LDFLAGS
    rm -rf "$lib" linked/testdata
    # The sanitizer runtimes' weak coverage hooks must not hide the engine's.
    run 1 fuzzbug -sanitize=address,undefined -fuzz=FuzzBug -fuzztime=30s
    has "        fuzzbug_test.c:9: found FUZ"
    rm -rf fuzzbug/testdata "$cache"
    unset CTESTCACHE
fi

# A test that crashes the binary is named, with its output so far and the
# stack where it crashed (ctest's own). Under a sanitizer (the suite's
# ASan build), the sanitizer's handler reports it instead.
run 1 . ./crash
if grep -q 'AddressSanitizer' "$out"; then
    contains "ERROR: AddressSanitizer: SEGV on unknown address"
else
    has "--- FAIL: TestCrash (0.00s)"
    has "    crash_test.c:16: about to crash"
    has "fatal error: unexpected signal in TestCrash"
    contains "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x"
    contains "crash/crash_test.c:8 +0x"
    contains "crash/crash_test.c:17 +0x"
    has "FAIL${tab}${pkg}crash${tab}0.000s"
fi

# -sanitize=list builds the package and its tests with sanitizers.
run 1 . -sanitize=address -run HeapOverflow ./sanitize
if ! grep -q "ERROR: AddressSanitizer: heap-buffer-overflow" "$out"; then
    echo "FAIL: -sanitize=address missed the heap-buffer-overflow"
    fails=$((fails + 1))
fi
has "FAIL${tab}${pkg}sanitize${tab}0.000s"
run 1 . -sanitize=address,undefined -run SignedOverflow ./sanitize
if ! grep -q "sanitize_test.c:16:.*runtime error: signed integer overflow" "$out"; then
    echo "FAIL: -sanitize=undefined missed the signed integer overflow"
    cat "$out"
    fails=$((fails + 1))
fi

# -json: the events Go 1.19.8's go test -json -p 1 printed for Go twins of
# these packages (golden/vectors/test2json/gojson.json), once the clocks
# and file names are normalized as golden/vectors/test2json/main.go does.
# Go's twins were recorded as cmd/ctest/testdata/<name>; outside a git
# checkout ctest names them <name>, so the recording's prefix becomes $pkg.
run 1 . -json ./pass ./notests ./fail
if grep -v '^{"Time":"[0-9-]*T[0-9:.]*\(Z\|[+-][0-9][0-9]:[0-9][0-9]\)","Action":"' "$out"; then
    echo "FAIL: ctest -json printed the lines above, not JSON events with a Time"
    fails=$((fails + 1))
fi
sed -E -e 's/"Time":"[^"]*",//' -e 's/"Elapsed":[0-9.e+-]+/"Elapsed":0/' \
    -e 's/[0-9]+\.[0-9]{3}s/0.000s/g' -e 's/_test\.(go|c):[0-9]+/_test.X:N/g' "$out" >"$out.json"
sed "s|cmd/ctest/testdata/|$pkg|g" "$here/../../../golden/vectors/test2json/gojson.json" >"$out.want"
if ! diff -u "$out.want" "$out.json"; then
    echo "FAIL: ctest -json differs from go test -json (above, - go, + ctest)"
    fails=$((fails + 1))
fi
rm -f "$out.json" "$out.want"
# Local directory mode streams through test2json too.
run 0 pass -json -run TestAdd
if ! grep -qF "\"Action\":\"pass\",\"Package\":\"${pkg}pass\",\"Test\":\"TestAdd\",\"Elapsed\":" "$out"; then
    echo "FAIL: ctest -json in local directory mode has no pass event for TestAdd"
    cat "$out"
    fails=$((fails + 1))
fi
hasnt "=== RUN   TestAdd"

# ctest clean -fuzzcache empties $CTESTCACHE/fuzz.
cache=$(mktemp -d)
mkdir -p "$cache/fuzz/x/FuzzY"
CTESTCACHE=$cache "$ctest" clean -fuzzcache
if [ -e "$cache/fuzz" ]; then
    echo "FAIL: ctest clean -fuzzcache left $cache/fuzz"
    fails=$((fails + 1))
fi
rm -rf "$cache"

# ctest ... | true: the reader is gone before the first line; ctest
# removes its work directory and then dies of SIGPIPE.
tmp=$(mktemp -d)
{
    TMPDIR=$tmp "$ctest" -v ./pass ./fail
    echo $? >"$tmp.status"
} | true
left=$(ls "$tmp")
if [ -n "$left" ] || [ "$(cat "$tmp.status")" != 141 ]; then
    echo "FAIL: ctest | true: exit status $(cat "$tmp.status") (want 141, SIGPIPE), left in TMPDIR: $left"
    fails=$((fails + 1))
fi
rm -rf "$tmp" "$tmp.status"

# ctest version, and --version, print the version and run nothing.
for v in version --version; do
    run 0 pass $v
    has "ctest version $(sed -n 's/^project(ctest VERSION \([0-9.]*\).*/\1/p' "$here/../../../CMakeLists.txt") $(uname -s | tr 'A-Z' 'a-z')/$(uname -m) (go test and fuzzing of go1.19.8)"
    hasnt "ok  "
done

# ./... skips a CMake build tree (a directory with CMakeCache.txt) below
# it, whose CMakeFiles hold C files of CMake's compiler checks.
proj=$(mktemp -d)
mkdir -p "$proj/lib" "$proj/build/CMakeFiles/3.25.1/CompilerIdC"
cp pass/*.c "$proj/lib/"
: >"$proj/build/CMakeCache.txt"
echo 'int main(void) { return 0; }' >"$proj/build/CMakeFiles/3.25.1/CompilerIdC/CMakeCCompilerId.c"
run 0 "$proj" ./...
has "ok  ${tab}_$(cd "$proj" && pwd -P)/lib${tab}0.000s"
hasnt "CompilerIdC"
rm -rf "$proj"

if [ "$fails" -ne 0 ]; then
    echo "FAIL: $fails checks"
    exit 1
fi
echo PASS
