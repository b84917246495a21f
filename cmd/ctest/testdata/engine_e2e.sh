#!/bin/sh
# engine_e2e.sh CTEST: ctest -fuzzengine and ctest corpus import and
# export with the driver CTEST on enginepkg/ (in a scratch copy, with a
# scratch fuzz cache). The replay build runs inputs as ctest's T does (a
# failure or a panic ends it with abort(), a skip or a pass does not),
# and reports a crash, an exit, a hang or too much memory with its cause,
# as libFuzzer does;
# libFuzzer, then AFL++, each find the planted bug behind FuzzFields's
# typed arguments ([]byte, int, bool) from the exported corpus; the crash
# each writes, imported back, is a v1 file that ctest -run=FuzzFields/<name>
# fails on. Without libFuzzer's runtime or AFL++, that part is skipped and
# said, and the test exits 77 (CTest's skip) if all else passed.
set -u
pkg=enginepkg
. "$(dirname "$0")/../../../internal/fuzz/testdata/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"
skipped=""

# run WANTSTATUS CMD...: runs CMD, at most 120 s, its output into $out.
run() {
    w=$1
    shift
    expect_status "$w" 120 "$@"
}

# now: the time, in seconds.
now() { date +%s.%N; }
since() { echo "$(now) $1" | awk '{ printf "%.2f", $1 - $2 }'; }

