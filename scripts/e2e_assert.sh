# e2e_assert.sh: the checks the end-to-end scripts share, sourced after
# they set $out (the output of the command under test) and $fails. Each
# check that fails says why, shows $out and counts one in $fails.

# has LINE: $out must contain LINE as a whole line.
has() {
    if ! grep -qxF -- "$1" "$out"; then
        echo "FAIL: output lacks line: $1"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# hasnt LINE: $out must not contain LINE as a whole line.
hasnt() {
    if grep -qxF -- "$1" "$out"; then
        echo "FAIL: output has line: $1"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# contains TEXT: $out must contain TEXT somewhere.
contains() {
    if ! grep -qF -- "$1" "$out"; then
        echo "FAIL: output lacks: $1"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# lacks TEXT: $out must not contain TEXT anywhere.
lacks() {
    if grep -qF -- "$1" "$out"; then
        echo "FAIL: output has: $1"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# count_lines WANT PATTERN: WANT lines of $out match the grep -E PATTERN.
count_lines() {
    n=$(grep -cE -- "$2" "$out")
    if [ "$n" != "$1" ]; then
        echo "FAIL: $n lines match $2, want $1"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# expect_status WANT LIMIT CMD...: runs CMD, at most LIMIT seconds, its
# output into $out; ending with another status than WANT is a failure.
expect_status() {
    want=$1 limit=$2
    shift 2
    timeout "$limit" "$@" >"$out" 2>&1
    got=$?
    if [ "$got" != "$want" ]; then
        echo "FAIL: $*: got exit status $got, want $want"
        cat "$out"
        fails=$((fails + 1))
    fi
}

# modes_bind: the words to put before a command so that file modes bind
# it: none for a user; for root, whose capabilities pass over them,
# setpriv without those (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH).
modes_bind() {
    if [ "$(id -u)" = 0 ]; then
        echo "setpriv --bounding-set=-dac_override,-dac_read_search" \
            "--inh-caps=-dac_override,-dac_read_search"
    fi
}

# skip_part WHY: a part of the checks cannot run here, as a tool is
# missing (WHY says which); finish then ends with CTest's skip (77) and
# the reasons, once everything else has passed.
skipped_parts=""
skip_part() {
    echo "skipped: $1"
    skipped_parts="$skipped_parts; $1"
}

# finish: the verdict of the checks so far, as the exit status.
finish() {
    if [ "$fails" != 0 ]; then
        echo "FAIL: $fails checks failed"
        exit 1
    fi
    if [ -n "$skipped_parts" ]; then
        echo "SKIP: the other checks passed; not run: ${skipped_parts#; }"
        exit 77
    fi
    echo PASS
    exit 0
}
