// lib.c: Lua's core and auxiliary library in one unit, as upstream's
// onelua.c puts them together (its list, without the standard libraries,
// which loading a chunk never calls). Compiled in this package so that the
// ctest driver instruments it; the other builds of the suite compile the
// same file with the same flags (bench/realworld/lib/build.sh).
//ctest:cflags -I${SRCDIR}/../../../../../shared/realworld/src/lua -DLUA_USE_LINUX
//ctest:ldflags -lm
#include "lprefix.h"

#define LUA_CORE
#define LUA_LIB
#include "luaconf.h"

// Internal names stay in this unit, as in onelua.c.
#undef LUAI_FUNC
#undef LUAI_DDEC
#undef LUAI_DDEF
#define LUAI_FUNC static
#define LUAI_DDEC(def) /* empty */
#define LUAI_DDEF static

// onelua.c's order, which clang-format would sort.
// clang-format off
#include "lzio.c"
#include "lctype.c"
#include "lopcodes.c"
#include "lmem.c"
#include "lundump.c"
#include "ldump.c"
#include "lstate.c"
#include "lgc.c"
#include "llex.c"
#include "lcode.c"
#include "lparser.c"
#include "ldebug.c"
#include "lfunc.c"
#include "lobject.c"
#include "ltm.c"
#include "lstring.c"
#include "ltable.c"
#include "ldo.c"
#include "lvm.c"
#include "lapi.c"
#include "lauxlib.c"
// clang-format on