# reproduce ENGINE FILE|DIR...: imports the crash files and checks that
# the test run of the v1 file the first became fails as the engine's run
# did.
reproduce() {
    engine=$1
    shift
    run 0 "$ctest" corpus import -fuzz=FuzzFields . "$@"
    lacks "README.txt"
    name=$(sed -n 's|^added testdata/fuzz/FuzzFields/\([0-9a-f]*\) (.*)$|\1|p' "$out" | head -1)
    if [ ${#name} != 64 ]; then
        echo "FAIL: $engine: importing $* added [$name], want files named by their SHA-256"
        cat "$out"
        fails=$((fails + 1))
        return
    fi
    run 1 "$ctest" -run="FuzzFields/$name" .
    contains "--- FAIL: FuzzFields/$name ("
    contains ", over the limit"
    echo "$engine: its crash, imported as testdata/fuzz/FuzzFields/$name, fails ctest -run=FuzzFields/$name"
}

# The replay build: a main that runs each file given, no engine needed.
run 0 "$ctest" -c -fuzzengine=replay -o "$work/replay" .
for w in skip error panic pass; do printf '%s' "$w" >"$work/$w"; done
run 0 "$work/replay/FuzzOutcome" "$work/skip" "$work/pass"
contains "Executed $work/skip in "
contains "Executed $work/pass in "
run 134 "$work/replay/FuzzOutcome" "$work/error"
has "--- FAIL: FuzzOutcome (0.00s)"
contains "fields_test.c:60: an error, and the test goes on"
run 134 "$work/replay/FuzzOutcome" "$work/panic"
contains "panic: a panic"
run 2 "$work/replay/FuzzOutcome"
contains "usage: $work/replay/FuzzOutcome [-timeout=N] [-rss_limit_mb=N] [-malloc_limit_mb=N] FILE|DIR..."

# An input that crashes, exits, hangs or takes too much memory fails the
# replay build with its cause, as it fails libFuzzer's (below) and ctest's
# own runs: a signal with the test's stack (testing/crash.c), exit(0) as
# ctest's -test.paniconexit0 makes it, libFuzzer's -timeout, -rss_limit_mb
# and -malloc_limit_mb with libFuzzer's defaults.
for w in abort segv exit hang malloc rss; do printf '%s' "$w" >"$work/$w"; done
# A replay build under ASan (the driver's sanitized build) gets ASan's
# report of a SIGSEGV.
asan=$(nm "$work/replay/FuzzOutcome" 2>/dev/null | grep -c ' T __asan_init$')
run 134 "$work/replay/FuzzOutcome" "$work/abort"
has "--- FAIL: FuzzOutcome (0.00s)"
has "fatal error: unexpected signal in FuzzOutcome"
contains "[signal SIGABRT: abort code="
has "fuzzOutcome(...)"
contains "/fields_test.c:"
if [ "$asan" = 0 ]; then
    run 139 "$work/replay/FuzzOutcome" "$work/segv"
    has "fatal error: unexpected signal in FuzzOutcome"
    contains "[signal SIGSEGV: segmentation violation code=0x1 addr=0x40 pc="
    has "fuzzOutcome(...)"
else
    run 1 "$work/replay/FuzzOutcome" "$work/segv"
    contains "ERROR: AddressSanitizer: SEGV on unknown address 0x000000000040"
    contains "in fuzzOutcome"
fi
run 134 "$work/replay/FuzzOutcome" "$work/exit"
contains "panic: unexpected call to os.Exit(0) during test"
lacks "Executed $work/exit"
expect_status 70 30 "$work/replay/FuzzOutcome" -timeout=1 "$work/hang"
contains "and the timeout value is 1 (use -timeout=N to change)"
contains "ERROR: ctest: timeout after "
has "fuzzOutcome(...)"
has "SUMMARY: ctest: timeout"
run 2 "$work/replay/FuzzOutcome" "$work/malloc"
has "ctest: one allocation passed -malloc_limit_mb=2048 (-rss_limit_mb's)"
contains "ERROR: ctest: out-of-memory (malloc(3221225472))"
has "fuzzOutcome(...)"
run 2 "$work/replay/FuzzOutcome" -rss_limit_mb=0 -malloc_limit_mb=1024 "$work/malloc"
has "ctest: one allocation passed -malloc_limit_mb=1024"
run 71 "$work/replay/FuzzOutcome" -rss_limit_mb=100 "$work/rss"
contains "ERROR: ctest: out-of-memory (used: "
contains "Mb; limit: 100Mb)"
has "takeMemory(...)"
has "SUMMARY: ctest: out-of-memory"
# 0 turns the limits off; other engines' flags are ignored; a value that
# is no number is refused.
run 0 "$work/replay/FuzzOutcome" -rss_limit_mb=0 -runs=10 "$work/malloc" "$work/pass"
has "INFO: ignoring flag -runs=10: this binary only replays inputs"
contains "Executed $work/malloc in "
run 2 "$work/replay/FuzzOutcome" -timeout=1s "$work/pass"
has 'invalid value "1s" for flag -timeout: strconv.ParseInt: parsing "1s": invalid syntax'

# export: the f_add seed and the v1 file of testdata as raw bytes, each
# named by its SHA-256: []byte("a,b") or ("a;b"), then the bool's byte
# and the int's 8, the first fixed-size argument last.
run 0 "$ctest" corpus export -fuzz=FuzzFields -o "$work/seeds" .
has "FuzzFields: wrote 2 inputs (1 f_add, 1 testdata, 0 cache) to ../seeds as raw files"
for want in 'a,b\000\002\000\000\000\000\000\000\000' 'a;b\000\003\000\000\000\000\000\000\000'; do
    printf "$want" >"$work/want"
    if ! cmp -s "$work/want" "$work/seeds/$(sha256sum <"$work/want" | cut -c1-64)"; then
        echo "FAIL: export: no raw file holds $want:"
        od -c "$work/seeds"/*
        fails=$((fails + 1))
    fi
done
# and import makes the testdata file the same v1 file again.
run 0 "$ctest" corpus import -fuzz=FuzzFields -n . "$work/seeds"
contains "would add testdata/fuzz/FuzzFields/$(sha256sum <testdata/fuzz/FuzzFields/seed | cut -c1-64) ("
run 0 "$work/replay/FuzzFields" "$work/seeds"
# A v1 crasher with a sanitizer's note keeps it when imported, under the
# name of its values alone, so that this package (built without TSan, in
# every tree of the suite) refuses it rather than pass it.
printf 'go test fuzz v1\n[]byte("x,y") //ctest:sanitize thread\nint(7)\nbool(true)\n' >"$work/noted"
printf 'go test fuzz v1\n[]byte("x,y")\nint(7)\nbool(true)\n' >"$work/plain"
name=$(sha256sum <"$work/plain" | cut -c1-64)
run 0 "$ctest" corpus import -fuzz=FuzzFields . "$work/noted"
contains "added testdata/fuzz/FuzzFields/$name ("
if ! cmp -s "$work/noted" "testdata/fuzz/FuzzFields/$name"; then
    echo "FAIL: import of a noted v1 file wrote:"
    cat "testdata/fuzz/FuzzFields/$name"
    fails=$((fails + 1))
fi
run 1 "$ctest" -run="FuzzFields/$name" .
contains "was found under -sanitize=thread, and this test binary is built without it"
rm "testdata/fuzz/FuzzFields/$name"

# libFuzzer: it finds the bug from the exported corpus. Both engines'
# builds take OSS-Fuzz's build contract: $CC, $CFLAGS (its common flags,
# the sanitizer's and the engine's instrumentation) and $LIB_FUZZING_ENGINE.
cc=${CC:-clang}
contract_cflags="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=fuzzer-no-link"
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$work/probe.c"
if ! "$cc" -fsanitize=fuzzer -o "$work/probe" "$work/probe.c" >"$out" 2>&1; then
    skipped="$skipped libFuzzer ($cc -fsanitize=fuzzer does not link: $(head -1 "$out"))"
else
    # Built as OSS-Fuzz's build.sh is, with its address build's environment.
    run 0 env CC="$cc" CFLAGS="$contract_cflags -fsanitize=address -fsanitize-address-use-after-scope" \
        LIB_FUZZING_ENGINE=-fsanitize=fuzzer "$ctest" -c -fuzzengine=libfuzzer -o "$work/libfuzzer" .
    mkdir -p "$work/lfcorpus" "$work/lfout"
    start=$(now)
    run 1 "$work/libfuzzer/FuzzFields" -max_total_time=20 -error_exitcode=1 \
        -artifact_prefix="$work/lfout/" "$work/lfcorpus" "$work/seeds"
    took=$(since "$start")
    contains "--- FAIL: FuzzFields (0.00s)"
    contains ", over the limit"
    contains "ERROR: libFuzzer: deadly signal"
    # The same inputs as the replay build's above: libFuzzer's runtime
    # reports each with its cause; ctest adds no handler of its own there.
    run 77 "$work/libfuzzer/FuzzOutcome" "$work/abort"
    contains "ERROR: libFuzzer: deadly signal"
    contains "in fuzzOutcome "
    run 1 "$work/libfuzzer/FuzzOutcome" "$work/segv"
    contains "ERROR: AddressSanitizer: SEGV on unknown address 0x000000000040"
    run 77 "$work/libfuzzer/FuzzOutcome" "$work/exit"
    contains "ERROR: libFuzzer: fuzz target exited"
    contains "in fuzzOutcome "
    expect_status 70 30 "$work/libfuzzer/FuzzOutcome" -timeout=1 "$work/hang"
    contains "ERROR: libFuzzer: timeout after "
    run 71 "$work/libfuzzer/FuzzOutcome" "$work/malloc"
    contains "ERROR: libFuzzer: out-of-memory (malloc(3221225472))"
    run 71 "$work/libfuzzer/FuzzOutcome" -rss_limit_mb=100 "$work/rss"
    contains "ERROR: libFuzzer: out-of-memory (used: "
    if [ -z "$(ls "$work/lfout")" ]; then
        echo "FAIL: libFuzzer wrote no crash file"
        fails=$((fails + 1))
    else
        echo "libFuzzer found the crash in ${took}s"
        reproduce libFuzzer "$work"/lfout/crash-*
    fi
fi

# AFL++: the same binary built with afl-clang-fast, fuzzed by afl-fuzz
# until its first crash.
if ! command -v afl-clang-fast >/dev/null || ! command -v afl-fuzz >/dev/null; then
    skipped="$skipped AFL++ (no afl-clang-fast or afl-fuzz: apt-get install afl++)"
else
    # As OSS-Fuzz builds for AFL++: its compiler, and its libFuzzer driver.
    run 0 env CC=afl-clang-fast CFLAGS="$contract_cflags" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
        AFL_QUIET=1 "$ctest" -c -fuzzengine=libfuzzer -o "$work/afl" .
    start=$(now)
    run 0 env AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
        AFL_NO_AFFINITY=1 AFL_BENCH_UNTIL_CRASH=1 afl-fuzz -V 30 -i "$work/seeds" \
        -o "$work/aflout" -- "$work/afl/FuzzFields"
    took=$(since "$start")
    if [ -z "$(ls "$work/aflout/default/crashes" 2>/dev/null | grep '^id:')" ]; then
        echo "FAIL: AFL++ wrote no crash in 30 s"
        cat "$out"
        fails=$((fails + 1))
    else
        echo "AFL++ found the crash in ${took}s"
        # The directory: its README.txt is no input.
        reproduce AFL++ "$work/aflout/default/crashes"
    fi
fi

if [ "$fails" -gt 0 ]; then
    echo "$fails checks failed"
    exit 1
fi
if [ -n "$skipped" ]; then
    echo "SKIP:$skipped"
    exit 77
fi
echo PASS
