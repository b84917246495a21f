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
fail=0
for lib in "$@"; do
    bad=$(nm -g --defined-only "$lib" |
        awk -v i="$intercepted" 'NF == 3 && !($2 == "W" && $3 ~ i) { print $3 }' |
        grep -vE "$prefixes" || true)
    if [ -n "$bad" ]; then
        echo "symbols: $lib exports unprefixed names:"
        echo "$bad" | sed 's/^/    /'
        fail=1
    else
        echo "symbols: $lib: $(nm -g --defined-only "$lib" | awk 'NF == 3' | wc -l) names, all prefixed"
    fi
done
exit "$fail"
