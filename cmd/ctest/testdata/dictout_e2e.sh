#!/bin/sh
# dictout_e2e.sh CTEST: ctest -c -fuzz -fuzzdictout=FILE, with the driver
# CTEST on osspkg/ (in a scratch copy), writes the words the driver reads
# from the package's code for the token dictionary to FILE: the string
# constants of the library and its tests ("hdr", "a=b", "a\=b=c", "tag"),
# escaped as libFuzzer's -dict reads them, and not the printf format of a
# t_fatalf or the unprintable f_add_dict word (which are no such
# constants); ctest's own -fuzzdict reads the file back. Without -c or
# -fuzz, and with a FILE that cannot be written, it is an error that says
# so and writes nothing.
set -u
pkg=osspkg
. "$(dirname "$0")/../../../internal/fuzz/testdata/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"

dict="$work/words.dict"
expect_status 0 120 "$ctest" -c -fuzz=. -fuzzdictout="$dict" -o "$work/record.test" .
out="$dict"
has '"hdr"'
has '"a=b"'
has '"a\\=b=c"'
has '"tag"'
lacks '%'
lacks '\x01'
if grep -qvE '^"[ -~]*"$' "$dict"; then
    echo "FAIL: a line of $dict is not one quoted word:"
    cat "$dict"
    fails=$((fails + 1))
fi

# ctest's engine parses the file as a dictionary: one execution with it.
out="$work/out"
expect_status 0 120 "$work/record.test" -test.run='^$' -test.fuzz='^FuzzRecord$' -test.fuzztime=1x \
    -test.fuzzdict="$dict" -test.fuzzcachedir="$work/cache"

# Misuse: no -c, no -fuzz, a directory that is not there.
rm -f "$dict"
expect_status 1 120 "$ctest" -fuzz=. -fuzzdictout="$dict" .
has 'ctest: -fuzzdictout needs -c and -fuzz, without -fuzzengine'
expect_status 1 120 "$ctest" -c -fuzzdictout="$dict" -o "$work/record.test" .
has 'ctest: -fuzzdictout needs -c and -fuzz, without -fuzzengine'
[ -e "$dict" ] && { echo "FAIL: a refused build wrote $dict"; fails=$((fails + 1)); }
expect_status 2 120 "$ctest" -c -fuzz=. -fuzzdictout="$work/none/words.dict" -o "$work/other.test" .
contains "ctest: -fuzzdictout: open $work/none/words.dict: No such file or directory"
[ -e "$work/other.test" ] && { echo "FAIL: the binary was linked although its words could not be written"; fails=$((fails + 1)); }
finish
