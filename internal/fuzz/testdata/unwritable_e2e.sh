#!/bin/sh
# unwritable_e2e.sh CTEST: with -fuzzkeepgoing, a crasher that cannot be
# written (testdata read-only) is printed, its cause and its input, for
# each kind of crash: a failed check, a panic, abort(), SIGSEGV, an ASan
# report, a UBSan report, a hang past -fuzztimeout, memory past
# -fuzzrsslimit and exit(0) (unwritablepkg/). A crash that ended its worker
# once lost both, leaving only the write's error. ctest's own flag: Go has
# no such run to record.
#
# A mode stops no root, and the suite runs as root in CI: as root
# testdata/fuzz is a read-only tmpfs when one can be mounted, else a
# symbolic link to a directory that does not exist (reading it finds no
# seeds, writing through it fails), which needs no privilege.
set -u
pkg=unwritablepkg
. "$(dirname "$0")/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"
trap 'umount "$work/$pkg/testdata/fuzz" 2>/dev/null; chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

# unwritable NAME: makes testdata/fuzz/NAME, where the crasher of NAME
# goes, unwritable, and says how in $how.
unwritable() {
    rm -rf testdata
    mkdir -p "testdata/fuzz/$1"
    if [ "$(id -u)" != 0 ]; then
        chmod 555 "testdata/fuzz/$1" testdata/fuzz
        how="a read-only directory (chmod 555)"
    elif mount -t tmpfs -o ro,size=64k none testdata/fuzz 2>/dev/null; then
        how="a read-only tmpfs"
    else
        rm -rf testdata/fuzz
        ln -s "$work/nowhere" testdata/fuzz
        how="a symbolic link to nowhere"
    fi
    if (: >"testdata/fuzz/$1/probe") 2>/dev/null; then
        echo "FAIL: testdata/fuzz/$1 is writable, made $how"
        fails=$((fails + 1))
    fi
}

# writable: undoes unwritable.
writable() {
    umount testdata/fuzz 2>/dev/null
    chmod -R u+w testdata 2>/dev/null
    rm -rf testdata
}

# crash NAME CAUSE ARGS...: fuzzes NAME with -fuzzkeepgoing (and ARGS),
# its crasher's directory unwritable; the run fails with CAUSE (a grep -E
# pattern) in the crash's message, the write's error and the input.
crash() {
    name=$1 cause=$2
    shift 2
    unwritable "$name"
    expect_status 1 120 "$ctest" -run="^$name\$" -fuzz="^$name\$" -fuzzkeepgoing -fuzztime=60s \
        -parallel=1 "$@"
    if grep -q 'sanitize.*not supported\|cannot find.*san' "$out"; then
        skip_part "$name: the compiler cannot build with $*"
        writable
        return
    fi
    if ! grep -qE -- "$cause" "$out"; then
        echo "FAIL: $name: output lacks $cause"
        cat "$out"
        fails=$((fails + 1))
    fi
    contains "testdata/fuzz/$name"
    has '    the failing input could not be written; it was:'
    has '    go test fuzz v1'
    contains '    []byte("'
    writable
}

# (When ctest itself is built with ASan, every test binary is too, and
# ASan reports the bad pointer.)
crash FuzzFatal 'unwritable_test.c:20: a long input'
echo "unwritable_e2e: testdata/fuzz made unwritable as $how"
crash FuzzPanic 'panic: a long input'
crash FuzzAbort 'SIGABRT'
crash FuzzSegv 'signal: segmentation fault|AddressSanitizer: SEGV'
crash FuzzOverflow 'ERROR: AddressSanitizer: heap-buffer-overflow' -sanitize=address
crash FuzzShift 'runtime error: shift exponent' -sanitize=undefined
crash FuzzHang 'panic: deadlocked!' -fuzztimeout=1s
crash FuzzHog 'passed -test.fuzzrsslimit' -fuzzrsslimit=200
crash FuzzExit 'unexpected call to os\.Exit\(0\) during test'

finish
