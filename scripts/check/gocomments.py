#!/usr/bin/env python3
"""gocomments.py: the comment reader of gocomments.sh (which says the rule)
and the fingerprints of Go's comments it checks against without Go.

  gocomments.py fingerprints N SRC DIR...   prints, sorted, a fingerprint of
      each run of N words of the comments of the .go files in SRC/DIR
  gocomments.py check N go SRC FILE...      checks FILE... against every
      comment of the .go files under SRC (Go installed)
  gocomments.py check N prints PRINTS FILE... checks FILE... against the
      fingerprints in PRINTS (golden/gocomments/prints.txt)
"""
import hashlib, os, re, sys

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


def fingerprint(words):
    """The fingerprint of a run of lowercased words: 40 bits of its SHA-1."""
    return hashlib.sha1(" ".join(words).encode()).hexdigest()[:10]


def go_runs(path, rel, n):
    """Yields (run of n lowercased words, "file:line") for each comment of
    the Go file at path, named rel."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    if "//" not in text and "/*" not in text:
        return
    for _, _, ws in comments(text, GO_TOKEN, False):
        low = [w.lower() for w, _ in ws]
        for k in range(len(low) - n + 1):
            yield tuple(low[k:k + n]), "%s:%d" % (rel, ws[k][1])


def fingerprints(n, src, dirs):
    prints = set()
    for d in dirs:
        for name in sorted(os.listdir(os.path.join(src, d))):
            if name.endswith(".go"):
                prints.update(fingerprint(r) for r, _ in go_runs(os.path.join(src, d, name), "", n))
    for p in sorted(prints):
        print(p)


def check(n, mode, where, files):
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
    hits = {}  # block -> {start word: where in Go}
    if mode == "go":
        for root, dirs, names in os.walk(where):
            dirs.sort()
            for name in sorted(names):
                if name.endswith(".go"):
                    path = os.path.join(root, name)
                    rel = os.path.relpath(path, os.path.dirname(where))
                    for r, at in go_runs(path, rel, n):
                        for b, start in runs.get(r, ()):
                            hits.setdefault(b, {}).setdefault(start, at)
    else:
        with open(where) as fh:
            prints = set(l.strip() for l in fh if not l.startswith("#"))
        for r, places in runs.items():
            if fingerprint(r) in prints:
                for b, start in places:
                    hits.setdefault(b, {}).setdefault(start, "a comment of the ported packages")

    failed = 0
    for b in sorted(hits):
        f, first, ws = blocks[b]
        # Merge overlapping runs into the stretches of words shared with Go.
        spans, where_ = [], []
        for s in sorted(hits[b]):
            if spans and s <= spans[-1][1]:
                spans[-1][1] = s + n
            else:
                spans.append([s, s + n])
                where_.append(hits[b][s])
        for (s, e), w in zip(spans, where_):
            failed += 1
            text = " ".join(x for x, _ in ws[s:e])
            print('%s:%d: %d words as in go1.19.8 %s: "%s"' % (f, ws[s][1], e - s, w, text))
    if failed:
        print("gocomments: %d comment passages repeat Go's words (a run of %d or more)" % (failed, n))
        return 1
    print("gocomments: %d comments of %d files, none repeats %d words of a Go comment (%s)"
          % (len(blocks), len(files), n, "Go's sources" if mode == "go" else "fingerprints"))
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "fingerprints":
        fingerprints(int(sys.argv[2]), sys.argv[3], sys.argv[4:])
    else:
        sys.exit(check(int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5:]))
