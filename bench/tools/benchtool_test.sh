#!/usr/bin/env bash
# benchtool_test.sh: benchtool run's status line, and that it leaves no
# process behind, even one that left the command's process group and
# stopped itself (as AFL++'s persistent-mode children do) (the CTest test
# bench/benchtool).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/benchtool-test.XXXXXX")
mark=benchtool-test-$$-$RANDOM
cleanup() {
    pkill -KILL -f "$mark" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

clang -std=c11 -O2 -Wall -Wextra -Werror -o "$tmp/benchtool" "$here/benchtool.c" -lnettle

# A command that exits 3 after one line.
"$tmp/benchtool" run -- sh -c 'echo hello; exit 3' >"$tmp/out"
grep -q '^[0-9.]* hello$' "$tmp/out" || fail "no time-stamped line: $(cat "$tmp/out")"
grep -q '^#benchrun status=3 wall=[0-9.]* capped=0 hwm_kb=' "$tmp/out" || fail "status line: $(tail -1 "$tmp/out")"

# A grandchild in a session of its own that stops itself; its parent
# exits. Without the subreaper it would be left stopped, under init.
cat >"$tmp/orphan.sh" <<EOS
setsid sh -c 'kill -STOP \$\$; sleep 100' $mark &
sleep 0.3
echo parent done
EOS
"$tmp/benchtool" run -- sh "$tmp/orphan.sh" >"$tmp/out"
grep -q '^#benchrun status=0 ' "$tmp/out" || fail "status line: $(tail -1 "$tmp/out")"
sleep 0.2
if pgrep -f "$mark" >/dev/null; then
    fail "a process was left behind: $(ps -o pid,stat,ppid,cmd -p "$(pgrep -d, -f "$mark")")"
fi

# The cap: a command that would run for 100 s is killed after 1.
"$tmp/benchtool" run -t 1 -- sleep 100 >"$tmp/out"
grep -q '^#benchrun status=137 wall=1\.[0-9]* capped=1 ' "$tmp/out" || fail "capped run: $(tail -1 "$tmp/out")"
echo "ok"
