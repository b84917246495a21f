// rename.h: the external names of the duration parser (internal/std's
// time_duration.c and the re2c output of time_duration_lex.re), given a
// prefix of their own in this package, whose copies of those files are
// instrumented while the library's are not (see corpus/rename.h and
// internal/selffuzz/CMakeLists.txt). duration_test.c's //ctest:cflags
// line includes it first in each file the package compiles.
#ifndef CTEST_INTERNAL_SELFFUZZ_DURATION_RENAME_H
#define CTEST_INTERNAL_SELFFUZZ_DURATION_RENAME_H

// time_duration.c
#define time_Duration_String selffuzz_time_Duration_String
#define time_ParseDuration selffuzz_time_ParseDuration
#define time_now selffuzz_time_now
// time_duration_lex.re
#define time_durationLex selffuzz_time_durationLex

#endif // CTEST_INTERNAL_SELFFUZZ_DURATION_RENAME_H
