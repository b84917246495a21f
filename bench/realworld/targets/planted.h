// planted.h: what the bugs planted in the suite's harnesses share. They are
// compiled in only with -DCTEST_PLANTED_BUGS (bench/realworld/keepgoing.sh);
// without it the harnesses are the plain ones the races use. The libraries
// stay as upstream wrote them: each bug sits in its harness and goes off on
// something the library computed (a handler call, a match, a compiled
// chunk), so that a fuzzer has to drive the library to reach it.
#ifndef PLANTED_H
#define PLANTED_H

#include <stdio.h>
#include <stdlib.h>

// planted_failer is how a planted failed check fails. ctest's fuzz test
// points it at a function that fails its T (t_fatalf) or panics
// (go_panic); elsewhere (libFuzzer, AFL++, the replayers) it is NULL and
// the check aborts. Each harness defines it.
extern void (*planted_failer)(const char *bug);

// planted_hit names the planted bug about to go off, on stderr, so that a
// crasher replayed through any build tells which bug it found.
#define planted_hit(bug) fprintf(stderr, "planted bug: %s\n", (bug))

// planted_fail is a failed check of a planted bug, at the caller's line
// (a macro, so that t_helper's caller is the harness's line). The failer
// never returns; its message names the bug.
#define planted_fail(bug)                                                                          \
    do {                                                                                           \
        if (planted_failer != NULL) {                                                              \
            planted_failer(bug);                                                                   \
        }                                                                                          \
        planted_hit(bug);                                                                          \
        abort();                                                                                   \
    } while (0)

#endif
