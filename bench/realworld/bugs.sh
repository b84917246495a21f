#!/usr/bin/env bash
# bugs.sh: the suite's re-introduced bugs (bugs/<lib>-<name>/), after
# Magma: real bugs the libraries once had, each put back into today's
# source by a small patch that undoes its fix and marks it with canaries
# (bugs/canary.h: where the buggy path is reached, and the condition under
# which it goes wrong, which aborts). For each bug the library is copied,
# patched, and the target built for ctest (its default mode,
# -sanitize=address), libFuzzer and AFL++ (-fsanitize=address, so that the
# three see the same crashes); each engine then fuzzes it from the suite's
# seeds for --secs, --runs times, and the canary's record says whether and
# when (seconds from the engine's start) the bug was reached and
# triggered. The engines run one per CPU, two at a time, and each job
# changes CPU from one run to the next. A job ends at its deadline or once
# its bug is triggered.
#
# --check builds no engine: for each bug it replays its poc through the
# patched replay build (tools/replay.c, ASan) and checks that the canary
# says triggered, that none of the suite's seeds triggers it, and that the
# poc runs cleanly through the unpatched library's replay build (the CTest
# test bench/realworld-bugs-check).
#
# usage: bench/realworld/bugs.sh [--check] [--quick] [--report DIR] [--bugs a,b]
#                                [--engines ctest,libfuzzer,...] [--secs S]
#                                [--runs N] [--first-run K] [--save] [--keep]
#                                [--ctest PATH]
#   --check    the pocs and canaries only, no fuzzing (see above)
#   --report DIR  no fuzzing: the report (and with --save the results
#              file) of the jobs an earlier run left in DIR (--keep), for
#              the --bugs, --engines, --secs and --runs it was given
#   --quick    two bugs quick to build and to find (inih-strncpy0-overread,
#              mujs-linecomment-eof), one 20-second run of each engine: a
#              smoke run
#   --bugs     a comma-separated subset of the directories in bugs/
#   --engines  a subset of ctest,libfuzzer,libfuzzer-best,afl,afl-best
#              (default all five; the set-ups are lib/engines.sh's)
#   --secs S   each engine's time on a bug in a run (default 600)
#   --runs N   runs of each engine on each bug (default 5)
#   --first-run K  number the runs from K (default 1): a table of many runs
#              can be made in parts (bugtable.py combines their results
#              files), and the CPUs still alternate from part to part
#   --save     also write bench/results/<date>-<commit>-bugs.md (-2, -3,
#              ... after it when that exists)
#   --keep     keep the scratch directory and print its name
#   --ctest P  the ctest driver of a built tree (default: build it in
#              $CTEST_BUILD, default build/)
#
# The report (markdown) goes to <build>/realworld-bugs.md. Exit status: 0
# when every check (--check) passed or every engine ran; 1 when a check
# failed, or an engine's start failed without a crasher (the jobs'
# errors files, lib/engines.sh); 77 (CTest's skip) without
# ../shared/realworld; 2 for a usage error.
set -euo pipefail

rw=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$rw/../.." && pwd)

check=0 quick=0 from="" bugs="" engines="ctest,libfuzzer,libfuzzer-best,afl,afl-best" secs="" runs="" first=1 save=0 keep=0 ctest_bin=""
ORIG_ARGS=("$@")
usage() {
    echo "usage: bench/realworld/bugs.sh [--check] [--quick] [--report DIR] [--bugs a,b] [--engines ctest,libfuzzer,libfuzzer-best,afl,afl-best]" \
        "[--secs S] [--runs N] [--first-run K] [--save] [--keep] [--ctest PATH]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --check) check=1 ;;
    --quick) quick=1 ;;
    --report) from=${2:?}; shift ;;
    --bugs) bugs=${2:?}; shift ;;
    --engines) engines=${2:?}; shift ;;
    --secs) secs=${2:?}; shift ;;
    --runs) runs=${2:?}; shift ;;
    --first-run) first=${2:?}; shift ;;
    --save) save=1 ;;
    --keep) keep=1 ;;
    --ctest) ctest_bin=${2:?}; shift ;;
    *) usage ;;
    esac
    shift
