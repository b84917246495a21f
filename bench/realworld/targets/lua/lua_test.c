// lua_test.c: FuzzLua hands each input to the harness (harness.c), as
// libFuzzer and AFL++ do.
#include <stddef.h>
#include <stdint.h>

#include "testing/testing.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef CTEST_PLANTED_BUGS
#include "../planted.h"

// planted_panic is how the planted check of the harness fails in ctest's
// build: a panic, as a Go fuzz target's check can fail.
static void planted_panic(const char *bug) {
    go_panic("planted bug %s: a division by the constant 0", bug);
}
#endif

static void fuzz_lua(T *t, go_bytes data) {
    (void)t;
    // libFuzzer never passes NULL, even for an empty input.
    static const uint8_t empty[1];
    LLVMFuzzerTestOneInput(data.len > 0 ? data.ptr : empty, data.len);
}

void FuzzLua(F *f) {
#ifdef CTEST_PLANTED_BUGS
    planted_failer = planted_panic;
#endif
    f_fuzz(f, fuzz_lua, GO_BYTES);
}
