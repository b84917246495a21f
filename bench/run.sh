#!/usr/bin/env bash
# run.sh: the benchmark suite (see bench/README.md). Builds each target of
# bench/targets three ways -- a ctest fuzz test, a libFuzzer harness of the
# same C code (clang -fsanitize=fuzzer) and, when Go is installed, a Go
# twin -- measures them all in this one run, and prints one markdown table
# per measure: median, min, max and the number of runs.
#
# usage: bench/run.sh [--quick] [--runs N] [--search-runs N] [--targets a,b]
#                     [--cap SECONDS] [--no-go] [--save] [--ctest PATH]
#   --quick    a smoke run (1 run, short durations, small corpora) that
#              checks every table has sane values; under 2 minutes
#   --runs N   runs per measure and engine (default 5; --quick: 1)
#   --search-runs N  runs of the executions-to-find measure, whose spread
#              is wide (default 41; --quick: 1)
#   --targets  a comma-separated subset of nop,magic,magic32,twoarg,parser
#   --cap S    time-to-find cap in seconds (default 30; --quick: 3)
#   --no-go    leave out the Go twins even when go is installed
#   --save     also write the tables to bench/results/<date>.md
#   --ctest P  the ctest driver to use (default: build it in $CTEST_BUILD,
#              default build/, if needed)
#
# All targets are compiled with -O2. The parser target's C builds use
# AddressSanitizer (ctest -sanitize=address, -fsanitize=fuzzer,address):
# its planted bug is an out-of-bounds write, which only ASan reports in C.
# The test binaries are built once (ctest -c, go test -c) and run directly,
# so compilation is never timed; each run gets a fresh cache and corpus.
set -euo pipefail

bench=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$bench/.." && pwd)

# ---- options
quick=0 runs="" search_runs="" targets="nop,magic,magic32,twoarg,parser" cap="" use_go=1 save=0
ctest_bin=""
ORIG_ARGS=("$@")
while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1 ;;
    --runs) runs=$2; shift ;;
    --search-runs) search_runs=$2; shift ;;
    --targets) targets=$2; shift ;;
    --cap) cap=$2; shift ;;
    --no-go) use_go=0 ;;
    --save) save=1 ;;
    --ctest) ctest_bin=$2; shift ;;
    *) echo "usage: bench/run.sh [--quick] [--runs N] [--search-runs N] [--targets a,b] [--cap S] [--no-go] [--save] [--ctest PATH]" >&2
       exit 2 ;;
    esac
    shift
done

# Sizes of each measure, full and quick.
if [ "$quick" -eq 1 ]; then
    runs=${runs:-1} cap=${cap:-3} search_runs=${search_runs:-1}
    fuzz_secs=1        # length of a throughput run
    replay_files=300   # seed corpus replayed without -fuzz
    cache_entries=1000 # cache corpus loaded by the coordinator
else
    runs=${runs:-5} cap=${cap:-30} search_runs=${search_runs:-41}
    fuzz_secs=5
    replay_files=10000
    cache_entries=100000
fi
# Which targets each measure uses: throughput and start-up on the targets
# whose bug the engines do not find at once (nop, and twoarg, whose integer
# needs comparison feedback), seed replay on the no-op target and the
# two-argument one (decoding two values), the coordinator's RSS on the no-op
# target, time to find on all targets with a bug.
measure_targets() {
    local want=$1 t sel=()
    for t in ${targets//,/ }; do
        case " $want " in *" $t "*) sel+=("$t") ;; esac
    done
    echo "${sel[@]}"
}
all_targets=${targets//,/ }
throughput_targets=$(measure_targets "nop twoarg")
replay_targets=$(measure_targets "nop twoarg")
rss_targets=$(measure_targets "nop")
find_targets=$(measure_targets "magic magic32 twoarg parser")
search_targets=$(measure_targets "magic parser")

# fuzz_name and kind give each target's fuzz test and input kind.
fuzz_name() {
    case $1 in
    nop) echo FuzzNop ;; magic) echo FuzzMagic ;; magic32) echo FuzzMagic32 ;;
    twoarg) echo FuzzTwoArg ;; parser) echo FuzzParser ;;
    *) echo "bench: unknown target $1" >&2; exit 2 ;;
    esac
}
kind() { [ "$1" = twoarg ] && echo twoarg || echo bytes; }
asan() { [ "$1" = parser ]; }

