#!/usr/bin/env bash
# hooks.sh <libctest_fuzz.a>: the library defines every hook that the code
# the driver instruments calls (cmd/ctest/build.c's fuzzInstrumentFlags
# relies on it): -fsanitize-coverage=inline-8bit-counters and trace-cmp.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: hooks.sh <libctest_fuzz.a>" >&2; exit 2; }
hooks=(
    __sanitizer_cov_8bit_counters_init
    __sanitizer_cov_trace_cmp1 __sanitizer_cov_trace_cmp2
    __sanitizer_cov_trace_cmp4 __sanitizer_cov_trace_cmp8
    __sanitizer_cov_trace_const_cmp1 __sanitizer_cov_trace_const_cmp2
    __sanitizer_cov_trace_const_cmp4 __sanitizer_cov_trace_const_cmp8
    __sanitizer_cov_trace_switch
)
defined=$(nm -g --defined-only "$1" | awk 'NF == 3 && $2 == "T" { print $3 }')
missing=0
for h in "${hooks[@]}"; do
    if ! grep -qx "$h" <<<"$defined"; then
        echo "hooks: $1 does not define $h"
        missing=1
    fi
done
[ "$missing" -eq 0 ] && echo "hooks: $1 defines all ${#hooks[@]} hooks"
exit "$missing"
