#!/usr/bin/env bash
# profile.sh: where one execution of ctest's fuzzing loop goes, on the
# no-op target (bench/targets/nop): a fuzz worker in default mode, one
# worker, sampled by `perf record -e cpu-clock` (a software clock, which
# works where the VM has no hardware counters) for a few seconds in the
# middle of its run. Each function's share of the worker's samples, times
# the worker's time per execution (from the run's own rate), is its cost
# in nanoseconds per execution.
#
# usage: bench/profile.sh [--secs S] [--flags "F..."] [--limit P] [--save] [--ctest PATH]
#   --secs S     seconds of sampling (default 5; the run lasts S+3)
#   --flags F    more flags for the test binary (e.g. -test.fuzzcmp=false)
#   --limit P    leave out functions under P percent (default 0.5)
#   --save       also write bench/results/<date>-<commit>-profile.md
#   --ctest P    the ctest driver of a built tree (default: build it in
#                $CTEST_BUILD, default build/)
#
# The report (markdown) goes to stdout. Exit status: 0; 1 if the run or
# perf failed; 2 for a usage error; 77 (CTest's skip) without perf.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
secs=5 flags="" limit=0.5 save=0 ctest_bin=""
ORIG_ARGS=("$@")
usage() {
    echo "usage: bench/profile.sh [--secs S] [--flags \"F...\"] [--limit P] [--save] [--ctest PATH]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --secs) secs=${2:?}; shift ;;
    --flags) flags=${2?}; shift ;;
    --limit) limit=${2:?}; shift ;;
    --save) save=1 ;;
    --ctest) ctest_bin=${2:?}; shift ;;
    *) usage ;;
    esac
    shift
done
case $secs in '' | *[!0-9]* | 0) usage ;; esac

say() { echo "profile: $*" >&2; }
if ! command -v perf >/dev/null || ! perf record -q -e cpu-clock -o /dev/null -- true 2>/dev/null; then
    say "perf cannot sample here (apt-get install linux-perf, and kernel.perf_event_paranoid)"
    exit 77
fi
# shellcheck source=driver.sh
. "$root/bench/driver.sh"
bench_driver

work=$(mktemp -d "${TMPDIR:-/tmp}/ctest-profile.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -r "$root/bench/targets/nop" "$work/nop"
say "building the no-op target"
(cd "$work/nop" && CFLAGS=-O2 CTESTCACHE=$work/ctestcache "$ctest_bin" -c -o nop.test -fuzz=FuzzNop)

# The run: fuzz for secs+3 seconds; sample the worker from the second
# second on, once it is fuzzing.
read -ra extra <<<"$flags"
(cd "$work/nop" && ./nop.test -test.fuzz=FuzzNop -test.fuzzcachedir="$work/cache" \
    -test.fuzztime=$((secs + 3))s -test.parallel=1 "${extra[@]}" >"$work/run.log" 2>&1) &
run=$!
sleep 1.5
worker=$(pgrep -f "nop.test .*-test.fuzzworker" | head -1 || true)
if [ -z "$worker" ]; then
    say "no worker process"; cat "$work/run.log" >&2; exit 1
fi
perf record -q -e cpu-clock -o "$work/perf.data" -p "$worker" -- sleep "$secs" 2>"$work/perf.err" || {
    say "perf record failed"; cat "$work/perf.err" >&2; exit 1
}
wait "$run" || { say "the run failed"; cat "$work/run.log" >&2; exit 1; }

# The rate of the whole run (its last progress line), and the shares.
rate=$(awk '/^fuzz: elapsed: .*execs: / { r = $0 } END { if (match(r, /\([0-9]+\/sec/)) print substr(r, RSTART + 1, RLENGTH - 5) }' "$work/run.log")
if [ -z "$rate" ] || [ "$rate" -le 0 ]; then
    say "no execution rate in the run's log"; cat "$work/run.log" >&2; exit 1
fi
perf report -i "$work/perf.data" --stdio --sort symbol --percent-limit "$limit" 2>/dev/null |
    awk '!/^#/ && NF >= 3 { p = $1; k = $2; sub(/%/, "", p); $1 = ""; $2 = ""; s = $0; sub(/^ +/, "", s); sub(/ +- +- *$/, "", s); print p "\t" (k == "[k]" ? "[k] " : "") s }' \
        >"$work/shares"
[ -s "$work/shares" ] || { say "perf reported no samples"; exit 1; }

report=$work/report.md
{
    echo "One worker, ${rate} execs/s in the run's last progress line (sampling by $(perf --version) slows it); ${secs} s of samples."
    echo "A function's ns/exec is its share of the worker's samples times 1e9 / execs/s"
    echo "(\`[k]\` marks the kernel's)."
    echo
    echo "| function | share | ns/exec |"
    echo "|---|---:|---:|"
    awk -F'\t' -v rate="$rate" '{ printf "| %s | %.1f%% | %.1f |\n", $2, $1, $1 / 100 * 1e9 / rate; t += $1 }
        END { printf "| all above | %.1f%% | %.1f |\n| the whole worker | 100%% | %.1f |\n", t, t / 100 * 1e9 / rate, 1e9 / rate }' "$work/shares"
} >"$report"
cat "$report"

if [ "$save" -eq 1 ]; then
    say "saved $(save_results profile "Profile of the fuzzing loop, no-op target" "$report" bench/profile.sh "${ORIG_ARGS[@]}")"
fi
