// rpc_test.c: fuzzes the RPC decoder, the JSON of the calls the
// coordinator writes to a worker and of the worker's answers
// (internal/fuzz/worker_json.c, compiled into this package: see rename.h).
// Each input is read as a call, a fuzzResponse and a minimizeResponse. The
// seeds are messages as the encoders write them (worker.go's encoding/json
// field order) and messages each decoder refuses.
//
//ctest:cflags -include ${SRCDIR}/rename.h
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/rpc.h"
#include "internal/selffuzz/selffuzz.h"
#include "testing/testing.h"

// isDecodeError reports whether msg is one of the decoders' errors.
static bool isDecodeError(const char *msg) {
    static const char *const prefixes[] = {
        "invalid character in RPC message: ",
        "json: cannot unmarshal ",
        "illegal base64 data in RPC message",
    };
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        if (strncmp(msg, prefixes[i], strlen(prefixes[i])) == 0) {
            return true;
        }
    }
    return false;
}

// sameBytes reports whether a and b are the same []byte, nil apart from
// empty as encoding/json keeps them (null and "").
static bool sameBytes(const byteSlice *a, const byteSlice *b) {
    return (a->ptr == NULL) == (b->ptr == NULL) && a->len == b->len &&
           (a->len == 0 || memcmp(a->ptr, b->ptr, a->len) == 0);
}

