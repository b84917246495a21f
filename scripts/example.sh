#!/usr/bin/env bash
# example.sh: the main job: build ctest and run the bundled example
# (examples/query) through the driver, verbose, as `go test -v` would.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$CTEST_ROOT"

setup_build build
cd examples/query
exec "$CTEST_ROOT/build/bin/ctest" -v "$@"
