#!/usr/bin/env bash
# minimize.sh: `ctest corpus minimize` beside libFuzzer's -merge=1 on the
# same corpus, for targets of the real-world suite (bench/README.md). For
# each target, ctest fuzzes for --secs from the suite's seeds (one worker,
# the harness built as run.sh builds it); its fuzz cache is then
# minimized twice: by the ctest driver (the package built by the driver,
# with $CTESTCACHE pointing at a copy of the cache), and by the target's
# libFuzzer build (-merge=1 into an empty directory, on the cache's files
# decoded to raw bytes). Each of the three sets, the corpus and the two
# minimized ones, is replayed through the suite's coverage build, and
# llvm-cov counts the library's covered branches (lib/measure.sh).
#
# usage: bench/realworld/minimize.sh [--targets inih,expat] [--secs S] [--ctest PATH] [--keep]
#
# It prints a table: the files of each set, their covered branches, and
# the seconds each minimization took. Exit status: 0; 1 if ctest's set
# covers fewer branches than the corpus, or keeps more files than
# libFuzzer's; 77 without ../shared/realworld; 2 for a usage error.
set -euo pipefail

rw=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$rw/../.." && pwd)

targets="inih,expat" secs=60 ctest_bin="" keep=0
usage() {
    echo "usage: bench/realworld/minimize.sh [--targets a,b] [--secs S] [--ctest PATH] [--keep]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --targets) targets=${2:?}; shift ;;
    --secs) secs=${2:?}; shift ;;
    --ctest) ctest_bin=${2:?}; shift ;;
    --keep) keep=1 ;;
    *) usage ;;
    esac
    shift
done
targets=${targets//,/ }

say() { echo "minimize: $*" >&2; }

# shellcheck source=lib/setup.sh
. "$rw/lib/setup.sh"
need_libraries
# shellcheck source=lib/targets.sh
. "$rw/lib/targets.sh"
for t in $targets; do fuzz_name "$t" >/dev/null; done

make_work minimize

# shellcheck source=lib/build.sh
. "$rw/lib/build.sh"
# shellcheck source=lib/measure.sh
. "$rw/lib/measure.sh"
# shellcheck source=../driver.sh
. "$root/bench/driver.sh"

llvm_tools
if [ -z "$llvm_profdata" ] || [ -z "$llvm_cov" ]; then
    say "llvm-profdata and llvm-cov are needed (Debian: llvm)"
    exit 2
fi
bench_driver ctest_fuzz ctest_std
build_tools "$(cd "$(dirname "$ctest_bin")/.." && pwd)"
v1conv=$work/bin/v1conv

# measure <t> <dir> <name>: "<files> <covered branches>" of the raw files
# in dir, replayed through the coverage build.
measure() {
    local t=$1 dir=$2 name=$3 list raws=()
    list=$work/$t/$name.list
    find "$dir" -type f | sort >"$list"
    mkdir -p "$work/$t/prof-$name"
    [ -s "$list" ] && replay_list "$work/$t/bin/cov" "$list" "$work/$t/prof-$name/p" "$work/$t/$name.warn"
    mapfile -t raws < <(find "$work/$t/prof-$name" -name '*.profraw')
    "$llvm_profdata" merge -sparse -o "$work/$t/$name.profdata" "${raws[@]}"
    local cov
    cov=$(branches "$t" "$work/$t/$name.profdata")
    echo "$(wc -l <"$list") ${cov%% *}"
}

rows=()
fail=0
for t in $targets; do
    name=$(fuzz_name "$t")
    say "$t: building"
    build_target "$t" ctest cov libfuzzer
    prepare_seeds "$t"
    # The corpus: what ctest keeps in its cache in a run from the seeds.
    mkdir -p "$work/$t/run/testdata/fuzz/$name" "$work/$t/fuzzcache"
    cp "$work/$t/seeds/v1"/* "$work/$t/run/testdata/fuzz/$name/"
    say "$t: fuzzing for ${secs}s"
    (cd "$work/$t/run" && timeout $((secs + 60)) "$work/$t/bin/ctest.test" -test.fuzz="^$name\$" \
        -test.fuzztime="${secs}s" -test.parallel=1 -test.fuzzcachedir="$work/$t/fuzzcache" \
        >"$work/$t/fuzz.log" 2>&1) || say "$t: the fuzzing run ended with a failure (see its log); its cache is used"
    corpus=$work/$t/fuzzcache/$name
    mkdir -p "$work/$t/raw" "$work/$t/ctest-raw" "$work/$t/libfuzzer"
    find "$corpus" -type f | "$v1conv" decode "$work/$t/raw"
    # ctest: the driver on the package, its cache a copy of the corpus.
    pkg=$(cd "$rw/targets/$t" && pwd -P)
    export CTESTCACHE=$work/$t/ctestcache
    mkdir -p "$CTESTCACHE/fuzz$pkg"
    cp -r "$corpus" "$CTESTCACHE/fuzz$pkg/"
    say "$t: ctest corpus minimize"
    start=$(date +%s.%N)
    "$ctest_bin" corpus minimize -fuzz="$name" "$pkg" >"$work/$t/ctest.log" 2>&1
    ctest_secs=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
    find "$CTESTCACHE/fuzz$pkg/$name" -type f | "$v1conv" decode "$work/$t/ctest-raw"
    # libFuzzer: -merge=1 into an empty directory.
    say "$t: libFuzzer -merge=1"
    start=$(date +%s.%N)
    "$work/$t/bin/libfuzzer" -merge=1 -timeout=10 "$work/$t/libfuzzer" "$work/$t/raw" \
        >"$work/$t/libfuzzer.log" 2>&1
    lf_secs=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
    say "$t: replaying the three sets for coverage"
    all=$(measure "$t" "$work/$t/raw" corpus)
    ours=$(measure "$t" "$work/$t/ctest-raw" ctest)
    theirs=$(measure "$t" "$work/$t/libfuzzer" libfuzzer)
    rows+=("$(printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |' "$t" "${all%% *}" "${all##* }" \
        "${ours%% *}" "${ours##* }" "$ctest_secs" "${theirs%% *}" "${theirs##* }" "$lf_secs")")
    if [ "${ours##* }" -lt "${all##* }" ]; then
        say "FAIL: $t: ctest's set covers ${ours##* } branches, the corpus ${all##* }"
        fail=1
    fi
    if [ "${ours%% *}" -gt "${theirs%% *}" ]; then
        say "FAIL: $t: ctest kept ${ours%% *} files, libFuzzer ${theirs%% *}"
        fail=1
    fi
done

echo "| target | corpus files | branches | ctest files | branches | s | libFuzzer files | branches | s |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${rows[@]}"
exit "$fail"
