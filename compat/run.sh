#!/usr/bin/env bash
# run.sh: runs the C twin of one golden scenario with the ctest driver and
# diffs what it printed, its exit statuses and the files it wrote against
# what Go 1.19.8 did (golden/<scenario>/want/, see golden/record.sh).
#
# usage: compat/run.sh <scenario> <path-to-ctest-driver>
#        compat/run.sh --record <scenario> <path-to-ctest-driver>
#
# A scenario with a CTEST_ONLY file has no Go twin (a C crash kind): its
# expected results are compat/<scenario>/want/, written from ctest's own
# output by --record (which refuses other scenarios) and reviewed by hand.
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
#  4. "go test" -> "ctest", "go clean" -> "ctest clean" (re-run hints, usage
#     lines, our "$ cmd" headers) and "go help" -> "ctest help" (usage
#     hints): the driver's name.
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
# Fuzzing (the fz_* scenarios) adds these, for what cannot be equal:
#  9. the numbers in "fuzz: elapsed: ..." progress lines: the elapsed
#     seconds, "execs: N (N/sec)" and "new interesting: N (total: N)" ->
#     <N>: they depend on speed and on the coverage instrumentation (Go's
#     compiler counters and clang's SanitizerCoverage see different edges,
#     so they find different inputs interesting). The baseline counts
#     ("gathering baseline coverage: 0/3 completed") are kept: they count
#     corpus entries.
# 10. runs of identical progress lines (after 9) -> one line: besides the
#     first and last, the coordinator prints one every 3 seconds, so their
#     number depends on speed (ASan, a loaded machine).
# 11. "fuzz: minimizing N-byte failing input file" -> <N>: the input before
#     minimization is random (the minimized crasher, its name and content
#     are compared as they are).
# 12. "now fuzzing with N workers" in a command without -parallel -> <GOMAXPROCS>:
#     the default is the machine's CPU count.
# 13. the goroutine trace inside a log line ("testing.go:1356: panic: x"
#     followed by an indented "goroutine N [running]:" and Go's stack) ->
#     "<goroutine traces>": the C runtime prints a stand-in line.
# 14. the fuzz cache dir ($GOCACHE/fuzz/example.com/x, $CTESTCACHE/fuzz/x)
#     -> $FUZZCACHE, the name commands use for it.
# 15. the test flags of ctest alone (-test.fuzztimeout, -test.fuzzcmp) are
#     dropped from the usage text: Go has no such flag; the rest of the text
#     is Go's.
# 16. sanitizer reports (C-only scenarios): from the ===== banner to
#     ==PID==ABORTING -> <ERROR kind at file:line in function>: addresses,
#     pids, stack frames and shadow bytes differ from run to run and build
#     to build; the kind of error and where it is are what the test checks.
# 17. in GODEBUG=fuzzdebug=1's "DEBUG ..." lines, the elapsed time, the
#     "exec time" and the coverage bit counts ("new bits", "total bits",
#     "initial coverage bits") -> <T>, <D>, <N>: they depend on speed and on
#     the instrumentation (Go counts blocks in every package but a few of
#     the standard library's, ctest in the package's own files). Entry
#     counts, ids, parents, generations and sizes are compared.
set -euo pipefail

