#!/usr/bin/env bash
# run.sh: the real-world suite (bench/README.md, "Real-world libraries"):
# ctest's fuzzing engine against libFuzzer and AFL++ (each in its default
# set-up, and in its best one: lib/engines.sh) on five C libraries
# (expat, pcre2, lua, mujs, inih from ../shared/realworld/src: the set the
# engine was tuned on), or on four it was never tuned on (cjson, md4c,
# lz4, zlib from Debian's source packages: lib/heldout.sh), FuzzBench
# style. Each target is one harness with LLVMFuzzerTestOneInput, built from
# the same sources with the same flags for every engine (lib/build.sh).
# Each run races ctest against another engine, each on its own CPU (0 and 1,
# swapped in every other run, so that an even number of runs, the default,
# puts each engine on each CPU equally often), for the same time from the
# same seeds
# (lib/engines.sh); afterwards each engine's corpus is replayed through one
# coverage build to count the library's covered branches over time, and
# every crasher is replayed through an ASan build (lib/measure.sh).
# report.py writes the tables and plots.
#
# usage: bench/realworld/run.sh [--quick] [--targets a,b] [--secs S] [--runs N]
#                               [--against E,...] [--points N] [--save]
#                               [--whole] [--keep] [--ctest PATH] [--base PATH]
#   --quick    inih only (or the --targets given), one 15-second race
#              against libFuzzer and one against libfuzzer-best; checks
#              that no crash is false and that every engine produced
#              something
#   --targets  a comma-separated subset of expat,pcre2,lua,mujs,inih,
#              cjson,md4c,lz4,zlib, or "heldout" for the last four
#   --secs S   the length of a race (default 300)
#   --runs N   races per target and opponent (default 2; an odd N leaves
#              the CPUs unbalanced, and the report says so)
#   --against  the engines ctest races, in turn (default libfuzzer,afl):
#              libfuzzer, libfuzzer-best, afl, afl-best (lib/engines.sh);
#              base is ctest built by the driver given with --base (an
#              A/B race of two ctest trees, one worker each)
#   --points N coverage-over-time samples per race (default 10)
#   --whole    each engine on the whole machine (two CPUs), as its users
#              run it: ctest -parallel=2, libFuzzer -fork=2, AFL++ -M/-S;
#              the two engines of a race run one after the other
#   --save     also write bench/results/<date>-<commit>-realworld.md and its
#              plots (<date>-<commit>-heldout.md when every target is held
#              out)
#   --keep     keep the scratch directory (binaries, corpora, logs) and
#              print its name
#   --ctest P  the ctest driver of a built tree (default: build it in
#              $CTEST_BUILD, default build/); v1conv links that tree's
#              libraries
#   --base P   the ctest driver of another built tree, for --against base
#
# The report (markdown, plots, the data and every crasher's bytes) goes to
# <build>/realworld-report/; everything else to a temporary directory that
# is removed at the end. Exit status: 0; 1 if a crash is false (or could
# not be checked), an engine failed without a crasher, or, with --quick, an
# engine produced nothing; 77 (CTest's skip) if ../shared/realworld is
# absent (for a target of the tuning set) or a held-out library cannot be
# downloaded; 2 for a usage error.
set -euo pipefail

rw=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$rw/../.." && pwd)

quick=0 whole=0 targets="" secs="" runs="" against="" points=10 save=0 keep=0
ctest_bin="" base_bin=""
ORIG_ARGS=("$@")
usage() {
    echo "usage: bench/realworld/run.sh [--quick] [--targets a,b] [--secs S] [--runs N]" \
        "[--against libfuzzer,libfuzzer-best,afl,afl-best,base] [--points N] [--save] [--whole] [--keep] [--ctest PATH] [--base PATH]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1 ;;
    --targets) targets=${2:?}; shift ;;
    --secs) secs=${2:?}; shift ;;
    --runs) runs=${2:?}; shift ;;
    --against) against=${2:?}; shift ;;
    --points) points=${2:?}; shift ;;
    --save) save=1 ;;
    --whole) whole=1 ;;
    --keep) keep=1 ;;
    --ctest) ctest_bin=${2:?}; shift ;;
    --base) base_bin=${2:?}; shift ;;
    *) usage ;;
    esac
    shift