done
if [ "$quick" -eq 1 ]; then
    bugs=${bugs:-inih-strncpy0-overread,mujs-linecomment-eof} secs=${secs:-20} runs=${runs:-1}
fi
secs=${secs:-600} runs=${runs:-5}
case "$secs$runs$first" in *[!0-9]*) usage ;; esac
[ -n "$bugs" ] || bugs=$(cd "$rw/bugs" && for d in */; do [ -f "$d/bug.patch" ] && printf '%s ' "${d%/}"; done)
bugs=${bugs//,/ } engines=${engines//,/ }

say() { echo "bugs: $*" >&2; }

# shellcheck source=lib/setup.sh
. "$rw/lib/setup.sh"
need_libraries
# shellcheck source=lib/targets.sh
. "$rw/lib/targets.sh"

# bug_target <bug>: the target (and library) a bug belongs to, the first
# word of its name.
bug_target() { echo "${1%%-*}"; }
for b in $bugs; do
    [ -f "$rw/bugs/$b/bug.patch" ] || { say "no bug $b (bugs/$b/bug.patch)"; exit 2; }
    fuzz_name "$(bug_target "$b")" >/dev/null
done
for e in $engines; do
    case $e in
    ctest | libfuzzer | libfuzzer-best) ;;
    afl | afl-best) command -v afl-fuzz >/dev/null || { say "the afl engine needs afl++ (Debian: afl++)"; exit 2; } ;;
    *) say "unknown engine $e"; exit 2 ;;
    esac
done
# ---- the report
# tree_commit: this tree's commit, and whether it has changes of its own.
tree_commit() {
    echo "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
}
# stats <bug> <engine> <column: 5 reached, 6 triggered>: "k/N" and the
# median seconds over the runs that got there.
stats() {
    awk -F'\t' -v b="$1" -v e="$2" -v c="$3" '$1 == b && $2 == e { n++; if ($c != "-") v[k++] = $c }
        END {
            if (k > 0) {
                for (i = 0; i < k; i++) for (j = i + 1; j < k; j++) if (v[j] < v[i]) { x = v[i]; v[i] = v[j]; v[j] = x }
                m = (k % 2) ? v[int(k / 2)] : (v[k / 2 - 1] + v[k / 2]) / 2
                printf "%d/%d, %.1f s\n", k, n, m
            } else printf "0/%d\n", n
        }' "$top/jobs.tsv"
}
# write_report <file>: the report of $top/jobs.tsv into file, and with
# --save a copy in bench/results.
# shellcheck disable=SC2154 # cpu_a and cpu_b: pick_cpus (lib/engines.sh)
write_report() {
    local report=$1 njobs planned commit
    njobs=$(wc -l <"$top/jobs.tsv")
    # The tree the run started from (a --report of a run from before it was
    # recorded: this one).
    commit=$(cat "$top/commit" 2>/dev/null || tree_commit)
    planned=$(($(wc -w <<<"$bugs") * $(wc -w <<<"$engines") * runs))
    {
        echo "Command: \`${CTEST_BUILD:+CTEST_BUILD=$CTEST_BUILD }bench/realworld/bugs.sh$(printf ' %q' "${ORIG_ARGS[@]}")\`$([ -n "$from" ] || echo " ($(($(date +%s) - started))s)")"
        echo
        if [ -n "$from" ]; then
            echo "- the jobs of an earlier run, in $from: $njobs of the $planned jobs its bugs, engines and runs make (a run stopped early leaves the rest out)"
        fi
        echo "- machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -sr); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
        echo "- ctest: commit $commit, $(clang --version | head -1)$(command -v afl-fuzz >/dev/null && echo ", $(afl-fuzz -h 2>&1 | grep -m1 -o 'afl-fuzz++[0-9.a-z]*' || true)")"
        echo "- each engine fuzzed each bug ${secs}s a run, $runs runs$([ "$first" -eq 1 ] || echo " (numbered from $first)"), one engine per CPU (CPUs $cpu_a and $cpu_b, changed from run to run), from the suite's seeds; ctest's default mode with \`-sanitize=address\` and one worker; libFuzzer and AFL++ built with \`-fsanitize=address\`, libfuzzer and afl in their defaults, libfuzzer-best and afl-best in their strongest set-ups (bench/realworld/lib/engines.sh); a job ends when its bug is triggered"
        echo
        echo "Per bug and engine: the runs that triggered the bug (its canary's condition held;"
        echo "the build then aborts) and the median seconds from the engine's start to the"
        echo "trigger over those runs; the same for reaching the buggy code."
        echo
        printf '| bug |'
        for e in $engines; do printf ' %s: triggered | %s: reached |' "$e" "$e"; done
        printf '\n|---|'
        for e in $engines; do printf -- '---|---|'; done
        echo
        for b in $bugs; do
            printf '| %s |' "$b"
            for e in $engines; do printf ' %s | %s |' "$(stats "$b" "$e" 6)" "$(stats "$b" "$e" 5)"; done
            echo
        done
        echo
        echo "Each job (seconds from the engine's start; \"-\": never):"
        echo
        echo "| bug | engine | run | CPU | reached | triggered | executions |"
        echo "|---|---|---:|---:|---:|---:|---:|"
        awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7 }' "$top/jobs.tsv"
    } >"$report"
    cat "$report"
    if [ "$save" -eq 1 ]; then
        mkdir -p "$root/bench/results"
        # A second run at the same commit the same day (another subset of the
        # bugs, say) gets a name of its own rather than replacing the first.
        local out=bench/results/$(date +%F)-${commit%% *}-bugs k=1 suffix=""
        while [ -e "$root/$out$suffix.md" ]; do k=$((k + 1)) suffix=-$k; done
        out=$out$suffix.md
        cp "$report" "$root/$out"
        say "saved $out"
    fi
}

