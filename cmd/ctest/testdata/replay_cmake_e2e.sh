#!/bin/sh
# replay_cmake_e2e.sh BUILD SRC: the replay matrix's CTest column. A CMake
# project of its own, against an install of the build tree BUILD, builds
# replay/'s pack.c as a static and as a shared library (instrumented, with
# ASan and UBSan) and registers a copy of replay_test.c linked with each
# through ctest_add_package. CTest's fuzz runs (label fuzz) find each kind
# of crash and write it to the package's testdata; then CTest's seed test
# of each (label seed) fails with the crash's cause, in both packages, and
# FuzzShape's passes.
set -u
build=$1 src=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$src/scripts/e2e_assert.sh"
. "$here/replay_causes.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
out=$tmp/out
export CTESTCACHE=$tmp/cache

if ! command -v clang >/dev/null; then
    echo "SKIP: fuzzing needs clang, and there is none"
    exit 77
fi
expect_status 0 300 cmake --install "$build" --prefix "$tmp/p"
proj=$tmp/proj
mkdir -p "$proj/lib" "$proj/static" "$proj/shared"
cp "$here/replay/pack.c" "$here/replay/pack.h" "$proj/lib/"
cp "$here/replay/replay_test.c" "$proj/static/"
cp "$here/replay/replay_test.c" "$proj/shared/"
cat >"$proj/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.22)
project(replay LANGUAGES C)
find_package(ctest REQUIRED)
enable_testing()
add_library(pack_static STATIC lib/pack.c)
add_library(pack_shared SHARED lib/pack.c)
foreach(lib pack_static pack_shared)
  target_include_directories(${lib} PUBLIC lib)
  ctest_fuzz_instrument(${lib})
  target_compile_options(${lib} PRIVATE -fsanitize=address,undefined -fno-sanitize-recover=all
                         -fno-omit-frame-pointer)
endforeach()
foreach(kind static shared)
  ctest_add_package(${kind} FUZZTIME 60s SANITIZE address,undefined LIBRARIES pack_${kind}
                    TESTFLAGS -timeout=20s FUZZFLAGS -fuzztimeout=2s -parallel=1)
endforeach()
EOF
expect_status 0 300 cmake -S "$proj" -B "$proj/build" -DCMAKE_PREFIX_PATH="$tmp/p" \
    -DCMAKE_C_COMPILER=clang
expect_status 0 600 cmake --build "$proj/build"
if [ "$fails" != 0 ]; then
    finish
fi

for pkg in static shared; do
    for k in Fatal Panic Abort Pack Overflow Undefined Hang Memory Exit; do
        # The fuzz run finds the crash (CTest counts it as failed) and
        # writes it to the package's testdata.
        expect_status 8 300 /usr/bin/ctest --test-dir "$proj/build" -R "^$pkg/Fuzz$k/fuzz\$" \
            --output-on-failure
        contains "Failing input written to testdata/fuzz/Fuzz$k/"
        if [ -z "$(ls "$proj/$pkg/testdata/fuzz/Fuzz$k" 2>/dev/null)" ]; then
            echo "FAIL: $pkg: no crasher in $pkg/testdata/fuzz/Fuzz$k"
            fails=$((fails + 1))
            continue
        fi
        # The seed test replays it: it fails, with the cause.
        expect_status 8 300 /usr/bin/ctest --test-dir "$proj/build" -R "^$pkg/Fuzz$k\$" \
            --output-on-failure
        if ! grep -Eq -- "$(cause "$k")" "$out"; then
            echo "FAIL: $pkg/Fuzz$k: the seed test's output has no cause matching /$(cause "$k")/"
            cat "$out"
            fails=$((fails + 1))
        else
            echo "$pkg/Fuzz$k: fuzz run found it, seed test fails with /$(cause "$k")/"
        fi
    done
    expect_status 0 300 /usr/bin/ctest --test-dir "$proj/build" -R "^$pkg/FuzzShape\$"
done
finish
