#!/usr/bin/env bash
# record.sh: writes what scripts/check/gocomments.sh compares ctest's
# comments with where Go is not installed (CI):
#   prints.txt   the fingerprints of every run of 10 words in the comments
#                of Go 1.19.8's packages that ctest ports (the directories
#                of the Go files its sources name, "Ports go1.19.8 src/..."),
#                listed in its first line;
#   copied.c.txt a C file holding Go's own comment on CoordinateFuzzing,
#                which gocomments.sh --self-test must find.
# Run it again when a file ports a package not listed. Needs Go 1.19.8
# (apt-get install golang-go).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
goroot=$(go env GOROOT)
version=$(go env GOVERSION)
[ "$version" = go1.19.8 ] || { echo "record.sh: want go1.19.8, have $version" >&2; exit 1; }
dirs=$("$root/scripts/check/gocomments.sh" --ported-dirs)
{
    echo "# go1.19.8 10-word comment runs of: $(echo $dirs)"
    python3 "$root/scripts/check/gocomments.py" fingerprints 10 "$goroot/src" $dirs
} >"$here/prints.txt"
{
    echo '#include <stdio.h>'
    echo
    sed -n '/^\/\/ CoordinateFuzzing creates/,/^func/p' "$goroot/src/internal/fuzz/fuzz.go" | grep '^//'
    echo 'int coordinate(void);'
} >"$here/copied.c.txt"
echo "record.sh: $(($(wc -l <"$here/prints.txt") - 1)) fingerprints of $(echo $dirs | wc -w) packages"
