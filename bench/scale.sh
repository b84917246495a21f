#!/usr/bin/env bash
# scale.sh: how ctest copes with a large corpus, beside Go and libFuzzer
# on the same no-op fuzz target (a []byte fuzz function that does nothing,
# so that only the engines' own costs are measured):
#
#   replay     the test binary replays N seed files of testdata/fuzz/FuzzX
#              (ctest: p.test -test.run=FuzzX; Go: x.test -test.run=FuzzX;
#              libFuzzer: ./lf -runs=0 DIR over the same inputs, raw): the
#              time a file, and that it ended well;
#   start-up   fuzzing with C entries in the cache directory and one worker
#              (-test.fuzz=FuzzX -test.fuzztime=<C+1000>x -test.parallel=1,
#              as the baseline's executions count toward it): the
#              time from the command's start to the "now fuzzing" line
#              (reading the corpus, its dedupe and the baseline run);
#   RSS        the coordinator's peak resident memory (VmHWM, the test
#              binary's process, not its worker) over that run with R cache
#              entries.
#
# Each engine runs its own binary directly, pinned to one CPU. Go and
# libFuzzer are measured where they are installed (go, clang); their rows
# are left out otherwise, and the report says so.
#
# usage: bench/scale.sh [--quick] [--files N] [--cache C] [--rss R]
#                       [--save] [--ctest PATH]
#   --quick    10,000 of each (the CTest test bench/scale-quick)
#   --files N  seed files replayed (default 1,000,000)
#   --cache C  cache entries at start-up (default 100,000)
#   --rss R    cache entries for the RSS figure (default 1,000,000)
#   --save     also write bench/results/<date>-scale.md
#   --ctest P  the ctest driver of a built tree (default: build it in
#              $CTEST_BUILD, default build/)
#
# The report (markdown) goes to stdout. Exit status: 0 when every run ended
# well (the replays passed, each fuzzing run reached "now fuzzing"); 1
# otherwise; 2 for a usage error. The files go to a temporary directory
# under $TMPDIR, removed at the end (1,000,000 files take about 4 GB).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
files=1000000 cache=100000 rss=1000000 save=0 ctest_bin=""
ORIG_ARGS=("$@")
usage() {
    echo "usage: bench/scale.sh [--quick] [--files N] [--cache C] [--rss R] [--save] [--ctest PATH]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --quick) files=10000 cache=10000 rss=10000 ;;
    --files) files=${2:?}; shift ;;
    --cache) cache=${2:?}; shift ;;
    --rss) rss=${2:?}; shift ;;
    --save) save=1 ;;
    --ctest) ctest_bin=${2:?}; shift ;;
    *) usage ;;
    esac
    shift
done
for n in "$files" "$cache" "$rss"; do
    case $n in '' | *[!0-9]*) usage ;; esac
done

say() { echo "scale: $*" >&2; }
# shellcheck source=driver.sh
. "$root/bench/driver.sh"
bench_driver

work=$(mktemp -d "${TMPDIR:-/tmp}/ctest-scale.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail=0
cpu=$(($(nproc) > 1 ? 1 : 0))

# entries DIR N [raw]: N distinct inputs in DIR, v1 files (or raw bytes),
# synced to disk, so that the kernel does not write them back while an
# engine is timed.
entries() {
    python3 - "$1" "$2" "${3:-}" <<'EOF'
import os, sys
d, n, raw = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "raw"
os.makedirs(d, exist_ok=True)
for i in range(n):
    data = b"seed %d" % i
    if not raw:
        data = b'go test fuzz v1\n[]byte("' + data + b'")\n'
    with open(os.path.join(d, "%08x" % i), "wb") as f:
        f.write(data)
EOF
    sync
}

# now: seconds since the epoch, with fractions.
now() { echo "$EPOCHREALTIME"; }

# The three builds of the no-op target.
mkdir -p "$work/c/p" "$work/go"
cat >"$work/c/p/p_test.c" <<'EOF'
#include "testing/testing.h"

static void nop(T *t, go_bytes b) {
    (void)t;
    (void)b;
}

void FuzzX(F *f) {
    f_fuzz(f, nop, GO_BYTES);
}
EOF
say "building ctest's test binary"
(cd "$work/c" && CTESTCACHE=$work/ctestcache "$ctest_bin" -c -fuzz=FuzzX -o "$work/p.test" ./p)
have_go=0 have_lf=0
if command -v go >/dev/null; then
    have_go=1
    printf 'module example.com/scale\n\ngo 1.19\n' >"$work/go/go.mod"
    cat >"$work/go/x_test.go" <<'EOF'
package scale

import "testing"

func FuzzX(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {})
}
EOF
    say "building Go's test binary ($(go version))"
    (cd "$work/go" && GOCACHE=$work/gocache GOFLAGS=-mod=mod go test -c -fuzz=FuzzX -o "$work/x.test" .)
fi
if command -v clang >/dev/null; then
    have_lf=1
    printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' >"$work/lf.c"
    say "building the libFuzzer binary"
    clang -O2 -fsanitize=fuzzer -o "$work/lf" "$work/lf.c"
fi

