#!/bin/bash -eu
# build.sh: the build script of OSS-Fuzz's build contract (ClusterFuzzLite's
# is the same) for a project whose fuzz tests are ctest's; here ctest's
# example package, examples/query. OSS-Fuzz runs it in its builder image
# with $CC, $CFLAGS (a sanitizer and the engine's instrumentation),
# $LIB_FUZZING_ENGINE, $SRC, $WORK and $OUT set. It leaves in $OUT, for
# each fuzz test FuzzX, the binary FuzzX, FuzzX_seed_corpus.zip, FuzzX.dict
# when the fuzz test has words, and FuzzX.options; and in $OUT/lib the
# shared libraries the binaries need, which OSS-Fuzz's runner image lacks.
#
# For another project, set before running it (or edit the defaults):
#   CTEST_SRC       ctest's sources (default: $SRC/ctest)
#   CTEST_PACKAGES  the packages (directories) whose fuzz tests to build,
#                   separated by spaces (default: $CTEST_SRC/examples/query)
: "${CTEST_SRC:=$SRC/ctest}"
: "${CTEST_PACKAGES:=$CTEST_SRC/examples/query}"

# 1. ctest's driver and libraries, with clang and without the contract's
# flags: the instrumentation and the sanitizer are for the project's code
# (ctest's libraries are never instrumented, and an AFL++ build's $CC
# would instrument them), and a newer clang's warnings do not stop it.
env -u CFLAGS -u CXXFLAGS -u LDFLAGS cmake -S "$CTEST_SRC" -B "$WORK/ctest-build" \
    -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCTEST_WERROR=OFF
cmake --build "$WORK/ctest-build" -j"$(nproc)" --target ctest_driver
ctest="$WORK/ctest-build/bin/ctest"

# 2. The fuzzers and the files beside them. With $LIB_FUZZING_ENGINE set,
# ctest compiles each package with $CC and $CFLAGS and links with $CFLAGS,
# $LDFLAGS and $LIB_FUZZING_ENGINE; the binaries look for shared libraries
# in $OUT/lib first. Two packages must not have fuzz tests of one name.
for pkg in $CTEST_PACKAGES; do
    LDFLAGS="${LDFLAGS:-} -Wl,-rpath,\$ORIGIN/lib" "$ctest" -c -fuzzengine=libfuzzer -o "$OUT" "$pkg"
done

# 3. The shared libraries of ctest's own (libffi, PCRE2, Jansson, Nettle,
# libdw and theirs), but the C library's, into $OUT/lib.
mkdir -p "$OUT/lib"
for f in "$OUT"/*; do
    if [ -f "$f" ] && [ -x "$f" ]; then
        ldd "$f"
    fi
done | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | sort -u |
    grep -Ev "^$OUT/|/(libc|libm|libdl|libpthread|librt|libresolv|ld-linux[^/]*)\.so" |
    while read -r lib; do
        cp -L "$lib" "$OUT/lib/"
    done
