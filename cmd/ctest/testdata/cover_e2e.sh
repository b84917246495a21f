#!/bin/sh
# cover_e2e.sh CTEST [SHOT]: -cover, -covermode, -coverprofile,
# -fuzzcacheseeds and ctest tool cover -html on the package in cover/
# (Classify's 7 statements and, from //ctest:srcs, Twice's 3), and the
# page in a headless Chromium, whose screenshot is written to SHOT (when
# given) for a person to look at. Without Chromium the page's check is
# skipped (exit 77) after every other check has passed.
set -u
ctest=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shot=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$here/cover" "$tmp/pkg"
export CTESTCACHE="$tmp/cache"
unset CC COVER_FAIL
fail=0

# check DESC COMMAND...: COMMAND must succeed.
check() {
    desc=$1
    shift
    if ! "$@"; then
        echo "FAIL: $desc"
        fail=1
    fi
}

# run ARGS...: ctest in the package; output in $tmp/out, status in $status.
run() {
    (cd "$tmp/pkg" && "$ctest" "$@") >"$tmp/out" 2>&1
    status=$?
}

has() { grep -q -- "$1" "$tmp/out"; }

# The seeds run 4 of the 10 statements. Without a package argument the
# line comes from the test binary's output only (as go test -cover prints).
run -cover
check "ctest -cover: exit 0" test "$status" = 0
check "ctest -cover prints Go's line" has '^coverage: 40\.0% of statements$'
check "ctest -cover: no coverage in the ok line without a package argument" \
    grep -q "^ok  	[^	]*	[0-9.]*s\$" "$tmp/out"
run -cover .
check "ctest -cover .: the ok line carries it" \
    grep -q "^ok  	[^	]*	[0-9.]*s	coverage: 40\.0% of statements\$" "$tmp/out"
run -cover -run=XXX .
check "ctest -cover -run=XXX: 0% and [no tests to run]" \
    has "coverage: 0\.0% of statements \[no tests to run\]\$"

# A failing test still reports coverage, and its FAIL line has none.
COVER_FAIL=1 run -cover .
check "failing: exit 1" test "$status" = 1
check "failing: coverage line" has '^coverage: 40\.0% of statements$'
check "failing: FAIL line without coverage" grep -q "^FAIL	[^	]*	[0-9.]*s\$" "$tmp/out"

# The profile: Go's format, a block per line, Classify's and Twice's.
run -coverprofile=c.out
check "-coverprofile: exit 0" test "$status" = 0
p=$tmp/pkg/c.out
check "-coverprofile: mode line" test "$(head -1 "$p")" = "mode: set"
check "-coverprofile: every line is file:l.c,l.c stmts count" \
    sh -c "tail -n +2 '$p' | grep -v -E '^[^ ]+/(classify|lib/twice)\.c:[0-9]+\.[0-9]+,[0-9]+\.[0-9]+ [0-9]+ [01]\$' | { ! grep -q .; }"
# stmts FILE: the statements of FILE's blocks; covered FILE: of those run.
stmts() { awk -v f="/$1:" 'index($1, f) { n += $2 } END { print n + 0 }' "$p"; }
covered() { awk -v f="/$1:" 'index($1, f) && $3 > 0 { n += $2 } END { print n + 0 }' "$p"; }
check "-coverprofile: classify.c has 7 statements (got $(stmts classify.c))" test "$(stmts classify.c)" = 7
check "-coverprofile: 2 of them run (got $(covered classify.c))" test "$(covered classify.c)" = 2
check "-coverprofile: lib/twice.c has 3 (got $(stmts lib/twice.c))" test "$(stmts lib/twice.c)" = 3
check "-coverprofile: the test file is not measured" sh -c "! grep -q _test.c '$p'"
# Lines 8-10 of classify.c are the innermost if's body, "return 3;",
# which no seed reaches; line 15 is "return 0;", which "x" does.
check "-coverprofile: return 3 not run" grep -q -E '/classify\.c:8\.[0-9]+,10\.[0-9]+ 1 0$' "$p"
check "-coverprofile: return 0 run" grep -q -E '/classify\.c:15\.[0-9]+,15\.[0-9]+ 1 1$' "$p"

