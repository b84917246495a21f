#!/bin/sh
# oss_e2e.sh CTEST: the files of OSS-Fuzz's build contract that ctest -c
# -fuzzengine=libfuzzer writes beside each binary, with the driver CTEST
# on osspkg/ (in a scratch copy): FuzzRecord_seed_corpus.zip holds the
# f_add seeds and testdata's files in the raw layout, the same files ctest
# corpus export writes, and is the same archive when built again;
# FuzzRecord.dict the words of f_add_dict, testdata/fuzz/FuzzRecord.dict
# and -fuzzdict; FuzzX.options the limits given; FuzzPlain, with no seeds
# and no words of its own, no zip, and a .dict only with -fuzzdict. Each binary runs its seed corpus. A corpus
# file or dictionary line that cannot be read, an -o that cannot be
# written and a bad -fuzztimeout are errors that say so. Without
# libFuzzer's runtime, the test exits 77 (CTest's skip).
set -u
pkg=osspkg
. "$(dirname "$0")/../../../internal/fuzz/testdata/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"

# run WANTSTATUS CMD...: runs CMD, at most 120 s, its output into $out.
run() {
    w=$1
    shift
    expect_status "$w" 120 "$@"
}

# same FILE WANT: FILE must hold exactly the text WANT (printf's format).
same() {
    printf "$2" >"$work/want"
    if ! cmp -s "$work/want" "$1"; then
        echo "FAIL: $1 is not what it should be; got:"
        cat "$1"
        echo "want:"
        cat "$work/want"
        fails=$((fails + 1))
    fi
}

# unzipTo ZIP DIR: extracts ZIP into DIR, a new directory.
unzipTo() {
    mkdir -p "$2" && python3 -m zipfile -e "$1" "$2"
}

cc=${CC:-clang}
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$work/probe.c"
if ! "$cc" -fsanitize=fuzzer -o "$work/probe" "$work/probe.c" >"$out" 2>&1; then
    echo "SKIP: libFuzzer ($cc -fsanitize=fuzzer does not link: $(head -1 "$out"))"
    exit 77
fi

printf '"from-flag"\n' >"$work/flag.dict"
lf="$work/lf"
run 0 "$ctest" -c -fuzzengine=libfuzzer -fuzztimeout=2500ms -fuzzrsslimit=1024 \
    -fuzzmalloclimit=512 -fuzzdict="$work/flag.dict" -o "$lf" .
has "FuzzRecord: wrote ../lf/FuzzRecord, FuzzRecord_seed_corpus.zip (6 inputs: 3 f_add, 3 testdata), FuzzRecord.dict (5 words), FuzzRecord.options"
has "FuzzPlain: wrote ../lf/FuzzPlain, FuzzPlain.dict (1 word), FuzzPlain.options"
for f in FuzzRecord FuzzRecord_seed_corpus.zip FuzzRecord.dict FuzzRecord.options FuzzPlain \
    FuzzPlain.dict FuzzPlain.options; do
    [ -f "$lf/$f" ] || { echo "FAIL: no $f in -o's directory"; fails=$((fails + 1)); }
done
[ -e "$lf/FuzzPlain_seed_corpus.zip" ] && { echo "FAIL: a seed corpus zip for a fuzz test without seeds"; fails=$((fails + 1)); }
if [ -e default.profraw ] || [ -n "$(ls "$work" | grep -v '^\(osspkg\|cache\|out\|probe.*\|flag.dict\|lf\)$')" ]; then
    echo "FAIL: the build left files behind: $(ls . "$work")"
    fails=$((fails + 1))
fi

# The options: -fuzztimeout in whole seconds, rounded up, and the limits.
same "$lf/FuzzRecord.options" '[libfuzzer]\ntimeout = 3\nrss_limit_mb = 1024\nmalloc_limit_mb = 512\n'
same "$lf/FuzzPlain.options" '[libfuzzer]\ntimeout = 3\nrss_limit_mb = 1024\nmalloc_limit_mb = 512\n'
# The words: testdata's file first, then f_add_dict's, then -fuzzdict's,
# each once and escaped as libFuzzer reads them.
same "$lf/FuzzRecord.dict" '"=="\n"\\\\"\n"hdr"\n"v\\x01"\n"from-flag"\n'
same "$lf/FuzzPlain.dict" '"from-flag"\n'

