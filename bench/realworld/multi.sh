#!/usr/bin/env bash
# multi.sh: the suite's targets fuzzed together, in one run of the driver
# with -fuzzmulti, by two ctest trees side by side: how a change to
# -fuzzmulti's schedule is measured. Each tree's driver (this one's, and
# another's given with --base) fuzzes every target in one run, sharing
# -fuzztime (S seconds a target, S times the targets in all), with one
# worker, pinned to a CPU of its own (lib/engines.sh's pick_cpus; the
# trees swap CPUs from run to run), from the same seeds, in copies of the targets' packages. Afterwards each
# target's corpus (its seeds and its fuzz cache) is replayed through the
# target's one coverage build and its library's branches counted, as
# run.sh counts them (lib/measure.sh).
#
# usage: bench/realworld/multi.sh --base PATH [--ctest PATH] [--targets a,b]
#                                 [--secs S] [--runs N] [--keep]
#   --base P   the ctest driver of the other tree (its commit is reported)
#   --ctest P  this tree's driver (default: built in $CTEST_BUILD, default
#              build/); v1conv links that tree's libraries
#   --targets  a comma-separated subset of expat,pcre2,lua,mujs,inih
#   --secs S   seconds of fuzzing per target (default 60)
#   --runs N   runs of the pair (default 3)
#   --keep     keep the scratch directory and print its name
#
# It prints, and writes to <build>/realworld-multi.md, the branches each
# target reached in each run with each tree, their medians and the ratio
# ctest/base with its geometric mean. The runs keep going after a crash
# (-fuzzkeepgoing), whose causes it prints. Exit status: 0; 1 if a run
# failed otherwise; 77 without ../shared/realworld; 2 for a usage error.
set -euo pipefail

rw=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$rw/../.." && pwd)

targets="expat,pcre2,lua,mujs,inih" secs=60 runs=3 keep=0 ctest_bin="" base_bin=""
ORIG_ARGS=("$@")
usage() {
    echo "usage: bench/realworld/multi.sh --base PATH [--ctest PATH] [--targets a,b] [--secs S]" \
        "[--runs N] [--keep]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --base) base_bin=${2:?}; shift ;;
    --ctest) ctest_bin=${2:?}; shift ;;
    --targets) targets=${2:?}; shift ;;
    --secs) secs=${2:?}; shift ;;
    --runs) runs=${2:?}; shift ;;
    --keep) keep=1 ;;
    *) usage ;;
    esac
    shift
