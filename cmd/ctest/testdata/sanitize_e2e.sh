#!/bin/sh
# sanitize_e2e.sh CTEST [SANITIZED]: crashers that only a sanitizer sees,
# on a scratch copy of sanitizenote/ (with a scratch fuzz cache). Fuzzing
# with -sanitize=address writes the heap overflow's crasher with a
# //ctest:sanitize note (its name still the hash of its input) and says
# that the package does not declare the sanitizer; Go 1.19.8 reads the
# noted file. A plain run, -json, gotestsum and
# the test binary itself then fail the file, naming it, the sanitizer and
# the line to add, where they passed; with the line every build (a
# -fuzzengine=replay binary too) has ASan and fails with its report; with
# the bug fixed all pass. UBSan's report notes its own sanitizer only;
# -fuzzkeepgoing notes its crashers; corpus minimize -testdata keeps noted
# files; a bad line is a clear error.
# SANITIZED (ON in the CTEST_SANITIZE tree) says that every build already
# has ASan and UBSan: plain runs then fail with the report itself. Exit 77
# (skipped) when the compiler cannot fuzz or has no ASan runtime.
# The checks that need Go and gotestsum run only with
# SANITIZE_E2E_TOOLS=1 (the test cmd/ctest/sanitize_tools_e2e), which
# skips when either is missing.
set -u
ctest=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
sanitized=${2:-OFF}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/e2e_assert.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$here/sanitizenote" "$tmp/p"
export CTESTCACHE="$tmp/cache"
unset GODEBUG CFLAGS
out=$tmp/out
fails=0
tab=$(printf '\t')
pkg=_$(cd "$tmp/p" && pwd -P) # outside a checkout: _ and the path
cd "$tmp/p" || exit 1
tools=${SANITIZE_E2E_TOOLS:-0}
if [ "$tools" = 1 ] && { ! command -v go >/dev/null 2>&1 || ! command -v gotestsum >/dev/null 2>&1; }; then
    echo "skipped: Go's reading of a noted file and gotestsum's run need go and gotestsum (apt-get install golang-go gotestsum)"
    exit 77
fi

# run WANTSTATUS ARGS...: ctest ARGS in the package, at most 120 s; its
# output in $out.
run() {
    want=$1
    shift
    expect_status "$want" 120 "$ctest" "$@"
}

# follows FIRST SECOND: the line after the one that starts with FIRST (once
# blanks are trimmed) must be SECOND (trimmed too).
follows() {
    next=$(sed 's/^[[:space:]]*//' "$out" | grep -A1 -F -- "$1" | sed -n 2p)
    if [ "$next" != "$2" ]; then
        echo "FAIL: after the line $1 comes: $next"
        echo "want: $2"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# noted DIR NAMES: a crasher in DIR must end its value line with a note
# of NAMES.
noted() {
    if ! grep -q " //ctest:sanitize $2\$" "$1"/*; then
        echo "FAIL: no crasher in $1 is noted $2: $(cat "$1"/* 2>&1)"
        cat "$out"
        fails=$((fails + 1))
    fi
}

"$ctest" -c -fuzz=. -o "$tmp/probe.test" >"$out" 2>&1
if grep -q 'ctest: -fuzz needs coverage instrumentation' "$out"; then
    echo "skipped: this compiler cannot fuzz: $(cat "$out")"
    exit 77
fi
if ! "$ctest" -c -sanitize=address -o "$tmp/probe.test" >"$out" 2>&1; then
    echo "skipped: no AddressSanitizer (apt-get install libclang-rt-dev): $(head -3 "$out")"
    exit 77
fi

# The seeds pass, with or without sanitizers.
run 0 .
contains "ok  ${tab}$pkg${tab}"
run 0 -sanitize=address,undefined .

# Fuzzing under ASan finds the heap overflow and writes it noted; the
# package does not declare ASan, and the output says so after the file.
run 1 -fuzz=FuzzChecksum -fuzztime=60s -sanitize=address
contains "ERROR: AddressSanitizer: heap-buffer-overflow"
crasher=$(sed -n 's|^ *Failing input written to \(testdata/fuzz/FuzzChecksum/[0-9a-f]*\)$|\1|p' "$out")
hash=${crasher##*/}
say="This input was found under -sanitize=address, which the package does not declare: add //ctest:sanitize address to one of its files, or runs without -sanitize=address fail on this file, rather than replay it under AddressSanitizer."
follows "Failing input written to $crasher" "$say"
follows "$say" "To re-run:"
follows "To re-run:" "$ctest -sanitize=address -run=FuzzChecksum/$hash"
noted testdata/fuzz/FuzzChecksum address
if [ "$(sed 's| //ctest:sanitize address$||' "$crasher" | sha256sum | cut -c1-64)" != "$hash" ]; then
    echo "FAIL: $crasher is not named by the hash of its input without the note"
    fails=$((fails + 1))
fi
# The re-run command fails again, under ASan.
run 1 -sanitize=address "-run=FuzzChecksum/$hash"
contains "ERROR: AddressSanitizer: heap-buffer-overflow"

# Go 1.19.8 reads the noted file as the input it holds.
if [ "$tools" = 1 ]; then
    mkdir -p "$tmp/go/testdata/fuzz"
    cp -r testdata/fuzz/FuzzChecksum "$tmp/go/testdata/fuzz/"
    printf 'module example.com/record\n\ngo 1.19\n' >"$tmp/go/go.mod"
    cat >"$tmp/go/record_test.go" <<'EOF'
package record

import "testing"

func FuzzChecksum(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		t.Logf("read %q", data)
	})
}
EOF
    (cd "$tmp/go" && GOFLAGS=-mod=mod GOPROXY=off GOCACHE="$tmp/gocache" GOPATH="$tmp/gopath" \
        go test -v "-run=FuzzChecksum/$hash" .) >"$out" 2>&1
    has "    --- PASS: FuzzChecksum/$hash (0.00s)"
    has "    record_test.go:7: read $(sed -n 's|^\[\]byte(\(".*"\)) //ctest:sanitize address$|\1|p' \
        "$tmp/go/testdata/fuzz/FuzzChecksum/$hash")"
