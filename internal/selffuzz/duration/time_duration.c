// (none): internal/std/time_duration.c (time.ParseDuration and
// Duration.String), compiled into this package under rename.h's names so
// that ctest's coverage instrumentation reaches it.
#include "internal/std/time_duration.c"