done
if [ "$quick" -eq 1 ]; then
    targets=${targets:-inih} secs=${secs:-15} runs=${runs:-1} against=${against:-libfuzzer,libfuzzer-best}
fi
targets=${targets:-expat,pcre2,lua,mujs,inih} secs=${secs:-300} runs=${runs:-2} against=${against:-libfuzzer,afl}
[ "$targets" != heldout ] || targets="cjson,md4c,lz4,zlib"
targets=${targets//,/ } against=${against//,/ }

say() { echo "realworld: $*" >&2; }

# shellcheck source=lib/setup.sh
. "$rw/lib/setup.sh"
# shellcheck source=lib/heldout.sh
. "$rw/lib/heldout.sh"
# shellcheck source=lib/targets.sh
. "$rw/lib/targets.sh"
tuning="" heldout=""
for t in $targets; do
    fuzz_name "$t" >/dev/null
    if is_heldout "$t"; then heldout+=" $t"; else tuning+=" $t"; fi
done
[ -z "$tuning" ] || need_libraries
for e in $against; do
    case $e in
    libfuzzer | libfuzzer-best | afl | afl-best) ;;
    base) [ -x "$base_bin" ] || { say "--against base needs --base, a ctest driver"; exit 2; } ;;
    *) say "unknown engine $e"; exit 2 ;;
    esac
done

make_work realworld
started=$(date +%s)

# shellcheck source=lib/build.sh
. "$rw/lib/build.sh"
# shellcheck source=lib/engines.sh
. "$rw/lib/engines.sh"
# shellcheck source=lib/measure.sh
. "$rw/lib/measure.sh"

# ---- prerequisites: Debian packages, the ctest driver and libraries, tools
need=()
probe=$work/probe.c
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\n'\
'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$probe"
clang -fsanitize=fuzzer "$probe" -o "$work/probe" 2>/dev/null || need+=(clang libclang-rt-dev)
case " $against " in *" afl "* | *" afl-best "*) command -v afl-fuzz >/dev/null || need+=(afl++) ;; esac
llvm_tools
[ -n "$llvm_profdata" ] && [ -n "$llvm_cov" ] || need+=(llvm)
python=""
for p in /usr/bin/python3 python3; do
    if "$p" -c 'import matplotlib' 2>/dev/null; then python=$p; break; fi
done
[ -n "$python" ] || need+=(python3-matplotlib)
if [ "${#need[@]}" -gt 0 ]; then
    say "installing ${need[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
    llvm_tools
    [ -n "$python" ] || python=/usr/bin/python3
fi

# shellcheck source=../driver.sh
. "$root/bench/driver.sh"
bench_driver ctest_fuzz ctest_std
build=$(cd "$(dirname "$ctest_bin")/.." && pwd)
build_tools "$build"
benchtool=$work/bin/benchtool v1conv=$work/bin/v1conv
pick_cpus
# shellcheck disable=SC2086
[ -z "$heldout" ] || heldout_fetch $heldout

# The report is made in the scratch directory and copied to the build tree
# at the end, so that two runs of the suite at once keep their data apart.
final_report=$build/realworld-report
report=$work/report
results=$report/data
mkdir -p "$results"
printf 'target\tagainst\tengine\trun\tsecs\texecs\tcorpus\tcovered\tbranches\tcrashes\tfailed_starts\tcpu\n' >"$results/runs.tsv"
printf 'target\tagainst\tengine\trun\tt\tcovered\n' >"$results/series.tsv"
printf 'target\tagainst\trun\tengine\tfile\tverdict\twhy\tengine_said\n' >"$results/crashes.tsv"
printf 'target\tcorpora\tcovered\tbranches\n' >"$results/together.tsv"
printf 'target\tfile\tbranches\tcovered\n' >"$results/together-files.tsv"

