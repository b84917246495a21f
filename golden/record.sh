#!/usr/bin/env bash
# record.sh: runs each Go scenario under golden/ with Go 1.19.8 and records
# what it printed, its exit statuses and the files it wrote into
# golden/<scenario>/want/. Never edit want/ by hand: rerun this script.
#
# usage: golden/record.sh [scenario ...]   (default: every scenario)
#
# A scenario is a directory holding a Go package (go.mod, *_test.go,
# testdata/...) and a file `cmd`: one command a line (`#` lines are
# comments), each run with bash in a fresh copy of the directory. All
# commands of a scenario share that copy, so files written by one are seen
# by the next, as in Go's cmd/go script tests. Recorded:
#   want/stdout, want/stderr  each command's output after a header line
#                             "$ <command>"
#   want/exit                 one exit status a line, in command order
#   want/files.list           "A path" (created), "M path" (changed),
#                             "D path" (removed) for every file under the
#                             scenario copy, after all commands; empty when
#                             none: the corpus was left alone
#   want/files/<path>         the content of each created or changed file
# Each command gets a fresh GOCACHE, so `go test` never prints "(cached)"
# and a fuzzing run never sees the inputs an earlier one cached, unless the
# cmd file has the line "# cache: shared": then the commands of the scenario
# share one GOCACHE, as in test_fuzz_cache.txt (run.sh does the same).
# $FUZZCACHE names the scenario package's fuzz cache in commands
# ($GOCACHE/fuzz/example.com/x; in run.sh, ctest's $CTESTCACHE/fuzz
# followed by the scenario's absolute path).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
GO=${GO:-go}
"$GO" version >"$here/VERSION"
case $(cat "$here/VERSION") in
*go1.19.8*) ;;
*) echo "record.sh: want go1.19.8, have $(cat "$here/VERSION")" >&2; exit 1 ;;
esac
gobin=$(dirname "$(command -v "$GO")")

# snapshot <dir>: "sha256  ./path" of every file, sorted.
snapshot() {
	(cd "$1" && find . -type f ! -path ./cmd ! -path './want/*' -print0 |
		sort -z | xargs -0 -r sha256sum)
}

# changes <before> <after>: the A/M/D list of two snapshots.
changes() {
	join -j 2 -a 1 -a 2 -e MISSING -o 0,1.1,2.1 <(sort -k 2 "$1") <(sort -k 2 "$2") |
		awk '$2 == "MISSING" { print "A " substr($1, 3); next }
		     $3 == "MISSING" { print "D " substr($1, 3); next }
		     $2 != $3 { print "M " substr($1, 3) }'
}

record() {
	local name=$1 src=$here/$1
	[[ -f $src/cmd ]] || { echo "record.sh: $name: no cmd file" >&2; return 1; }
	local tmp
	tmp=$(mktemp -d /tmp/golden.XXXXXX)
	mkdir -p "$tmp/home" "$tmp/x"
	(cd "$src" && tar --exclude=./want --exclude=./cmd -cf - .) | (cd "$tmp/x" && tar -xf -)
	snapshot "$tmp/x" >"$tmp/before"
	local want=$src/want
	rm -rf "$want"
	mkdir -p "$want"
	: >"$want/stdout"
	: >"$want/stderr"
	: >"$want/exit"
	local line n=0 shared=0
	grep -qx '# cache: shared' "$src/cmd" && shared=1
	rm -rf "$tmp/gocache"
	while IFS= read -r line || [[ -n $line ]]; do
		[[ -z $line || $line == \#* ]] && continue
		n=$((n + 1))
		[[ $shared -eq 1 ]] || rm -rf "$tmp/gocache"
		rm -rf "$tmp/gotmp"
		mkdir -p "$tmp/gocache" "$tmp/gotmp"
		local status=0
		(cd "$tmp/x" && env -i PATH="$gobin:/usr/bin:/bin" HOME="$tmp/home" \
			GOPATH="$tmp/home/go" GOCACHE="$tmp/gocache" GOTMPDIR="$tmp/gotmp" \
			FUZZCACHE="$tmp/gocache/fuzz/example.com/x" \
			GOFLAGS= GO111MODULE=on GOPROXY=off GOTOOLCHAIN=local TZ=UTC LANG=C LC_ALL=C \
			bash -c "$line" >"$tmp/out" 2>"$tmp/err") || status=$?
		printf '$ %s\n' "$line" >>"$want/stdout"
		cat "$tmp/out" >>"$want/stdout"
		printf '$ %s\n' "$line" >>"$want/stderr"
		cat "$tmp/err" >>"$want/stderr"
		echo "$status" >>"$want/exit"
	done <"$src/cmd"
	snapshot "$tmp/x" >"$tmp/after"
	changes "$tmp/before" "$tmp/after" >"$want/files.list"
	local kind path
	while read -r kind path; do
		[[ $kind == D ]] && continue
		mkdir -p "$(dirname "$want/files/$path")"
		cp "$tmp/x/$path" "$want/files/$path"
	done <"$want/files.list"
	chmod -R u+w "$tmp"
	rm -rf "$tmp"
	echo "recorded $name ($n commands)"
}

if [[ $# -eq 0 ]]; then
	set -- $(cd "$here" && for d in */; do [[ -f $d/cmd ]] && echo "${d%/}"; done)
fi
for s in "$@"; do
	record "${s%/}"
done
