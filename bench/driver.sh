# shellcheck shell=bash
# driver.sh: sourced by the bench scripts. Defines
# bench_driver, which sets ctest_bin to the absolute path of a ctest
# driver: the one given (--ctest), or one it configures and builds in
# $CTEST_BUILD (default build/ of the repository at $root) with clang.
# Needs $root and the caller's say(); and save_results (below).
#
# usage: bench_driver [cmake targets beyond ctest_driver...]
bench_driver() {
    if [ -z "$ctest_bin" ]; then
        local build=${CTEST_BUILD:-$root/build}
        if [ ! -f "$build/CMakeCache.txt" ]; then
            say "configuring $build"
            cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang >/dev/null
        fi
        say "building the ctest driver in $build"
        cmake --build "$build" --target ctest_driver "$@" -j2 >/dev/null
        ctest_bin=$build/bin/ctest
    fi
    ctest_bin=$(cd "$(dirname "$ctest_bin")" && pwd)/$(basename "$ctest_bin")
}

# save_results <what> <title> <report> <script> <args...>: writes
# bench/results/<date>-<commit>-<what>.md: the title, the command, the
# machine, the commit and driver, the load average, then the report file;
# prints its name. Needs $root and $ctest_bin.
save_results() {
    local what=$1 title=$2 report=$3 script=$4 commit out
    shift 4
    commit=$(git -C "$root" rev-parse --short HEAD)
    out=$root/bench/results/$(date +%F)-$commit-$what.md
    {
        echo "# $title, $(date +%F)"
        echo
        echo "Command: \`$script$(printf ' %q' "$@")\`"
        echo
        echo "- machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -sr)"
        echo "- ctest: commit $commit$(git -C "$root" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)'), driver $ctest_bin; test binaries built with CFLAGS=-O2, default mode"
        echo "- $(clang --version | head -1)"
        echo "- load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
        echo
        cat "$report"
    } >"$out"
    echo "$out"
}
