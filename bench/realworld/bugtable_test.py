#!/usr/bin/env python3
"""bugtable_test.py: bugtable.py on results files made up here (the CTest
test bench/bugtable): jobs of two files combine into one table, the
checks against the peers come out as their definitions say, and files that
must not be combined are refused."""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def results(commit, secs, jobs):
    """A results file as bugs.sh writes it, with the given job lines
    (bug, engine, reached, triggered)."""
    lines = [
        "Command: `bench/realworld/bugs.sh`",
        "",
        f"- ctest: commit {commit}, Debian clang version 14.0.6, afl-fuzz++4.04c",
        f"- each engine fuzzed each bug {secs}s a run, 1 runs, one engine per CPU",
        "",
        "| bug | engine | run | CPU | reached | triggered | executions |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    lines += [f"| {b} | {e} | 1 | 0 | {r} | {t} | 100 |" for b, e, r, t in jobs]
    return "\n".join(lines) + "\n"


def run(tmp, files):
    paths = []
    for i, text in enumerate(files):
        p = os.path.join(tmp, f"r{i}.md")
        with open(p, "w", encoding="utf-8") as f:
            f.write(text)
        paths.append(p)
    return subprocess.run([sys.executable, os.path.join(HERE, "bugtable.py")] + paths,
                          capture_output=True, text=True, check=False)


def expect(cond, what, out):
    if not cond:
        print(f"FAIL: {what}\n{out}")
        sys.exit(1)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        a = results("abc1234", 600, [
            ("x-one", "ctest", "0.1", "2.0"), ("x-one", "afl", "0.1", "8.0"),
            ("x-two", "ctest", "1.0", "-"), ("x-two", "afl", "1.0", "30.0"),
            ("x-three", "ctest", "1.0", "10.0"), ("x-three", "libfuzzer", "-", "-"),
        ])
        b = results("abc1234", 600, [
            ("x-one", "ctest", "0.1", "4.0"), ("x-one", "afl", "0.1", "-"),
            ("x-two", "ctest", "1.0", "-"), ("x-two", "afl", "1.0", "50.0"),
        ])
        p = run(tmp, [a, b])
        out = p.stdout + p.stderr
        expect(p.returncode == 0, "two files at one commit combine", out)
        # ctest on x-one: 2 of 2 runs, median of 2.0 and 4.0.
        expect("- ctest: commit(s) abc1234\n" in out, "the commit, without the line's comma", out)
        expect("| x-one | 2/2, 3.0 s |" in out, "x-one's ctest cell", out)
        expect("| x-two | 0/2 |" in out, "x-two's ctest cell", out)
        # afl is the best peer of x-one (8.0 s, 1 run): ratio 3.0 / 8.0.
        expect("| x-one | 2 | 1 | yes | afl (8.0) | 0.38 |" in out, "x-one's verdict", out)
        # afl triggered x-two twice, ctest never.
        expect("| x-two | 0 | 2 | **no** | afl (40.0) |  |" in out, "x-two's verdict", out)
        expect("in fewer runs than a peer: x-two" in out, "the list of bugs ctest missed", out)
        expect("over the 1 bug(s) both triggered: 0.38 (at most the bar of 0.5)" in out,
               "the geometric mean over the bugs both found", out)

        c = results("def5678", 600, [("x-one", "ctest", "0.1", "1.0")])
        p = run(tmp, [a, c])
        expect(p.returncode == 2 and "several commits" in p.stderr, "ctest jobs of two commits refused",
               p.stdout + p.stderr)
        e = results("abc1234 (with uncommitted changes)", 600, [("x-one", "ctest", "0.1", "1.0")])
        p = run(tmp, [a, e])
        expect(p.returncode == 2 and "several commits" in p.stderr,
               "a tree with changes is not its commit", p.stdout + p.stderr)
        d = results("abc1234", 300, [("x-one", "ctest", "0.1", "1.0")])
        p = run(tmp, [a, d])
        expect(p.returncode == 2 and "300s" in p.stderr, "files of different job seconds refused",
               p.stdout + p.stderr)
        p = run(tmp, ["not a results file\n"])
        expect(p.returncode == 2 and "ctest: commit" in p.stderr, "a file of another kind refused",
               p.stdout + p.stderr)
    print("ok")


if __name__ == "__main__":
    main()