# ---- replay
say "writing $files seed files"
entries "$work/c/p/testdata/fuzz/FuzzX" "$files"
rows=()
# replay NAME DIR CMD...: the time a file of the run of CMD in DIR. CMD
# runs once untimed first: the first pass over a million new files costs
# the kernel about a third more than the next, for every engine, so each
# is timed on files it has just read (the replay a user runs again).
replay() {
    local name=$1 dir=$2 s e status=0
    shift 2
    (cd "$dir" && taskset -c "$cpu" "$@" >/dev/null 2>&1) || true
    s=$(now)
    (cd "$dir" && taskset -c "$cpu" "$@" >"$work/$name.out" 2>&1) || status=$?
    e=$(now)
    if [ "$status" -ne 0 ]; then
        say "FAIL: $name's replay ended with status $status: $(tail -3 "$work/$name.out")"
        fail=1
    fi
    rows+=("| $name | replay $files seed files | $(awk -v s="$s" -v e="$e" -v n="$files" \
        'BEGIN { printf "%.1f s, %.1f µs a file", e - s, (e - s) * 1e6 / n }') | $status |")
}
replay ctest "$work/c/p" "$work/p.test" -test.run=FuzzX
if [ "$have_go" -eq 1 ]; then
    mkdir -p "$work/go/testdata/fuzz"
    mv "$work/c/p/testdata/fuzz/FuzzX" "$work/go/testdata/fuzz/FuzzX"
    replay Go "$work/go" "$work/x.test" -test.run=FuzzX
    rm -rf "$work/go/testdata"
else
    rm -rf "$work/c/p/testdata"
fi
if [ "$have_lf" -eq 1 ]; then
    entries "$work/lfcorpus" "$files" raw
    replay libFuzzer "$work" "$work/lf" -runs=0 "$work/lfcorpus"
    rm -rf "$work/lfcorpus"
fi

# ---- start-up and RSS
# fuzzrun NAME BIN N: fuzzing with N cache entries; sets secs (to the "now
# fuzzing" line) and hwm (the coordinator's peak RSS, kB).
fuzzrun() {
    local name=$1 bin=$2 n=$3 dir=$work/$1-run pid poller s line status=0
    mkdir -p "$dir"
    entries "$dir/cache/FuzzX" "$n"
    mkfifo "$dir/fifo"
    secs="" hwm=0
    s=$EPOCHREALTIME
    # The baseline's executions count toward -fuzztime: N of them, then
    # some fuzzing.
    (cd "$dir" && exec taskset -c "$cpu" "$bin" -test.fuzz=FuzzX -test.fuzztime=$((n + 1000))x \
        -test.parallel=1 -test.fuzzcachedir="$dir/cache") >"$dir/fifo" 2>&1 &
    pid=$!
    # The coordinator is the process started (taskset execs it); VmHWM only
    # grows, so its last reading is the peak.
    (while kill -0 "$pid" 2>/dev/null; do
        grep -m1 VmHWM "/proc/$pid/status" 2>/dev/null | awk '{ print $2 }' >"$dir/hwm.new" &&
            [ -s "$dir/hwm.new" ] && mv "$dir/hwm.new" "$dir/hwm"
        sleep 0.02
    done) &
    poller=$!
    while IFS= read -r line; do
        if [ -z "$secs" ] && [[ $line == *"now fuzzing"* ]]; then
            secs=$(awk -v s="$s" -v e="$EPOCHREALTIME" 'BEGIN { printf "%.2f", e - s }')
        fi
        printf '%s\n' "$line" >>"$dir/out"
    done <"$dir/fifo"
    wait "$pid" || status=$?
    wait "$poller" || true
    [ -s "$dir/hwm" ] && hwm=$(cat "$dir/hwm")
    if [ -z "$secs" ] || [ "$status" -ne 0 ]; then
        say "FAIL: $name with $n cache entries: status $status, no \"now fuzzing\": $(tail -3 "$dir/out")"
        fail=1
        secs=${secs:-?}
    fi
    rm -rf "$dir"
}
for e in ctest Go; do
    [ "$e" = Go ] && [ "$have_go" -eq 0 ] && continue
    bin=$work/p.test
    [ "$e" = Go ] && bin=$work/x.test
    say "$e: fuzzing with $cache cache entries"
    fuzzrun "$e" "$bin" "$cache"
    rows+=("| $e | start-up with $cache cache entries | $secs s | |")
    say "$e: fuzzing with $rss cache entries"
    fuzzrun "$e" "$bin" "$rss"
    rows+=("| $e | coordinator's peak RSS with $rss cache entries | $((hwm / 1024)) MB | |")
done

report() {
    echo "# Scale: a large corpus"
    echo
    echo "Command: \`bench/scale.sh ${ORIG_ARGS[*]}\`"
    echo
    echo "- machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -sr); each run on CPU $cpu; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "- ctest: commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . 2>/dev/null || echo ' (with uncommitted changes)')"
    [ "$have_go" -eq 1 ] && echo "- $(go version)"
    [ "$have_go" -eq 0 ] && echo "- Go: not installed, not measured"
    [ "$have_lf" -eq 1 ] && echo "- libFuzzer: $(clang --version | head -1)"
    [ "$have_lf" -eq 0 ] && echo "- libFuzzer: clang not installed, not measured"
    echo "- the target: a []byte fuzz function that does nothing; the files: distinct inputs of 6 to 12 bytes"
    echo
    echo "| engine | what | measured | exit status |"
    echo "|---|---|---:|---:|"
    printf '%s\n' "${rows[@]}"
}
report
if [ "$save" -eq 1 ]; then
    mkdir -p "$root/bench/results"
    out=$root/bench/results/$(date +%F)-$(git -C "$root" rev-parse --short HEAD)-scale.md
    report >"$out"
    say "saved $out"
fi
exit "$fail"
