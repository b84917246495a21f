// mujs_test.c: FuzzMujs hands each input to the harness (harness.c), as
// libFuzzer and AFL++ do.
#include <stddef.h>
#include <stdint.h>

#include "testing/testing.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef CTEST_PLANTED_BUGS
#include "../planted.h"

// plantedT is the T of the input running, for planted_fatal.
static T *plantedT;

// planted_fatal is how the planted check of the harness fails in ctest's
// build: t_fatalf, reported at the harness's line (t_helper).
static void planted_fatal(const char *bug) {
    t_helper(plantedT);
    t_fatalf(plantedT, "planted bug %s: a function reads its arguments", bug);
}
#endif

static void fuzz_mujs(T *t, go_bytes data) {
#ifdef CTEST_PLANTED_BUGS
    plantedT = t;
#endif
    (void)t;
    // libFuzzer never passes NULL, even for an empty input.
    static const uint8_t empty[1];
    LLVMFuzzerTestOneInput(data.len > 0 ? data.ptr : empty, data.len);
}

void FuzzMujs(F *f) {
#ifdef CTEST_PLANTED_BUGS
    planted_failer = planted_fatal;
#endif
    f_fuzz(f, fuzz_mujs, GO_BYTES);
}
