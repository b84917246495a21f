#!/usr/bin/env python3
"""report.py: the tables and plots of the real-world suite (run.sh).

Reads the suite's data directory:
  runs.tsv     one line per race and engine: executions, corpus size,
               covered branches (of the library's own files), crashes
  series.tsv   covered branches at each snapshot of each race
  crashes.tsv  each crasher with the verdict of its ASan replay
  together.tsv per target, the branches all the run's corpora reach together
  together-files.tsv  the same, file by file (absent in older data)
and writes a markdown report: per target a table of medians over the runs
and one of each engine on each CPU (runs.tsv's cpu, absent in older data),
the ratios of ctest to each opponent and their geometric mean over the
targets, the crashes, and per target a PNG of coverage over time.
"""

import argparse
import csv
import math
import os
import statistics
from collections import defaultdict

NAMES = {"libfuzzer": "libFuzzer", "libfuzzer-best": "libFuzzer (best)", "afl": "AFL++",
         "afl-best": "AFL++ (best)", "base": "ctest (base)"}
OPPONENTS = ("libfuzzer", "libfuzzer-best", "afl", "afl-best", "base")


def read_tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def read_tsv_if(path):
    """read_tsv, or no rows for a file that older data does not have."""
    return read_tsv(path) if os.path.exists(path) else []


def median(values):
    return statistics.median(values) if values else None


def fmt_int(x):
    if x is None:
        return "-"
    if x >= 10_000_000:
        return f"{x / 1e6:.1f}M"
    if x >= 100_000:
        return f"{x / 1e3:.0f}k"
    return f"{x:.0f}"


def fmt_ratio(x):
    return "-" if x is None else f"{x:.2f}"


def engine_label(engine, against):
    if engine == "ctest":
        return f"ctest (beside {NAMES[against]})"
    return NAMES[engine]


class Cell:
    """The runs of one engine in one pairing of one target."""

    def __init__(self, rows):
        self.runs = len(rows)
        self.covered = [int(r["covered"] or 0) for r in rows]
        self.execs = [int(r["execs"] or 0) for r in rows]
        self.rate = [int(r["execs"] or 0) / float(r["secs"]) for r in rows]
        self.corpus = [int(r["corpus"] or 0) for r in rows]
        self.crashes = [int(r["crashes"] or 0) for r in rows]
        self.cpus = [r.get("cpu") or "?" for r in rows]

    def covered_text(self):
        m = median(self.covered)
        text = fmt_int(m)
        if self.runs > 1:
            text += f" ({min(self.covered)}–{max(self.covered)})"
        return text


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return a / b


