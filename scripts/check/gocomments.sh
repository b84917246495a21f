#!/usr/bin/env bash
# gocomments.sh <file or directory>...: no comment of ours repeats a Go
# comment word for word (STYLE.md: facts carry over from Go, sentences do
# not).
#
# The rule: a comment of two or more lines (a /* */ block over several
# lines, or a run of // lines on consecutive lines, the first of which may
# follow code) fails when it holds a run of $GOCOMMENTS_WORDS (default 10)
# or more consecutive words that also stand, in that order, in one comment
# of the Go 1.19.8 sources ($(go env GOROOT)/src, every .go file). Words
# are compared lowercased, with comment markers, punctuation and white
# space dropped, so `c->opts.Limit` and `c.opts.Limit` are the same three
# words. One-line comments are left alone: they are mostly Go's names and
# short phrases that a port shares with its original. Ten words is about a
# sentence: shorter runs are the phrases any two comments on the same code
# share ("the number of values to test").
#
# Each offending comment is printed as file:line with the words it shares
# and the Go file and line they come from; the status is then 1. Without
# Go's sources (CI has no Go), the runs are compared with the fingerprints
# of those of the packages ctest ports (golden/gocomments/prints.txt, from
# golden/gocomments/record.sh), which must list every package a file of
# ours names in its "Ports go1.19.8 src/..." line; the Go file is then not
# named. The comment reader is gocomments.py.
#
# gocomments.sh --self-test checks the check: a C file holding Go's own
# comment on CoordinateFuzzing (golden/gocomments/copied.c.txt) must fail
# it, at that comment's line, and a comment in other words must pass, with
# the fingerprints and, where Go is installed, with Go's sources.
# gocomments.sh --ported-dirs lists the packages ctest ports.
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: gocomments.sh --self-test | --ported-dirs | <file or directory>..." >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
words=${GOCOMMENTS_WORDS:-10}
prints=$root/golden/gocomments/prints.txt

# ported: the directories, under Go's src, of the Go files our sources port.
ported() {
    (cd "$root" && git grep -h -o -E 'go1\.19\.8 src/[A-Za-z0-9_/.-]+\.go' -- '*.c' '*.h' '*.re') |
        sed 's|^go1\.19\.8 src/||; s|/[^/]*$||' | sort -u
}
if [ "$1" = "--ported-dirs" ]; then
    ported
    exit 0
fi

# The mode: Go's sources where Go is installed (GOCOMMENTS_GOROOT, or go
# env GOROOT), else the fingerprints.
goroot=${GOCOMMENTS_GOROOT-}
if [ -z "${GOCOMMENTS_PRINTS-}" ] && [ -z "$goroot" ] && command -v go >/dev/null 2>&1; then
    goroot=$(go env GOROOT)
fi
if [ -n "${GOCOMMENTS_PRINTS-}" ] || [ -z "$goroot" ] || [ ! -f "$goroot/src/internal/fuzz/fuzz.go" ]; then
    goroot=
    want="# go1.19.8 10-word comment runs of: $(ported | tr '\n' ' ' | sed 's/ $//')"
    if [ "$(head -1 "$prints")" != "$want" ]; then
        echo "gocomments: $prints is not of the packages ctest ports: run golden/gocomments/record.sh"
        echo "  it has: $(head -1 "$prints")"
        echo "  want:   $want"
        exit 1
    fi
    [ "$words" = 10 ] || { echo "gocomments: the fingerprints are of 10-word runs"; exit 2; }
fi

if [ "$1" = "--self-test" ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    cp "$root/golden/gocomments/copied.c.txt" "$tmp/copied.c"
    printf '// coordinate runs the workers until one finds a crasher,\n// or the time is up.\nint coordinate(void);\n' >"$tmp/ours.c"
    modes="prints"
    [ -n "$goroot" ] && modes="prints go"
    for mode in $modes; do
        if [ $mode = prints ]; then
            set -- env GOCOMMENTS_PRINTS=1 "$0"
        else
            set -- env GOCOMMENTS_GOROOT="$goroot" "$0"
        fi
        status=0
        out=$("$@" "$tmp/copied.c") || status=$?
        echo "$out"
        if [ "$status" -ne 1 ] || ! grep -q "^$tmp/copied.c:3: " <<<"$out"; then
            echo "gocomments: self-test ($mode): Go's comment in copied.c was not reported at line 3 (status $status)"
            exit 1
        fi
        if ! "$@" "$tmp/ours.c"; then
            echo "gocomments: self-test ($mode): a comment in other words was reported"
            exit 1
        fi
    done
    echo "gocomments: self-test ($modes): a copied comment fails the check, one in other words passes"
    exit 0
fi
files=()
for arg in "$@"; do
    if [ -d "$arg" ]; then
        while IFS= read -r f; do files+=("$f"); done < <(find "$arg" -type f \
            \( -name '*.c' -o -name '*.h' -o -name '*.re' \) | sort)
    else
        files+=("$arg")
    fi
done
[ "${#files[@]}" -gt 0 ] || { echo "gocomments: no C or re2c files in $*"; exit 2; }
if [ -n "$goroot" ]; then
    exec python3 "$here/gocomments.py" check "$words" go "$goroot/src" "${files[@]}"
fi
exec python3 "$here/gocomments.py" check "$words" prints "$prints" "${files[@]}"
