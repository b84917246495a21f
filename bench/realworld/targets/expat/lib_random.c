// lib_random.c: expat's sources of entropy chosen in expat_config.h (see
// lib.c); the harness sets the hash salt, so they are not called while
// fuzzing.
#include "random_dev_urandom.c"
#include "random_getrandom.c"
