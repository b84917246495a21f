// parser_test.c: FuzzParser, the ctest harness of the INI-style parser.
// Its planted bug is found with -sanitize=address.
#include "target.h"
#include "testing/testing.h"

static void fuzz_parser(T *t, go_bytes data) {
    parser_result r;
    if (parser_target(data.ptr, data.len, &r) == 0 && r.pairs < 0) {
        t_fatalf(t, "parsed %d pairs", r.pairs);
    }
}

void FuzzParser(F *f) {
    f_add(f, GO_BYTES("[a]\nk = v\n"));
    f_fuzz(f, fuzz_parser, GO_BYTES);
}
