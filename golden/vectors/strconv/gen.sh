#!/bin/sh
# gen.sh regenerates the strconv vectors with the installed Go (1.19.8):
# dump_test.go runs inside package strconv_test through an overlay, and
# isprint/main.go writes internal/std/strconv_isprint.c.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
goroot=$(go env GOROOT)
go version | grep -q 'go1\.19\.8' || { echo "gen.sh: need go1.19.8" >&2; exit 1; }
overlay=$(mktemp)
trap 'rm -f "$overlay"' EXIT
printf '{"Replace":{"%s/src/strconv/zz_dump_test.go":"%s/dump_test.go"}}\n' "$goroot" "$here" >"$overlay"
STRCONV_VECTORS=$here go test -count=1 -vet=off -overlay="$overlay" -run '^TestDump' strconv
(cd "$here/isprint" && go run main.go >"$here/../../../internal/std/strconv_isprint.c")
