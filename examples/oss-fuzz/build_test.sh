#!/bin/sh
# build_test.sh: runs the example build.sh as OSS-Fuzz's address build
# runs it, without Docker: clang, OSS-Fuzz's ASan $CFLAGS and
# $LIB_FUZZING_ENGINE=-fsanitize=fuzzer, and scratch $SRC (the repository
# as $SRC/ctest), $WORK and $OUT. It checks that $OUT holds, for each of
# examples/query's fuzz tests, the binary, its seed corpus zip, its
# options and, for FuzzParse, its dictionary; that the shared libraries
# the binaries need but the C library's are in $OUT/lib, where the
# binaries find them; and that each binary runs its seed corpus. Without
# clang's libFuzzer, it exits 77 (CTest's skip).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out="$work/output"
fails=0
. "$root/scripts/e2e_assert.sh"

fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$work/probe.c"
if ! clang -fsanitize=fuzzer -o "$work/probe" "$work/probe.c" >"$out" 2>&1; then
    echo "SKIP: libFuzzer (clang -fsanitize=fuzzer does not link: $(head -1 "$out"))"
    exit 77
fi

mkdir -p "$work/src" "$work/work" "$work/out"
ln -s "$root" "$work/src/ctest"
# OSS-Fuzz's environment for an ASan build with libFuzzer.
export CC=clang CXX=clang++ SRC="$work/src" WORK="$work/work" OUT="$work/out"
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export CXXFLAGS="$CFLAGS" LIB_FUZZING_ENGINE=-fsanitize=fuzzer
if ! (cd "$SRC/ctest" && timeout 600 bash -eu "$here/build.sh") >"$out" 2>&1; then
    fail "build.sh failed:"
    cat "$out"
    exit 1
fi
contains "FuzzRoundTrip: wrote "
contains "/FuzzRoundTrip, FuzzRoundTrip_seed_corpus.zip (3 inputs: 2 f_add, 1 testdata), FuzzRoundTrip.options"
contains "FuzzParse: wrote "
contains ", FuzzParse_seed_corpus.zip (2 inputs: 2 f_add, 0 testdata), FuzzParse.dict (5 words), FuzzParse.options"

for f in FuzzRoundTrip FuzzRoundTrip_seed_corpus.zip FuzzRoundTrip.options FuzzParse \
    FuzzParse_seed_corpus.zip FuzzParse.dict FuzzParse.options; do
    [ -f "$OUT/$f" ] || fail "build.sh left no $f in \$OUT"
done
if [ "$(cat "$OUT/FuzzParse.options")" != "$(printf '[libfuzzer]\ntimeout = 10\nrss_limit_mb = 2048')" ]; then
    fail "FuzzParse.options holds $(cat "$OUT/FuzzParse.options")"
fi

# The shared libraries: each the binaries need, but the C library's, is
# found in $OUT/lib, through the binaries' $ORIGIN/lib.
for fuzzer in FuzzRoundTrip FuzzParse; do
    readelf -d "$OUT/$fuzzer" | grep -q 'R.*PATH.*\[\$ORIGIN/lib\]' ||
        fail "$fuzzer has no \$ORIGIN/lib search path: $(readelf -d "$OUT/$fuzzer" | grep PATH)"
    ldd "$OUT/$fuzzer" >"$out"
    for lib in libffi libpcre2-8 libjansson libnettle libdw; do
        grep -q "^	$lib\.so.* => $OUT/lib/" "$out" || fail "$fuzzer does not find $lib in \$OUT/lib:"
    done
    if grep -q 'not found' "$out"; then
        fail "$fuzzer lacks shared libraries:"
        cat "$out"
    fi
done

# Each binary runs its seed corpus, as ClusterFuzz starts it.
for fuzzer in FuzzRoundTrip FuzzParse; do
    mkdir "$work/$fuzzer"
    python3 -m zipfile -e "$OUT/${fuzzer}_seed_corpus.zip" "$work/$fuzzer"
    if ! "$OUT/$fuzzer" -runs=0 "$work/$fuzzer" >"$out" 2>&1; then
        fail "$fuzzer does not run its seed corpus:"
        cat "$out"
    fi
    contains "INFO: seed corpus: files: "
    contains "Done "
done

if [ "$fails" -gt 0 ]; then
    echo "$fails checks failed"
    exit 1
fi
echo PASS