say() { echo "bench: $*" >&2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/ctest-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
started=$(date +%s)

# ---- prerequisites: the ctest driver, clang's libFuzzer, go (optional)
# shellcheck source=driver.sh
. "$bench/driver.sh"
bench_driver

printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\n'\
'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
    >"$work/probe.c"
if ! clang -fsanitize=fuzzer "$work/probe.c" -o "$work/probe" 2>/dev/null; then
    say "installing clang and libclang-rt-dev for libFuzzer"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang libclang-rt-dev >/dev/null
    clang -fsanitize=fuzzer "$work/probe.c" -o "$work/probe"
fi
if [ "$use_go" -eq 1 ] && ! command -v go >/dev/null; then
    say "go is not installed: no Go twins"
    use_go=0
fi
engines="ctest libfuzzer"
[ "$use_go" -eq 1 ] && engines="$engines go"

mkdir -p "$work/bin"
clang -std=c11 -O2 -Wall -Wextra -Werror -o "$work/bin/benchtool" "$bench/tools/benchtool.c" -lnettle
benchtool=$work/bin/benchtool

# ---- build: per target, in a scratch copy $work/<target> (the ctest
# package; its go/ is the Go package):
#   ctest-fuzz.test, ctest.test   ctest -c, with and without -fuzz
#   ctest-gofuzz.test             ctest -c -fuzz -fuzzcmp=false: Go's
#                                 search, instrumented as Go's is (a
#                                 counter per block), for the measures
#                                 that run with -test.fuzzcmp=false
#   go-fuzz.test, go.test         go test -c, with and without -fuzz
#   libfuzzer                     clang -fsanitize=fuzzer
export CTESTCACHE=$work/ctestcache
for t in $all_targets; do
    say "building $t"
    pkg=$work/$t
    cp -r "$bench/targets/$t" "$pkg"
    name=$(fuzz_name "$t")
    san=() lfsan=fuzzer
    if asan "$t"; then san=(-sanitize=address) lfsan=fuzzer,address; fi
    (cd "$pkg" && CFLAGS=-O2 "$ctest_bin" -c -o ctest-fuzz.test -fuzz="$name" "${san[@]}" &&
        CFLAGS=-O2 "$ctest_bin" -c -o ctest-gofuzz.test -fuzz="$name" -fuzzcmp=false "${san[@]}" &&
        CFLAGS=-O2 "$ctest_bin" -c -o ctest.test "${san[@]}")
    clang -O2 -g -fsanitize="$lfsan" -I"$pkg" "$pkg/target.c" "$pkg/libfuzzer/libfuzzer.c" \
        -o "$pkg/libfuzzer.bin"
    if [ "$use_go" -eq 1 ]; then
        (cd "$pkg/go" && go test -c -o ../go-fuzz.test -fuzz="$name" && go test -c -o ../go.test)
    fi
done

# ---- running: each engine's command for a target, run by benchtool in the
# directory it needs. Every run appends "<measure> <target> <engine> <value>
# <ok>" to $samples; ok is 0 for a run that hit the cap (time to find) or
# failed to produce a value.
samples=$work/samples
: >"$samples"
log=$work/log

# fresh prepares a run of engine on target: removes the failing inputs of
# earlier runs and empties the fuzz cache and the libFuzzer corpus.
fresh() {
    local t=$1 pkg=$work/$1
    rm -rf "$pkg/testdata/fuzz/$(fuzz_name "$t")" "$pkg/go/testdata/fuzz/$(fuzz_name "$t")" \
        "$work/cache" "$work/corpus" "$work/artifacts"
    mkdir -p "$work/corpus" "$work/artifacts"
    cp "$pkg/libfuzzer/seed.bin" "$work/corpus/"
}

# fuzz_run <engine> <target> <timeout> <log> <engine flags...>: one fuzzing
# run, with the common flags; the rest are the engine's own. A ctest run
# with -test.fuzzcmp=false (Go's search) runs the binary built for it.
fuzz_run() {
    local e=$1 t=$2 limit=$3 out=$4 pkg=$work/$2 name bin=./ctest-fuzz.test
    shift 4
    name=$(fuzz_name "$t")
    case " $* " in *" -test.fuzzcmp=false "*) bin=./ctest-gofuzz.test ;; esac
    case $e in
    ctest) "$benchtool" run -C "$pkg" -t "$limit" -- "$bin" -test.fuzz="^$name\$" \
        -test.fuzzcachedir="$work/cache" -test.fuzzminimizetime=0 "$@" >"$out" ;;
    # Go's coordinator removes its workers' shared memory files (TMPDIR's
    # fuzz-*, 100 MB each) only when it ends well: the run's limit kills
    # it, so they go to the work directory, which is removed.
    go) mkdir -p "$work/gotmp" && TMPDIR="$work/gotmp" "$benchtool" run -C "$pkg/go" -t "$limit" -- \
        ../go-fuzz.test -test.fuzz="^$name\$" -test.fuzzcachedir="$work/cache" \
        -test.fuzzminimizetime=0 "$@" >"$out" ;;
    libfuzzer) "$benchtool" run -C "$work" -t "$limit" -- "$pkg/libfuzzer.bin" \
        -artifact_prefix="$work/artifacts/" "$@" "$work/corpus" >"$out" ;;
    esac
}