# ---- the races
if [ "$whole" -eq 1 ]; then
    say "targets: $targets; ctest against: $against; ${secs}s each, $runs runs each; each engine alone on CPUs $cpu_a and $cpu_b"
else
    say "targets: $targets; ctest against: $against; ${secs}s races, $runs runs each; CPUs $cpu_a and $cpu_b, swapped in even runs"
fi
for t in $targets; do
    say "building $t"
    # shellcheck disable=SC2086
    if is_heldout "$t"; then
        heldout_packages "$work/pkgs" "$t"
        (targets_dir=$work/pkgs; build_target "$t" ctest cov asan $against)
    else
        build_target "$t" ctest cov asan $against
    fi
    prepare_seeds "$t"
    name=$(fuzz_name "$t")
    nseeds=$(find "$work/$t/seeds/raw" -type f | wc -l)
    for ((r = 1; r <= runs; r++)); do
        run_cpus "$r"
        for other in $against; do
            if [ "$whole" -eq 1 ]; then
                say "$t, run $r: ctest, then $other, each alone on CPUs $cpu_a and $cpu_b for ${secs}s"
            else
                say "$t, run $r: ctest (CPU $ctest_cpu) beside $other (CPU $other_cpu) for ${secs}s"
            fi
            race "$t" "$other" "$r" "$name"
            for e in ctest "$other"; do
                d=$work/$t/$other/$r
                cov=$(coverage "$t" "$other" "$r" "$e")
                crashes=$(triage "$t" "$other" "$r" "$e")
                failed=0
                [ -f "$d/$e/errors" ] && failed=$(wc -l <"$d/$e/errors")
                cpu=$other_cpu
                [ "$e" = ctest ] && cpu=$ctest_cpu
                [ "$whole" -eq 0 ] || cpu=$cpu_a+$cpu_b
                printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$other" "$e" "$r" "$secs" \
                    "$(execs "$d" "$e")" "$(corpus_size "$d" "$e" "$name" "$nseeds")" \
                    "${cov%% *}" "${cov##* }" "$crashes" "$failed" "$cpu" >>"$results/runs.tsv"
                if [ "$failed" -gt 0 ]; then
                    say "$t/$other/$r: $e failed without a crasher:"
                    sed 's/^/    /' "$d/$e/errors" >&2
                    tail -20 "$d/$e/$(awk '{ sub(/.*\(/, ""); sub(/\).*/, ""); print; exit }' "$d/$e/errors")" >&2 || true
                fi
            done
            [ "$keep" -eq 1 ] || rm -rf "${work:?}/$t/$other/$r"
        done
    done
    together "$t"
done

# ---- the report
header=$results/header.md
{
    echo "Command: \`${CTEST_BUILD:+CTEST_BUILD=$CTEST_BUILD }bench/realworld/run.sh$(printf ' %q' "${ORIG_ARGS[@]}")\` ($(($(date +%s) - started))s)"
    echo
    echo "- machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -sr); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
    if [ "$whole" -eq 1 ]; then
        echo "- CPUs: each engine alone on CPUs $cpu_a and $cpu_b (--whole): ctest -parallel=2, libFuzzer -fork=2, AFL++ -M main and -S s1, one pinned to each CPU; ctest first, then its opponent"
    else
        balance="each engine on each CPU in $((runs / 2)) of its runs"
        [ $((runs % 2)) -eq 0 ] || balance="**not balanced**: $runs run(s), so ctest held CPU $cpu_a once more than CPU $cpu_b"
        echo "- CPUs: ctest on $cpu_a and its opponent on $cpu_b in odd runs, the other way round in even runs ($balance)"
    fi
    [ -z "$base_bin" ] || echo "- base: ctest driver $base_bin (commit $(git -C "$(dirname "$base_bin")" rev-parse --short HEAD 2>/dev/null || echo unknown))"
    echo "- ctest: commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)'), driver $ctest_bin"
    echo "- $(clang --version | head -1), its libFuzzer$(case " $against " in *" afl "* | *" afl-best "*) echo ", $(afl-fuzz -h 2>&1 | grep -o 'afl-fuzz++[0-9.a-z]*' | head -1 || true) (Debian's afl++)" ;; esac)"
    # The dictionaries the best set-ups were given, by their words.
    for t in $targets; do
        printf -- '- %s: ctest.dict (libfuzzer-best) %s words' "$t" "$(wc -l <"$work/$t/bin/ctest.dict" 2>/dev/null || echo 0)"
        [ ! -f "$work/$t/bin/afl.dict" ] || printf ', afl.dict (afl-best) %s words' "$(wc -l <"$work/$t/bin/afl.dict")"
        echo
    done
    # shellcheck disable=SC2016 # the backquotes are the README's
    [ -z "$tuning" ] || echo "- tuning set (the engine's constants were tuned on it):$tuning; libraries: shared/realworld/src at the upstream commits of its README ($(sed -n 's/^| `src\/\([a-z0-9]*\)` | [^|]* | \([0-9a-f]*\) .*/\1 \2/p' "$libsrc/../README.md" | tr '\n' ',' | sed 's/,$//;s/,/, /g'))"
    if [ -n "$heldout" ]; then
        printf -- '- held-out set (never tuned on):'
        for t in $heldout; do
            read -ra p <<<"$(heldout_pkg "$t")"
            printf ' %s (%s)' "$t" "${p[1]}"
        done
        echo "; Debian 12's source packages, lib/heldout.sh"
    fi
} >"$header"
stem=$(date +%F)-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown) kind=realworld
[ -n "$tuning" ] || kind=heldout
[ "$whole" -eq 0 ] || kind=$kind-whole
whole_flag=()
[ "$whole" -eq 0 ] || whole_flag=(--whole)
"$python" "$rw/report.py" --data "$results" --header "$header" --out "$report/realworld.md" \
    --plots "$report" --plot-prefix "$stem-$kind" "${whole_flag[@]}"
cat "$report/realworld.md"
if [ "$save" -eq 1 ]; then
    mkdir -p "$root/bench/results"
    cp "$report/realworld.md" "$root/bench/results/$stem-$kind.md"
    cp "$report/$stem-$kind"-*.png "$root/bench/results/"
    say "saved bench/results/$stem-$kind.md and its plots"
fi
rm -rf "$final_report"
cp -r "$report" "$final_report"
report=$final_report
say "report in $report; done in $(($(date +%s) - started))s"

# ---- the verdict
fail=0
if awk -F'\t' 'NR > 1 && $6 != "confirmed" { bad = 1 } END { exit !bad }' "$results/crashes.tsv"; then
    say "FAIL: $(awk -F'\t' 'NR > 1 && $6 != "confirmed"' "$results/crashes.tsv" | wc -l) crashes could not be confirmed, e.g.:"
    awk -F'\t' 'NR > 1 && $6 != "confirmed"' "$results/crashes.tsv" | head -5 >&2
    fail=1
fi
if awk -F'\t' 'NR > 1 && $11 > 0 { bad = 1 } END { exit !bad }' "$results/runs.tsv"; then
    say "FAIL: an engine failed without a crasher (see above)"
    fail=1
fi
if [ "$quick" -eq 1 ]; then
    # Something from each engine: executions, and inputs beyond the seeds.
    if awk -F'\t' -v s="$nseeds" 'NR > 1 && ($6 + 0 == 0 || $7 + 0 <= s || $8 + 0 == 0) { print; bad = 1 } END { exit !bad }' \
        "$results/runs.tsv" >&2; then
        say "FAIL: an engine produced nothing"
        fail=1
    fi
    [ "$fail" -eq 0 ] && say "quick run OK"
fi
exit "$fail"