static bool sameString(const char *a, const char *b) {
    return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

static bool sameCall(const fuzzCall *a, const fuzzCall *b) {
    if (a->kind != b->kind) {
        return false;
    }
    const fuzzArgs *fa = &a->Fuzz, *fb = &b->Fuzz;
    const minimizeArgs *ma = &a->Minimize, *mb = &b->Minimize;
    return fa->Timeout == fb->Timeout && fa->Limit == fb->Limit && fa->Warmup == fb->Warmup &&
           sameBytes(&fa->CoverageData, &fb->CoverageData) &&
           sameBytes(&fa->ReduceFeatures, &fb->ReduceFeatures) && fa->MaxLen == fb->MaxLen &&
           fa->Batch == fb->Batch && ma->Timeout == mb->Timeout && ma->Limit == mb->Limit &&
           sameBytes(&ma->KeepCoverage, &mb->KeepCoverage) && ma->Index == mb->Index &&
           sameString(ma->KeepCause, mb->KeepCause);
}

static bool sameFuzzResponse(const fuzzResponse *a, const fuzzResponse *b) {
    if ((a->Batch == NULL) != (b->Batch == NULL) || a->NBatch != b->NBatch) {
        return false;
    }
    for (size_t i = 0; i < a->NBatch; i++) {
        if (a->Batch[i].Duration != b->Batch[i].Duration ||
            !sameBytes(&a->Batch[i].Coverage, &b->Batch[i].Coverage)) {
            return false;
        }
    }
    return a->TotalDuration == b->TotalDuration &&
           a->InterestingDuration == b->InterestingDuration && a->Count == b->Count &&
           sameBytes(&a->CoverageData, &b->CoverageData) &&
           sameBytes(&a->CoverageSparse, &b->CoverageSparse) && sameString(a->Err, b->Err) &&
           sameString(a->InternalErr, b->InternalErr);
}

static bool sameMinimizeResponse(const minimizeResponse *a, const minimizeResponse *b) {
    return a->WroteToMem == b->WroteToMem && sameString(a->Err, b->Err) &&
           sameBytes(&a->CoverageData, &b->CoverageData) && a->Duration == b->Duration &&
           a->Count == b->Count;
}

// checkError checks a decoder's error (which it frees) and reports whether
// there was one.
static bool checkError(T *t, const char *what, go_error *err) {
    if (err == NULL) {
        return false;
    }
    if (!isDecodeError(go_error_Error(err))) {
        t_errorf(t, "decoding a %s: unexpected error text: %s", what, go_error_Error(err));
    }
    go_error_free(err);
    return true;
}

// reencoded reports a message that encodes what was decoded but does not
// decode to it.
static void reencoded(T *t, const char *what, go_error *err, const char *enc) {
    t_errorf(t, "the %s written for the decoded one reads back %s:\n%s", what,
             err != NULL ? go_error_Error(err) : "as another", enc);
    go_error_free(err);
}

// Each check decodes msg as one message type and, when it decodes, checks
// that the message its encoder writes for it decodes to the same values.

static void checkCall(T *t, go_bytes msg) {
    fuzzCall c, back;
    if (checkError(t, "call", fuzz_decodeCall((const char *)msg.ptr, msg.len, &c))) {
        return;
    }
    size_t n;
    char *enc = fuzz_encodeCall(&c, &n);
    go_error *err = fuzz_decodeCall(enc, n, &back);
    if (err != NULL || !sameCall(&c, &back)) {
        reencoded(t, "call", err, enc);
    }
    fuzz_fuzzCall_clear(&back);
    fuzz_fuzzCall_clear(&c);
    free(enc);
}

static void checkFuzzResponse(T *t, go_bytes msg) {
    fuzzResponse r, back;
    if (checkError(t, "fuzzResponse",
                   fuzz_decodeFuzzResponse((const char *)msg.ptr, msg.len, &r))) {
        return;
    }
    size_t n;
    char *enc = fuzz_encodeFuzzResponse(&r, &n);
    go_error *err = fuzz_decodeFuzzResponse(enc, n, &back);
    if (err != NULL || !sameFuzzResponse(&r, &back)) {
        reencoded(t, "fuzzResponse", err, enc);
    }
    fuzz_fuzzResponse_clear(&back);
    fuzz_fuzzResponse_clear(&r);
    free(enc);
}

static void checkMinimizeResponse(T *t, go_bytes msg) {
    minimizeResponse r, back;
    if (checkError(t, "minimizeResponse",
                   fuzz_decodeMinimizeResponse((const char *)msg.ptr, msg.len, &r))) {
        return;
    }
    size_t n;
    char *enc = fuzz_encodeMinimizeResponse(&r, &n);
    go_error *err = fuzz_decodeMinimizeResponse(enc, n, &back);
    if (err != NULL || !sameMinimizeResponse(&r, &back)) {
        reencoded(t, "minimizeResponse", err, enc);
    }
    fuzz_minimizeResponse_clear(&back);
    fuzz_minimizeResponse_clear(&r);
    free(enc);
}

static void fuzzDecodeRPC(T *t, go_bytes in) {
    char *copy = selffuzz_exactCopy(in.ptr, in.len);
    go_bytes msg = { (const uint8_t *)copy, in.len };
    checkCall(t, msg);
    checkFuzzResponse(t, msg);
    checkMinimizeResponse(t, msg);
    free(copy);
}

// rpcSeeds are FuzzDecodeRPC's seeds.
static const char *const rpcSeeds[] = {
    "{\"Ping\":{},\"Fuzz\":null,\"Minimize\":null}\n",
    "{\"Ping\":null,\"Fuzz\":{\"Timeout\":100000000,\"Limit\":0,\"Warmup\":true,"
    "\"CoverageData\":\"AAECAw==\",\"ReduceFeatures\":\"\",\"MaxLen\":4096},"
    "\"Minimize\":null}\n",
    "{\"Ping\":null,\"Fuzz\":null,\"Minimize\":{\"Timeout\":60000000000,\"Limit\":10,"
    "\"KeepCoverage\":null,\"Index\":1,\"KeepCause\":\"signal SIGSEGV\"}}\n",
    "{\"TotalDuration\":12345,\"InterestingDuration\":0,\"Count\":5000,"
    "\"CoverageData\":null,\"Err\":\"\",\"InternalErr\":\"\"}\n",
    "{\"Ping\":null,\"Fuzz\":{\"Timeout\":0,\"Limit\":3,\"Warmup\":true,"
    "\"CoverageData\":null,\"Batch\":3},\"Minimize\":null}\n",
    "{\"TotalDuration\":9,\"InterestingDuration\":0,\"Count\":2,\"CoverageData\":null,"
    "\"Err\":\"x\",\"InternalErr\":\"\",\"Batch\":[{\"Duration\":4,\"Coverage\":\"AQ==\"},"
    "{\"Duration\":5,\"Coverage\":null}]}\n",
    "{\"Batch\":[1]}",
    "{\"WroteToMem\":true,\"Err\":\"boom \\u00e9\\ud83d\\ude00\",\"CoverageData\":\"/w==\","
    "\"Duration\":3,\"Count\":2}\n",
    "{}\n",
    "[]",
    "nul",
    "{\"Fuzz\":1}",
    "{\"Fuzz\":{\"CoverageData\":\"!!\"}}",
    "{\"Fuzz\":{\"Timeout\":1.5,\"Limit\":\"x\"}}",
    "{\"Count\":-9223372036854775808,\"Err\":\"a\\u0000b\"}",
    "{\"Ping\":{}} {\"Ping\":{}}",
};

void FuzzDecodeRPC(F *f) {
    selffuzz_addSeeds(f, rpcSeeds, sizeof rpcSeeds / sizeof rpcSeeds[0], GO_BYTES);
    f_fuzz(f, fuzzDecodeRPC, GO_BYTES);
}
