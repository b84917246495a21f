#!/usr/bin/env bash
# linecheck.sh: checks that every C twin puts its printing calls (t_log,
# t_error, t_fatal, t_skip and their f forms, t_helper, f_fuzz, f_add) on
# the same lines as the Go twin's calls (t.Log, ...), so that "file:line"
# prefixes match. Scenarios without a Go twin (CTEST_ONLY) are left out.
# Registered as the CTest test compat/linecheck.
#
# usage: compat/linecheck.sh [scenario ...]
here=$(cd "$(dirname "$0")" && pwd)
golden=$here/../golden
status=0
files=0
calls() { # calls <file> <sep>: "line method" of each call
	grep -noE "\b[tf]0?$2(Log|Logf|Error|Errorf|Fatal|Fatalf|Skip|Skipf|Helper|Fuzz|Add|log|logf|error|errorf|fatal|fatalf|skip|skipf|helper|fuzz|add)\(" "$1" |
		sed -E "s/^([0-9]+):.*[tf]0?$2(.*)\($/\1 \L\2/" | sort -u
}
[[ $# -eq 0 ]] && set -- $(cd "$here" && for d in */; do [[ -f $d/cmd && ! -f $d/CTEST_ONLY ]] && echo "${d%/}"; done)
for s in "$@"; do
	if [[ ! -d $golden/$s ]]; then
		echo "$s: no Go twin golden/$s"; status=1; continue
	fi
	while IFS= read -r -d '' gofile; do
		rel=${gofile#"$golden/$s/"}
		cfile=$here/$s/${rel%.go}.c
		files=$((files + 1))
		if [[ ! -f $cfile ]]; then
			echo "$s: missing ${rel%.go}.c"; status=1; continue
		fi
		if ! out=$(diff <(calls "$gofile" '\.') <(calls "$cfile" '_')); then
			echo "$s/$rel:"; sed 's/^/    /' <<<"$out"; status=1
		fi
	done < <(find "$golden/$s" -name '*.go' ! -path '*/want/*' -print0)
done
if [[ $files -eq 0 ]]; then
	echo "linecheck: no Go file found"
	exit 1
fi
[[ $status -eq 0 ]] && echo "linecheck: the calls of $files Go files are on the same lines in C"
exit $status
