// lib_xmlrole.c: expat's xmlrole.c (see lib.c).
#include "xmlrole.c"
