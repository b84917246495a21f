# driver.sh: sourced by bench/run.sh and bench/realworld/run.sh. Defines
# bench_driver, which sets ctest_bin to the absolute path of a ctest
# driver: the one given (--ctest), or one it configures and builds in
# $CTEST_BUILD (default build/ of the repository at $root) with clang.
# Needs $root and the caller's say().
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