fi

seedmsg="record_test.c:15: testdata/fuzz/FuzzChecksum/$hash was found under -sanitize=address, and this test binary is built without it, so it cannot fail here as it did: add //ctest:sanitize address to one of the package's files, so that every build of the package has it (or run ctest with -sanitize=address)"
if [ "$sanitized" = ON ]; then
    # Every build has ASan (ctest's own build's): a plain run replays the
    # crasher under it.
    run 1 "$tmp/p"
    contains "ERROR: AddressSanitizer: heap-buffer-overflow"
else
    # A plain run, -json (what gotestsum reads), gotestsum and the test
    # binary (what CTest runs) fail the file with the message, ASan or not.
    run 1 "$tmp/p"
    has "    --- FAIL: FuzzChecksum/$hash (0.00s)"
    has "        $seedmsg"
    contains "FAIL${tab}$pkg${tab}"
    lacks "AddressSanitizer: heap"
    run 1 -json "$tmp/p"
    contains "\"Action\":\"output\",\"Package\":\"$pkg\",\"Test\":\"FuzzChecksum/$hash\",\"Output\":\"    $seedmsg\\n\"}"
    contains "\"Action\":\"fail\",\"Package\":\"$pkg\",\"Test\":\"FuzzChecksum/$hash\","
    if [ "$tools" = 1 ]; then
        expect_status 1 120 gotestsum --raw-command -- "$ctest" -json "$tmp/p"
        contains "=== FAIL: $pkg FuzzChecksum/$hash"
        contains "$seedmsg"
    fi
    run 0 -c -o "$tmp/p.test"
    expect_status 1 120 "$tmp/p.test"
    has "        $seedmsg"
    # Fuzzing as CTest's fuzz tests do (-run=^$) refuses too: the crasher
    # would pass as a seed.
    run 1 -run=^$ -fuzz=FuzzChecksum -fuzztime=100x
    has "    $seedmsg"
    lacks "elapsed:"
fi

# A seed noted for a sanitizer no build here has is refused in both trees.
printf 'go test fuzz v1\n[]byte("\\x01a") //ctest:sanitize memory\n' >testdata/fuzz/FuzzChecksum/memory
run 1 -sanitize=address -run=FuzzChecksum/memory
has "        record_test.c:15: testdata/fuzz/FuzzChecksum/memory was found under -sanitize=memory, and this test binary is built without it, so it cannot fail here as it did: add //ctest:sanitize memory to one of the package's files, so that every build of the package has it (or run ctest with -sanitize=memory)"
rm testdata/fuzz/FuzzChecksum/memory

