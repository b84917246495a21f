# shellcheck shell=bash disable=SC2154 # variables set by run.sh
# build.sh: builds a target of the suite every way it is used, sourced by
# run.sh. A target is the ctest package bench/realworld/targets/<t>: its
# non-test files (the harness with LLVMFuzzerTestOneInput and the library
# sources, included by unity files) and its //ctest:cflags and
# //ctest:ldflags lines are all that every build compiles, with the same
# flags:
#
#   ctest.test   the ctest fuzz test (ctest -c -fuzz=.), one worker per run
#   libfuzzer    clang -fsanitize=fuzzer
#   afl          afl-clang-fast -fsanitize=fuzzer (AFL++'s libFuzzer driver)
#   cov          clang -fprofile-instr-generate -fcoverage-mapping + replay.c:
#                replays corpora to measure coverage
#   asan         clang -fsanitize=address + replay.c: replays crashers
#
# Uses from run.sh: $rw, $root, $work, $ctest_bin, say.

# The flags of every build besides the package's own. The ctest driver
# adds -g itself (and -O1, which the -O2 of $CFLAGS overrides), and leaves
# the language standard to the compiler, as the other builds do.
common_cflags=(-O2 -g)

# pkg_flags <pkgdir> cflags|ldflags: the package's //ctest:<kind> words,
# one a line, with ${SRCDIR} expanded to the package directory as the
# driver does. The suite's packages write them without quotes.
pkg_flags() {
    local dir=$1 kind=$2
    grep -h "^//ctest:$kind " "$dir"/*.c | sed "s|^//ctest:$kind ||" | tr ' ' '\n' |
        sed '/^$/d' | sed "s|\${SRCDIR}|$dir|g"
}

# pkg_sources <pkgdir>: the package's files other than its tests.
pkg_sources() {
    local f
    for f in "$1"/*.c; do
        case $f in *_test.c) ;; *) echo "$f" ;; esac
    done
}

# build_tools: benchtool (bench/tools), v1conv linked against ctest's
# corpus encoding, and replay.o, into $work/bin. $1 is the build tree that
# holds the ctest libraries.
build_tools() {
    local build=$1 warn=(-std=c11 -O2 -Wall -Wextra -Werror)
    mkdir -p "$work/bin"
    clang "${warn[@]}" -o "$work/bin/benchtool" "$root/bench/tools/benchtool.c" -lnettle
    # shellcheck disable=SC2046
    clang "${warn[@]}" -D_POSIX_C_SOURCE=200809L -I"$root" -o "$work/bin/v1conv" \
        "$rw/tools/v1conv.c" "$build/internal/fuzz/libctest_fuzz.a" \
        "$build/internal/std/libctest_std.a" $(pkg-config --libs jansson nettle) -pthread -lm
    clang "${warn[@]}" -c -o "$work/bin/replay.o" "$rw/tools/replay.c"
}

# build_target <t> <engines...>: builds target t into $work/<t>/bin: the
# ctest test, the other engines' binaries named, and the coverage and ASan
# replayers. Prints nothing unless a build fails.
build_target() {
    local t=$1 pkg=$rw/targets/$1 out=$work/$1/bin e
    shift
    mkdir -p "$out"
    local cflags=() ldflags=() sources=()
    mapfile -t cflags < <(pkg_flags "$pkg" cflags)
    mapfile -t ldflags < <(pkg_flags "$pkg" ldflags)
    mapfile -t sources < <(pkg_sources "$pkg")
    local cc_all=("${common_cflags[@]}" "${cflags[@]}" "${sources[@]}") pids=() p failed=0
    # The builds run side by side; each one's messages go to the terminal.
    (cd "$root" && CFLAGS=-O2 "$ctest_bin" -c -fuzz=. -o "$out/ctest.test" "./bench/realworld/targets/$t") &
    pids+=($!)
    for e in "$@"; do
        case $e in
        libfuzzer) clang -fsanitize=fuzzer "${cc_all[@]}" "${ldflags[@]}" -o "$out/libfuzzer" & ;;
        afl) AFL_QUIET=1 afl-clang-fast -fsanitize=fuzzer "${cc_all[@]}" "${ldflags[@]}" -o "$out/afl" & ;;
        base) (cd "$root" && CFLAGS=-O2 "$base_bin" -c -fuzz=. -o "$out/base.test" "./bench/realworld/targets/$t") & ;;
        esac
        pids+=($!)
    done
    clang -fprofile-instr-generate -fcoverage-mapping "${cc_all[@]}" "$work/bin/replay.o" \
        "${ldflags[@]}" -o "$out/cov" &
    pids+=($!)
    clang -fsanitize=address -fno-omit-frame-pointer "${cc_all[@]}" "$work/bin/replay.o" \
        "${ldflags[@]}" -o "$out/asan" &
    pids+=($!)
    for p in "${pids[@]}"; do
        wait "$p" || failed=1
    done
    if [ "$failed" -eq 1 ]; then
        say "building $t failed"
        return 1
    fi
}

# prepare_seeds <t>: the target's seeds as raw files ($work/<t>/seeds/raw)
# and as v1 files of one []byte with the same bytes ($work/<t>/seeds/v1).
prepare_seeds() {
    local s=$work/$1/seeds
    mkdir -p "$s/raw" "$s/v1"
    cp "$rw/seeds/$1"/* "$s/raw/"
    "$work/bin/v1conv" encode "$s/v1" "$s/raw"/*
}
