// harness.c: upstream's libFuzzer harness of expat, unchanged, for UTF-8
// input: the one LLVMFuzzerTestOneInput that every build of the suite runs.
// With -DCTEST_PLANTED_BUGS (../planted.h), its element handler is wrapped
// by one that holds a planted bug.
//ctest:cflags -DENCODING_FOR_FUZZING=UTF-8 -I${SRCDIR}/../../../../../shared/realworld/src/expat/fuzz
#ifdef CTEST_PLANTED_BUGS
#include <string.h>

#include "../planted.h"
#include "expat.h"

// With the planted bug, the harness's element handler is wrapped: its
// call to XML_SetElementHandler installs planted_start, which checks each
// element and then calls upstream's handler.
static void XMLCALL planted_start(void *userData, const XML_Char *name, const XML_Char **atts);
static void planted_SetElementHandler(XML_Parser p, XML_StartElementHandler start,
                                      XML_EndElementHandler end);
#define XML_SetElementHandler planted_SetElementHandler
#endif

#include "xml_parse_fuzzer.c"

#ifdef CTEST_PLANTED_BUGS
#undef XML_SetElementHandler

void (*planted_failer)(const char *bug);

// upstreamStart is the element handler upstream's harness installs.
static XML_StartElementHandler upstreamStart;

static void planted_SetElementHandler(XML_Parser p, XML_StartElementHandler start,
                                      XML_EndElementHandler end) {
    upstreamStart = start;
    XML_SetElementHandler(p, planted_start, end);
}

// planted_start holds expat's planted bug, expat-abort: an element two of
// whose attributes have the element's own name as their value, a name of
// three bytes or more (<book id="book" ref="book">), fails a check that
// aborts. Names are as expat passes them: with the namespace parser, a
// prefixed element's name is its namespace's URI, '!' and its local part.
static void XMLCALL planted_start(void *userData, const XML_Char *name, const XML_Char **atts) {
    int same = 0;
    for (size_t i = 0; atts[i] != NULL && strlen(name) >= 3; i += 2) {
        if (strcmp(atts[i + 1], name) == 0) {
            same++;
        }
    }
    if (same >= 2) {
        planted_fail("expat-abort");
    }
    upstreamStart(userData, name, atts);
}
#endif
