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
# Go's sources (CI has no Go) the check cannot run: it says so and exits
# 77, CTest's SKIP_RETURN_CODE.
#
# gocomments.sh --self-test checks the check: a C file holding Go's own
# comment on CoordinateFuzzing must fail it, at that comment's line, and
# a comment in other words must pass.
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: gocomments.sh --self-test | <file or directory>..." >&2; exit 2; }
words=${GOCOMMENTS_WORDS:-10}
goroot=${GOCOMMENTS_GOROOT:-}
if [ -z "$goroot" ]; then
    if ! command -v go >/dev/null 2>&1; then
        echo "gocomments: skipped: Go is not installed, so Go's sources are not there to compare with"
        exit 77
    fi
    goroot=$(go env GOROOT)
fi
if [ ! -f "$goroot/src/internal/fuzz/fuzz.go" ]; then
    echo "gocomments: skipped: no Go sources under $goroot/src (golang-go installs them)"
    exit 77
fi
if [ "$1" = "--self-test" ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    {
        echo '#include <stdio.h>'
        echo
        sed -n '/^\/\/ CoordinateFuzzing creates/,/^func/p' "$goroot/src/internal/fuzz/fuzz.go" | grep '^//'
        echo 'int coordinate(void);'
    } >"$tmp/copied.c"
    printf '// coordinate runs the workers until one finds a crasher,\n// or the time is up.\nint coordinate(void);\n' >"$tmp/ours.c"
    status=0
    out=$(GOCOMMENTS_GOROOT=$goroot "$0" "$tmp/copied.c") || status=$?
    echo "$out"
    if [ "$status" -ne 1 ] || ! grep -q "^$tmp/copied.c:3: " <<<"$out"; then
        echo "gocomments: self-test: Go's comment in copied.c was not reported at line 3 (status $status)"
        exit 1
    fi
    if ! GOCOMMENTS_GOROOT=$goroot "$0" "$tmp/ours.c"; then
        echo "gocomments: self-test: a comment in other words was reported"
        exit 1
    fi
    echo "gocomments: self-test: a copied comment fails the check, one in other words passes"
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
exec python3 - "$goroot/src" "$words" "${files[@]}" <<'EOF'
import os, re, sys

src, n, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
WORD = re.compile(r"[A-Za-z0-9_]+")


# A comment, or a literal that may hold comment markers ("http://").
C_TOKEN = re.compile(r'//[^\n]*|/\*.*?(?:\*/|\Z)|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
GO_TOKEN = re.compile(r'//[^\n]*|/\*.*?(?:\*/|\Z)|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|`[^`]*`', re.S)


def comments(text, token, alone):
    """Returns [first line, last line, [(word, line)]] for each comment of
    text, runs of // comments on consecutive lines joined; with alone, a //
    comment after code on its line starts a run but does not continue one."""
    out, line, pos, cur = [], 1, 0, None
    for m in token.finditer(text):
        line += text.count("\n", pos, m.start())
        pos = m.start()
        tok = m.group()
        if tok.startswith("//"):
            ws = [(w, line) for w in WORD.findall(tok[2:])]
            bol = text.rfind("\n", 0, m.start()) + 1
            after_code = text[bol:m.start()].strip() != ""
            if cur is not None and cur[1] == line - 1 and not (alone and after_code):
                cur[1] = line
                cur[2].extend(ws)
            else:
                if cur is not None:
                    out.append(cur)
                cur = [line, line, ws]
        elif tok.startswith("/*"):
            ws, l = [], line
            for part in tok[2:].split("\n"):
                ws.extend((w, l) for w in WORD.findall(part))
                l += 1
            out.append([line, l - 1, ws])
    if cur is not None:
        out.append(cur)
    return out


# Our comments of two or more lines, and their n-word runs.
blocks = []  # (file, first line, [(word, line)])
runs = {}  # n lowercased words -> [(block, start)]
for f in files:
    with open(f, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    for first, last, ws in comments(text, C_TOKEN, True):
        if last == first or len(ws) < n:
            continue
        b = len(blocks)
        blocks.append((f, first, ws))
        low = [w.lower() for w, _ in ws]
        for k in range(len(low) - n + 1):
            runs.setdefault(tuple(low[k:k + n]), []).append((b, k))

# Which of those runs stand in a Go comment, and where.
hits = {}  # block -> {start word: "go file:line"}
if runs:
    for root, dirs, names in os.walk(src):
        dirs.sort()
        for name in sorted(names):
            if not name.endswith(".go"):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
            if "//" not in text and "/*" not in text:
                continue
            rel = os.path.relpath(path, os.path.dirname(src))
            for first, last, ws in comments(text, GO_TOKEN, False):
                low = [w.lower() for w, _ in ws]
                for k in range(len(low) - n + 1):
                    for b, start in runs.get(tuple(low[k:k + n]), ()):
                        hits.setdefault(b, {}).setdefault(start, "%s:%d" % (rel, ws[k][1]))

failed = 0
for b in sorted(hits):
    f, first, ws = blocks[b]
    starts = sorted(hits[b])
    # Merge overlapping runs into the stretches of words shared with Go.
    spans, where = [], []
    for s in starts:
        if spans and s <= spans[-1][1]:
            spans[-1][1] = s + n
        else:
            spans.append([s, s + n])
            where.append(hits[b][s])
    for (s, e), w in zip(spans, where):
        failed += 1
        text = " ".join(x for x, _ in ws[s:e])
        print('%s:%d: %d words as in go1.19.8 %s: "%s"' % (f, ws[s][1], e - s, w, text))
if failed:
    print("gocomments: %d comment passages repeat Go's words (a run of %d or more)" % (failed, n))
    sys.exit(1)
print("gocomments: %d comments of %d files, none repeats %d words of a Go comment"
      % (len(blocks), len(files), n))
EOF
