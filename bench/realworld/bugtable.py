#!/usr/bin/env python3
"""bugtable.py: one bug table from the results files of several runs of
bugs.sh (bench/results/*-bugs.md), so that a table of many runs can be
made of runs done at different times.

Each file's job table (its "Each job" section) is read; every job line
counts as one run of its engine on its bug, whatever its run number. The
files must agree on the seconds a job had. ctest's jobs must all come from
one commit (the engine under test); the peers' may come from any, and the
table says which commits each engine's jobs came from.

For each bug and engine the table gives the runs that triggered the bug
and the median seconds to trigger over those runs. Then the two checks of
the bug race:
  - per bug, whether ctest triggered it in at least as many runs as the
    peer that triggered it most often;
  - over the bugs that ctest and at least one peer triggered, the
    geometric mean of ctest's median time over the best peer's (the
    lowest median among the peers that triggered the bug); the bar is 0.5.

usage: bench/realworld/bugtable.py FILE... [--out FILE]
Exit status: 0, or 2 for files that cannot be read or combined.
"""

import argparse
import math
import re
import statistics
import sys

ENGINES = ["ctest", "libfuzzer", "libfuzzer-best", "afl", "afl-best"]


class Bad(Exception):
    pass


def read_results(path):
    """The file's commit, seconds per job, machine and job rows (bug,
    engine, reached, triggered), or Bad."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise Bad(f"{path}: {e.strerror}") from e
    m = re.search(r"^- ctest: commit ([^,\s]+)( \(with uncommitted changes\))?", text, re.M)
    if not m:
        raise Bad(f"{path}: no '- ctest: commit' line (not a bugs.sh results file?)")
    # A tree with changes of its own is not its commit.
    commit = m.group(1) + (" (with uncommitted changes)" if m.group(2) else "")
    m = re.search(r"each engine fuzzed each bug (\d+)s a run", text)
    if not m:
        raise Bad(f"{path}: no 'each engine fuzzed each bug Ns a run' line")
    secs = int(m.group(1))
    m = re.search(r"^- machine: ([^;\n]+)", text, re.M)
    machine = m.group(1) if m else "unknown"
    head = text.find("| bug | engine | run | CPU | reached | triggered | executions |")
    if head < 0:
        raise Bad(f"{path}: no job table")
    jobs = []
    for line in text[head:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) != 7:
            raise Bad(f"{path}: a job line without 7 cells: {line}")
        bug, engine, _run, _cpu, reached, triggered, _execs = cells
        try:
            jobs.append((bug, engine, seconds(reached), seconds(triggered)))
        except ValueError as e:
            raise Bad(f"{path}: {line}: {e}") from e
    if not jobs:
        raise Bad(f"{path}: the job table is empty")
    return commit, secs, machine, jobs


def seconds(cell):
    """A job's time cell: seconds, or None for "-" (never)."""
    return None if cell == "-" else float(cell)


def median(values):
    return statistics.median(values) if values else None


def combine(files):
    """The jobs of all files, by (bug, engine): a list of trigger times
    (None: not triggered); the commits per engine; the seconds; the
    machines the files name."""
    secs = None
    runs = {}
    commits = {}
    bugs = []
    machines = []
    for path in files:
        commit, s, machine, jobs = read_results(path)
        if machine not in machines:
            machines.append(machine)
        if secs is not None and s != secs:
            raise Bad(f"{path}: jobs of {s}s, where the others had {secs}s")
        secs = s
        for bug, engine, _reached, triggered in jobs:
            if bug not in bugs:
                bugs.append(bug)
            runs.setdefault((bug, engine), []).append(triggered)
            commits.setdefault(engine, set()).add(commit)
    if len(commits.get("ctest", ())) > 1:
        raise Bad("ctest's jobs come from several commits: " + ", ".join(sorted(commits["ctest"])))
    return secs, bugs, runs, commits, machines


def cell(times):
    if not times:
        return "–"
    found = [t for t in times if t is not None]
    if not found:
        return f"0/{len(times)}"
    return f"{len(found)}/{len(times)}, {median(found):.1f} s"


def verdicts(bugs, runs, engines):
    """Per bug: ctest's triggering runs against the best peer's; and the
    time ratios over the bugs both triggered."""
    rows, ratios = [], []
    for bug in bugs:
        ctest = [t for t in runs.get((bug, "ctest"), []) if t is not None]
        peers = {e: [t for t in runs.get((bug, e), []) if t is not None] for e in engines if e != "ctest"}
        most = max((len(v) for v in peers.values()), default=0)
        found = {e: median(v) for e, v in peers.items() if v}
        best = min(found.items(), key=lambda kv: kv[1]) if found else None
        ratio = None
        if ctest and best is not None:
            ratio = median(ctest) / best[1]
            ratios.append(ratio)
        rows.append((bug, len(ctest), most, best, ratio))
    return rows, ratios


def table(files):
    secs, bugs, runs, commits, machines = combine(files)
    engines = [e for e in ENGINES if e in commits] + sorted(e for e in commits if e not in ENGINES)
    out = ["Command: `bench/realworld/bugtable.py " + " ".join(files) + "`", "",
           f"Bug table of {len(files)} results file(s), jobs of {secs} s:", ""]
    for m in machines:
        out.append(f"- machine: {m}")
    for e in engines:
        out.append(f"- {e}: commit(s) {', '.join(sorted(commits[e]))}")
    out += ["", "Runs that triggered the bug, and the median seconds to trigger over them:", ""]
    out.append("| bug | " + " | ".join(engines) + " |")
    out.append("|---|" + "---|" * len(engines))
    for bug in bugs:
        out.append(f"| {bug} | " + " | ".join(cell(runs.get((bug, e))) for e in engines) + " |")
    if "ctest" not in engines or len(engines) < 2:
        return "\n".join(out) + "\n"
    rows, ratios = verdicts(bugs, runs, engines)
    out += ["", "ctest against the peers:", ""]
    out.append("| bug | ctest's runs | the best peer's runs | at least as many | best peer (median s) | ctest / best peer |")
    out.append("|---|---:|---:|---|---|---:|")
    for bug, mine, most, best, ratio in rows:
        peer = f"{best[0]} ({best[1]:.1f})" if best else "none"
        out.append(f"| {bug} | {mine} | {most} | {'yes' if mine >= most else '**no**'} | {peer} | "
                   f"{'' if ratio is None else f'{ratio:.2f}'} |")
    short = [r[0] for r in rows if r[1] < r[2]]
    out.append("")
    out.append("- bugs that ctest triggered in fewer runs than a peer: " + (", ".join(short) if short else "none"))
    if ratios:
        gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        out.append(f"- geometric mean of ctest's median time over the best peer's, over the {len(ratios)} bug(s) "
                   f"both triggered: {gm:.2f} ({'at most' if gm <= 0.5 else 'above'} the bar of 0.5)")
    else:
        out.append("- no bug was triggered by both ctest and a peer: no time ratio")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description="one bug table from several bugs.sh results files")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--out")
    args = ap.parse_args()
    try:
        text = table(args.files)
    except Bad as e:
        print(f"bugtable: {e}", file=sys.stderr)
        return 2
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