# count mode counts: two seeds run the first if twice.
mkdir -p "$tmp/pkg/testdata/fuzz/FuzzClassify"
printf 'go test fuzz v1\n[]byte("y")\n' >"$tmp/pkg/testdata/fuzz/FuzzClassify/seed2"
run -covermode=count -coverprofile=count.out
check "-covermode=count: mode line" test "$(head -1 "$tmp/pkg/count.out")" = "mode: count"
check "-covermode=count: return 0 ran twice" \
    grep -q -E '/classify\.c:15\.[0-9]+,15\.[0-9]+ 1 2$' "$tmp/pkg/count.out"
rm -r "$tmp/pkg/testdata"

# -fuzzcacheseeds: the cache's inputs run as seeds, so -cover shows what
# fuzzing reached: all of Classify.
cache="$CTESTCACHE/fuzz/$(cd "$tmp/pkg" && pwd -P | cut -c2-)/FuzzClassify"
mkdir -p "$cache"
for s in FUZ FUx Fx; do
    printf 'go test fuzz v1\n[]byte("%s")\n' "$s" >"$cache/$s"
done
run -cover .
check "without -fuzzcacheseeds the cache is not run" has 'coverage: 40\.0% of statements$'
run -cover -fuzzcacheseeds -v .
check "-fuzzcacheseeds: 9 of 10 statements" has 'coverage: 90\.0% of statements'
# The line goes on with llvm-cov's count of the package's branches (those
# of classify.c and, from //ctest:srcs, twice.c) that the seed and the
# three cache inputs take.
check "-fuzzcacheseeds: the corpus's branches" has 'of statements, corpus covers 10 of 14 branches$'
check "-fuzzcacheseeds: the cache's inputs are subtests" has '^    --- PASS: FuzzClassify/FUZ '
# The corpus's page: all of Classify ran.
run -fuzzcacheseeds -coverprofile=corpus.out
(cd "$tmp/pkg" && "$ctest" tool cover -html=corpus.out -o "$tmp/corpus.html") >"$tmp/out" 2>&1
check "the corpus's page: classify.c all run" \
    grep -q -E '<option value="file0">[^<]*/classify\.c \(100\.0%\)</option>' "$tmp/corpus.html"
check "the corpus's page: return 3 run" \
    sh -c "grep -A1 '<span class=\"cov8\" title=\"1\">{\$' '$tmp/corpus.html' | grep -q '^ *return 3;\$'"

# What -cover refuses, with Go's messages where Go has them.
run -covermode=bogus
check "-covermode=bogus: exit 2" test "$status" = 2
check "-covermode=bogus: Go's message" \
    has 'invalid value "bogus" for flag -covermode: valid modes are "set", "count", or "atomic"'
run -coverprofile=x.out -fuzz=FuzzClassify
check "-coverprofile with -fuzz: Go's message" has '^cannot use -coverprofile flag with -fuzz flag$'
# -cover with -fuzz, as Go: it fuzzes, and the line is the -run phase's
# (TestTwice's: 2 of the 10 statements), not what the workers ran.
run -cover -run=TestTwice -fuzz=FuzzClassify -fuzztime=200x
check "-cover with -fuzz: exit 0" test "$status" = 0
check "-cover with -fuzz: it fuzzed" has '^fuzz: elapsed: .*, now fuzzing with '
check "-cover with -fuzz: the -run phase's coverage" has '^coverage: 20\.0% of statements$'
check "-cover with -fuzz: no coverage in the streamed ok line" \
    grep -q "^ok  	[^	]*	[0-9.]*s\$" "$tmp/out"
