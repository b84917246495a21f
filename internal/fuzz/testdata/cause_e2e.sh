#!/bin/sh
# cause_e2e.sh CTEST: fuzzes causepkg/ with -sanitize=address and
# -fuzzkeepgoing, and checks how its crashes are told apart: FuzzOneBug
# meets one bad read through three inline helpers of one function, and is
# one heap overflow, in that function; FuzzTwoBugs meets it and another
# bug, in another function, and has two. (The same read may also reach
# unmapped memory past a block at the end of the heap: AddressSanitizer
# then reports a SEGV, in the same function.) ctest's own flag: Go has no
# such run to record.
set -u
pkg=causepkg
. "$(dirname "$0")/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"

# keepgoing NAME SECS: fuzzes NAME for SECS seconds with -fuzzkeepgoing.
keepgoing() {
    expect_status 1 180 "$ctest" -sanitize=address -run='^$' -fuzz="^$1\$" -fuzzkeepgoing \
        -fuzztime="$2s" -parallel=1
}

keepgoing FuzzOneBug 10
if grep -q 'sanitize.*not supported\|cannot find.*asan' "$out"; then
    echo "SKIP: the compiler cannot build with -sanitize=address"
    exit 77
fi
count_lines 1 '^    crash [0-9]: AddressSanitizer: heap-buffer-overflow in decode_fast \('
count_lines 0 'crash [0-9]: .* in (read16|read_long_length|decode_generic)'
count_lines 0 '^    crash [0-9]: .* in [^d]'

keepgoing FuzzTwoBugs 30
count_lines 1 '^    crash [0-9]: AddressSanitizer: heap-buffer-overflow in decode_fast \('
count_lines 1 '^    crash [0-9]: AddressSanitizer: heap-buffer-overflow in checksum \('
count_lines 0 'crash [0-9]: .* in (read16|read_long_length|decode_generic)'

finish