done
[ -x "$base_bin" ] || usage
base_bin=$(cd "$(dirname "$base_bin")" && pwd)/$(basename "$base_bin")
targets=${targets//,/ }

say() { echo "multi: $*" >&2; }

# shellcheck source=lib/setup.sh
. "$rw/lib/setup.sh"
need_libraries
# shellcheck source=lib/targets.sh
. "$rw/lib/targets.sh"
for t in $targets; do fuzz_name "$t" >/dev/null; done

make_work multi
started=$(date +%s)

# shellcheck source=lib/build.sh
. "$rw/lib/build.sh"
# shellcheck source=lib/engines.sh
. "$rw/lib/engines.sh"
# shellcheck source=lib/measure.sh
. "$rw/lib/measure.sh"

# ---- prerequisites: clang, LLVM's profile tools, the driver and tools
llvm_tools
if [ -z "$clang_major" ] || [ -z "$llvm_profdata" ] || [ -z "$llvm_cov" ]; then
    say "installing clang llvm"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang llvm >/dev/null
    llvm_tools
fi
# shellcheck source=../driver.sh
. "$root/bench/driver.sh"
bench_driver ctest_fuzz ctest_std
build=$(cd "$(dirname "$ctest_bin")/.." && pwd)
build_tools "$build"
v1conv=$work/bin/v1conv
pick_cpus

n=0
for t in $targets; do
    say "building $t"
    build_target "$t" cov
    prepare_seeds "$t"
    n=$((n + 1))
done
total=$((secs * n))

# fuzz <dir> <driver> <cpu>: the driver's -fuzzmulti run of every target in
# dir, pinned to cpu, with its fuzz cache in dir/cache and its output in
# dir/log.
fuzz() {
    local dir=$1 driver=$2 cpu=$3 t pkgs=()
    for t in $targets; do pkgs+=("./$t"); done
    (cd "$dir/pkgs" && CTESTCACHE=$dir/cache CFLAGS=-O2 taskset -c "$cpu" "$driver" \
        -fuzz=. -fuzzmulti -fuzzkeepgoing -fuzztime="${total}s" -parallel=1 "${pkgs[@]}") \
        >"$dir/log" 2>&1
}

# covered <dir> <t>: the branches of t's library that its seeds and the
# fuzz cache of the run in dir reach.
covered() {
    local dir=$1 t=$2 c=$1/cov/$2 pkgdir
    pkgdir=$(cd "$dir/pkgs/$t" && pwd -P)
    mkdir -p "$c/raw"
    find "$dir/cache/fuzz$pkgdir/$(fuzz_name "$t")" -type f 2>/dev/null |
        "$v1conv" decode "$c/raw" 2>>"$c/warnings" || true
    { find "$work/$t/seeds/raw" -type f; find "$c/raw" -type f; } >"$c/list"
    replay_list "$work/$t/bin/cov" "$c/list" "$c/b" "$c/warnings"
    "$llvm_profdata" merge -sparse -o "$c/all.profdata" "$c"/b-*.profraw
    local b
    b=$(branches "$t" "$c/all.profdata")
    echo "${b%% *}"
}

results=$work/results.tsv
: >"$results"
fail=0
say "targets: $targets; ${secs}s each, ${total}s a run; $runs runs; CPUs $cpu_a and $cpu_b"
for ((r = 1; r <= runs; r++)); do
    for e in ctest base; do
        mkdir -p "$work/$r/$e/cache"
        packages "$work/$r/$e/pkgs"
    done
    run_cpus "$r"
    say "run $r: both trees fuzz every target for ${total}s (ctest on CPU $ctest_cpu, base on CPU $other_cpu)"
    fuzz "$work/$r/ctest" "$ctest_bin" "$ctest_cpu" &
    p1=$!
    fuzz "$work/$r/base" "$base_bin" "$other_cpu" &
    p2=$!
    for p in $p1 $p2; do
        status=0
        wait "$p" || status=$?
        # 1 is a crash found (-fuzzkeepgoing went on); more, the run failed.
        [ "$status" -le 1 ] || fail=1
    done
    for e in ctest base; do
        if grep -qE '^FAIL' "$work/$r/$e/log"; then
            say "run $r: $e found crashes (or failed); the FAIL lines and crash causes of its log:"
            grep -E '^FAIL|^    crash [0-9]|^exit status' "$work/$r/$e/log" | sed 's/^/    /' >&2
        fi
        for t in $targets; do
            printf '%s\t%s\t%s\t%s\n' "$r" "$e" "$t" "$(covered "$work/$r/$e" "$t")" >>"$results"
        done
    done
done

# ---- the report: per target, each run's branches, the medians, the ratio
report=$build/realworld-multi.md
{
    echo "Command: \`bench/realworld/multi.sh$(printf ' %q' "${ORIG_ARGS[@]}")\` ($(($(date +%s) - started))s)"
    echo
    echo "- machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -sr)"
    echo "- ctest: commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown), driver $ctest_bin"
    echo "- base: commit $(git -C "$(dirname "$base_bin")" rev-parse --short HEAD 2>/dev/null || echo unknown), driver $base_bin"
    echo "- each run: \`ctest -fuzz=. -fuzzmulti -fuzztime=${total}s -parallel=1\` over $n targets, one CPU each"
    echo
    echo "| target | branches | ctest, each run | base, each run | ctest median | base median | ctest/base |"
    echo "|---|---:|---|---|---:|---:|---:|"
    awk -F'\t' -v targets="$targets" '
        { v[$3, $2] = v[$3, $2] (v[$3, $2] == "" ? "" : " ") $4 }
        function median(s,   a, k, i, j, x) {
            k = split(s, a, " ")
            for (i = 2; i <= k; i++) { x = a[i]; for (j = i - 1; j > 0 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
            return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
        }
        END {
            k = split(targets, ts, " ")
            for (i = 1; i <= k; i++) {
                t = ts[i]; mc = median(v[t, "ctest"]); mb = median(v[t, "base"])
                ratio = mb > 0 ? mc / mb : 0
                if (ratio > 0) { logsum += log(ratio); nr++ }
                printf "| %s | | %s | %s | %s | %s | %.3f |\n", t, v[t, "ctest"], v[t, "base"], mc, mb, ratio
            }
            printf "| **geometric mean** | | | | | | **%.3f** |\n", nr ? exp(logsum / nr) : 0
        }' "$results"
} >"$report"
# The branch counts of each library, in the second column.
for t in $targets; do
    count=$(branches "$t" "$(find "$work/1/ctest/cov/$t" -name all.profdata | head -1)")
    sed -i "s/^| $t | |/| $t | ${count##* } |/" "$report"
done
cat "$report"
say "report in $report; done in $(($(date +%s) - started))s"
exit "$fail"
