#!/usr/bin/env bash
# run.sh: runs the C twin of one golden scenario with the ctest driver and
# diffs what it printed, its exit statuses and the files it wrote against
# what Go 1.19.8 did (golden/<scenario>/want/, see golden/record.sh).
#
# A scenario with a CTEST_ONLY file has no Go twin (a C crash kind): its
# expected results are compat/<scenario>/want/, written from ctest's own
# output by --record (which refuses other scenarios) and reviewed by hand.
#
# usage: compat/run.sh <scenario> <path-to-ctest-driver>
#        compat/run.sh --record <scenario> <path-to-ctest-driver>
#        compat/run.sh --compare <scenario> <got-dir>
#
# Before the diff, both outputs go through compat/normalize.pl, which lists
# its rewrites and the reason for each (docs/GO.md lists them too); exit
# statuses and written files are compared as they are. --compare diffs a
# result already recorded in <got-dir> (stdout, stderr, exit, files.list,
# files/, as run.sh writes them; compat/rules.sh uses it).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
golden=$(cd "$here/../golden" && pwd)
mode=run
case ${1:-} in
--record | --compare)
	mode=${1#--}
	shift
	;;
esac
[[ $# -eq 2 ]] || { echo "usage: run.sh [--record|--compare] <scenario> <ctest-driver|got-dir>" >&2; exit 2; }
name=${1%/}
src=$here/$name
want=$golden/$name/want
goldside=go golddir=$golden/$name wantlabel=golden/$name/want
[[ -f $src/cmd ]] || { echo "run.sh: $name: no $src/cmd" >&2; exit 2; }
if [[ -f $src/CTEST_ONLY ]]; then
	want=$src/want
	goldside=c golddir=$src wantlabel=compat/$name/want
elif [[ $mode == record ]]; then
	echo "run.sh: --record: $name has a Go twin (golden/record.sh records it)" >&2
	exit 2
fi
[[ $mode == record || -d $want ]] || { echo "run.sh: $name: no $want (run golden/record.sh, or run.sh --record)" >&2; exit 2; }

tmp=$(mktemp -d /tmp/compat.XXXXXX)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

# compare: diffs the result in $got against $want, normalized, and exits
# with the verdict.
compare() {
	local fail=0 f
	mkdir -p "$tmp/n/want" "$tmp/n/got"
	for f in stdout stderr; do
		"$here/normalize.pl" "$goldside" "$golddir" "$want/$f" >"$tmp/n/want/$f"
		"$here/normalize.pl" c "$src" "$got/$f" >"$tmp/n/got/$f"
		diff -u --label "$wantlabel/$f" --label "ctest $name $f" \
			"$tmp/n/want/$f" "$tmp/n/got/$f" || fail=1
	done
	# COMPAT_KEEP=<dir> keeps the raw and normalized results there.
	if [[ -n ${COMPAT_KEEP:-} ]]; then
		mkdir -p "$COMPAT_KEEP/$name"
		cp -r "$got" "$tmp/n" "$COMPAT_KEEP/$name/"
	fi
	diff -u --label "$wantlabel/exit" --label "ctest $name exit" "$want/exit" "$got/exit" || fail=1
	diff -u --label "$wantlabel/files.list" --label "ctest $name files.list" \
		"$want/files.list" "$got/files.list" || fail=1
	mkdir -p "$tmp/none"
	local wf=$want/files gf=$got/files
	[[ -d $wf ]] || wf=$tmp/none
	[[ -d $gf ]] || gf=$tmp/none
	diff -ru "$wf" "$gf" || fail=1
	if [[ $fail -ne 0 ]]; then
		echo "compat/$name: FAIL" >&2
		exit 1
	fi
	echo "compat/$name: ok"
	exit 0
}

if [[ $mode == compare ]]; then
	got=$(cd "$2" && pwd)
	compare
fi

driver=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
[[ -x $driver ]] || { echo "run.sh: $driver: not an executable" >&2; exit 2; }
mkdir -p "$tmp/bin" "$tmp/home" "$tmp/x" "$tmp/got"
ln -s "$driver" "$tmp/bin/ctest"
(cd "$src" && tar --exclude=./cmd --exclude=./want --exclude=./CTEST_ONLY -cf - .) | (cd "$tmp/x" && tar -xf -)

snapshot() {
	(cd "$1" && find . -type f ! -path ./cmd ! -path './want/*' -print0 |
		sort -z | xargs -0 -r sha256sum)
}
changes() {
	join -j 2 -a 1 -a 2 -e MISSING -o 0,1.1,2.1 <(sort -k 2 "$1") <(sort -k 2 "$2") |
		awk '$2 == "MISSING" { print "A " substr($1, 3); next }
		     $3 == "MISSING" { print "D " substr($1, 3); next }
		     $2 != $3 { print "M " substr($1, 3) }'
}

# Run the C twin as record.sh runs the Go twin.
got=$tmp/got
snapshot "$tmp/x" >"$tmp/before"
: >"$got/stdout"
: >"$got/stderr"
: >"$got/exit"
ccenv=()
[[ -n ${CC:-} ]] && ccenv+=("CC=$CC")
# "# cache: shared" in cmd: the commands share one cache (see record.sh).
shared=0
grep -qx '# cache: shared' "$src/cmd" && shared=1
# "# ctest: GODEBUG=fuzzcmp=0" in cmd: the scenario checks a part of Go's
# search that ctest's default mode leaves (the minimization of new
# interesting inputs), so the C twin runs with Go's search.
[[ $(grep -x '# ctest: GODEBUG=fuzzcmp=0' "$src/cmd") ]] && ccenv+=("GODEBUG=fuzzcmp=0")
while IFS= read -r line || [[ -n $line ]]; do
	[[ -z $line || $line == \#* ]] && continue
	[[ $shared -eq 1 ]] || rm -rf "$tmp/cache"
	rm -rf "$tmp/tmpdir"
	mkdir -p "$tmp/cache" "$tmp/tmpdir"
	status=0
	(cd "$tmp/x" && env -i PATH="$tmp/bin:/usr/bin:/bin" HOME="$tmp/home" \
		CTESTCACHE="$tmp/cache" FUZZCACHE="$tmp/cache/fuzz$(cd "$tmp/x" && pwd -P)" TMPDIR="$tmp/tmpdir" TZ=UTC LANG=C LC_ALL=C "${ccenv[@]}" \
		bash -c "$line" >"$tmp/out" 2>"$tmp/err") || status=$?
	printf '$ %s\n' "$line" >>"$got/stdout"
	cat "$tmp/out" >>"$got/stdout"
	printf '$ %s\n' "$line" >>"$got/stderr"
	cat "$tmp/err" >>"$got/stderr"
	echo "$status" >>"$got/exit"
done <"$src/cmd"
snapshot "$tmp/x" >"$tmp/after"
changes "$tmp/before" "$tmp/after" >"$got/files.list"
while read -r kind path; do
	[[ $kind == D ]] && continue
	mkdir -p "$(dirname "$got/files/$path")"
	cp "$tmp/x/$path" "$got/files/$path"
done <"$got/files.list"

if [[ $mode == record ]]; then
	rm -rf "$want"
	cp -r "$got" "$want"
	echo "compat/$name: recorded $want (review it)"
	exit 0
fi
compare
