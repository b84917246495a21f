#!/usr/bin/env bash
# crashheavy.sh: how fast -fuzzkeepgoing fuzzes a target on which most
# inputs crash, beside the same target with its bug fixed. The target
# (targets/crashheavy) is a decoder in the shape of LZ4's
# LZ4_decompress_fast given a wrong output size: about nine inputs in ten
# read past their end under AddressSanitizer. Its fixed build
# (-DCRASHHEAVY_FIXED) checks the input's end and returns instead, so that
# it runs the same code on the same inputs without crashing.
#
# Both are built with `ctest -c -sanitize=address -fuzz=FuzzDecode` and run
# directly, one worker, pinned to one CPU, from an empty fuzz cache, for
# --secs each, in turn (buggy, fixed, buggy, ...):
#
#   x.test -test.run='^$' -test.fuzz=FuzzDecode -test.fuzzkeepgoing
#          -test.fuzztime=<secs>s -test.parallel=1 -test.fuzzcachedir=...
#
# A run's rate is the executions of its last progress line over the time
# from its "now fuzzing" line to that line (so the build and the warm-up
# are not counted, but every crash after it, its minimization included,
# is). The report gives each run, the median of each build, and their
# ratio, buggy over fixed.
#
# usage: bench/crashheavy.sh [--quick] [--runs N] [--secs S] [--save]
#                            [--ctest PATH]
#   --quick    one run of each, 5 s (the CTest test bench/crashheavy-quick)
#   --runs N   runs of each build (default 3)
#   --secs S   seconds of each run (default 60)
#   --save     also write bench/results/<date>-<commit>-crashheavy.md
#   --ctest P  the ctest driver of a built tree (default: build it in
#              $CTEST_BUILD, default build/)
#
# The report (markdown) goes to stdout. Exit status: 0 when every run
# fuzzed (a progress line after "now fuzzing") and the fixed build found no
# crash; 1 otherwise; 2 for a usage error; 77 when ctest cannot build with
# -sanitize=address.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=3 secs=60 save=0 ctest_bin=""
ORIG_ARGS=("$@")
usage() {
    echo "usage: bench/crashheavy.sh [--quick] [--runs N] [--secs S] [--save] [--ctest PATH]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --quick) runs=1 secs=5 ;;
    --runs) runs=${2:?}; shift ;;
    --secs) secs=${2:?}; shift ;;
    --save) save=1 ;;
    --ctest) ctest_bin=${2:?}; shift ;;
    *) usage ;;
    esac
    shift
done
for n in "$runs" "$secs"; do
    case $n in '' | *[!0-9]* | 0) usage ;; esac
done

say() { echo "crashheavy: $*" >&2; }
# shellcheck source=driver.sh
. "$root/bench/driver.sh"
bench_driver

