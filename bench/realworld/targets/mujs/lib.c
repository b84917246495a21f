// lib.c: the mujs library in one unit, as upstream's one.c builds it.
// Compiled in this package so that the ctest driver instruments it; the
// other builds of the suite compile the same file with the same flags
// (bench/realworld/lib/build.sh).
//ctest:cflags -I${SRCDIR}/../../../../../shared/realworld/src/mujs -D_GNU_SOURCE
//ctest:ldflags -lm
#include "jsarray.c"
#include "jsboolean.c"
#include "jsbuiltin.c"
#include "jscompile.c"
#include "jsdate.c"
#include "jsdtoa.c"
#include "jserror.c"
#include "jsfunction.c"
#include "jsgc.c"
#include "jsintern.c"
#include "jslex.c"
#include "jsmath.c"
#include "jsnumber.c"
#include "jsobject.c"
#include "json.c"
#include "jsparse.c"
#include "jsproperty.c"
#include "jsregexp.c"
#include "jsrepr.c"
#include "jsrun.c"
#include "jsstate.c"
#include "jsstring.c"
#include "jsvalue.c"
#include "regexp.c"
#include "utf.c"
