# shellcheck shell=bash disable=SC2154 # variables set by the sourcing script
# build.sh: builds a target of the suite every way it is used, sourced by
# run.sh, multi.sh, minimize.sh, keepgoing.sh and bugs.sh. A target is the ctest
# package bench/realworld/targets/<t>: its non-test files (the harness with
# LLVMFuzzerTestOneInput and the library sources, included by unity files)
# and its //ctest:cflags and //ctest:ldflags lines are all that every build
# compiles, with the same flags:
#
#   ctest     ctest.test, the ctest fuzz test (ctest -c -fuzz=.), one worker per
#             run, and ctest.dict, the words its token dictionary takes from
#             the package (-fuzzdictout), for libfuzzer-best
#   base      base.test, the same by the driver of another tree ($base_bin)
#   libfuzzer clang -fsanitize=fuzzer
#   libfuzzer-best  the libfuzzer build (lib/engines.sh adds the flags)
#   afl       afl-clang-fast -fsanitize=fuzzer (AFL++'s libFuzzer driver)
#   afl-best  the same with AFL_LLVM_DICT2FILE, which writes afl.dict, the
#             autodictionary of the build's comparisons and strings; and
#             afl-cmplog, the same with AFL_LLVM_CMPLOG=1, for afl-fuzz -c
#   cov       clang -fprofile-instr-generate -fcoverage-mapping + replay.c:
#             replays corpora to measure coverage
#   asan      clang -fsanitize=address (asan_flags) + replay.c: replays crashers
#
# Uses from the sourcing script: $rw, $root, $work, $ctest_bin, say; and,
# when set, extra_cflags (flags for every build, ctest's included:
# keepgoing.sh's -DCTEST_PLANTED_BUGS), asan_flags (the asan build's
# sanitizers, instead of -fsanitize=address), fuzzer_flags (more flags
# for the libfuzzer and afl builds: keepgoing.sh's sanitizers),
# ctest_flags (more flags for the driver's ctest and base builds:
# bugs.sh's -sanitize=address) and targets_dir (where the packages are,
# instead of realworld/targets: bugs.sh's copies, which point at patched
# libraries).

# What the sourcing script may set first (keepgoing.sh does); none by default.
[ -n "${extra_cflags+set}" ] || extra_cflags=()
[ -n "${asan_flags+set}" ] || asan_flags=()
[ -n "${fuzzer_flags+set}" ] || fuzzer_flags=()
[ -n "${ctest_flags+set}" ] || ctest_flags=()

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

# build_target <t> <builds...>: builds target t into $work/<t>/bin, the
# builds named (above). Prints nothing unless a build fails.
build_target() {
    local t=$1 pkg=${targets_dir:-$rw/targets}/$1 out=$work/$1/bin b
    shift
    # The driver builds the package by its path from the repository
    # (the suite's own), or from the directory of the copies.
    local pkgcwd=$root pkgarg=./bench/realworld/targets/$t
    [ -z "${targets_dir:-}" ] || pkgcwd=$targets_dir pkgarg=./$t
    mkdir -p "$out"
    local cflags=() ldflags=() sources=() extra=("${extra_cflags[@]}")
    mapfile -t cflags < <(pkg_flags "$pkg" cflags)
    mapfile -t ldflags < <(pkg_flags "$pkg" ldflags)
    mapfile -t sources < <(pkg_sources "$pkg")
    local cc_all=("${common_cflags[@]}" "${extra[@]}" "${cflags[@]}" "${sources[@]}") pids=() p failed=0
    local asan=("${asan_flags[@]}") fuzzer=("${fuzzer_flags[@]}")
    [ "${#asan[@]}" -gt 0 ] || asan=(-fsanitize=address)
    # The builds run side by side; each one's messages go to the terminal.
    # libfuzzer-best is the libfuzzer build, made once.
    local builds=() seen=" "
    for b in "$@"; do
        [ "$b" = libfuzzer-best ] && b=libfuzzer
        case $seen in *" $b "*) continue ;; esac
        seen+="$b "
        builds+=("$b")
    done
    for b in "${builds[@]}"; do
        case $b in
        ctest) (cd "$pkgcwd" && CFLAGS="-O2 ${extra[*]}" "$ctest_bin" -c "${ctest_flags[@]}" -fuzz=. \
            -o "$out/ctest.test" -fuzzdictout="$out/ctest.dict" "$pkgarg") & ;;
        base) (cd "$pkgcwd" && CFLAGS="-O2 ${extra[*]}" "$base_bin" -c "${ctest_flags[@]}" -fuzz=. \
            -o "$out/base.test" "$pkgarg") & ;;
        libfuzzer) clang -fsanitize=fuzzer "${fuzzer[@]}" "${cc_all[@]}" "${ldflags[@]}" -o "$out/libfuzzer" & ;;
        afl) AFL_QUIET=1 afl-clang-fast -fsanitize=fuzzer "${fuzzer[@]}" "${cc_all[@]}" "${ldflags[@]}" \
            -o "$out/afl" & ;;
        afl-best)
            rm -f "$out/afl.dict"
            AFL_QUIET=1 AFL_LLVM_DICT2FILE="$out/afl.dict" afl-clang-fast -fsanitize=fuzzer "${fuzzer[@]}" \
                "${cc_all[@]}" "${ldflags[@]}" -o "$out/afl-best" &
            pids+=($!)
            AFL_QUIET=1 AFL_LLVM_CMPLOG=1 afl-clang-fast -fsanitize=fuzzer "${fuzzer[@]}" "${cc_all[@]}" \
                "${ldflags[@]}" -o "$out/afl-cmplog" & ;;
        cov) clang -fprofile-instr-generate -fcoverage-mapping "${cc_all[@]}" "$work/bin/replay.o" \
            "${ldflags[@]}" -o "$out/cov" & ;;
        asan) clang "${asan[@]}" -fno-omit-frame-pointer "${cc_all[@]}" "$work/bin/replay.o" \
            "${ldflags[@]}" -o "$out/asan" & ;;
        *) say "unknown build $b"; return 1 ;;
        esac
        pids+=($!)
    done
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
    if declare -F is_heldout >/dev/null && is_heldout "$1"; then
        heldout_seeds "$1" "$s/raw"
    else
        cp "$rw/seeds/$1"/* "$s/raw/"
    fi
    "$work/bin/v1conv" encode "$s/v1" "$s/raw"/*
}

# packages <dir> [extra...]: copies of the targets' packages ($targets) in
# dir, each with its seeds in testdata/ (prepare_seeds first) and its
# //ctest: lines pointing at the libraries by absolute path (they name
# them relative to the package), and the files the harnesses include from
# beside them (planted.h).
packages() {
    local dir=$1 t
    for t in $targets; do
        mkdir -p "$dir/$t/testdata/fuzz/$(fuzz_name "$t")"
        cp "$rw/targets/$t"/* "$dir/$t/"
        sed -i "s|\${SRCDIR}/../../../../../shared|$root/../shared|g" "$dir/$t"/*.c
        cp "$work/$t/seeds/v1"/* "$dir/$t/testdata/fuzz/$(fuzz_name "$t")/"
    done
    cp "$rw/targets/planted.h" "$dir/"
}