# normalize <go|c> <scenario source dir> <file>: the rewrites listed above.
normalize() {
	local side=$1 dir=$2 file=$3 names
	names=$(cd "$dir" && find . -name '*.go' -o -name '*.c' | sed 's|.*/||; s/\.[gc]o\?$//' | sort -u | paste -sd'|' -)
	SIDE=$side NAMES=$names perl -0777 -pe '
		my $side = $ENV{SIDE};
		my $names = $ENV{NAMES};
		# 13. goroutine traces in log lines (before 6 consumes them).
		s/^([ \t]+)goroutine \d+ \[[^\]\n]*\]:\n(?:\1.*\n)*/$1<goroutine traces>\n/gm;
		# 6. goroutine traces.
		s/^goroutine \d+ \[.*?(?=^exit status \d+$|^(?:ok  |FAIL|\?   )(?:\t|$)|^\$ |\z)/<goroutine traces>\n/gms;
		# 16. sanitizer reports.
		s{^([ \t]*)=+\n\1==\d+==ERROR: (\w+Sanitizer: [\w-]+).*?^\1SUMMARY: \w+Sanitizer: [\w-]+ (?:\S*/)?(\S+) in (\S+)\n.*?^\1==\d+==ABORTING\n}{$1<$2 at $3 in $4>\n}gms;
		# 15. the test flags of ctest alone, in the usage text.
		s/^  -test\.(?:fuzztimeout|fuzzcmp)(?: .*)?\n\s*\t.*\n//gm;
		# 8. -test.parallel default.
		s/(-test\.parallel n\n\s+run at most n tests in parallel) \(default \d+\)/$1 (default <GOMAXPROCS>)/g;
		# 7. temporary paths.
		s{\S*/[\w.-]+\.test(?=[:\s]|$)}{<testbin>}gm;
		s{/tmp/(?:golden|compat)\.\w+/x\b}{\$WORK}g;
		# 14. the fuzz cache.
		s{/tmp/golden\.\w+/gocache/fuzz/example\.com/x\b}{\$FUZZCACHE}g;
		s{/tmp/compat\.\w+/cache/fuzz/x\b}{\$FUZZCACHE}g;
		# 9. progress numbers, 10. repeated progress lines.
		s/^(fuzz: elapsed: )\d+s, /$1<T>, /gm;
		s/^(fuzz: elapsed: <T>, execs: )\d+ \(\d+\/sec\)/$1<N> (<N>\/sec)/gm;
		s/^(fuzz: elapsed: <T>, execs: .*new interesting: )\d+ \(total: \d+\)$/$1<N> (total: <N>)/gm;
		s/^(fuzz: elapsed: .*\n)\1+/$1/gm;
		# 17. DEBUG lines.
		s/^(DEBUG .*?elapsed: )[^,\n]+/$1<T>/gm;
		s/^(DEBUG .*exec time: )\S+$/$1<D>/gm;
		s/^(DEBUG .*?(?:new bits|total bits|initial coverage bits): )\d+/$1<N>/gm;
		s/^(DEBUG .*?total bits: )\d+/$1<N>/gm;
		# 11. the size of the input to minimize.
		s/^fuzz: minimizing \d+-byte failing input file$/fuzz: minimizing <N>-byte failing input file/gm;
		# 12. the default worker count, per command ("\$ cmd" sections).
		s{(^\$ (.*)\n(?:(?!\$ ).*\n)*)}{
			my ($sec, $cmd) = ($1, $2);
			$sec =~ s/(now fuzzing with )\d+( workers)/$1<GOMAXPROCS>$2/g if $cmd !~ /-(?:test\.)?parallel/;
			$sec
		}gme;
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
		s/\bgo clean\b/ctest clean/g;
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
recordOnly=0
if [[ ${1:-} == --record ]]; then
	recordOnly=1
	shift
fi
[[ $# -eq 2 ]] || { echo "usage: run.sh [--record] <scenario> <ctest-driver>" >&2; exit 2; }
name=${1%/}
driver=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
src=$here/$name
want=$golden/$name/want
goldside=go golddir=$golden/$name wantlabel=golden/$name/want
[[ -f $src/cmd ]] || { echo "run.sh: $name: no $src/cmd" >&2; exit 2; }
if [[ -f $src/CTEST_ONLY ]]; then
	want=$src/want
	goldside=c golddir=$src wantlabel=compat/$name/want
elif [[ $recordOnly -eq 1 ]]; then
	echo "run.sh: --record: $name has a Go twin (golden/record.sh records it)" >&2
	exit 2
fi
[[ $recordOnly -eq 1 || -d $want ]] || { echo "run.sh: $name: no $want (run golden/record.sh, or run.sh --record)" >&2; exit 2; }
[[ -x $driver ]] || { echo "run.sh: $driver: not an executable" >&2; exit 2; }

tmp=$(mktemp -d /tmp/compat.XXXXXX)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
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
		CTESTCACHE="$tmp/cache" FUZZCACHE="$tmp/cache/fuzz/x" TMPDIR="$tmp/tmpdir" TZ=UTC LANG=C LC_ALL=C "${ccenv[@]}" \
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

if [[ $recordOnly -eq 1 ]]; then
	rm -rf "$want"
	cp -r "$got" "$want"
	echo "compat/$name: recorded $want (review it)"
	exit 0
fi

# COMPAT_KEEP=<dir> keeps the raw and normalized results there.
if [[ -n ${COMPAT_KEEP:-} ]]; then
	mkdir -p "$COMPAT_KEEP/$name"
	cp -r "$got" "$COMPAT_KEEP/$name/"
fi
fail=0
mkdir -p "$tmp/n/want" "$tmp/n/got"
for f in stdout stderr; do
	normalize "$goldside" "$golddir" "$want/$f" >"$tmp/n/want/$f"
	normalize c "$src" "$got/$f" >"$tmp/n/got/$f"
	[[ -n ${COMPAT_KEEP:-} ]] && cp -r "$tmp/n" "$COMPAT_KEEP/$name/"
	diff -u --label "$wantlabel/$f" --label "ctest $name $f" \
		"$tmp/n/want/$f" "$tmp/n/got/$f" || fail=1
done
diff -u --label "$wantlabel/exit" --label "ctest $name exit" "$want/exit" "$got/exit" || fail=1
diff -u --label "$wantlabel/files.list" --label "ctest $name files.list" \
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
