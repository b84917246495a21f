#!/bin/sh
# selffuzz_e2e.sh CTEST BUILD CCID fuzz PKG FUZZ TIME: runs the tests and
# seeds of the package PKG of internal/selffuzz (in a scratch copy), then
# fuzzes its fuzz test FUZZ for TIME, with ASan and UBSan, through the
# driver CTEST of the build tree BUILD. A failure prints the driver's
# output and the failing input it wrote.
#
# selffuzz_e2e.sh CTEST BUILD CCID libfuzzer PKG...: builds the fuzz
# tests of each PKG as libFuzzer targets (ctest -c -fuzzengine=libfuzzer),
# with ASan and UBSan, and runs each on its seed corpus, then fuzzes for a
# second.
#
# CCID is the C compiler CMake built ctest with: other than clang, the
# test is skipped (exit status 77), and so it is without libFuzzer's
# runtime. See CMakeLists.txt for why the packages need BUILD.
set -u
build=$2
ccid=$3
mode=$4
if [ "$ccid" != Clang ]; then
    echo "SKIP: ctest's parsers are fuzzed in the clang builds; this one is $ccid's"
    exit 77
fi
# re2c's lexers, which the packages compile, are in the build tree.
export CFLAGS="${CFLAGS:+$CFLAGS }-I$build"
pkg=$5
clangonly=1
. "$(dirname "$0")/../fuzz/testdata/e2e_setup.sh"
. "$here/../../scripts/e2e_assert.sh"

if [ "$mode" = fuzz ]; then
    fuzz=$6
    expect_status 0 150 "$ctest" -sanitize=address,undefined -fuzz="^$fuzz\$" -fuzztime="$7"
    contains "fuzz: elapsed: "
    has PASS
    # A failing input is in testdata: show each one the run added.
    for f in testdata/fuzz/"$fuzz"/*; do
        [ -f "$f" ] && [ ! -f "$here/$pkg/$f" ] || continue
        echo "failing input $f:"
        cat "$f"
    done
    finish
fi

cc=${CC:-clang}
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$work/probe.c"
if ! "$cc" -fsanitize=fuzzer -o "$work/probe" "$work/probe.c" >"$out" 2>&1; then
    echo "SKIP: libFuzzer ($cc -fsanitize=fuzzer does not link: $(head -1 "$out"))"
    exit 77
fi
shift 4
lf=$work/lf
for p in "$@"; do
    [ -d "$work/$p" ] || cp -r "$here/$p" "$work/$p"
    cd "$work/$p" || exit 1
    expect_status 0 150 "$ctest" -c -fuzzengine=libfuzzer -sanitize=address,undefined -o "$lf" .
    for fuzz in $(sed -n 's/^void \(Fuzz[A-Za-z0-9_]*\)(F \*f).*/\1/p' ./*_test.c); do
        seeds=$work/seeds/$fuzz
        mkdir -p "$seeds" && python3 -m zipfile -e "$lf/${fuzz}_seed_corpus.zip" "$seeds"
        expect_status 0 60 "$lf/$fuzz" -max_total_time=1 -artifact_prefix="$work/" "$seeds"
        contains "INFO: seed corpus: files: "
        contains "Done "
    done
done
finish
