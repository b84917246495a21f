#!/bin/sh
# corpus_e2e.sh CTEST: ctest corpus minimize and merge with the driver
# CTEST on corpuspkg/ (in a scratch copy, with a scratch fuzz cache): a
# cache of inputs that cover alike shrinks and its coverage stays;
# testdata is pruned only with -testdata; merging raw and v1 files adds
# only those that add coverage, named as ctest names cache files, through
# the engine's atomic write; an input that crashes, hangs or fails is
# reported and left out; bad input is a clear error that changes nothing.
# Each command is bounded in time.
set -u
pkg=corpuspkg
. "$(dirname "$0")/../../../internal/fuzz/testdata/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"

cache=$CTESTCACHE/fuzz$(pwd -P)/FuzzBytes
testdata=testdata/fuzz/FuzzBytes
# The driver names files relative to the directory it runs in (the
# package's, below $work) when that is shorter.
c=../cache/fuzz$(pwd -P)/FuzzBytes w=..

# run WANTSTATUS ARGS...: runs ctest corpus ARGS, at most 120 s; its
# output into $out.
bound=
run() {
    want=$1
    shift
    # shellcheck disable=SC2086 # the words of a prefix, if any
    timeout 120 $bound "$ctest" corpus "$@" >"$out" 2>&1
    got=$?
    if [ "$got" != "$want" ]; then
        echo "FAIL: ctest corpus $*: got exit status $got, want $want"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# v1 VALUE: the v1 file of one []byte; name VALUE: the name ctest gives
# it; put DIR VALUE...: writes them to DIR, so named.
v1() { printf 'go test fuzz v1\n[]byte("%s")\n' "$1"; }
name() { v1 "$1" | sha256sum | cut -c1-64; }
put() {
    dir=$1
    shift
    mkdir -p "$dir"
    for v in "$@"; do v1 "$v" >"$dir/$(name "$v")"; done
}

# expect_values DIR WANT WHAT: the values of DIR's v1 files, sorted and
# joined by spaces, must be WANT.
expect_values() {
    got=$(for f in "$1"/*; do [ -f "$f" ] && sed -n '2s/^\[\]byte("\(.*\)")$/\1/p' "$f"; done |
        sort | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" != "$2" ]; then
        echo "FAIL: $3: $1 holds [$got], want [$2]"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# state: every corpus file and its checksum; unchanged WHAT compares it
# with the state saved last.
state() { find "$cache" "$testdata" -type f -exec sha256sum {} + 2>/dev/null | sort; }
save() { state >"$work/state"; }
unchanged() {
    if ! state | cmp -s - "$work/state"; then
        echo "FAIL: $1: the corpus changed"
        state | diff "$work/state" - 
        cat "$out"
        fails=$((fails + 1))
    fi
}

# no_temporaries: the atomic write leaves no temporary file beside the cache.
no_temporaries() {
    if [ -n "$(find "$(dirname "$cache")" -name '*.tmp')" ]; then
        echo "FAIL: $1: temporary files left: $(find "$(dirname "$cache")" -name '*.tmp')"
        fails=$((fails + 1))
    fi
}

# matches REGEX: $out must have a line that the extended REGEX matches
# whole (the features' counts depend on the compiler).
matches() {
    if ! grep -qxE -- "$1" "$out"; then
        echo "FAIL: output lacks a line matching: $1"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# more_features WHAT: merge's summary has more features than the corpus
# had.
more_features() {
    before=$(sed -n 's/^FuzzBytes: the seeds and .*: \([0-9]*\) features$/\1/p' "$out")
    after=$(sed -n 's/^FuzzBytes: .*add.* to the cache: \([0-9]*\) features$/\1/p' "$out")
    if [ -z "$before" ] || [ -z "$after" ] || [ "$after" -le "$before" ]; then
        echo "FAIL: $1: features from [$before] to [$after], want more"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# same_features WHAT: the feature counts of the last run's two summary
# lines must agree (coverage unchanged).
same_features() {
    n=$(sed -n 's/^FuzzBytes: .*: \([0-9]*\) features$/\1/p' "$out" | sort -u | wc -l)
    if [ "$n" != 1 ]; then
        echo "FAIL: $1: the features before and after differ"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# cover FILE: the coverage profile of the seeds, testdata and cache (an
# independent measure: clang's source-based coverage); cover_ok says
# whether the driver could make one (it needs llvm-cov).
cover() {
    if "$ctest" -cover -fuzzcacheseeds -run=FuzzBytes -coverprofile="$work/$1" . >"$work/cover.log" 2>&1; then
        cover_ok=1
    elif grep -q '^ctest: -cover needs ' "$work/cover.log"; then
        cover_ok=0
        echo "note: no coverage tools, the coverage check is left out:"
        cat "$work/cover.log"
    else
        cover_ok=0
        echo "FAIL: ctest -cover, for the coverage check:"
        cat "$work/cover.log"
        fails=$((fails + 1))
    fi
}

# Inputs of one first byte cover alike: x, xx and xxx; z and zz; y as in
# testdata; w as the seed d. aa and ab take the same edges, but not the
# same way at a condition no branch tests (classify's case 'a').
put "$testdata" y w
put "$cache" x xx xxx y z zz aa ab
cover before.out

# -n says what it would do, and does nothing.
save
run 0 minimize -fuzz=FuzzBytes -n -v
has "would remove $c/$(name xx)"
matches "FuzzBytes: would remove 4 inputs \(4 cache\); would leave the seeds and 6 inputs \(2 testdata, 4 cache\): [0-9]+ features"
unchanged "minimize -n"

# minimize: the cache shrinks to x and z (y is testdata's); testdata is
# not touched; the coverage is the same, by the features and by clang's.
run 0 minimize -fuzz=FuzzBytes
matches "FuzzBytes: the seeds and 10 inputs \(2 testdata, 8 cache\): [0-9]+ features"
matches "FuzzBytes: removed 4 inputs \(4 cache\); left the seeds and 6 inputs \(2 testdata, 4 cache\): [0-9]+ features"
same_features "minimize"
expect_values "$cache" "aa ab x z" "minimize"
expect_values "$testdata" "w y" "minimize leaves testdata alone"
if [ "$cover_ok" = 1 ]; then
    cover after.out
    if [ "$cover_ok" = 1 ] && ! cmp -s "$work/before.out" "$work/after.out"; then
        echo "FAIL: minimize changed the coverage profile"
        diff "$work/before.out" "$work/after.out"
        fails=$((fails + 1))
    fi
fi

# minimize -testdata: w, which the seed covers, goes too.
run 0 minimize -fuzz=FuzzBytes -testdata -v
has "removed $testdata/$(name w)"
matches "FuzzBytes: removed 1 input \(1 testdata\); left the seeds and 5 inputs \(1 testdata, 4 cache\): [0-9]+ features"
same_features "minimize -testdata"
expect_values "$testdata" "y" "minimize -testdata"
expect_values "$cache" "aa ab x z" "minimize -testdata"

# merge: of raw files and v1 files, only q and r add coverage (q, not the
# larger qq); x is the cache's, y testdata's. crash, hang and fail are
# reported and left out, and the merge goes on past them.
mkdir -p "$work/raw" "$work/v1"
for v in x qq q crash hang fail; do printf '%s' "$v" >"$work/raw/$v"; done
put "$work/v1" r y
run 0 merge -fuzz=FuzzBytes -fuzztimeout=2s -v . "$work/raw" "$work/v1"
contains "FuzzBytes: $w/raw/crash crashes the test binary ("
contains "); left out"
has "FuzzBytes: $w/raw/hang runs longer than 2s (-fuzztimeout); left out"
has "FuzzBytes: $w/raw/fail fails the fuzz test; left out"
contains "classify: fails on fail"
has "added $c/$(name q) ($w/raw/q)"
has "added $c/$(name r) ($w/v1/$(name r))"
matches "FuzzBytes: added 2 of 8 inputs to the cache: [0-9]+ features"
more_features "merge"
expect_values "$cache" "aa ab q r x z" "merge"
if ! v1 q | cmp -s - "$cache/$(name q)"; then
    echo "FAIL: merge: $cache/$(name q) is not the v1 file of q"
    fails=$((fails + 1))
fi
no_temporaries "merge"

# merge -n writes nothing.
save
mkdir -p "$work/new"
printf '' >"$work/new/empty"
run 0 merge -fuzz=FuzzBytes -n . "$work/new"
matches "FuzzBytes: would add 1 of 1 inputs to the cache: [0-9]+ features"
more_features "merge -n"
unchanged "merge -n"

# The write is the engine's atomic one: a temporary file renamed into
# place. With a directory where the file goes, the rename fails, and
# nothing is left behind.
mkdir "$cache/$(name '')"
run 1 merge -fuzz=FuzzBytes . "$work/new"
contains "ctest corpus: $w/new/empty: rename "
no_temporaries "a failed rename"
rmdir "$cache/$(name '')"
run 0 merge -fuzz=FuzzBytes . "$work/new"
expect_values "$cache" " aa ab q r x z" "merge of the empty input"

# A corpus input that crashes is kept, and said to be.
put "$cache" crash
run 0 minimize -fuzz=FuzzBytes
contains "FuzzBytes: $c/$(name crash) crashes the test binary ("
contains "); kept"
expect_values "$cache" " aa ab crash q r x z" "minimize keeps a crasher"
rm "$cache/$(name crash)"

# Bad input: a clear error, exit status 1, and the corpus as it was.
put "$cache" xx
save
run 1 merge -fuzz=FuzzBytes . "$work/nosuch"
has "$w/nosuch: No such file or directory"
has "ctest corpus: 1 input cannot be read: nothing changed"
unchanged "a missing directory"

mkdir -p "$work/fifo"
mkfifo "$work/fifo/p"
printf q >"$work/fifo/q"
run 1 merge -fuzz=FuzzBytes . "$work/fifo"
has "$w/fifo/p: not a regular file"
unchanged "a FIFO"

# A file that no one can read, root included: /proc/self/mem at offset 0
# (the test binary reads it).
mkdir -p "$work/eio"
ln -s /proc/self/mem "$work/eio/mem"
run 1 merge -fuzz=FuzzBytes . "$work/eio"
contains "$w/eio/mem: read $work/eio/mem: Input/output error"
has "ctest corpus: 1 input cannot be run: nothing changed"
unchanged "a file that cannot be read"

# A file without read permission (root runs this one without the
# capabilities that pass over file modes).
mkdir -p "$work/unreadable"
printf q >"$work/unreadable/q"
chmod 000 "$work/unreadable/q"
bound=$(modes_bind)
run 1 merge -fuzz=FuzzBytes . "$work/unreadable"
bound=
has "$w/unreadable/q: Permission denied"
unchanged "an unreadable file"

mkdir -p "$work/bad"
printf 'go test fuzz v1\n[]byte(\n' >"$work/bad/b"
run 1 merge -fuzz=FuzzBytes . "$work/bad"
contains "$w/bad/b: unmarshal: malformed line"
has "ctest corpus: 1 input cannot be run: nothing changed"
unchanged "a malformed v1 file to merge"

# A malformed file in the cache stops minimize: nothing is removed (xx,
# which adds nothing, included).
cp "$work/bad/b" "$cache/bad"
save
run 1 minimize -fuzz=FuzzBytes
contains "$c/bad: unmarshal: malformed line"
unchanged "a malformed cache file"
rm "$cache/bad"
save

# A raw file for a fuzz test of several arguments is read in the raw
# layout: the string, then the int's 8 bytes, little-endian.
mkdir -p "$work/pair"
printf 'abc\001\000\000\000\000\000\000\000' >"$work/pair/p"
pair=$CTESTCACHE/fuzz$(pwd -P)/FuzzPair
run 0 merge -fuzz=FuzzPair . "$work/pair"
got=$(cat "$pair"/* 2>/dev/null)
if [ "$got" != "$(printf 'go test fuzz v1\nstring("abc")\nint(1)')" ]; then
    echo "FAIL: a raw file of FuzzPair: the cache holds [$got]"
    cat "$out"
    fails=$((fails + 1))
fi

# Of many bad inputs, ten are named.
mkdir -p "$work/many"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do printf 'go test fuzz v1\nbad%s\n' "$i" >"$work/many/$i"; done
run 1 merge -fuzz=FuzzPair . "$work/many"
contains "$w/many/1: unmarshal: malformed line"
has "... and 2 more"
has "ctest corpus: 12 inputs cannot be run: nothing changed"

# Misuse.
run 1 minimize -fuzz=FuzzNone
contains "has no fuzz test FuzzNone"
run 2 minimize .
contains "-fuzz is needed"
run 2 merge -fuzz=FuzzBytes .
contains ". is a package: name the directories to merge after it"
run 2 minimize -fuzz=FuzzBytes . -testdata
contains "flag -testdata after the arguments: flags go first"
unchanged "misuse"

if [ "$fails" -gt 0 ]; then
    echo "$fails checks failed"
    exit 1
fi
echo PASS
