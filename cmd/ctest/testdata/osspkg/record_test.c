// record_test.c: the fuzz tests of the build contract's tests
// (oss_e2e.sh, seedcover_e2e.sh). FuzzRecord takes six typed arguments;
// its seeds come from f_add and from testdata/fuzz/FuzzRecord/, its words
// from f_add_dict and testdata/fuzz/FuzzRecord.dict. FuzzPlain has
// neither seeds nor words.
#include "record.h"
#include "testing/testing.h"

static void fuzzRecord(T *t, go_bytes body, go_string tag, go_int version, bool strict,
                       uint8_t mode, double weight) {
    int score = record_score(body.ptr, body.len, tag.ptr, tag.len, version, strict, mode, weight);
    if (score < -4) {
        t_fatalf(t, "record_score = %d, below every refusal", score);
    }
}

void FuzzRecord(F *f) {
    f_add(f, GO_BYTES("a=b"), GO_STRING("hdr"), GO_INT(1), GO_BOOL(true), GO_UINT8(0),
          GO_FLOAT64(1.0));
    f_add(f, GO_BYTES("x"), GO_STRING(""), GO_INT(0), GO_BOOL(false), GO_UINT8(0), GO_FLOAT64(0.0));
    f_add(f, GO_BYTES("a\\=b=c"), GO_STRING("tag"), GO_INT(2), GO_BOOL(false), GO_UINT8(7),
          GO_FLOAT64(2.5));
    f_add_dict(f, "hdr");
    f_add_dict(f, "v\x01");
    f_fuzz(f, fuzzRecord, GO_BYTES, GO_STRING, GO_INT, GO_BOOL, GO_UINT8, GO_FLOAT64);
}

static void fuzzPlain(T *t, go_string s) {
    (void)t;
    (void)s;
}

void FuzzPlain(F *f) {
    f_fuzz(f, fuzzPlain, GO_STRING);
}
