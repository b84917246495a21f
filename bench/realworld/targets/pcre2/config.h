// config.h: pcre2's configuration, made as its README says a build by hand
// does: config.h.generic with its macros edited, here by defining the ones
// to turn on before including it unchanged. The 8-bit library with Unicode
// support and no JIT (the upstream fuzzer's default build).
#ifndef BENCH_PCRE2_CONFIG_H
#define BENCH_PCRE2_CONFIG_H

#define HAVE_ASSERT_H 1
#define HAVE_BUILTIN_MUL_OVERFLOW 1
#define HAVE_INTTYPES_H 1
#define HAVE_LIMITS_H 1
#define HAVE_STDINT_H 1
#define HAVE_STDIO_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRINGS_H 1
#define HAVE_STRING_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UNISTD_H 1
#define PCRE2_STATIC 1
#define STDC_HEADERS 1
#define SUPPORT_PCRE2_8 1
#define SUPPORT_UNICODE 1

#include "config.h.generic"

#endif // BENCH_PCRE2_CONFIG_H
