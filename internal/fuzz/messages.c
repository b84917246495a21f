// Ports go1.19.8 src/internal/fuzz/fuzz.go: fuzzInput, fuzzResult and
// fuzzMinimizeInput, what the coordinator and its side of each worker hand
// each other; here, what releasing each of them takes.
#include "internal/fuzz/messages.h"

#include <stdlib.h>

void fuzz_fuzzInput_clear(fuzzInput *in) {
    fuzz_CorpusEntry_clear(&in->entry);
    fuzz_byteSlice_free(&in->reduce);
    *in = (fuzzInput){ 0 };
}

void fuzz_fuzzResult_clear(fuzzResult *r) {
    fuzz_CorpusEntry_clear(&r->entry);
    free(r->crasherMsg);
    fuzz_byteSlice_free(&r->coverageData);
    free(r->knownCounts);
    *r = (fuzzResult){ 0 };
}

void fuzz_fuzzMinimizeInput_clear(fuzzMinimizeInput *in) {
    fuzz_CorpusEntry_clear(&in->entry);
    free(in->crasherMsg);
    fuzz_byteSlice_free(&in->keepCoverage);
    free(in->keepCause);
    *in = (fuzzMinimizeInput){ 0 };
}
