#!/usr/bin/env bash
# headers.sh <cc>: every header compiles on its own, and the public headers
# (testing/testing.h, testing/common_methods.h, internal/std/go.h) include
# only <stddef.h>, <stdint.h>, <stdbool.h>, <stdarg.h> and each other.
set -euo pipefail
cc=${1:-cc}
cd "$(dirname "$0")/../.."
fail=0
n=0
# find, not git ls-files: the check runs outside a git checkout too, where
# git would list nothing and the check pass on no header at all.
headers=$(find testing internal cmd -name '*.h' | sort)
if [ -z "$headers" ]; then
    echo "headers: no header found under testing/, internal/ or cmd/"
    exit 1
fi
for h in $headers; do
    n=$((n + 1))
    if ! printf '#include "%s"\n' "$h" | "$cc" -std=c11 -D_POSIX_C_SOURCE=200809L -Wall \
            -Wextra -Werror -fsyntax-only -I. -x c -; then
        echo "headers: $h does not compile alone"
        fail=1
    fi
done
for h in testing/testing.h testing/common_methods.h internal/std/go.h; do
    bad=$(grep -E '^#include' "$h" |
        grep -vE '<(stddef|stdint|stdbool|stdarg)\.h>|"(internal/std/go|testing/common_methods)\.h"' ||
        true)
    if [ -n "$bad" ]; then
        echo "headers: public $h includes $bad"
        fail=1
    fi
done
[ "$fail" -eq 0 ] && echo "headers: $n headers compile alone"
exit "$fail"