# --report DIR: only the report of an earlier run's jobs (a run stopped
# before its end with --keep leaves them in its scratch directory DIR).
if [ -n "$from" ]; then
    [ -s "$from/jobs.tsv" ] || { say "no jobs in $from/jobs.tsv"; exit 2; }
    # shellcheck source=lib/engines.sh
    . "$rw/lib/engines.sh"
    top=$from started=$(date +%s)
    pick_cpus
    write_report "$from/realworld-bugs.md"
    say "report in $from/realworld-bugs.md"
    exit 0
fi

make_work bugs
started=$(date +%s)
tree_commit >"$work/commit"

# shellcheck source=lib/build.sh
. "$rw/lib/build.sh"
# shellcheck source=lib/engines.sh
. "$rw/lib/engines.sh"
# shellcheck source=lib/measure.sh
. "$rw/lib/measure.sh"
# shellcheck source=../driver.sh
. "$root/bench/driver.sh"

bench_driver ctest_fuzz ctest_std
build=$(cd "$(dirname "$ctest_bin")/.." && pwd)
build_tools "$build"
benchtool=$work/bin/benchtool
top=$work

# Every build has the canaries' header on its include path; the engines'
# builds all use AddressSanitizer.
extra_cflags=("-I$rw/bugs")
ctest_flags=(-sanitize=address)
fuzzer_flags=(-fsanitize=address)

