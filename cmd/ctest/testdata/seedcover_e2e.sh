#!/bin/sh
# seedcover_e2e.sh CTEST: the seed corpus zip that ctest -c
# -fuzzengine=libfuzzer writes (with the driver CTEST, on osspkg/, in a
# scratch copy) replays in libFuzzer with the coverage of ctest's seed
# run. Both sides are built with clang's source-based coverage: ctest's
# test binary runs FuzzRecord's seeds (its f_add seeds and
# testdata/fuzz/FuzzRecord/), and the libFuzzer binary, built as OSS-Fuzz's
# coverage build is ($CFLAGS -fprofile-instr-generate -fcoverage-mapping,
# $LIB_FUZZING_ENGINE -fsanitize=fuzzer), runs each file of its unzipped
# seed corpus (named one by one, so that libFuzzer adds no empty input of
# its own). Every region and branch of the package's record.c must be
# covered alike (seedcover_compare.py). The comparison can fail: the run
# without each one of the zip's files must differ from ctest's, since each
# seed reaches code no other one does. Without clang's llvm-profdata and
# llvm-cov, or libFuzzer's runtime, the test exits 77 (CTest's skip).
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

# The LLVM tools beside clang (Debian's /usr/lib/llvm-N/bin).
clang=$(command -v clang) || { echo "SKIP: no clang"; exit 77; }
bin=$(dirname "$(readlink -f "$clang")")
profdata="$bin/llvm-profdata"
cov="$bin/llvm-cov"
if [ ! -x "$profdata" ] || [ ! -x "$cov" ]; then
    echo "SKIP: no llvm-profdata and llvm-cov beside $clang (apt-get install llvm)"
    exit 77
fi
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$work/probe.c"
if ! clang -fsanitize=fuzzer -o "$work/probe" "$work/probe.c" >"$out" 2>&1; then
    echo "SKIP: libFuzzer (clang -fsanitize=fuzzer does not link: $(head -1 "$out"))"
    exit 77
fi
covflags="-fprofile-instr-generate -fcoverage-mapping"

# export BINARY PROFRAW NAME: the coverage of the run, as llvm-cov's JSON,
# in $work/NAME.json.
export_cov() {
    run 0 "$profdata" merge -sparse "$2" -o "$work/$3.profdata"
    "$cov" export -format=text -instr-profile="$work/$3.profdata" "$1" >"$work/$3.json" 2>"$out" ||
        { echo "FAIL: llvm-cov export $1:"; cat "$out"; fails=$((fails + 1)); }
}

# ctest's seed run: the test binary, its package's files and tests built
# with coverage, runs FuzzRecord's f_add seeds and testdata's files.
run 0 env CC=clang CFLAGS="$covflags" LDFLAGS=-fprofile-instr-generate \
    "$ctest" -c -o "$work/record.test" .
run 0 env LLVM_PROFILE_FILE="$work/ctest.profraw" "$work/record.test" -test.run='^FuzzRecord$' \
    -test.v
for seed in 'seed#0' 'seed#1' 'seed#2' negative newer strict; do
    contains "--- PASS: FuzzRecord/$seed ("
done
export_cov "$work/record.test" "$work/ctest.profraw" ctest

# libFuzzer's replay of the zip, built in OSS-Fuzz's coverage environment.
run 0 env CC=clang CFLAGS="$covflags" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
    "$ctest" -c -fuzzengine=libfuzzer -o "$work/lf" .
mkdir "$work/zip"
python3 -m zipfile -e "$work/lf/FuzzRecord_seed_corpus.zip" "$work/zip"
set -- "$work"/zip/*
if [ $# != 6 ]; then
    echo "FAIL: the seed corpus zip holds $# files, want 6 (3 f_add, 3 testdata)"
    fails=$((fails + 1))
fi
run 0 env LLVM_PROFILE_FILE="$work/lf.profraw" "$work/lf/FuzzRecord" "$@"
export_cov "$work/lf/FuzzRecord" "$work/lf.profraw" libfuzzer

run 0 python3 "$here/seedcover_compare.py" "$work/ctest.json" "$work/libfuzzer.json" record.c
cat "$out"

# Without any one of the zip's files, the coverage differs.
for drop in "$@"; do
    set --
    for f in "$work"/zip/*; do
        [ "$f" = "$drop" ] || set -- "$@" "$f"
    done
    rm -f "$work/drop.profraw"
    run 0 env LLVM_PROFILE_FILE="$work/drop.profraw" "$work/lf/FuzzRecord" "$@"
    export_cov "$work/lf/FuzzRecord" "$work/drop.profraw" drop
    run 1 python3 "$here/seedcover_compare.py" "$work/ctest.json" "$work/drop.json" record.c
    echo "without $(basename "$drop" | cut -c1-12)...: $(grep -c '^\(region\|branch\)' "$out") differences"
done

if [ "$fails" -gt 0 ]; then
    echo "$fails checks failed"
    exit 1
fi
echo PASS