# Parsers of a run's log (benchtool's time-stamped lines).
# fuzz_start: when fuzzing proper began (after the seed corpus ran).
fuzz_start() {
    awk '/now fuzzing with|INITED/ { print $1; exit }' "$1"
}
# fuzz_rate: executions per second of fuzzing, from the last progress line
# (ctest and Go: "execs: N"; libFuzzer: "#N ...") and its time stamp.
fuzz_rate() {
    awk -v start="$(fuzz_start "$1")" '
        / fuzz: elapsed: .*execs: / { for (i = 1; i <= NF; i++) if ($i == "execs:") { n = $(i + 1); t = $1 } }
        $2 ~ /^#[0-9]+$/ && $3 != "INITED" { n = substr($2, 2); t = $1 }
        END { if (start != "" && n != "" && t > start) printf "%.0f\n", (n + 0) / (t - start) }' "$1"
}
field() { awk -v k="$2" '/^#benchrun/ { for (i = 2; i <= NF; i++) { split($i, a, "="); if (a[1] == k) print a[2] } }' "$1"; }
record() { echo "$1 $2 $3 ${4:-} ${5:-1}" >>"$samples"; }

# ---- measures

# execs/s with one worker, and with two (ctest and Go: -parallel=2;
# libFuzzer: two processes at once, their rates summed).
measure_throughput() {
    local workers=$1 measure=$2 t e rate
    for t in $throughput_targets; do
        for e in $engines; do
            for _ in $(seq "$runs"); do
                fresh "$t"
                # Each engine in its default mode, comparison feedback
                # on, but on twoarg, whose bug that feedback would find
                # within the run: there ctest runs -test.fuzzcmp=false and
                # libFuzzer -use_cmp=0 (which still calls its hooks).
                local cmpoff=()
                if [ "$t" = twoarg ]; then
                    case $e in ctest) cmpoff=(-test.fuzzcmp=false) ;; libfuzzer) cmpoff=(-use_cmp=0) ;; esac
                fi
                if [ "$e" = libfuzzer ]; then
                    local total=0 w found=0
                    for w in $(seq "$workers"); do
                        fuzz_run libfuzzer "$t" $((fuzz_secs + 30)) "$log.$w" \
                            -max_total_time="$fuzz_secs" "${cmpoff[@]}" -seed=$((RANDOM + w)) &
                    done
                    wait
                    for w in $(seq "$workers"); do
                        rate=$(fuzz_rate "$log.$w")
                        total=$((total + ${rate:-0}))
                        [ "$(field "$log.$w" status)" = 0 ] || found=1
                    done
                    rate=$total
                    [ "$found" -eq 0 ] || rate=""
                else
                    fuzz_run "$e" "$t" $((fuzz_secs + 30)) "$log" -test.fuzztime="${fuzz_secs}s" \
                        -test.parallel="$workers" "${cmpoff[@]}"
                    rate=$(fuzz_rate "$log")
                    [ "$(field "$log" status)" = 0 ] || rate=""
                fi
                # A run that ended early (it found the bug, or failed) is
                # not a sample.
                if [ -n "$rate" ] && [ "$rate" -gt 0 ]; then
                    record "$measure" "$t" "$e" "$rate"
                else
                    say "$measure: a run of $t/$e ended early (status $(field "$log" status))"
                    record "$measure" "$t" "$e" 0 0
                fi
            done
        done
    done
}