# prepare_bug <bug>: the patched library in $top/b/<bug>/src, a copy of
# its target's package that points at it in $top/b/<bug>/pkgs, and the
# target's seeds; fails when the patch does not apply. The bug's builds
# and runs live in $top/b/<bug>, which callers use as their $work.
prepare_bug() {
    local b=$1 t bw=$top/b/$1
    t=$(bug_target "$b")
    mkdir -p "$bw/src" "$bw/pkgs"
    ln -sfn "$top/bin" "$bw/bin"
    cp -r "$libsrc/$t" "$bw/src/$t"
    if ! patch -s -p1 -d "$bw/src/$t" <"$rw/bugs/$b/bug.patch" >"$bw/patch.log" 2>&1; then
        say "$b: bug.patch does not apply: $(head -1 "$bw/patch.log")"
        return 1
    fi
    cp -r "$rw/targets/$t" "$bw/pkgs/$t"
    sed -i "s|\${SRCDIR}/../../../../../shared/realworld/src/$t|$bw/src/$t|g" "$bw/pkgs/$t"/*.c
    local work=$bw
    prepare_seeds "$t"
}

# canary_times <file> <start>: the canary record's reached and triggered
# times as seconds from start (a wall-clock time in seconds), "-" for
# never, tab-separated.
canary_times() {
    local r=0 g=0
    if [ -s "$1" ]; then
        read -r r g < <(od -An -t d8 -N 16 "$1" | tr -s ' \n' '  ')
    fi
    awk -v r="${r:-0}" -v g="${g:-0}" -v s="$2" 'BEGIN {
        printf "%s\t%s\n", (r > 0 ? sprintf("%.1f", r / 1e9 - s) : "-"), (g > 0 ? sprintf("%.1f", g / 1e9 - s) : "-") }'
}

# replay_canary <bug> <work> <file>: replays file through the asan build
# of the bug's target in <work>, with a fresh canary record beside it;
# prints the exit status, then the canary's times.
replay_canary() {
    local work=$2 status start
    rm -f "$3.canary"
    start=$(now)
    status=$(BUG_CANARY_FILE=$3.canary asan_replay "$(bug_target "$1")" "$3")
    printf '%s\t%s\n' "$status" "$(canary_times "$3.canary" "$start")"
}

# ---- --check: each poc triggers its bug, no seed does, and the poc runs
# cleanly through the unpatched library.
if [ "$check" -eq 1 ]; then
    fail=0
    report=$build/realworld-bugs-check.md
    bad() { say "FAIL: $*"; fail=1; }
    for t in $(for b in $bugs; do bug_target "$b"; done | sort -u); do
        say "building $t's unpatched replayer"
        build_target "$t" asan
    done
    {
        echo "| bug | poc | poc: canary | seeds triggering it | poc, unpatched |"
        echo "|---|---|---|---:|---|"
    } >"$report"
    for b in $bugs; do
        t=$(bug_target "$b") bw=$top/b/$b
        say "$b: patching and building its replayer"
        if ! prepare_bug "$b" || ! (work=$bw targets_dir=$bw/pkgs; build_target "$t" asan); then
            bad "$b: cannot build"
            echo "| $b | | build failed | | |" >>"$report"
            continue
        fi
        if [ ! -f "$rw/bugs/$b/poc" ]; then
            echo "| $b | none | | | |" >>"$report"
            continue
        fi
        mkdir -p "$bw/check"
        cp "$rw/bugs/$b/poc" "$bw/check/poc"
        IFS=$'\t' read -r status reached triggered < <(replay_canary "$b" "$bw" "$bw/check/poc")
        named=$(grep -c "^bug canary: $b triggered$" "$bw/check/poc.asan" || true)
        if [ "$triggered" = - ] || [ "$named" -eq 0 ] || [ "$status" = 0 ]; then
            bad "$b: the poc does not trigger it (exit status $status, canary reached $reached, triggered $triggered)"
            verdict_poc="**not triggered** (status $status)"
        else
            verdict_poc="triggered (status $status)"
        fi
        nseeds=0
        for f in "$bw/$t/seeds/raw"/*; do
            cp "$f" "$bw/check/seed-${f##*/}"
            IFS=$'\t' read -r _ _ triggered < <(replay_canary "$b" "$bw" "$bw/check/seed-${f##*/}")
            if [ "$triggered" != - ]; then
                nseeds=$((nseeds + 1))
                bad "$b: the seed ${f##*/} triggers it"
            fi
        done
        cp "$rw/bugs/$b/poc" "$bw/check/poc-unpatched"
        status=$(asan_replay "$t" "$bw/check/poc-unpatched")
        if [ "$status" != 0 ]; then
            bad "$b: the poc fails the unpatched library too (exit status $status: $(grep -m1 -E '^SUMMARY|^replay:' "$bw/check/poc-unpatched.asan" || true))"
            unpatched="**fails** (status $status)"
        else
            unpatched="runs cleanly"
        fi
        echo "| $b | yes | $verdict_poc | $nseeds | $unpatched |" >>"$report"
    done
    cat "$report"
    say "report in $report; done in $(($(date +%s) - started))s"
    exit "$fail"
fi

