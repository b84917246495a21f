#!/usr/bin/env bash
# rules.sh CTEST: shows that each rewrite of compat/normalize.pl is narrow.
# It runs a few scenarios with run.sh and the driver CTEST, keeping what
# ctest printed and wrote; each must pass as it is. Then, for each rule,
# it edits one of those results so that it holds one difference of a kind
# the rule must not hide, and checks that run.sh --compare (the comparison
# every compat/<scenario> test makes) fails on it. The CTest test
# compat/rules.
#
# usage: compat/rules.sh <path-to-ctest-driver>
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[[ $# -eq 1 ]] || { echo "usage: rules.sh <ctest-driver>" >&2; exit 2; }
driver=$1
work=$(mktemp -d /tmp/compat-rules.XXXXXX)
trap 'rm -rf "$work"' EXIT

scenarios="t_fatal fz_crash_panic flag_unknown fz_multiple fz_dup_cache fzc_asan fzc_abort fuzz_multiple"
for s in $scenarios; do
	if ! COMPAT_KEEP=$work/keep "$here/run.sh" "$s" "$driver" >"$work/log" 2>&1; then
		cat "$work/log"
		echo "rules: compat/$s fails as ctest prints it; the rules are checked on passing results"
		exit 1
	fi
done
# The control: each kept result, unedited, compares equal through the same
# --compare the injections use, so that a failure below is the edit's.
for s in $scenarios; do
	if ! "$here/run.sh" --compare "$s" "$work/keep/$s/got" >"$work/log" 2>&1; then
		cat "$work/log"
		echo "rules: run.sh --compare fails on compat/$s's own result"
		exit 1
	fi
done

fails=0
cases=0
# injected SCENARIO FILE: whether the last comparison's diff shows the
# edit of FILE: each line the edit changed, once normalized, is there with
# its sign (- for a line the edit removed, + for one it added).
injected() {
	local s=$1 f=$2 l
	"$here/normalize.pl" c "$here/$s" "$work/keep/$s/got/$f" >"$work/n-before"
	"$here/normalize.pl" c "$here/$s" "$work/case/$f" >"$work/n-after"
	diff "$work/n-before" "$work/n-after" | sed -n 's/^< /-/p; s/^> /+/p' >"$work/edit"
	[[ -s $work/edit ]] || return 1
	while IFS= read -r l; do
		grep -qxF -- "$l" "$work/log" || return 1
	done <"$work/edit"
}

# inject RULE SCENARIO FILE EDIT WHAT: applies the Perl substitution EDIT
# to the whole of FILE (stdout, stderr) of SCENARIO's result, which must
# change it, and wants the comparison to fail on that edit: RULE must not
# hide WHAT.
inject() {
	local rule=$1 s=$2 f=$3 edit=$4 what=$5
	cases=$((cases + 1))
	rm -rf "$work/case"
	cp -r "$work/keep/$s/got" "$work/case"
	perl -0777 -i -pe "$edit" "$work/case/$f"
	if cmp -s "$work/keep/$s/got/$f" "$work/case/$f"; then
		echo "FAIL: rule $rule: the edit $edit leaves $s's $f as it was"
		fails=$((fails + 1))
	elif "$here/run.sh" --compare "$s" "$work/case" >"$work/log" 2>&1; then
		echo "FAIL: rule $rule hides $what ($s's $f, edited by $edit)"
		fails=$((fails + 1))
	elif ! injected "$s" "$f"; then
		echo "FAIL: rule $rule: the comparison fails, but its diff does not show the edit $edit:"
		cat "$work/log"
		fails=$((fails + 1))
	else
		echo "ok: rule $rule shows $what"
	fi
}

# 1. durations.
inject 1 fz_crash_panic stdout 's/^--- FAIL: FuzzWithBug \(\d+\.\d+s\)$/--- FAIL: FuzzWithBug (0.0s)/m' \
	'a test duration with one decimal'
inject 1 fz_crash_panic stdout 's/^(--- FAIL: FuzzWithBug) \(\d+\.\d+s\)$/$1/m' \
	'a test line without its duration'
inject 1 fz_crash_panic stdout 's/^(FAIL\t\S+\t)\d+\.\d+s$/${1}0.01s/m' \
	'a package time with two decimals'
# 2. scenario file names.
inject 2 t_fatal stdout 's/^(\s+)x_test\.c:12:/${1}x_test.c:13:/m' \
	'another line of the scenario file'
inject 2 t_fatal stdout 's/^(\s+)x_test\.c:12:/${1}x_test.go:12:/m' \
	'the Go file named by ctest'
# 3. package names.
inject 3 fz_multiple stdout 's/^ok  \t_\/tmp\/compat\.\w+\/x\/one\t/ok  \tone\t/m' \
	'a subpackage named without its parent'
inject 3 fz_multiple stdout 's/^(ok  \t)_(\/tmp\/compat\.\w+\/x\/one\t)/$1$2/m' \
	'a subpackage named by its absolute path without the _ prefix'
inject 3 fz_crash_panic stdout 's/^ok  \t_\/tmp\/compat\.\w+\/x\t/ok  \tx\t/m' \
	'the package named by its directory alone'
# 4. the driver's name.
inject 4 fz_crash_panic stdout 's/^    ctest -run=/    go test -run=/m' \
	'ctest printing go test in its re-run command'
# 5. goroutine traces.
inject 5 fz_crash_panic stdout 's/^(goroutine \d+ \[running\]:\n)/$1--- FAIL: TestBogus (0.00s)\n/m' \
	'a test result after the stand-in line'
inject 5 fz_crash_panic stdout 's/^(goroutine \d+ \[running\]:\n)/$1    x_test.c:12: a log line\n/m' \
	'a log line after the stand-in line'
inject 5 fz_crash_panic stdout 's/^(goroutine \d+ \[running\]:\n)/${1}PASS\n/m' \
	'PASS after the stand-in line'
inject 5 fz_crash_panic stdout 's/^(goroutine \d+ \[running\]:\n)/${1}main.main()\n\t_testmain.go:49 +0x1aa\n/m' \
	'a stack frame after the stand-in line'
inject 5 fz_crash_panic stdout 's/^goroutine \d+ \[running\]:\n//m' \
	'a missing stand-in line'
inject 5 fz_crash_panic stdout 's/^( +)(goroutine \d+ \[running\]:\n)/$1$2$1x_test.c:12: a log line\n/m' \
	'a log line after the stand-in line inside a log line'
# 14. a crash report's pc and stack (fzc_abort: ASan leaves SIGABRT alone,
# so its report is the same in the suite's ASan build).
inject 14 fzc_abort stdout 's/\[signal SIGABRT: abort/[signal SIGBUS: bus error/' \
	'another signal'
inject 14 fzc_abort stdout 's/unexpected signal in FuzzAbort\//unexpected signal in FuzzOther\//' \
	'another test named'
inject 14 fzc_abort stdout 's/ code=0x([0-9a-f]+) / code=0x1$1 /' \
	'another signal code'
inject 14 fzc_abort stdout 's/^(\[signal SIGABRT[^\n]*\n\ngoroutine \d+ \[running\]:\n)/$1    x_test.c:12: a log line\n/m' \
	'a log line among the frames'
inject 14 fzc_abort stdout 's/^(\t[^\n]*\n)(signal: aborted)/$1PASS\n$2/m' \
	'PASS after the frames'
inject 14 fzc_abort stdout 's/^fuzzAbort\(\.\.\.\)$/otherFunction(...)/m' \
	'another function of the scenario in the stack'
inject 14 fzc_abort stdout 's/^(\t\S+\/x_test\.c:)14 /${1}99 /m' \
	'another line of the scenario in the stack'
inject 14 fzc_abort stdout 's/^fuzzAbort\(\.\.\.\)\n\t[^\n]*\n//m' \
	'a missing frame of the scenario'
# 6. the build directory.
inject 6 flag_unknown stdout 's/^(Usage of \S+\/)x\.test:$/${1}y.test:/m' \
	'another test binary name'
inject 6 flag_unknown stdout 's/^Usage of \S+\/(x\.test:)$/Usage of \/tmp\/elsewhere\/$1/m' \
	'a test binary outside the build directory'
# 7. the -test.parallel default.
ncpu=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)
inject 7 flag_unknown stdout "s/(run at most n tests in parallel \\(default )$ncpu\\)/\${1}$((ncpu + 1)))/" \
	'a default other than the CPU count'
# 8. progress numbers.
inject 8 fz_dup_cache stdout 's/^(fuzz: elapsed: \d+s, execs: )10 /${1}9 /m' \
	'the exec count of a -fuzztime=10x run'
inject 8 fz_dup_cache stdout 's/^(fuzz: elapsed: \d+s, execs: )10 /${1}11 /m' \
	'an exec count past the limit of a -fuzztime=10x run'
inject 8 fz_dup_cache stdout 's/new interesting: 0 \(total: 5\)/new interesting: 0 (total: 4)/' \
	'the total of a run that found nothing new'
inject 8 fz_dup_cache stdout 's/new interesting: 0 \(total: 5\)/new interesting: 1 (total: 6)/' \
	'a new interesting input where Go found none'
inject 8 fz_multiple stdout 's/new interesting: 1 \(total: 1\)/new interesting: 1 (total: 2)/' \
	'the entries a run started with'
inject 8 fz_multiple stdout 's/execs: 0 \(0\/sec\)/execs: 0 (5\/sec)/' \
	'a rate before any execution'
inject 8 fz_multiple stdout 's/^(fuzz: elapsed: \d+s, execs: )0 /${1}1 /m' \
	'an execution before the run starts'
# 9. the ticker's lines.
inject 9 fz_dup_cache stdout 's/^fuzz: elapsed: \d+s, execs: 10 .*\n//m' \
	'a missing final progress line'
inject 9 fz_dup_cache stdout 's/^fuzz: elapsed: .*, now fuzzing with 1 workers\n//m' \
	'a missing warm-up end'
inject 9 fz_dup_cache stdout 's/^(fuzz: elapsed: .*, now fuzzing with 1 workers\n)/$1$1/m' \
	'a second warm-up end'
inject 9 fz_dup_cache stdout 's/^(fuzz: elapsed: .*, now fuzzing with )1( workers)$/${1}2$2/m' \
	'another worker count'
# 10. the size of the input to minimize.
inject 10 fz_crash_panic stdout 's/^fuzz: minimizing \d+-byte failing input file\n//m' \
	'a missing minimizing line'
inject 10 fz_crash_panic stdout 's/^fuzz: minimizing (\d+)-byte failing input file$/fuzz: minimizing $1-byte failing input/m' \
	'another wording'
# 11. ctest's own test flags in usage text.
inject 11 flag_unknown stdout 's/^  -test\.fuzzcmp$/  -test.fuzzcmq/m' \
	'a flag of another name'
inject 11 flag_unknown stdout 's/^  -test\.fuzzcacheseeds$/  -test.fuzzcacheseedz/m' \
	'another flag of another name'
inject 11 flag_unknown stdout 's/^  -test\.fuzzkeepgoing$/  -test.fuzzkeepgoinq/m' \
	'a third flag of another name'
inject 11 flag_unknown stdout 's/^  -test\.fuzzdict file$/  -test.fuzzdict file more/m' \
	'a second word after the name'
inject 11 flag_unknown stdout 's/^(  -test\.fuzzcmp\n.*\n)/$1    \tmore words\n/m' \
	'a second line of description'
inject 11 flag_unknown stdout 's/^(  -test\.fuzzcmp\n    \t)\(a ctest extension\) /$1/m' \
	'a description that does not say it is ctest'"'"'s'
# 12. sanitizer reports.
inject 12 fzc_asan stdout 's/ERROR: AddressSanitizer: heap-buffer-overflow/ERROR: AddressSanitizer: stack-buffer-overflow/' \
	'another kind of error'
inject 12 fzc_asan stdout 's/(#0 0x[0-9a-f]+ in fuzzHeapOverflow \S+\/x_test\.c:)15:21/${1}16:21/' \
	'another line of the fault'
inject 12 fzc_asan stdout 's/^(\s+#1 0x[0-9a-f]+ in fuzzHeapOverflow \S+\/x_test\.c:14:13\n)//m' \
	'a missing frame of the scenario'
inject 12 fzc_asan stdout 's/^(    READ of size 1 .*\n)/$1    x_test.c:15: a log line\n/m' \
	'a line inside the report'
inject 12 fzc_asan stdout 's/^(    ==\d+==ABORTING\n)/$1    --- FAIL: TestBogus (0.00s)\n/m' \
	'a line after the report'
inject 12 fzc_asan stdout 's/is located 0 bytes to the right of 8-byte region/is located 1 bytes to the right of 8-byte region/' \
	'another place of the access'
# 13. DEBUG lines.
inject 13 fz_dup_cache stdout 's/(DEBUG finished processing input corpus, .*entries: )5/${1}6/' \
	'another entry count'
inject 13 fz_dup_cache stdout 's/^DEBUG processed an initial input.*\n//m' \
	'a missing DEBUG line'
inject 13 fz_dup_cache stdout 's/(DEBUG processed an initial input, .*size: )0/${1}1/' \
	'another input size'
inject 13 fz_dup_cache stdout 's/^(DEBUG coverage counters: [^\n]*)$/$1 and more/m' \
	'more words after the coverage counters'"'"' line'
inject 13 fz_dup_cache stdout 's/^DEBUG coverage counters: (\d+) in /DEBUG coverage counters: $1 of /m' \
	'another wording of the coverage counters'"'"' line'
# 15. ctest's hints.
inject 15 fuzz_multiple stderr 's/^cannot use -fuzz flag with multiple packages$/ctest: hint: cannot use -fuzz flag with multiple packages/m' \
	'Go'"'"'s error turned into a hint'
inject 15 fuzz_multiple stderr 's/^(ctest: hint: [^\n]*)$/$1\nctest: -fuzzmulti is the flag/m' \
	'a line after a hint without the hint'"'"'s prefix'
inject 15 fuzz_multiple stderr 's/^(cannot use -fuzz flag with multiple packages)$/$1 ctest: hint: more/m' \
	'a hint in the middle of a line'
inject 15 fuzz_multiple stdout 's/^(ok  \t[^\n]*)$/$1\nctest: hint: on stdout/m' \
	'a hint on stdout'

if [[ $fails -ne 0 ]]; then
	echo "rules: $fails of $cases injected differences went unseen"
	exit 1
fi
echo "rules: each of $cases injected differences fails the comparison"
