# e2e_setup.sh: the start the end-to-end scripts share, sourced with the
# driver as $1 and the package to fuzz, a directory beside this file, in
# $pkg. It copies the package to a scratch directory (removed on exit), cds
# there with a scratch fuzz cache, sets $ctest, $work, $out and $fails=0,
# and, for a driver built with a compiler without 8-bit counters (gcc),
# fuzzes with clang as the driver's message says, or, without clang, exits
# with status 77, which CTest reports as a skip (SKIP_RETURN_CODE).
ctest=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$here/$pkg" "$work/$pkg"
export CTESTCACHE="$work/cache"
cd "$work/$pkg" || exit 1
fails=0
out="$work/out"

# A caller that runs only where the driver was built with clang sets
# clangonly=1 and saves the probe's build.
if [ "${clangonly:-}" != 1 ]; then
    "$ctest" -c -fuzz=. -o "$work/probe.test" . >"$out" 2>&1
    if grep -q 'needs coverage instrumentation' "$out"; then
        if ! command -v clang >/dev/null; then
            echo "SKIP: the driver's compiler has no 8-bit coverage counters and there is no clang:"
            cat "$out"
            exit 77
        fi
        export CC=clang
    fi
fi
