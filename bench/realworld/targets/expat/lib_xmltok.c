// lib_xmltok.c: expat's xmltok.c (see lib.c).
#include "xmltok.c"
