#!/usr/bin/env python3
"""links.py [dir]: every relative link of the project's Markdown files leads
somewhere: the file or directory it names exists, and an anchor
(file.md#some-heading, or #some-heading alone) names a heading of that
file, spelled as GitHub spells a heading's anchor.

The files are the .md files below dir (the repository by default) but for
build directories (any directory holding a CMakeCache.txt), .git and
bench/results/ (results files a script wrote, kept as they were written).
Links with a scheme (https:, mailto:) are not followed. Each broken link is
printed as file:line: link (why), and the status is then 1.

links.py --self-test checks the check: a tree with a link to a missing
file, to a missing heading and to a heading of a missing file must fail
it, with each of the three named; links to a file, a directory, a heading
with punctuation and a repeated heading must pass.
"""

import contextlib
import functools
import io
import os
import re
import sys
import tempfile

# [text](target) and [text]: target, outside code spans and blocks.
INLINE = re.compile(r"\]\(([^()\s]+(?:\([^()\s]*\))?[^()\s]*)(?:\s+\"[^\"]*\")?\)")
REFDEF = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)")
FENCE = re.compile(r"^\s*(```|~~~)")
CODESPAN = re.compile(r"`+[^`]*`+")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def slug(text):
    """The anchor GitHub gives a heading: lower case, markup and
    punctuation gone but for - and _, spaces as -."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link: its text
    text = text.replace("`", "").replace("*", "")
    text = text.lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


@functools.lru_cache(maxsize=None)
def anchors(path):
    """The anchors of a Markdown file's headings; a repeated heading's
    second anchor gets -1, its third -2, as GitHub's do."""
    seen, out = {}, set()
    fenced = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if FENCE.match(line):
                fenced = not fenced
                continue
            m = None if fenced else HEADING.match(line)
            if m:
                s = slug(m.group(2))
                n = seen.get(s, 0)
                seen[s] = n + 1
                out.add(s if n == 0 else "%s-%d" % (s, n))
    return out


def markdown_files(root):
    for d, dirs, files in os.walk(root):
        rel = os.path.relpath(d, root)
        if "CMakeCache.txt" in files or rel == os.path.join("bench", "results"):
            dirs[:] = []
            continue
        dirs[:] = sorted(x for x in dirs if x != ".git")
        for name in sorted(files):
            if name.endswith(".md"):
                yield os.path.join(d, name)


def links(path):
    """(line number, target) of each link outside code."""
    fenced = False
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if fenced:
                continue
            m = REFDEF.match(line)
            if m:
                yield n, m.group(1)
                continue
            for m in INLINE.finditer(CODESPAN.sub("", line)):
                yield n, m.group(1)


def broken(path, target):
    """Why the link is broken, or None."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
        return None
    base, _, anchor = target.partition("#")
    dest = path if base == "" else os.path.normpath(os.path.join(os.path.dirname(path), base))
    if not os.path.exists(dest):
        return "no such file"
    if anchor and dest.endswith(".md") and anchor not in anchors(dest):
        return "no heading #" + anchor
    return None


def check(root):
    bad = 0
    for path in markdown_files(root):
        for n, target in links(path):
            why = broken(path, target)
            if why:
                print("%s:%d: %s (%s)" % (os.path.relpath(path, root), n, target, why))
                bad += 1
    return bad


def self_test():
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "docs", "sub"))

        def write(name, text):
            with open(os.path.join(root, name), "w", encoding="utf-8") as f:
                f.write(text)

        write("docs/A.md", "# Title\n\n## Flags, `-x` and the rest\n\n## Same\n\n## Same\n")
        write(
            "README.md",
            "[a](docs/A.md) [d](docs/sub) [h](docs/A.md#flags--x-and-the-rest)\n"
            "[r](docs/A.md#same-1) [self](#top) [web](https://example.com/x)\n"
            "`[code](nowhere.md)`\n\n```\n[fenced](nowhere.md)\n```\n\n# Top\n",
        )
        if check(root) != 0:
            print("self-test: the good links were not all taken")
            return 1
        write(
            "docs/B.md",
            "[m](missing.md)\n[h](A.md#no-such-heading)\n[f](gone.md#title)\n",
        )
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            n = check(root)
        want = ["docs/B.md:1: missing.md", "docs/B.md:2: A.md#no-such-heading", "docs/B.md:3: gone.md#title"]
        if n != 3 or any(w not in out.getvalue() for w in want):
            print("self-test: got %d broken links, want 3:\n%s" % (n, out.getvalue()))
            return 1
    print("self-test: ok")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    bad = check(os.path.abspath(root))
    if bad:
        print("links: %d broken" % bad)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
