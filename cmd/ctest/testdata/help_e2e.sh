#!/bin/sh
# help_e2e.sh CTEST SRC [MANPAGE]: `ctest help <topic>` shows the pages of
# SRC/docs as they are in the repository; `ctest help` lists them; the
# driver's summary (`ctest help test`) and docs/FLAGS.md name the same
# flags. With MANPAGE, the built ctest(1) page has FLAGS.md's flags and
# names every topic; without it, the test is skipped (77), saying why.
set -u
ctest=$1 src=$2 man=${3-}
. "$src/scripts/e2e_assert.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
out=$tmp/out

"$ctest" help >"$out" 2>&1 || { echo "FAIL: ctest help: exit status $?"; fails=$((fails + 1)); }
for page in "$src"/docs/*.md; do
    name=$(basename "$page" .md | tr 'A-Z' 'a-z')
    contains "    $name "
    "$ctest" help "$name" >"$tmp/page" 2>&1
    if ! cmp -s "$tmp/page" "$page"; then
        echo "FAIL: ctest help $name differs from docs/$(basename "$page")"
        fails=$((fails + 1))
    fi
done
"$ctest" help testflag >"$tmp/page"
cmp -s "$tmp/page" "$src/docs/FLAGS.md" || { echo "FAIL: ctest help testflag is not docs/FLAGS.md"; fails=$((fails + 1)); }
"$ctest" help nosuch >"$out" 2>&1
[ $? = 2 ] || { echo "FAIL: ctest help nosuch: want exit status 2"; fails=$((fails + 1)); }
has "ctest help nosuch: unknown help topic. Run 'ctest help'."

# The flags of the summary and of FLAGS.md: each list names the other's.
"$ctest" help test >"$tmp/summary"
sed -n 's/^  \(-[a-z0-9]*\).*/\1/p' "$tmp/summary" | sort -u >"$tmp/a"
grep -o '`-[a-z0-9]*' "$src/docs/FLAGS.md" | tr -d '`' | sort -u >"$tmp/b"
if [ "$(wc -l <"$tmp/a")" -lt 10 ]; then
    echo "FAIL: the summary's flags were not found"
    fails=$((fails + 1))
fi
missing=$(comm -23 "$tmp/a" "$tmp/b")
if [ -n "$missing" ]; then
    echo "FAIL: flags of ctest help test that docs/FLAGS.md does not name: $missing"
    fails=$((fails + 1))
fi
sed -n 's/^- `\(-[a-z0-9]*\).*/\1/p' "$src/docs/FLAGS.md" | sort -u >"$tmp/c"
grep -o ' -[a-z][a-z0-9]*' "$tmp/summary" | tr -d ' ' | sort -u >"$tmp/d"
missing=$(comm -23 "$tmp/c" "$tmp/d")
if [ -n "$missing" ]; then
    echo "FAIL: flags of docs/FLAGS.md that ctest help test does not name: $missing"
    fails=$((fails + 1))
fi

if [ "$fails" -gt 0 ]; then
    echo "$fails check(s) failed"
    exit 1
fi
if [ -z "$man" ]; then
    echo "SKIP: the man page checks: go-md2man was not found when the build was configured"
    exit 77
fi
# The page renders, with its sections (when man is there to render it).
if command -v man >/dev/null; then
    MANWIDTH=200 man -l "$man" >"$out" 2>&1 || { echo "FAIL: man -l $man"; cat "$out"; exit 1; }
    for want in NAME SYNOPSIS DESCRIPTION FLAGS "EXIT STATUS" "SEE ALSO"; do
        has "$want"
    done
fi
# What it says, from the roff itself: man's line breaks may split a word.
sed -e 's/\\f[A-Z]//g' -e 's/\\-/-/g' -e 's/\\&//g' "$man" >"$out"
for want in NAME SYNOPSIS DESCRIPTION FLAGS "EXIT STATUS" "SEE ALSO"; do
    has ".SH $want"
done
while read -r flag; do
    contains "$flag"
done <"$tmp/c"
for page in "$src"/docs/*.md; do
    contains "ctest help $(basename "$page" .md | tr 'A-Z' 'a-z'):"
done
if [ "$fails" -gt 0 ]; then
    echo "$fails check(s) failed"
    exit 1
fi
echo PASS
