// lib_entity.c: md4c's table of HTML entities.
#include "@HELDOUT@/md4c-release-0.4.8/src/entity.c"
