#!/bin/sh
# cmp_e2e.sh CTEST: fuzzes the targets of cmppkg/ with the driver CTEST and
# checks that the comparison dictionary (-fuzzcmp, on by default; ctest's
# own, not Go's) finds each bug within the 30s cap (it takes well under a
# second), that the failing input written reproduces it, that
# -fuzzcmp=false leaves the search to Go's mutators, and that an input
# found is replaced in the cache by a smaller one with its new coverage
# (ctest's reduction), leaving one file per input found; that the token
# dictionary has the package's string constants and -fuzzdict's words; and
# that the default search counts edges where Go's search (-fuzzcmp=false,
# GODEBUG=fuzzcmp=0) counts blocks.
set -u
pkg=cmppkg
. "$(dirname "$0")/e2e_setup.sh"

# expect STATUS WHAT [TEXT]: the last command, named WHAT, must have exited
# with STATUS ('!0': any but 0) and, with TEXT, printed it (into $out).
expect() {
    got=$?
    if { [ "$1" = '!0' ] && [ "$got" = 0 ]; } || { [ "$1" != '!0' ] && [ "$got" != "$1" ]; } ||
        { [ -n "${3:-}" ] && ! grep -qF -- "$3" "$out"; }; then
        echo "FAIL: $2: got exit status $got, want $1${3:+ and: $3}"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# find TARGET MESSAGE: fuzzing TARGET must fail with MESSAGE, and the
# input written must fail again.
find() {
    "$ctest" -run="$1" -fuzz="$1" -fuzztime=30s -parallel=2 >"$out" 2>&1
    got=$?
    if [ "$got" != 1 ] || ! grep -qF -- "$2" "$out"; then
        echo "FAIL: ctest -fuzz=$1: got exit status $got, want 1 and: $2"
        cat "$out"
        fails=$((fails + 1))
        return
    fi
    grep 'elapsed' "$out" | tail -1
    for f in testdata/fuzz/"$1"/*; do
        "$ctest" -run="$1/$(basename "$f")" >"$out" 2>&1
        got=$?
        if [ "$got" != 1 ] || ! grep -qF -- "$2" "$out"; then
            echo "FAIL: ctest -run=$1/$(basename "$f"): got exit status $got, want 1 and: $2"
            cat "$f" "$out"
            fails=$((fails + 1))
        fi
    done
}

find FuzzMagic32 'found the magic value 0xdeadbeef'
find FuzzPair 'found the pair (ctest, 1234567890123)'
find FuzzHeader 'found the header'
find FuzzDecimal 'found the number'

# The token dictionary (ctest's own): a keyword the target looks up by hash
# is one of the package's string constants; a word built at run time is
# found when f_add_dict gives it, or a dictionary file: -fuzzdict's (which
# the driver finds from where it was invoked, though the test binary runs
# in the package directory), or testdata/fuzz/FuzzX.dict.
find FuzzKeyword 'found the keyword'
find FuzzAddDict 'found the word of f_add_dict'
# Without a file, neither the package's words nor Go's mutations find it.
rm -rf testdata
"$ctest" -run=FuzzDictWord -fuzz=FuzzDictWord -fuzztime=20000x >"$out" 2>&1
expect 0 "ctest -fuzz=FuzzDictWord without a dictionary"
printf '# a word the package does not have\nw1="greatback"\n' >"$work/words.dict"
(cd "$work" && "$ctest" -run=FuzzDictWord -fuzz=FuzzDictWord -fuzztime=30s -fuzzdict=words.dict \
    ./cmppkg) >"$out" 2>&1
expect 1 "ctest -fuzz=FuzzDictWord -fuzzdict=words.dict" 'found the word of the dictionary file'
rm -rf testdata
mkdir -p testdata/fuzz
cp "$work/words.dict" testdata/fuzz/FuzzDictWord.dict
find FuzzDictWord 'found the word of the dictionary file'
# A bad dictionary file is an error naming the file and line: -fuzzdict's
# is a flag error, testdata's fails the fuzz test.
printf '"ok"\n"unterminated\n' >"$work/bad.dict"
"$ctest" -run=FuzzDictWord -fuzz=FuzzDictWord -fuzztime=1x -fuzzdict="$work/bad.dict" >"$out" 2>&1
expect '!0' "ctest -fuzzdict=bad.dict" \
    "invalid value \"$work/bad.dict\" for flag -test.fuzzdict: $work/bad.dict:2: no closing quote"
rm -rf testdata
mkdir -p testdata/fuzz
cp "$work/bad.dict" testdata/fuzz/FuzzDictWord.dict
"$ctest" -run=FuzzDictWord -fuzz=FuzzDictWord -fuzztime=1x >"$out" 2>&1
expect 1 "ctest -fuzz=FuzzDictWord with a bad testdata/fuzz/FuzzDictWord.dict" \
    "testing: reading the dictionary: testdata/fuzz/FuzzDictWord.dict:2: no closing quote"

# Without the dictionary, 2000 of Go's mutations do not find the magic value,
# nor 20000 the number, from the seeds alone: an empty fuzz cache, since
# the runs above left inputs a mutation or two from the bug.
rm -rf testdata
CTESTCACHE="$work/cache-go" "$ctest" -run=FuzzMagic32 -fuzz=FuzzMagic32 -fuzztime=2000x \
    -fuzzcmp=false >"$out" 2>&1
expect 0 "ctest -fuzz=FuzzMagic32 -fuzzcmp=false"
CTESTCACHE="$work/cache-go" "$ctest" -run=FuzzDecimal -fuzz=FuzzDecimal -fuzztime=20000x \
    -fuzzcmp=false >"$out" 2>&1
expect 0 "ctest -fuzz=FuzzDecimal -fuzzcmp=false"

# Reduction: from a 200-byte seed, the inputs found start long and shrink;
# each reduction replaces a file, so the cache holds one per input found,
# and the next run reads them all back.
rm -rf testdata
GODEBUG=fuzzdebug=1 "$ctest" -run='^$' -fuzz=FuzzReduce -fuzztime=200000x -parallel=1 >"$out" 2>&1
got=$?
found=$(sed -n 's/.*new interesting: \([0-9]*\).*/\1/p' "$out" | tail -1)
cache=$(command find "$CTESTCACHE/fuzz" -type d -name FuzzReduce)
files=$(command find "$cache" -type f | wc -l)
if [ "$got" != 0 ] || ! grep -q 'DEBUG reduced input' "$out" || [ "$files" != "$found" ]; then
    echo "FAIL: ctest -fuzz=FuzzReduce: exit status $got, $files cache files for $found inputs found;" \
        "want 0, reductions and one file per input"
    cat "$out"
    fails=$((fails + 1))
fi
"$ctest" -run='^$' -fuzz=FuzzReduce -fuzztime=1000x -parallel=1 >"$out" 2>&1
got=$?
want="gathering baseline coverage: $((files + 1))/$((files + 1)) completed"
if [ "$got" != 0 ] || ! grep -qF "$want" "$out"; then
    echo "FAIL: ctest -fuzz=FuzzReduce again: exit status $got; want 0 and: $want"
    cat "$out"
    fails=$((fails + 1))
fi

# counters BINARY: the size of its coverage counters' section.
counters() {
    size=$(readelf -SW "$1" | awk '{ for (i = 1; i < NF; i++) if ($i == "__sancov_cntrs") print $(i + 4) }')
    [ -n "$size" ] && printf '%d\n' "0x$size"
}
# All at -O0: the default mode's -O1 merges blocks, and so counters.
export CFLAGS=-O0
"$ctest" -c -fuzz=FuzzEdges -o "$work/edge.test" . >"$out" 2>&1 &&
    "$ctest" -c -fuzz=FuzzEdges -fuzzcmp=false -o "$work/bb.test" . >>"$out" 2>&1 &&
    GODEBUG=fuzzcmp=0 "$ctest" -c -fuzz=FuzzEdges -o "$work/bb2.test" . >>"$out" 2>&1 &&
    GODEBUG=fuzzcmp=0 "$ctest" -c -fuzz=FuzzEdges -fuzzcmp=true -o "$work/edge2.test" . >>"$out" 2>&1
got=$?
edge=$(counters "$work/edge.test") bb=$(counters "$work/bb.test")
bb2=$(counters "$work/bb2.test") edge2=$(counters "$work/edge2.test")
if [ "$got" != 0 ] || [ -z "$edge" ] || [ -z "$bb" ] || [ "$edge" -le "$bb" ] ||
    [ "$bb2" != "$bb" ] || [ "$edge2" != "$edge" ]; then
    echo "FAIL: counters: default $edge, -fuzzcmp=false $bb, GODEBUG=fuzzcmp=0 $bb2" \
        "(with -fuzzcmp=true $edge2): want more by default, and the flag before GODEBUG"
    cat "$out"
    fails=$((fails + 1))
fi

if [ "$fails" != 0 ]; then
    exit 1
fi
echo PASS