work=$(mktemp -d "${TMPDIR:-/tmp}/ctest-crashheavy.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail=0
cpu=$(($(nproc) > 1 ? 1 : 0))

# The two builds.
cp -r "$root/bench/targets/crashheavy" "$work/p"
for build in buggy fixed; do
    flags=""
    [ "$build" = fixed ] && flags=-DCRASHHEAVY_FIXED
    say "building the $build target"
    if ! (cd "$work/p" && CFLAGS="${CFLAGS:+$CFLAGS }$flags" CTESTCACHE=$work/ctestcache \
        "$ctest_bin" -c -sanitize=address -fuzz=FuzzDecode -o "$work/$build.test" .) \
        >"$work/build.out" 2>&1; then
        cat "$work/build.out" >&2
        if grep -q 'sanitize.*not supported\|cannot find.*asan' "$work/build.out"; then
            exit 77
        fi
        exit 1
    fi
done

# fuzzrun BUILD I: run I of BUILD; appends its row to rows and its rate
# to rates_BUILD.
rows=()
rates_buggy=() rates_fixed=()
fuzzrun() {
    local build=$1 i=$2 dir=$work/run-$1-$2 line t0="" t1="" execs="" found="" status=0
    mkdir -p "$dir"
    mkfifo "$dir/fifo"
    (cd "$dir" && exec taskset -c "$cpu" "$work/$build.test" -test.run='^$' \
        -test.fuzz=FuzzDecode -test.fuzzkeepgoing -test.fuzztime="${secs}s" -test.parallel=1 \
        -test.fuzzcachedir="$dir/cache") >"$dir/fifo" 2>&1 &
    local pid=$!
    while IFS= read -r line; do
        printf '%s %s\n' "$EPOCHREALTIME" "$line" >>"$dir/out"
        if [ -z "$t0" ] && [[ $line == *"now fuzzing"* ]]; then
            t0=$EPOCHREALTIME
        elif [ -n "$t0" ] && [[ $line =~ ^fuzz:\ elapsed:\ [0-9]+s,\ execs:\ ([0-9]+) ]]; then
            t1=$EPOCHREALTIME execs=${BASH_REMATCH[1]}
        elif [[ $line =~ fuzzing\ found\ (.*)$ ]]; then
            found=${BASH_REMATCH[1]}
        fi
    done <"$dir/fifo"
    wait "$pid" || status=$?
    if [ -z "$execs" ] || [ "$t1" = "$t0" ]; then
        say "FAIL: $build run $i fuzzed nothing (status $status): $(tail -3 "$dir/out")"
        fail=1
        rows+=("| $build | $i | ? | ? | ? | $status |")
        return
    fi
    if [ "$build" = fixed ] && [ -n "$found" ]; then
        say "FAIL: the fixed build crashed: $found"
        fail=1
    fi
    local rate
    rate=$(awk -v n="$execs" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", n / (b - a) }')
    eval "rates_$build+=($rate)"
    rows+=("| $build | $i | $execs | $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') | $rate | ${found:-none} | $status |")
    say "$build run $i: $rate execs/s${found:+, $found}"
    rm -rf "$dir"
}
for i in $(seq 1 "$runs"); do
    fuzzrun buggy "$i"
    fuzzrun fixed "$i"
done

# median N...: the median of the numbers.
median() {
    printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "?"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.0f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
mb=$(median "${rates_buggy[@]}")
mf=$(median "${rates_fixed[@]}")
ratio=$(awk -v b="$mb" -v f="$mf" 'BEGIN { if (f + 0 > 0 && b != "?") printf "%.2f", b / f; else print "?" }')

report() {
    echo "# Keep-going on a crash-heavy target"
    echo
    echo "Command: \`bench/crashheavy.sh ${ORIG_ARGS[*]}\`"
    echo
    echo "- machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -sr); each run on CPU $cpu; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "- ctest: commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . 2>/dev/null || echo ' (with uncommitted changes)'); driver $ctest_bin"
    echo "- compiler: $(clang --version 2>/dev/null | head -1)"
    echo "- the target: bench/targets/crashheavy, built with \`ctest -c -sanitize=address -fuzz=FuzzDecode\` (fixed: CFLAGS=-DCRASHHEAVY_FIXED)"
    echo "- each run: \`x.test -test.run='^\$' -test.fuzz=FuzzDecode -test.fuzzkeepgoing -test.fuzztime=${secs}s -test.parallel=1\`, an empty fuzz cache; rate: the last progress line's executions over the time since \"now fuzzing\""
    echo
    echo "| build | run | execs | seconds | execs/s | crashes found | exit status |"
    echo "|---|---:|---:|---:|---:|---|---:|"
    printf '%s\n' "${rows[@]}"
    echo
    echo "Median execs/s: buggy $mb, fixed $mf; buggy over fixed: $ratio."
}
report
if [ "$save" -eq 1 ]; then
    mkdir -p "$root/bench/results"
    out=$root/bench/results/$(date +%F)-$(git -C "$root" rev-parse --short HEAD)-crashheavy.md
    report >"$out"
    say "saved $out"
fi
exit "$fail"
