#!/bin/sh
# cstring_e2e.sh CTEST: a fuzz test of a C string (C_STRING, ctest's own
# kind) and an int, with the driver CTEST on cstringpkg/ (in a scratch
# copy), in each mode: the seeds run; a cstring line with a NUL is refused
# naming the file; fuzzing finds the planted bug and writes a "ctest fuzz
# v1" file with a cstring line, which -run fails on; -fuzzkeepgoing lists
# it; a C_CHARS test finds a scan past a NUL inside; ctest corpus export and import carry it through raw bytes under the
# same name; the replay build and libFuzzer's build fail on its raw bytes
# (libFuzzer's found from the seeds; skipped, and said, without libFuzzer's
# runtime); -cover runs the seeds; f_add refuses C_STRING(NULL); and a
# fuzz function taking char * for C_STRING does not compile.
set -u
pkg=cstringpkg
. "$(dirname "$0")/../../../internal/fuzz/testdata/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"
skipped=""
# line N PATTERN: the number of the first line of word_test.c with PATTERN.
line() { grep -n "$1" word_test.c | head -1 | cut -d: -f1; }
fuzzline=$(line 'f_fuzz(f, fuzzWord')
wordline=$(line 't_fatalf(t, "word_check')
escline=$(line 't_fatalf(t, "word_escapes')

# The seeds, and a coverage run of them.
expect_status 0 120 "$ctest" -v -run=FuzzWord .
has "    --- PASS: FuzzWord/seed#1 (0.00s)"
expect_status 0 120 "$ctest" -cover -run=FuzzWord .
contains "coverage: "

# A cstring line holding a NUL: an error that names the file and the line.
mkdir -p testdata/fuzz/FuzzWord
printf 'ctest fuzz v1\ncstring("a\\x00b")\nint(0)\n' >testdata/fuzz/FuzzWord/nul
expect_status 1 120 "$ctest" -run=FuzzWord .
has "    word_test.c:$fuzzline: \"testdata/fuzz/FuzzWord/nul\": unmarshal: malformed line \"cstring(\\\"a\\\\x00b\\\")\": a cstring holds no NUL byte (cchars may)"
rm testdata/fuzz/FuzzWord/nul

# Fuzzing finds the bug; the crasher is ctest's version of the encoding.
expect_status 1 120 "$ctest" -fuzz=FuzzWord -fuzztime=60s .
contains "failed"
name=$(sed -n 's|^    Failing input written to testdata/fuzz/FuzzWord/\([0-9a-f]*\)$|\1|p' "$out")
file="testdata/fuzz/FuzzWord/$name"
if [ ${#name} != 64 ] || [ "$(head -1 "$file")" != "ctest fuzz v1" ] ||
    ! grep -q '^cstring("fuzz.*!")$' "$file" || ! grep -q '^int(' "$file"; then
    echo "FAIL: the crasher [$name] is not a ctest fuzz v1 file of a cstring and an int:"
    cat "$out" "$file"
    fails=$((fails + 1))
fi
msg=$(sed -n "s|^        \\(word_test.c:$wordline: word_check(\".*\") failed\\)\$|\\1|p" "$out" | head -1)
expect_status 1 120 "$ctest" -run="FuzzWord/$name" .
has "        $msg"
expect_status 1 120 "$ctest" -fuzz=FuzzWord -fuzzkeepgoing -fuzztime=2s .
contains "crash 1: $msg"

# C_CHARS: a NUL inside reaches the function, and the bytes after the
# last NUL are the same in every run, so the crasher replays. Under ASan
# (the driver's sanitized build) the read past the last NUL is ASan's
# report, for a crasher with a NUL inside or not.
asan=$(nm "$work/probe.test" 2>/dev/null | grep -c ' T __asan_init$')
if [ "$asan" = 0 ]; then
    escmsg="word_test.c:$escline: word_escapes counted 2 escapes, 1 backslashes"
    escline_re='^cchars(".*\\x00.*")$'
else
    escmsg="ERROR: AddressSanitizer: heap-buffer-overflow"
    escline_re='^cchars(".*")$'
fi
expect_status 1 120 "$ctest" -run=FuzzEscapes -fuzz=FuzzEscapes -fuzztime=60s .
contains "$escmsg"
esc=$(sed -n 's|^    Failing input written to \(testdata/fuzz/FuzzEscapes/[0-9a-f]*\)$|\1|p' "$out")
if [ -z "$esc" ] || ! grep -q "$escline_re" "$esc"; then
    echo "FAIL: the crasher [$esc] is not a cchars line ($escline_re):"
    cat "$out" "$esc"
    fails=$((fails + 1))
fi
expect_status 1 120 "$ctest" -run="FuzzEscapes/${esc##*/}" .
contains "$escmsg"
rm -f "$esc"

# Through raw bytes and back: the same file name.
expect_status 0 120 "$ctest" corpus export -fuzz=FuzzWord -o "$work/raw" .
crash=""
for f in "$work"/raw/*; do
    if grep -q 'fuzz.*!' "$f"; then crash=$f; fi
done
mv "$file" "$work/crasher.v1"
expect_status 0 120 "$ctest" corpus import -fuzz=FuzzWord . "$crash"
contains "added $file ("
if ! cmp -s "$file" "$work/crasher.v1"; then
    echo "FAIL: the imported file differs from the crasher exported:"
    cat "$file" "$work/crasher.v1"
    fails=$((fails + 1))
fi

# The replay build, on the raw crasher.
expect_status 0 120 "$ctest" -c -fuzzengine=replay -o "$work/replay" .
expect_status 134 60 "$work/replay/FuzzWord" "$crash"
has "    $msg"

# libFuzzer's build finds the bug from the seeds.
cc=${CC:-clang}
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$work/probe.c"
if ! "$cc" -fsanitize=fuzzer -o "$work/probe" "$work/probe.c" >"$out" 2>&1; then
    skipped="$skipped libFuzzer ($cc -fsanitize=fuzzer does not link: $(head -1 "$out"))"
else
    rm -r testdata
    expect_status 0 120 env CC="$cc" CFLAGS="-O1 -gline-tables-only -fsanitize=fuzzer-no-link" \
        LIB_FUZZING_ENGINE=-fsanitize=fuzzer "$ctest" -c -fuzzengine=libfuzzer -o "$work/lf" .
    mkdir -p "$work/lfcorpus" "$work/lfout"
    expect_status 1 120 "$work/lf/FuzzWord" -max_total_time=60 -error_exitcode=1 \
        -artifact_prefix="$work/lfout/" "$work/lfcorpus"
    contains "word_test.c:$wordline: word_check(\"fuzz"
fi

# f_add(C_STRING(NULL)) panics; char * for C_STRING does not compile.
expect_status 1 120 env CSTRING_NULL_SEED=1 "$ctest" -run=FuzzWord .
contains "panic: testing: C_STRING(NULL) given to Add: a C string seed cannot be NULL"
sed 's/^static void fuzzWord(T \*t, const char \*s/static void fuzzWord(T *t, char *s/' word_test.c >"$work/w.c"
mv "$work/w.c" word_test.c
expect_status 2 120 "$ctest" -run=FuzzWord .
contains "word_test.c:$fuzzline:"
contains "f_fuzz: the fuzz function's parameter types do not match its kinds"

if [ -n "$skipped" ] && [ "$fails" = 0 ]; then
    echo "SKIP: not run:$skipped"
    exit 77
fi
finish
