#!/bin/sh
# gen.sh regenerates the mutation-engine vectors (pcg, mutate, byteslice,
# minimize) with Go 1.19.8's own internal/fuzz: gen_test.go is overlaid into
# $GOROOT/src/internal/fuzz (the GOROOT is not modified) and run there.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
goroot=$(go env GOROOT)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '{"Replace":{"%s/src/internal/fuzz/zz_gen_mutator_vectors_test.go":"%s/gen_test.go"}}\n' \
	"$goroot" "$here" >"$tmp/overlay.json"
go version
VECDIR=$here go test -count=1 -vet=off -overlay="$tmp/overlay.json" -run '^TestGenVectorsMutator$' -v internal/fuzz
