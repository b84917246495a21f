#!/usr/bin/env bash
# words.sh [dir]: the tree speaks of ctest, not of how ctest was made. No
# file names the tracker's issues by a bare number in parentheses, what
# an issue must meet to be closed, a brief, the sessions in which work was
# done, or who did it (an owner line). An upstream report keeps its project's
# name or address ("Go issue 42297", "Issue #148, https://...").
#
# The files are the ones git tracks below dir (every file when dir is not
# a work tree), but for golden/, which holds Go's own output, and this
# script, which must name the phrases. Each hit is
# printed as file:line:text, and the status is then 1.
#
# words.sh --self-test checks the check: a file with each phrase must fail
# it, and one with upstream references only must pass.
set -euo pipefail

# Each pattern is written so that it does not match its own line.
patterns=(
    '\([I]ssues? #?[0-9]+\)'
    '[a]cceptance points?'
    '\b[t]he brief\b'
    '[o]wner: *helper'
    '\b(this|last|previous|next|earlier) [s]ession\b'
    '\b[h]elper agents?\b'
)

# scan DIR: prints the hits below DIR; the status is 1 when there are any.
scan() {
    local dir=$1 args=() p
    for p in "${patterns[@]}"; do
        args+=(-e "$p")
    done
    if git -C "$dir" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        (cd "$dir" && git ls-files -z -- . ':!golden/' ':!scripts/check/words.sh' | xargs -0 -r grep -n -i -E -I "${args[@]}" --) && return 1
    else
        grep -r -n -i -E -I --exclude-dir=golden --exclude=words.sh "${args[@]}" "$dir" && return 1
    fi
    return 0
}

if [ "${1:-}" = "--self-test" ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    # Each phrase is put together here, so that this file does not hold it.
    bad=("// Fixed for the tracker (iss""ue 13)." "# The accept""ance point of this change."
        "See the bri""ef's error texts." "own""er: helper" "// Left for the next session."
        "Written by a helper agent.")
    fails=0
    for text in "${bad[@]}"; do
        rm -rf "$tmp/t" && mkdir "$tmp/t"
        printf 'ok\n%s\n' "$text" >"$tmp/t/f.c"
        if scan "$tmp/t" >/dev/null; then
            echo "self-test: \"$text\" passed, want a failure"
            fails=1
        fi
    done
    rm -rf "$tmp/t" && mkdir -p "$tmp/t/golden"
    printf '%s\n' "// Go issue 42297: bitSize." "- report: Issue #148, https://example.org/issues/148" \
        "a session of its own" >"$tmp/t/f.c"
    printf '%s\n' "(iss""ue 13)" >"$tmp/t/golden/out.txt"
    if ! scan "$tmp/t"; then
        echo "self-test: upstream references (or golden/) failed, want a pass"
        fails=1
    fi
    exit "$fails"
fi

scan "${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