# The zip: the files ctest corpus export writes (the fuzz cache is
# empty), byte for byte. The second f_add seed is ("x", "", 0, false, 0,
# 0.0): x, a backslash and a newline end the []byte, then the fixed-size
# arguments, the last (float64) first.
unzipTo "$lf/FuzzRecord_seed_corpus.zip" "$work/zip"
run 0 "$ctest" corpus export -fuzz=FuzzRecord -o "$work/export" .
if ! diff -r "$work/zip" "$work/export" >"$out" 2>&1; then
    echo "FAIL: the seed corpus zip differs from ctest corpus export's files:"
    cat "$out"
    fails=$((fails + 1))
fi
printf 'x\\\n\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000' >"$work/seed1"
if ! cmp -s "$work/seed1" "$work/zip/$(sha256sum <"$work/seed1" | cut -c1-64)"; then
    echo "FAIL: the zip has no raw file of the second f_add seed:"
    ls "$work/zip"
    fails=$((fails + 1))
fi
# Built again, the archive is the same bytes.
cp "$lf/FuzzRecord_seed_corpus.zip" "$work/first.zip"
run 0 "$ctest" -c -fuzzengine=libfuzzer -fuzztimeout=2500ms -fuzzrsslimit=1024 \
    -fuzzmalloclimit=512 -fuzzdict="$work/flag.dict" -o "$lf" .
if ! cmp -s "$work/first.zip" "$lf/FuzzRecord_seed_corpus.zip"; then
    echo "FAIL: the seed corpus zip changed between two builds"
    fails=$((fails + 1))
fi

# Each binary runs its seed corpus, every input passing.
run 0 "$lf/FuzzRecord" -runs=0 "$work/zip"
contains "INFO: seed corpus: files: 6 "
contains "Done "
mkdir -p "$work/plain"
run 0 "$lf/FuzzPlain" -runs=0 "$work/plain"

# Without -fuzztimeout and the limits, libFuzzer's flags take ctest's
# defaults: a 10 s timeout, 2048 MB of RSS.
run 0 "$ctest" -c -fuzzengine=libfuzzer -o "$lf" .
same "$lf/FuzzRecord.options" '[libfuzzer]\ntimeout = 10\nrss_limit_mb = 2048\n'
same "$lf/FuzzRecord.dict" '"=="\n"\\\\"\n"hdr"\n"v\\x01"\n'
has "FuzzPlain: wrote ../lf/FuzzPlain, FuzzPlain.options"
[ -e "$lf/FuzzPlain.dict" ] && { echo "FAIL: FuzzPlain.dict of the last build left behind"; fails=$((fails + 1)); }

# A replay build writes none of them.
run 0 "$ctest" -c -fuzzengine=replay -o "$work/replay" .
if [ "$(ls "$work/replay")" != "$(printf 'FuzzPlain\nFuzzRecord')" ]; then
    echo "FAIL: the replay build wrote more than its binaries: $(ls "$work/replay")"
    fails=$((fails + 1))
fi

# Inputs that cannot be read: the file and the line are named, the
# build fails, and no zip of an earlier build is left to be taken for it.
printf 'go test fuzz v1\nstring("one argument")\n' >testdata/fuzz/FuzzRecord/short
run 1 "$ctest" -c -fuzzengine=libfuzzer -o "$lf" .
contains "testdata/fuzz/FuzzRecord/short: "
contains "ctest: FuzzRecord: 1 input of the seed corpus cannot be read: no ../lf/FuzzRecord_seed_corpus.zip"
[ -e "$lf/FuzzRecord_seed_corpus.zip" ] && { echo "FAIL: a stale seed corpus zip was left"; fails=$((fails + 1)); }
rm testdata/fuzz/FuzzRecord/short
printf '"ok"\nno quote\n' >>testdata/fuzz/FuzzRecord.dict
run 1 "$ctest" -c -fuzzengine=libfuzzer -o "$lf" .
has "ctest: FuzzRecord: testdata/fuzz/FuzzRecord.dict:5: no opening quote"
touch "$work/file"
run 1 "$ctest" -c -fuzzengine=libfuzzer -o "$work/file/sub" .
has "ctest: mkdir $work/file: not a directory"
run 2 "$ctest" -c -fuzzengine=libfuzzer -fuzztimeout=soon -o "$lf" .
contains 'invalid value "soon" for flag -fuzztimeout: time: invalid duration "soon"'

if [ "$fails" -gt 0 ]; then
    echo "$fails checks failed"
    exit 1
fi
echo PASS
