#!/usr/bin/env bash
# example.sh: the main job. Builds ctest, then, in a scratch copy of the
# bundled example (examples/query, so the repository stays clean):
#   1. runs its tests and seed corpus, verbose (ctest -v);
#   2. fuzzes FuzzRoundTrip until it finds the planted bug (ctest -fuzz);
#   3. replays the failing input it wrote, with the re-run command it printed.
# Exits 0 when the bug was found and the re-run reproduced it.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$CTEST_ROOT"

setup_build build
ctest_bin="$CTEST_ROOT/build/bin/ctest"
work=$(mktemp -d "${TMPDIR:-/tmp}/ctest-example.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -r examples/query "$work/"
cd "$work/query"
export CTESTCACHE="$work/cache"

echo "== 1. ctest -v: tests and seed corpus"
"$ctest_bin" -v

echo
echo "== 2. ctest -fuzz=FuzzRoundTrip -fuzztime=60s: fuzzing for the planted bug"
set +e
"$ctest_bin" -fuzz=FuzzRoundTrip -fuzztime=60s | tee fuzz.out
status=${PIPESTATUS[0]}
set -e
rerun=$(grep -A1 '^    To re-run:' fuzz.out | tail -n 1 | sed 's/^ *//')
if [ "$status" -ne 1 ] || [ -z "$rerun" ]; then
    echo "example: the fuzzer did not report the planted bug (exit status $status)" >&2
    exit 1
fi

echo
echo "== 3. $rerun: replaying the failing input"
set +e
# The command as printed: the driver as this script invoked it.
eval "$rerun -v"
status=$?
set -e
if [ "$status" -ne 1 ]; then
    echo "example: the re-run did not reproduce the failure (exit status $status)" >&2
    exit 1
fi
echo
echo "example: the fuzzer found the planted bug and the re-run reproduces it"
