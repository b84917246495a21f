#!/bin/sh
# recover_e2e.sh CTEST: fuzzes recoverpkg/ (two inputs in three crash,
# each fuzz test in one way) with -fuzzkeepgoing, and checks that a worker
# goes on after each crash of the cause it found first rather than ending
# its process or its call: a read past a heap block under
# -sanitize=address, SIGSEGV (with and without ASan), abort() under ASan
# and t_fatal are each counted by the hundred thousand in 10 s, where a
# new process for each crash made at most about a hundred a second; each
# cause is written once, minimized, and fails when replayed. abort()
# without ASan is not gone on after (it may come from malloc on a corrupt
# heap), and without the flag the first crash stops the run, as in Go.
# ctest's own flag: Go has no such run to record.
set -u
pkg=recoverpkg
. "$(dirname "$0")/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"

# keepgoing NAME ARGS...: fuzzes NAME for 10 s with -fuzzkeepgoing (and
# ARGS), from an empty testdata.
keepgoing() {
    name=$1
    shift
    rm -rf testdata
    expect_status 1 120 "$ctest" "$@" -run='^$' -fuzz="^$name\$" -fuzzkeepgoing -fuzztime=10s \
        -parallel=1
}

# counted TITLE MIN: the run found the cause TITLE once, with at least MIN
# failing inputs (20000 in 10 s: a worker that ended at each crash, a new
# process each time, could not come near it, even on a fast machine; a
# loaded one still passes it many times over), and its crasher is minimized (one byte: "0") and fails
# when replayed (with ARGS, the build flags).
counted() {
    line=$(grep -E "^    crash [0-9]: $1 \\([0-9]+ inputs\\)\$" "$out")
    n=$(echo "$line" | sed -n 's/.*(\([0-9]*\) inputs)$/\1/p')
    if [ "$(echo "$line" | grep -c .)" != 1 ] || [ "${n:-0}" -lt "$2" ]; then
        echo "FAIL: $name: want one cause \"$1\" with at least $2 failing inputs, got:"
        cat "$out"
        fails=$((fails + 1))
        return
    fi
    path=$(grep -A1 -F -- "$line" "$out" | sed -n 's/^    Failing input written to //p')
    # The value, without the note of the sanitizer that found it.
    value=$(tail -1 "$path" 2>/dev/null | sed 's| //ctest:sanitize [a-z,]*$||')
    if [ "$value" != '[]byte("0")' ]; then
        echo "FAIL: $name: the crasher of \"$1\" is not minimized to \"0\":"
        cat "$path"
        fails=$((fails + 1))
    fi
}

keepgoing FuzzHeap -sanitize=address
if grep -q 'sanitize.*not supported\|cannot find.*asan' "$out"; then
    echo "SKIP: the compiler cannot build with -sanitize=address"
    exit 77
fi
# (A block at the very end of the heap's mapping can also make the read a
# SEGV, rarely: then a second cause.)
counted 'AddressSanitizer: heap-buffer-overflow in heap' 20000

# When ctest itself is built with ASan (the suite's sanitized tree), every
# test binary is too: then ASan reports the bad pointer, and an abort is
# gone on after in every build.
keepgoing FuzzNull
if grep -q '^    crash [0-9]: AddressSanitizer: ' "$out"; then
    asan=1
    counted 'AddressSanitizer: SEGV in null' 20000
else
    asan=0
    counted 'signal SIGSEGV in null' 20000
fi

keepgoing FuzzNull -sanitize=address
counted 'AddressSanitizer: SEGV in null' 20000

keepgoing FuzzAbort -sanitize=address
counted 'signal SIGABRT in aborts' 20000

keepgoing FuzzFatal
counted 'recover_test.c:[0-9]+: a length of [0-9]+' 20000

# Without ASan an abort ends its worker each time, as before.
keepgoing FuzzAbort
counted 'signal SIGABRT in aborts' 1
n=$(sed -n 's/.*(\([0-9]*\) failing inputs in all)$/\1/p' "$out")
if [ "$asan" = 0 ] && [ "${n:-0}" -ge 20000 ]; then
    echo "FAIL: FuzzAbort without ASan: $n failing inputs; an abort ended its worker each time"
    fails=$((fails + 1))
fi

# The crashers fail when replayed, each with its build's flags.
for f in testdata/fuzz/FuzzAbort/*; do
    expect_status 1 120 "$ctest" -run="FuzzAbort/$(basename "$f")"
    contains 'SIGABRT'
done

# Without the flag the first crash ends the run, as in Go.
rm -rf testdata
expect_status 1 120 "$ctest" -sanitize=address -run='^$' -fuzz='^FuzzHeap$' -fuzztime=10s -parallel=1
lacks 'distinct crash'
has "    Failing input written to testdata/fuzz/FuzzHeap/$(ls testdata/fuzz/FuzzHeap)"
if [ "$(ls testdata/fuzz/FuzzHeap | wc -l)" != 1 ]; then
    echo "FAIL: without -fuzzkeepgoing, $(ls testdata/fuzz/FuzzHeap | wc -l) crashers written"
    fails=$((fails + 1))
fi

finish