# The package declares ASan: every build has it, and the crasher fails
# with ASan's report, as a plain run, -json, and the test binary.
printf '//ctest:sanitize address\n' >sanitize.c
run 1 "$tmp/p"
contains "ERROR: AddressSanitizer: heap-buffer-overflow"
lacks "was found under"
run 1 -json "$tmp/p"
contains "ERROR: AddressSanitizer: heap-buffer-overflow"
contains "\"Action\":\"fail\",\"Package\":\"$pkg\""
run 0 -c -o "$tmp/p.test"
expect_status 1 120 "$tmp/p.test"
contains "ERROR: AddressSanitizer: heap-buffer-overflow"
# So does a -fuzzengine build: the replay binary reports the overflow.
run 0 -c -fuzzengine=replay -o "$tmp/replay"
printf '\005' >"$tmp/overflow"
expect_status 1 120 "$tmp/replay/FuzzChecksum" "$tmp/overflow"
contains "ERROR: AddressSanitizer: heap-buffer-overflow"
# A crasher found again is noted, with nothing to say: the package has it.
rm -r testdata
run 1 -fuzz=FuzzChecksum -fuzztime=60s
contains "ERROR: AddressSanitizer: heap-buffer-overflow"
lacks "which the package does not declare"
noted testdata/fuzz/FuzzChecksum address

# UBSan's report notes undefined, not address, though the build has both.
rm -r testdata
run 1 -fuzz=FuzzScale -fuzztime=60s -sanitize=undefined
contains "runtime error: signed integer overflow"
follows "Failing input written to $(sed -n 's|^ *Failing input written to ||p' "$out")" \
    "This input was found under -sanitize=undefined, which the package does not declare: add //ctest:sanitize undefined to one of its files, or runs without -sanitize=undefined fail on this file, rather than replay it under UndefinedBehaviorSanitizer."
noted testdata/fuzz/FuzzScale undefined

# With the bugs fixed, every way passes.
cp record.c "$tmp/record.c"
sed -i -e 's/if (len < 1) {/if (len < 1 || data[0] >= len) {/' \
    -e 's|return reading \* 1000;|return reading > INT32_MAX / 1000 \|\| reading < INT32_MIN / 1000 ? 0 : reading * 1000;|' \
    record.c
printf '//ctest:sanitize address,undefined\n' >sanitize.c
run 0 "$tmp/p"
run 0 -json "$tmp/p"
contains "\"Action\":\"pass\",\"Package\":\"$pkg\""
if [ "$tools" = 1 ]; then
    expect_status 0 120 gotestsum --raw-command -- "$ctest" -json "$tmp/p"
fi

# -fuzzkeepgoing notes each crasher it writes.
cp "$tmp/record.c" record.c
printf '//ctest:sanitize undefined\n' >sanitize.c
rm -r testdata
run 1 -fuzz=FuzzChecksum -fuzztime=3s -fuzzkeepgoing -sanitize=address
contains "crash 1: AddressSanitizer: heap-buffer-overflow"
contains "This input was found under -sanitize=address, which the package does not declare"
noted testdata/fuzz/FuzzChecksum address

# corpus minimize -testdata keeps a noted file that adds nothing, and
# removes one without a note.
rm -r testdata
mkdir -p testdata/fuzz/FuzzChecksum
printf 'go test fuzz v1\n[]byte("\\x02ab") //ctest:sanitize address\n' >testdata/fuzz/FuzzChecksum/noted
printf 'go test fuzz v1\n[]byte("\\x02ab")\n' >testdata/fuzz/FuzzChecksum/plain
expect_status 0 120 "$ctest" corpus minimize -fuzz=FuzzChecksum -testdata -v
contains "removed testdata/fuzz/FuzzChecksum/plain"
if [ ! -f testdata/fuzz/FuzzChecksum/noted ] || [ -f testdata/fuzz/FuzzChecksum/plain ]; then
    echo "FAIL: minimize -testdata: $(ls testdata/fuzz/FuzzChecksum), want noted alone"
    fails=$((fails + 1))
fi

# A bad line is a clear error.
printf '//ctest:sanitize adress\n' >sanitize.c
run 1 "$tmp/p"
contains "sanitize.c: invalid //ctest:sanitize line: unknown sanitizer \"adress\" (it takes -fsanitize's names: address, "
has "FAIL${tab}$pkg [setup failed]"

finish
