// corpus_test.c: fuzzes the corpus file decoder, unmarshalCorpusFile
// (internal/fuzz/encoding*.c, compiled into this package: see rename.h),
// on whole files. Go fuzzes its own only value by value, in
// encoding_test.go's FuzzFloat64RoundTrip and the like, which
// internal/fuzz/encoding_test.c runs on their seeds. ctest's sanitizer
// note is checked on every file that decodes.
//
// The seeds are testdata/fuzz/FuzzUnmarshalCorpusFile/: the corpus files
// of golden/ (what Go 1.19.8 wrote and read) and the f_add rows below.
//
//ctest:cflags -include ${SRCDIR}/rename.h
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/fuzz.h"
#include "internal/fuzz/values_test.h"
#include "internal/selffuzz/selffuzz.h"
#include "testing/testing.h"

// hasPrefix reports whether s begins with prefix.
static bool hasPrefix(const char *s, const char *prefix) {
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

// isDecodeError reports whether msg is one of unmarshalCorpusFile's
// errors, as Go words them.
static bool isDecodeError(const char *msg) {
    return strcmp(msg, "cannot unmarshal empty string") == 0 ||
           strcmp(msg, "must include version and at least one value") == 0 ||
           hasPrefix(msg, "unknown encoding version: ") || hasPrefix(msg, "malformed line ");
}

// checkReencoding marshals the n values decoded from a file, decodes that
// again and checks that the same values come back, and that marshaling
// them once more writes the same bytes: the file ctest writes for a value
// is read as that value.
static void checkReencoding(T *t, const go_value *vals, size_t n) {
    uint8_t *enc;
    size_t encLen;
    fuzz_marshalCorpusFile(vals, n, &enc, &encLen);
    go_value *again = NULL;
    size_t nagain = 0;
    go_error *err = fuzz_unmarshalCorpusFile(enc, encLen, &again, &nagain);
    if (err != NULL) {
        t_errorf(t, "the file written for the decoded values does not decode: %s\n%.*s",
                 go_error_Error(err), (int)encLen, (const char *)enc);
        go_error_free(err);
        free(enc);
        return;
    }
    if (nagain != n) {
        t_errorf(t, "got %zu values back, want %zu:\n%.*s", nagain, n, (int)encLen,
                 (const char *)enc);
    }
    for (size_t i = 0; i < n && i < nagain; i++) {
        if (!sameValue(&vals[i], &again[i])) {
            t_errorf(t, "value %zu: got a %s back, want the %s decoded first:\n%.*s", i,
                     fuzz_kindTypeName(again[i].kind), fuzz_kindTypeName(vals[i].kind), (int)encLen,
                     (const char *)enc);
        }
    }
    if (nagain > 0) {
        uint8_t *enc2;
        size_t enc2Len;
        fuzz_marshalCorpusFile(again, nagain, &enc2, &enc2Len);
        if (enc2Len != encLen || memcmp(enc, enc2, encLen) != 0) {
            t_errorf(t, "marshaled twice, got\n%.*s\nthen\n%.*s", (int)encLen, (const char *)enc,
                     (int)enc2Len, (const char *)enc2);
        }
        free(enc2);
    }
    fuzz_freeValues(again, nagain);
    free(enc);
}

// checkNote gives the file data, which decodes to the n values vals, a
// sanitizer note (ctest's own) and checks that the noted file decodes to
// the same values and reads back the note it was given.
static void checkNote(T *t, const uint8_t *data, size_t len, const go_value *vals, size_t n) {
    static const char names[] = "address,undefined";
    uint8_t *noted;
    size_t notedLen;
    if (!fuzz_setCorpusNote(data, len, names, &noted, &notedLen)) {
        t_errorf(t, "a file with %zu values takes no note", n);
        return;
    }
    go_value *again = NULL;
    size_t nagain = 0;
    go_error *err = fuzz_unmarshalCorpusFile(noted, notedLen, &again, &nagain);
    if (err != NULL || nagain != n) {
        t_errorf(t, "the noted file decodes to %zu values (error %s), want %zu:\n%.*s", nagain,
                 err != NULL ? go_error_Error(err) : "<nil>", n, (int)notedLen,
                 (const char *)noted);
    }
    go_error_free(err);
    for (size_t i = 0; i < n && i < nagain; i++) {
        if (!sameValue(&vals[i], &again[i])) {
            t_errorf(t, "the noted file's value %zu is not the file's:\n%.*s", i, (int)notedLen,
                     (const char *)noted);
        }
    }
    fuzz_freeValues(again, nagain);
    char *note = fuzz_corpusNote(noted, notedLen);
    if (note == NULL || strcmp(note, names) != 0) {
        t_errorf(t, "the noted file reads back the note %s, want %s:\n%.*s", note ? note : "NULL",
                 names, (int)notedLen, (const char *)noted);
    }
    free(note);
    free(noted);
}

static void fuzzUnmarshalCorpusFile(T *t, go_bytes in) {
    uint8_t *data = (uint8_t *)selffuzz_exactCopy(in.ptr, in.len);
    go_value *vals = NULL;
    size_t n = 0;
    go_error *err = fuzz_unmarshalCorpusFile(data, in.len, &vals, &n);
    if (err != NULL) {
        if (!isDecodeError(go_error_Error(err))) {
            t_errorf(t, "unmarshalCorpusFile: unexpected error text: %s", go_error_Error(err));
        }
        go_error_free(err);
    } else {
        // What decodes is a corpus file by the test the engine applies first.
        if (!fuzz_isCorpusFile(data, in.len)) {
            t_errorf(t, "the input decodes, but isCorpusFile says it is not a corpus file");
        }
        // A file of blank lines decodes to no values, which nothing marshals.
        if (n > 0) {
            checkReencoding(t, vals, n);
            checkNote(t, data, in.len, vals, n);
        }
        fuzz_freeValues(vals, n);
    }
    free(data);
}

void FuzzUnmarshalCorpusFile(F *f) {
    // TestUnmarshalMarshal's kinds of input (encoding_test.go), whole.
    f_add(f, GO_BYTES(""));
    f_add(f, GO_BYTES("go test fuzz v1"));
    f_add(f, GO_BYTES("go test fuzz v1\r\nint(0)\r\n"));
    f_add(f, GO_BYTES("go test fuzz v1\nint(--5)"));
    f_add(f, GO_BYTES("go test fuzz v1\nbyte('☃')"));
    f_add(f, GO_BYTES("go test fuzz v1\n[]byte(\"//ctest:sanitize x\") // //ctest:sanitize a\n"));
    f_add(f, GO_BYTES("go test fuzz v1\n[]byte(\"//ctest:sanitize x\") ///ctest:sanitize a\n"));
    f_add(f, GO_BYTES("go test fuzz v1\nrune(0x110000)\nrune('\\U0010ffff')"));
    f_add(f,
          GO_BYTES("go test fuzz v1\nfloat32(-0)\nfloat64(+Inf)\nfloat64(NaN)\n"
                   "math.Float64frombits(0x7ff8000000000002)\nmath.Float32frombits(0x7fc00001)"));
    f_add(f, GO_BYTES("go test fuzz v1\nint(0x7fffffffffffffff)\nuint64(0b1)\nint16(-0o17)\n"
                      "uint8(0b0000000)\nbyte('\\'')\nstring(`raw`)\n[]byte(\"\\xbd\\u263a\")"));
    f_fuzz(f, fuzzUnmarshalCorpusFile, GO_BYTES);
}