rm -rf "$tmp/pkg/testdata"
run -coverpkg=./...
check "-coverpkg: refused before the build" has '^ctest: -coverpkg is not supported'
run -coverprofile=/nonexistent/dir/c.out
check "-coverprofile in a missing directory: exit 1" test "$status" = 1
check "-coverprofile in a missing directory: message" has '^open /nonexistent/dir/c.out: '
if [ -c /dev/full ]; then
    run -coverprofile=/dev/full
    check "-coverprofile on a full disk: exit 1" test "$status" = 1
    check "-coverprofile on a full disk: message" has '^closing coverage profile: close /dev/full: '
fi
if command -v gcc >/dev/null 2>&1; then
    CC=gcc run -cover
    check "CC=gcc -cover: exit 2" test "$status" = 2
    check "CC=gcc -cover: says what is missing" has 'has no -fprofile-instr-generate'
fi

# ctest tool cover -html: the page, and Go's errors for bad profiles.
(cd "$tmp/pkg" && "$ctest" tool cover -html=c.out -o "$tmp/c.html") >"$tmp/out" 2>&1
check "tool cover -html: exit 0" test $? = 0
check "tool cover -html: a file menu with percentages" \
    grep -q -E '<option value="file0">[^<]*/classify\.c \(28\.6%\)</option>' "$tmp/c.html"
check "tool cover -html: srcs file listed" \
    grep -q -E '<option value="file1">[^<]*/lib/twice\.c \(66\.7%\)</option>' "$tmp/c.html"
check "tool cover -html: uncovered code marked" \
    sh -c "grep -A1 '<span class=\"cov0\" title=\"0\">{\$' '$tmp/c.html' | grep -q '^ *return 3;\$'"
check "tool cover -html: covered code marked" \
    grep -q '<span class="cov8" title="1">return 0</span>' "$tmp/c.html"
check "tool cover -html: source escaped" grep -q 'n &gt; 0' "$tmp/c.html"
printf 'mode set\n' >"$tmp/bad.out"
(cd "$tmp/pkg" && "$ctest" tool cover -html="$tmp/bad.out" -o "$tmp/bad.html") >"$tmp/out" 2>&1
check "tool cover: bad mode line: exit 2" test $? = 2
check "tool cover: bad mode line: Go's message" has '^cover: bad mode line: mode set$'
printf 'mode: set\nx.c:1.2,3.4 5\n' >"$tmp/bad.out"
(cd "$tmp/pkg" && "$ctest" tool cover -html="$tmp/bad.out" -o "$tmp/bad.html") >"$tmp/out" 2>&1
check "tool cover: short line: Go's message" \
    has "^cover: line \"x.c:1.2,3.4 5\" doesn't match expected format: couldn't find a   before NumStmt\$"

[ "$fail" = 0 ] || exit 1

# The page in a browser: its script shows the first file, and it renders.
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    echo "SKIP: no chromium to check the page in (apt-get install chromium)"
    exit 77
fi
chrome() {
    timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
        --user-data-dir="$tmp/profile" "$@" "file://$tmp/c.html" 2>"$tmp/chrome.err"
}
chrome --dump-dom >"$tmp/dom.html"
check "browser: the page loads" grep -q '<select id="files">' "$tmp/dom.html"
check "browser: the script shows file0" \
    grep -q '<pre class="file" id="file0" style="display: block;">' "$tmp/dom.html"
check "browser: and hides file1" \
    grep -q '<pre class="file" id="file1" style="display: none">' "$tmp/dom.html"
chrome --window-size=1200,520 --screenshot="$tmp/shot.png" >/dev/null
check "browser: a screenshot (see $tmp/chrome.err)" test -s "$tmp/shot.png"
if [ -n "$shot" ] && [ -s "$tmp/shot.png" ]; then
    cp "$tmp/shot.png" "$shot"
    echo "screenshot: $shot"
fi
[ "$fail" = 0 ] || exit 1
echo PASS
