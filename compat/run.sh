#!/usr/bin/env bash
# run.sh: runs the C twin of one golden scenario with the ctest driver and
# diffs what it printed, its exit statuses and the files it wrote against
# what Go 1.19.8 did (golden/<scenario>/want/, see golden/record.sh).
#
# usage: compat/run.sh <scenario> <path-to-ctest-driver>
#
# Both sides are normalized with these rewrites only, each for its reason:
#  1. durations: "(0.12s)" -> "(0.00s)" and the time in ok/FAIL lines ->
#     "0.000s": they differ from run to run.
#  2. file names in "file:line" prefixes: a scenario's x_test.go/x.go become
#     x_test.c/x.c (the C twin keeps every call on the Go twin's line).
#  3. the package name in ok/FAIL/? lines: Go prints the import path
#     (example.com/x, example.com/x/sub, command-line-arguments for a file
#     list), ctest its directory-based name (x, sub); both become <pkg> and
#     <pkg>/sub.
#  4. "go test" -> "ctest" (re-run hints, usage lines, our "$ cmd" headers)
#     and "go help" -> "ctest help" (usage hints): the driver's name.
#  5. locations inside the implementation ("fuzz.go:629: " in Go, any
#     "name.c:123: " that is not a scenario file in C) -> "<src>: ": the
#     runtime's own sources differ.
#  6. goroutine traces after a "panic:" line (from "goroutine N [...]:" to
#     the next "exit status", ok/FAIL line or end) -> "<goroutine traces>":
#     Go's stack dump has no C counterpart.
#  7. temporary paths: the scenario's temp dir -> $WORK, a test binary's
#     path ("/tmp/go-build1/b001/x.test") -> <testbin>: they are random.
#  8. the default of -test.parallel in the usage text -> <GOMAXPROCS>: it is
#     the machine's CPU count.
set -euo pipefail

# normalize <go|c> <scenario source dir> <file>: the rewrites listed above.
normalize() {
	local side=$1 dir=$2 file=$3 names
	names=$(cd "$dir" && find . -name '*.go' -o -name '*.c' | sed 's|.*/||; s/\.[gc]o\?$//' | sort -u | paste -sd'|' -)
	SIDE=$side NAMES=$names perl -0777 -pe '
		my $side = $ENV{SIDE};
		my $names = $ENV{NAMES};
		# 6. goroutine traces.
		s/^goroutine \d+ \[.*?(?=^exit status \d+$|^(?:ok  |FAIL|\?   )(?:\t|$)|^\$ |\z)/<goroutine traces>\n/gms;
		# 8. -test.parallel default.
		s/(-test\.parallel n\n\s+run at most n tests in parallel) \(default \d+\)/$1 (default <GOMAXPROCS>)/g;
		# 7. temporary paths.
		s{\S*/[\w.-]+\.test(?=[:\s]|$)}{<testbin>}gm;
		s{/tmp/(?:golden|compat)\.\w+/x\b}{\$WORK}g;
		# 1. durations.
		s/\(\d+\.\d+s\)/(0.00s)/g;
		# 3. package names (and 1. their times).
		s{^(ok  |FAIL|\?   )\t(\S+)(\t\d+\.\d+s)?}{
			my ($k, $p, $t) = ($1, $2, $3);
			if ($side eq "go") { $p =~ s{^(?:example\.com/x|command-line-arguments)}{<pkg>}; }
			elsif ($p eq "x") { $p = "<pkg>"; }
			else { $p =~ s{^_?\$WORK/?}{}; $p = $p eq "" ? "<pkg>" : "<pkg>/$p"; }
			"$k\t$p" . (defined $t ? "\t0.000s" : "")
		}gme;
		# 2. and 5. source locations.
		if ($side eq "go") {
			s/\b($names)\.go:(\d+)/$1.c:$2/g if $names ne "";
			s/\b(?!(?:$names)\.c:)[\w.-]+\.go:\d+/<src>/g;
		} else {
			s/\b(?!(?:$names)\.c:)[\w.-]+\.(?:c|re|h|go):\d+/<src>/g;
		}
		# 4. the driver name.
		s/\bgo test\b(?! fuzz v\d)/ctest/g;
		s/\x27go help (test|testflag)\x27/\x27ctest help $1\x27/g;
	' "$file"
}

# run.sh --normalize <go|c> <dir> <file> prints one normalized file (to
# debug a rewrite).
if [[ ${1:-} == --normalize ]]; then
	normalize "$2" "$3" "$4"
	exit
fi


here=$(cd "$(dirname "$0")" && pwd)
golden=$(cd "$here/../golden" && pwd)
[[ $# -eq 2 ]] || { echo "usage: run.sh <scenario> <ctest-driver>" >&2; exit 2; }
name=${1%/}
driver=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
src=$here/$name
want=$golden/$name/want
[[ -f $src/cmd ]] || { echo "run.sh: $name: no $src/cmd" >&2; exit 2; }
[[ -d $want ]] || { echo "run.sh: $name: no $want (run golden/record.sh)" >&2; exit 2; }
[[ -x $driver ]] || { echo "run.sh: $driver: not an executable" >&2; exit 2; }

tmp=$(mktemp -d /tmp/compat.XXXXXX)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/home" "$tmp/x" "$tmp/got"
ln -s "$driver" "$tmp/bin/ctest"
(cd "$src" && tar --exclude=./cmd -cf - .) | (cd "$tmp/x" && tar -xf -)

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
while IFS= read -r line || [[ -n $line ]]; do
	[[ -z $line || $line == \#* ]] && continue
	rm -rf "$tmp/cache" "$tmp/tmpdir"
	mkdir -p "$tmp/cache" "$tmp/tmpdir"
	status=0
	(cd "$tmp/x" && env -i PATH="$tmp/bin:/usr/bin:/bin" HOME="$tmp/home" \
		CTESTCACHE="$tmp/cache" TMPDIR="$tmp/tmpdir" TZ=UTC LANG=C LC_ALL=C "${ccenv[@]}" \
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

# COMPAT_KEEP=<dir> keeps the raw and normalized results there.
if [[ -n ${COMPAT_KEEP:-} ]]; then
	mkdir -p "$COMPAT_KEEP/$name"
	cp -r "$got" "$COMPAT_KEEP/$name/"
fi
fail=0
mkdir -p "$tmp/n/want" "$tmp/n/got"
for f in stdout stderr; do
	normalize go "$golden/$name" "$want/$f" >"$tmp/n/want/$f"
	normalize c "$src" "$got/$f" >"$tmp/n/got/$f"
	[[ -n ${COMPAT_KEEP:-} ]] && cp -r "$tmp/n" "$COMPAT_KEEP/$name/"
	diff -u --label "golden/$name/want/$f" --label "ctest $name $f" \
		"$tmp/n/want/$f" "$tmp/n/got/$f" || fail=1
done
diff -u --label "golden/$name/want/exit" --label "ctest $name exit" "$want/exit" "$got/exit" || fail=1
diff -u --label "golden/$name/want/files.list" --label "ctest $name files.list" \
	"$want/files.list" "$got/files.list" || fail=1
mkdir -p "$tmp/none"
wf=$want/files gf=$got/files
[[ -d $wf ]] || wf=$tmp/none
[[ -d $gf ]] || gf=$tmp/none
diff -ru "$wf" "$gf" || fail=1
if [[ $fail -ne 0 ]]; then
	echo "compat/$name: FAIL" >&2
	exit 1
fi
echo "compat/$name: ok"
