#!/usr/bin/env bash
# symbols.sh <lib.a>...: the libraries export only prefixed names, so they
# cannot clash with a user's code (STYLE.md: only what the linker sees gets
# a prefix).
set -euo pipefail
prefixes='^(testing_|fuzz_|strconv_|errors_|fmt_|flag_|time_|godebug_|regexp_|os_|runtime_|utf8_|unicode_|strings_|go_|__sanitizer_cov_|__sanitizer_weak_hook_)'
# internal/fuzz/interceptors.c defines these libc functions on purpose, weak
# (nm's W), so that the fuzz target's calls record what they compare, and
# malloc_interpose.c (ctest_malloc) the allocator's, so that
# -fuzzmalloclimit sees each allocation.
intercepted='^(memcmp|bcmp|strcmp|strncmp|strcasecmp|strncasecmp|strstr|strcasestr|memmem|malloc|calloc|realloc|free|memalign|aligned_alloc|posix_memalign|valloc|pvalloc)$'
# internal/fuzz/crash_recover.c's wrappers of ASan's report calls must be
# named __wrap_<call> for the driver's -Wl,--wrap to link them; a user's
# code has no reason to define those names.
wrapped='^__wrap___asan_report_(load|store)(1|2|4|8|16|_n)$'
fail=0
for lib in "$@"; do
    bad=$(nm -g --defined-only "$lib" |
        awk -v i="$intercepted" 'NF == 3 && !($2 == "W" && $3 ~ i) { print $3 }' |
        grep -vE "$prefixes" | grep -vE "$wrapped" || true)
    if [ -n "$bad" ]; then
        echo "symbols: $lib exports unprefixed names:"
        echo "$bad" | sed 's/^/    /'
        fail=1
    else
        echo "symbols: $lib: $(nm -g --defined-only "$lib" | awk 'NF == 3' | wc -l) names, all prefixed"
    fi
done
exit "$fail"