def geomean(values):
    values = [v for v in values if v is not None and v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def group(runs):
    """{target: {(against, engine): Cell}}, targets in run order."""
    by = defaultdict(lambda: defaultdict(list))
    for r in runs:
        by[r["target"]][(r["against"], r["engine"])].append(r)
    return {t: {k: Cell(v) for k, v in cells.items()} for t, cells in by.items()}


def target_table(target, cells, branches, together, corpora):
    lines = [
        f"### {target} ({branches} branches)",
        "",
        "| engine | branches covered | executions | execs/s | corpus | crashes | runs |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for (against, engine), c in cells.items():
        lines.append(
            f"| {engine_label(engine, against)} | {c.covered_text()} | {fmt_int(median(c.execs))} "
            f"| {fmt_int(median(c.rate))} | {fmt_int(median(c.corpus))} | {sum(c.crashes)} | {c.runs} |"
        )
    if together is not None:
        lines.append(f"| all {corpora} corpora together | {together} | | | | | |")
    lines.append("")
    return lines


def cpu_table(cells):
    """Each engine's median execs/s and coverage on each CPU it ran on:
    how much of a difference is the CPU's rather than the engine's."""
    cpus = sorted({c for cell in cells.values() for c in cell.cpus})
    if cpus == ["?"]:
        return []
    lines = [
        "Per CPU (median execs/s; median branches covered; runs):",
        "",
        "| engine | " + " | ".join(f"CPU {c}" for c in cpus) + " |",
        "|---|" + "---:|" * len(cpus),
    ]
    for (against, engine), cell in cells.items():
        row = f"| {engine_label(engine, against)} |"
        for c in cpus:
            on = [i for i, x in enumerate(cell.cpus) if x == c]
            if not on:
                row += " - |"
                continue
            rate = median([cell.rate[i] for i in on])
            cov = median([cell.covered[i] for i in on])
            row += f" {fmt_int(rate)}; {fmt_int(cov)}; {len(on)} |"
        lines.append(row)
    lines.append("")
    return lines


def files_table(target, rows):
    """The library's files, most branches left uncovered by all corpora
    together first: where a better search could still gain, and which
    code the harness does not reach at all."""
    rows = sorted((r for r in rows if r["target"] == target),
                  key=lambda r: (int(r["covered"]) - int(r["branches"]), r["file"]))
    if not rows:
        return []
    lines = [
        "All corpora together, file by file:",
        "",
        "| file | branches | covered | left |",
        "|---|---:|---:|---:|",
    ]
    for r in rows:
        n, c = int(r["branches"]), int(r["covered"])
        lines.append(f"| {r['file']} | {n} | {c} ({100 * c / n:.0f}%) | {n - c} |")
    lines.append("")
    return lines


def ratios(cells, against):
    """ctest / opponent: (coverage, execs/s), from the medians of that pairing."""
    c, o = cells.get((against, "ctest")), cells.get((against, against))
    if c is None or o is None:
        return None, None
    return (
        ratio(median(c.covered), median(o.covered)),
        ratio(median(c.rate), median(o.rate)),
    )


def best_opponent(cells, opponents):
    """The higher median coverage of the engines ctest raced."""
    meds = [median(cells[(a, a)].covered) for a in opponents if (a, a) in cells]
    return max(meds) if meds else None


def summary_table(groups, branches, opponents, together):
    head = "| target | branches |"
    rule = "|---|---:|"
    for a in opponents:
        head += f" coverage ctest/{NAMES[a]} | execs/s ctest/{NAMES[a]} |"
        rule += "---:|---:|"
    if together:
        head += " all corpora together / the better opponent |"
        rule += "---:|"
    lines = [head, rule]
    cols = defaultdict(list)
    for t, cells in groups.items():
        row = f"| {t} | {branches[t]} |"
        for a in opponents:
            cov, rate = ratios(cells, a)
            cols[(a, 0)].append(cov)
            cols[(a, 1)].append(rate)
            row += f" {fmt_ratio(cov)} | {fmt_ratio(rate)} |"
        if together:
            bound = ratio(together.get(t), best_opponent(cells, opponents))
            cols["together"].append(bound)
            row += f" {fmt_ratio(bound)} |"
        lines.append(row)
    row = "| **geometric mean** | |"
    for a in opponents:
        row += f" **{fmt_ratio(geomean(cols[(a, 0)]))}** | **{fmt_ratio(geomean(cols[(a, 1)]))}** |"
    if together:
        row += f" **{fmt_ratio(geomean(cols['together']))}** |"
    lines += [row, ""]
    return lines


def crash_table(crashes):
    """Crashers grouped by target, race, engine, verdict and ASan's summary."""
    if not crashes:
        return ["No engine reported a crash.", ""]
    groups = defaultdict(list)
    for c in crashes:
        groups[(c["target"], c["against"], c["engine"], c["verdict"], c["why"])].append(c)
    lines = [
        "| target | beside | engine | verdict | ASan replay | engine's report | crashers (distinct) | runs | e.g. |",
        "|---|---|---|---|---|---|---:|---|---|",
    ]
    for (target, against, engine, verdict, why), cs in groups.items():
        # A crasher is "<start>-<name>": the same name from two starts is
        # the same input (ctest and libFuzzer name files by their content).
        distinct = {c["file"].split("-", 1)[-1] if not engine.startswith("afl") else c["file"]
                    for c in cs}
        said = statistics.mode(c["engine_said"] for c in cs)
        runs = ",".join(sorted({c["run"] for c in cs}, key=int))
        first = cs[0]
        example = f"{target}-{against}-{first['run']}-{engine}-{first['file']}"
        cells = [target, NAMES[against], NAMES.get(engine, engine), f"**{verdict}**", why, said,
                 f"{len(cs)} ({len(distinct)})", runs, f"`{example}`"]
        lines.append("| " + " | ".join(x.replace("|", "\\|") for x in cells) + " |")
    lines.append("")
    return lines


def plot(target, series, path):
    """Median covered branches over time of each engine and pairing."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    styles = {("libfuzzer", "ctest"): ("tab:blue", "-"), ("libfuzzer", "libfuzzer"): ("tab:orange", "-"),
              ("afl", "ctest"): ("tab:blue", "--"), ("afl", "afl"): ("tab:green", "--"),
              ("libfuzzer-best", "ctest"): ("tab:blue", "-."),
              ("libfuzzer-best", "libfuzzer-best"): ("tab:red", "-."),
              ("afl-best", "ctest"): ("tab:blue", (0, (5, 1, 1, 1))),
              ("afl-best", "afl-best"): ("tab:purple", (0, (5, 1, 1, 1))),
              ("base", "ctest"): ("tab:blue", ":"), ("base", "base"): ("tab:gray", ":")}
    curves = defaultdict(lambda: defaultdict(list))
    for s in series:
        if s["target"] == target and s["covered"]:
            curves[(s["against"], s["engine"])][float(s["t"])].append(int(s["covered"]))
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for key, points in curves.items():
        ts = sorted(points)
        color, dash = styles.get(key, ("gray", ":"))
        ax.plot(ts, [median(points[t]) for t in ts], color=color, linestyle=dash,
                marker=".", label=engine_label(key[1], key[0]))
        if any(len(points[t]) > 1 for t in ts):
            ax.fill_between(ts, [min(points[t]) for t in ts], [max(points[t]) for t in ts],
                            color=color, alpha=0.12)
    ax.set_title(f"{target}: branch coverage over time (median of runs)")
    ax.set_xlabel("seconds")
    ax.set_ylabel("branches covered")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--header", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--plots", required=True)
    ap.add_argument("--plot-prefix", required=True)
    ap.add_argument("--whole", action="store_true",
                    help="each engine ran alone on the whole machine (run.sh --whole)")
    args = ap.parse_args()

    runs = read_tsv(os.path.join(args.data, "runs.tsv"))
    series = read_tsv(os.path.join(args.data, "series.tsv"))
    crashes = read_tsv(os.path.join(args.data, "crashes.tsv"))
    together_path = os.path.join(args.data, "together.tsv")
    together_rows = read_tsv_if(together_path)
    together = {r["target"]: int(r["covered"]) for r in together_rows if r["covered"]}
    corpora = {r["target"]: r["corpora"] for r in together_rows}
    file_rows = read_tsv_if(os.path.join(args.data, "together-files.tsv"))
    groups = group(runs)
    branches = {r["target"]: r["branches"] for r in runs}
    opponents = [a for a in OPPONENTS if any(r["against"] == a for r in runs)]
    secs = sorted({r["secs"] for r in runs})
    nruns = max((c.runs for cells in groups.values() for c in cells.values()), default=0)

    with open(args.header) as f:
        out = ["# Real-world fuzzing: ctest against " + " and ".join(NAMES[a] for a in opponents), "",
               f.read().rstrip(), ""]
    out += [
        (f"Each race: ctest (two workers, default mode) alone on the whole machine, then the other engine "
         f"alone on it, as their users run them on all cores (ctest -parallel=2, libFuzzer -fork=2, "
         f"AFL++ -M/-S), "
         if args.whole else
         f"Each race: ctest (one worker, default mode) pinned to one CPU beside the other engine pinned to another, ") +
        f"{'/'.join(secs)} s, from the same seeds; {nruns} run(s) per pairing. Coverage: the "
        "library's branches (each way of a condition) covered by everything the engine's corpus "
        "held, replayed through one `-fprofile-instr-generate` build; the harness is not counted. "
        "Values are medians of the runs (min–max in brackets); ratios are ctest over the engine "
        "it raced, from those medians. All corpora together: the branches that the corpora of "
        "every engine in every race of the target reach between them, a bound on what one "
        "search can be expected to reach in one race; its last column is that bound over the "
        "better opponent's median. libFuzzer (best) and AFL++ (best) are those engines in "
        "FuzzBench's stronger set-ups (bench/README.md): value profile and ctest's package "
        "words as a dictionary; CmpLog and the autodictionary. ctest's own extras in every "
        "race: its token dictionary of the package's string constants, comparison feedback "
        "(the operands of the comparisons its inputs reached) and a larger malloc thread "
        "cache in its workers.",
        "",
        "## Summary",
        "",
    ]
    out += summary_table(groups, branches, opponents, together)
    out += ["## Per target", ""]
    for t, cells in groups.items():
        out += target_table(t, cells, branches[t], together.get(t), corpora.get(t))
        out += cpu_table(cells)
        out += files_table(t, file_rows)
        name = f"{args.plot_prefix}-{t}.png"
        plot(t, series, os.path.join(args.plots, name))
        out += [f"![{t}: coverage over time]({name})", ""]
    out += ["## Crashes", "",
            "Every crasher, replayed alone through a plain ASan build of the same harness "
            "(confirmed: it fails there too; FALSE: it runs cleanly). The report directory keeps "
            "each one's bytes as `crashers/<e.g. name>` and the target's builds as "
            "`bin/<target>-asan` (replay: `bin/<target>-asan FILE`) and `bin/<target>-ctest.test`.", ""]
    out += crash_table(crashes)
    with open(args.out, "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