# bug_found LOG TARGET ENGINE: whether the run's log shows the target's
# planted bug, not some other failure (an engine's own panic written as a
# crasher is not a find).
bug_found() {
    local pat
    case $2/$3 in
    parser/*) pat='ERROR: AddressSanitizer|panic: runtime error: index out of range' ;;
    */libfuzzer) pat='ERROR: libFuzzer: deadly signal' ;;
    magic/* | magic32/*) pat='found the magic value' ;;
    twoarg/*) pat='found the prefix and the integer' ;;
    *) pat='--- FAIL' ;;
    esac
    grep -qE -- "$pat" "$1"
}

# Time to find each target's bug with one worker, capped: the wall-clock
# time from launch to the failure report (minimization off).
measure_find() {
    local t e status
    for t in $find_targets; do
        for e in $engines; do
            for _ in $(seq "$runs"); do
                fresh "$t"
                case $e in
                libfuzzer) fuzz_run libfuzzer "$t" "$cap" "$log" ;;
                *) fuzz_run "$e" "$t" "$cap" "$log" -test.fuzztime=$((cap + 60))s -test.parallel=1 ;;
                esac
                status=$(field "$log" status)
                if [ "$(field "$log" capped)" = 1 ]; then
                    record find "$t" "$e" "$cap" 0
                elif [ "$status" != 0 ] && bug_found "$log" "$t" "$e"; then
                    record find "$t" "$e" "$(field "$log" wall)"
                else
                    say "find: $t/$e ended without its bug (status $status)"
                    record find "$t" "$e" "$cap" 0
                fi
            done
        done
    done
}

# Executions to find, comparison feedback off (ctest -test.fuzzcmp=false):
# Go's search, whose executions ctest should match. The count is the
# "execs: N" of the last progress line, which the coordinator prints as it
# stops, the crasher's call included. ctest and Go only: libFuzzer's search
# is another one.
measure_search() {
    local t e status n
    for t in $search_targets; do
        for e in $engines; do
            [ "$e" = libfuzzer ] && continue
            for _ in $(seq "$search_runs"); do
                fresh "$t"
                local cmpoff=()
                [ "$e" = ctest ] && cmpoff=(-test.fuzzcmp=false)
                fuzz_run "$e" "$t" "$cap" "$log" -test.fuzztime=$((cap + 60))s -test.parallel=1 "${cmpoff[@]}"
                status=$(field "$log" status)
                n=$(awk '/ fuzz: elapsed: .*execs: / { for (i = 1; i <= NF; i++) if ($i == "execs:") n = $(i + 1) } END { print n }' "$log")
                if [ "$(field "$log" capped)" != 1 ] && [ "$status" != 0 ] && [ -n "$n" ] &&
                    bug_found "$log" "$t" "$e"; then
                    record search "$t" "$e" "$n"
                else
                    say "search: $t/$e did not find the bug within ${cap}s (status $status)"
                    record search "$t" "$e" "${n:-0}" 0
                fi
            done
        done
    done
}

# Start-up: the time from launch until the seed corpus has run and fuzzing
# begins (ctest and Go: "now fuzzing with 1 workers"; libFuzzer: INITED),
# in a run of one execution (-fuzztime=1x, -runs=1).
measure_startup() {
    local t e start
    for t in $throughput_targets; do
        for e in $engines; do
            for _ in $(seq "$runs"); do
                fresh "$t"
                case $e in
                libfuzzer) fuzz_run libfuzzer "$t" 60 "$log" -runs=1 ;;
                *) fuzz_run "$e" "$t" 60 "$log" -test.fuzztime=1x -test.parallel=1 ;;
                esac
                start=$(fuzz_start "$log")
                if [ -n "$start" ]; then
                    record startup "$t" "$e" "$start"
                else
                    record startup "$t" "$e" 0 0
                fi
            done
        done
    done
}

# Seed replay: $replay_files corpus files run without -fuzz (ctest and Go:
# testdata/fuzz/FuzzX, -run=FuzzX; libFuzzer: -runs=0 over a corpus dir).
measure_replay() {
    local t e name pkg ok
    for t in $replay_targets; do
        name=$(fuzz_name "$t") pkg=$work/$t
        fresh "$t"
        "$benchtool" corpus -format v1 -kind "$(kind "$t")" -n "$replay_files" -dir "$pkg/testdata/fuzz/$name"
        if [ "$use_go" -eq 1 ]; then
            mkdir -p "$pkg/go/testdata/fuzz"
            cp -r "$pkg/testdata/fuzz/$name" "$pkg/go/testdata/fuzz/"
        fi
        "$benchtool" corpus -format raw -kind "$(kind "$t")" -n "$replay_files" -dir "$work/replay"
        for e in $engines; do
            for _ in $(seq "$runs"); do
                case $e in
                ctest) "$benchtool" run -C "$pkg" -t 600 -- ./ctest.test -test.run="^$name\$" >"$log" ;;
                go) "$benchtool" run -C "$pkg/go" -t 600 -- ../go.test -test.run="^$name\$" >"$log" ;;
                libfuzzer) "$benchtool" run -C "$work" -t 600 -- "$pkg/libfuzzer.bin" -runs=0 "$work/replay" >"$log" ;;
                esac
                ok=1
                [ "$(field "$log" status)" = 0 ] || { ok=0; say "replay: $t/$e failed"; tail -5 "$log" >&2; }
                record replay "$t" "$e" "$(field "$log" wall)" "$ok"
            done
        done
        rm -rf "$pkg/testdata" "$pkg/go/testdata" "$work/replay"
    done
}

# Coordinator RSS: peak resident set of the coordinator (the process
# launched; its workers not counted) after loading $cache_entries entries
# from the fuzz cache, in a -fuzztime=1x run. libFuzzer has no coordinator:
# its one process loads the entries as a corpus directory (-runs=1).
measure_rss() {
    local t e name ok
    for t in $rss_targets; do
        name=$(fuzz_name "$t")
        for e in $engines; do
            for _ in $(seq "$runs"); do
                fresh "$t"
                case $e in
                libfuzzer)
                    "$benchtool" corpus -format raw -kind "$(kind "$t")" -n "$cache_entries" -dir "$work/corpus"
                    fuzz_run libfuzzer "$t" 900 "$log" -runs=1 ;;
                *)
                    mkdir -p "$work/cache"
                    "$benchtool" corpus -format v1 -kind "$(kind "$t")" -n "$cache_entries" -dir "$work/cache/$name"
                    fuzz_run "$e" "$t" 900 "$log" -test.fuzztime=1x -test.parallel=1 ;;
                esac
                ok=1
                [ "$(field "$log" status)" = 0 ] || { ok=0; say "rss: $t/$e failed"; tail -5 "$log" >&2; }
                record rss "$t" "$e" "$(awk -v k="$(field "$log" hwm_kb)" 'BEGIN { printf "%.1f", k / 1024 }')" "$ok"
            done
        done
    done
}

# ---- tables

# table <measure> <title> <unit note> <value format>: one markdown table,
# a row per target and engine with the median, min and max of its good
# runs and their number (for time to find: runs that found the bug).
table() {
    local measure=$1 title=$2 note=$3 fmt=$4 t e
    echo "### $title"
    echo
    echo "$note"
    echo
    if [ "$measure" = find ] || [ "$measure" = search ]; then
        echo "| target | engine | median | min | max | found / runs |"
        echo "|---|---|---:|---:|---:|---:|"
    else
        echo "| target | engine | median | min | max | runs |"
        echo "|---|---|---:|---:|---:|---:|"
    fi
    for t in $all_targets; do
        for e in $engines; do
            awk -v m="$measure" -v t="$t" -v e="$e" -v fmt="$fmt" -v cap="$cap" '
                $1 == m && $2 == t && $3 == e { all++; if ($5 == 1 || m == "find") { v[n++] = $4 + 0 } if ($5 == 1) found++ }
                # search: a run that did not find the bug is left out of the
                # statistics; found / runs says how many there were.
                END {
                    if (all == 0) exit
                    if (n == 0) { printf "| %s | %s | - | - | - | 0 / %d |\n", t, e, all; exit }
                    for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (v[j] < v[i]) { x = v[i]; v[i] = v[j]; v[j] = x }
                    med = n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2
                    s = sprintf("| %s | %s | " fmt " | " fmt " | " fmt " |", t, e, med, v[0], v[n - 1])
                    if (m == "find" || m == "search") {
                        # a capped run counts as the cap: a median at the cap reads "≥ cap"
                        if (m == "find" && found * 2 <= all) s = sprintf("| %s | %s | ≥ " fmt " | " fmt " | " fmt " |", t, e, med, v[0], v[n - 1])
                        printf "%s %d / %d |\n", s, found + 0, all
                    } else {
                        printf "%s %d |\n", s, n
                    }
                }' "$samples"
        done
    done
    echo
}

# ---- run everything, then print

say "targets: $all_targets; engines: $engines; runs: $runs"
say "measuring execs/s with one worker"
measure_throughput 1 execs1
say "measuring execs/s with two workers"
measure_throughput 2 execs2
say "measuring time to find (cap ${cap}s)"
measure_find
say "measuring executions to find, comparison feedback off ($search_runs runs)"
measure_search
say "measuring start-up"
measure_startup
say "measuring seed replay of $replay_files files"
measure_replay
say "measuring coordinator RSS with $cache_entries cache entries"
measure_rss

tables=$work/tables.md
{
    table execs1 "Execs/s, one worker (-parallel=1)" \
        "Executions per second of fuzzing (from the start of fuzzing to the last progress line), ${fuzz_secs}s runs. Each engine in its default mode, but on twoarg: comparison feedback off (\`-test.fuzzcmp=false\`, \`-use_cmp=0\`), which would find its bug." "%.0f"
    table execs2 "Execs/s, two workers (-parallel=2)" \
        "All workers together; libFuzzer: two processes at once, their rates summed. ${fuzz_secs}s runs." "%.0f"
    table find "Time to find, seconds (one worker, cap ${cap}s)" \
        "Wall clock from launch to the failure report, minimization off. A run that hits the cap, or ends without the planted bug, counts as the cap." "%.2f"
    table search "Executions to find, comparison feedback off (one worker, cap ${cap}s)" \
        "ctest with \`-test.fuzzcmp=false\` makes Go's search: executions until the failure report (the last \`execs:\` count), ${search_runs} runs each. Runs that did not find the bug within the cap are left out of the median." "%.0f"
    table startup "Start-up to the first execution, seconds" \
        "From launch until the seed corpus has run and fuzzing begins (\`now fuzzing\`, libFuzzer's INITED)." "%.3f"
    table replay "Seed replay of $replay_files corpus files, seconds" \
        "ctest/Go: \`-run=FuzzX\` without -fuzz over testdata/fuzz/FuzzX; libFuzzer: \`-runs=0\` over a corpus directory." "%.3f"
    table rss "Coordinator RSS after loading $cache_entries cache entries, MiB" \
        "Peak resident set (VmHWM) of the launched process, workers not counted, in a \`-fuzztime=1x\` run; libFuzzer: its one process with the entries as its corpus." "%.1f"
} >"$tables"
cat "$tables"
say "done in $(($(date +%s) - started))s"

# ---- --save: the tables with the machine and the exact command
if [ "$save" -eq 1 ]; then
    mkdir -p "$bench/results"
    out=$bench/results/$(date +%F).md
    {
        echo "# Benchmark results, $(date +%F)"
        echo
        echo "Command: \`${CTEST_BUILD:+CTEST_BUILD=$CTEST_BUILD }bench/run.sh$(printf ' %q' "${ORIG_ARGS[@]}")\` ($(($(date +%s) - started))s)"
        echo
        echo "- machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) RAM, $(uname -sr)"
        echo "- ctest: commit $(git -C "$root" rev-parse --short HEAD) ($(git -C "$root" log -1 --format=%cs)), driver $ctest_bin"
        [ -z "${build:-}" ] || echo "- ctest build: $build, $(grep -E '^CMAKE_BUILD_TYPE:' "$build/CMakeCache.txt" | sed 's/.*=//;s/^$/RelWithDebInfo (default)/')"
        echo "- $(clang --version | head -1)"
        [ "$use_go" -eq 1 ] && echo "- $(go version)"
        echo "- load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
        echo
        cat "$tables"
    } >"$out"
    say "saved $out"
fi

# ---- --quick: check that every table was produced with sane values (not
# the numbers themselves): each measure has a good run of every engine.
if [ "$quick" -eq 1 ]; then
    fail=0
    for m in execs1 execs2 startup replay rss; do
        for e in $engines; do
            if ! awk -v m="$m" -v e="$e" '$1 == m && $3 == e && $5 == 1 && $4 > 0 { ok = 1 } END { exit !ok }' "$samples"; then
                echo "bench: no good $m run of $e" >&2
                fail=1
            fi
        done
    done
    for e in $engines; do
        if ! awk -v e="$e" '$1 == "find" && $3 == e { ok = 1 } END { exit !ok }' "$samples"; then
            echo "bench: no time-to-find run of $e" >&2
            fail=1
        fi
    done
    for e in $engines; do
        [ "$e" = libfuzzer ] || [ -z "$search_targets" ] && continue
        if ! awk -v e="$e" '$1 == "search" && $3 == e { ok = 1 } END { exit !ok }' "$samples"; then
            echo "bench: no executions-to-find run of $e" >&2
            fail=1
        fi
    done
    # Each engine finds some bug within the cap (the byte-by-byte magic
    # value and the parser's take each of them about a second), so that
    # the failure reports are recognized.
    if [ -n "$find_targets" ]; then
        for e in $engines; do
            if ! awk -v e="$e" '$1 == "find" && $3 == e && $5 == 1 { ok = 1 } END { exit !ok }' "$samples"; then
                echo "bench: $e found no bug within ${cap}s" >&2
                fail=1
            fi
        done
    fi
    [ "$fail" -eq 0 ] && echo "bench: quick run OK"
    exit "$fail"
fi