# ---- the engines' runs
pick_cpus
for b in $bugs; do
    t=$(bug_target "$b")
    say "$b: patching and building its $engines builds"
    prepare_bug "$b"
    # shellcheck disable=SC2086 # the engines' names are the builds'
    (work=$top/b/$b targets_dir=$top/b/$b/pkgs; build_target "$t" $engines)
done

# job <bug> <engine> <run> <cpu>: the engine fuzzes the bug on cpu until
# its deadline or the bug's trigger, in d = $top/b/<bug>/runs/<engine>/<run>
# (laid out as lib/engines.sh's races are); appends its line to
# $top/jobs.tsv: bug, engine, run, cpu, seconds to reach, to trigger,
# executions.
job() {
    local b=$1 e=$2 r=$3 cpu=$4 t name work=$top/b/$1 d start deadline pid
    t=$(bug_target "$b") name=$(fuzz_name "$t")
    d=$work/runs/$e/$r
    local ctest_cpu=$cpu other_cpu=$cpu
    mkdir -p "$d/$e/crashes"
    case $(engine_kind "$e") in
    ctest) mkdir -p "$d/ctest/pkg/testdata/fuzz/$name" "$d/ctest/cache"
        cp "$work/$t/seeds/v1"/* "$d/ctest/pkg/testdata/fuzz/$name/" ;;
    libfuzzer) mkdir -p "$d/$e/corpus" "$d/$e/artifacts"
        cp "$work/$t/seeds/raw"/* "$d/$e/corpus/" ;;
    afl) mkdir -p "$d/$e/in"
        cp "$work/$t/seeds/raw"/* "$d/$e/in/" ;;
    esac
    export BUG_CANARY_FILE=$d/canary
    start=$(now)
    deadline=$(awk -v s="$start" -v T="$secs" 'BEGIN { printf "%.3f\n", s + T }')
    case $(engine_kind "$e") in
    ctest) run_ctest "$t" "$d" "$name" "$deadline" & ;;
    libfuzzer) run_libfuzzer "$t" "$d" "$deadline" "$e" & ;;
    afl) run_afl "$t" "$d" "$deadline" "$e" & ;;
    esac
    pid=$!
    # Once the bug is triggered, the job is done.
    while kill -0 "$pid" 2>/dev/null; do
        sleep 1
        if [ "$(canary_times "$d/canary" "$start" | cut -f2)" != - ]; then
            # Frozen first, so that it starts nothing more.
            kill -STOP "$pid" 2>/dev/null || true
            kill_tree "$pid"
            kill -KILL "$pid" 2>/dev/null || true
            break
        fi
    done
    wait "$pid" 2>/dev/null || true
    unset BUG_CANARY_FILE
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$b" "$e" "$r" "$cpu" "$(canary_times "$d/canary" "$start")" \
        "$(execs "$d" "$e")" >>"$top/jobs.tsv"
}

# Each run's jobs, bug by engine, go to the two CPUs in turn; job j of run
# r runs on CPU (j + r) mod 2, so that each changes CPU from run to run.
: >"$top/jobs.tsv"
for ((r = first; r < first + runs; r++)); do
    say "run $r (runs $first to $((first + runs - 1)))"
    j=0 lane_a=() lane_b=()
    for b in $bugs; do
        for e in $engines; do
            if [ $(((j + r) % 2)) -eq 1 ]; then lane_a+=("$b $e"); else lane_b+=("$b $e"); fi
            j=$((j + 1))
        done
    done
    lane() {
        local cpu=$1 x
        shift
        for x in "$@"; do
            # shellcheck disable=SC2086 # "bug engine"
            job $x "$r" "$cpu"
        done
    }
    lane "$cpu_a" "${lane_a[@]}" &
    pa=$!
    lane "$cpu_b" "${lane_b[@]}" &
    pb=$!
    wait "$pa" "$pb"
done

write_report "$build/realworld-bugs.md"
say "report in $build/realworld-bugs.md; done in $(($(date +%s) - started))s"
# A start of an engine that failed without a crasher fails the run.
fail=0
for f in "$top"/b/*/runs/*/*/*/errors; do
    [ -s "$f" ] || continue
    say "FAIL: ${f#"$top"/b/}: $(head -1 "$f")"
    fail=1
done
exit "$fail"
