#!/bin/sh
# cmp_e2e.sh CTEST: fuzzes the targets of cmppkg/ with the driver CTEST and
# checks that the comparison dictionary (-fuzzcmp, on by default; ctest's
# own, not Go's) finds each bug within the 30s cap (it takes well under a
# second), that the failing input written reproduces it, that
# -fuzzcmp=false leaves the search to Go's mutators, and that an input
# found is replaced in the cache by a smaller one with its new coverage
# (ctest's reduction), leaving one file per input found; and that the
# default search counts edges where Go's search (-fuzzcmp=false,
# GODEBUG=fuzzcmp=0) counts blocks.
set -u
pkg=cmppkg
. "$(dirname "$0")/e2e_setup.sh"

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

# Without the dictionary, 2000 of Go's mutations do not find the magic value.
rm -rf testdata
"$ctest" -run=FuzzMagic32 -fuzz=FuzzMagic32 -fuzztime=2000x -fuzzcmp=false >"$out" 2>&1
got=$?
if [ "$got" != 0 ]; then
    echo "FAIL: ctest -fuzz=FuzzMagic32 -fuzzcmp=false: got exit status $got, want 0"
    cat "$out"
    fails=$((fails + 1))
fi

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
