#!/bin/sh
# cmp_e2e.sh CTEST: fuzzes the targets of cmppkg/ with the driver CTEST and
# checks that the comparison dictionary (-fuzzcmp, on by default; ctest's
# own, not Go's) finds each bug within the 30s cap (it takes well under a
# second), that the failing input written reproduces it, and that
# -fuzzcmp=false leaves the search to Go's mutators.
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

if [ "$fails" != 0 ]; then
    exit 1
fi
echo PASS
