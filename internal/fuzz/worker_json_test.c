// (none) checks worker_json.c against encoding/json: the RPC messages of
// golden/vectors/worker/rpc.txt, which main.go there prints with Go 1.19.8,
// are decoded and encoded again; the answers of bad.txt, made by bad/, fail
// to decode with encoding/json's errors.
//
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/rpc.h"
#include "testing/testing.h"

// readLines returns the lines of the vector file (NULL-terminated).
static char **readLines(T *t, size_t *n) {
    FILE *f = fopen("../../golden/vectors/worker/rpc.txt", "r");
    if (f == NULL) {
        t_fatal(t, "cannot open golden/vectors/worker/rpc.txt");
    }
    char **lines = NULL;
    *n = 0;
    char buf[4096];
    while (fgets(buf, sizeof buf, f) != NULL) {
        lines = realloc(lines, (*n + 1) * sizeof *lines);
        lines[(*n)++] = strdup(buf);
    }
    fclose(f);
    return lines;
}

static void checkSame(T *t, const char *what, const char *got, size_t gotLen, const char *want) {
    if (gotLen != strlen(want) || memcmp(got, want, gotLen) != 0) {
        t_errorf(t, "%s: got %.*s, want %s", what, (int)gotLen, got, want);
    }
}

void TestRPCEncoding(T *t) {
    size_t n;
    char **lines = readLines(t, &n);
    if (n != 10) {
        t_fatalf(t, "rpc.txt: got %zu lines, want 10", n);
    }
    // Lines 0-4 are calls: decoding and encoding them again gives Go's bytes.
    for (size_t i = 0; i < 5; i++) {
        fuzzCall c;
        go_error *err = fuzz_decodeCall(lines[i], strlen(lines[i]), &c);
        if (err != NULL) {
            t_fatalf(t, "decodeCall(%s): %s", lines[i], go_error_Error(err));
        }
        size_t len;
        char *out = fuzz_encodeCall(&c, &len);
        checkSame(t, "encodeCall", out, len, lines[i]);
        free(out);
        fuzz_fuzzCall_clear(&c);
    }
    // Lines 5-6: fuzz responses. Go escapes <, & and > as \u003c...; the
    // decoded fields are compared, and the encoding is decoded again.
    fuzzResponse r;
    go_error *err = fuzz_decodeFuzzResponse(lines[5], strlen(lines[5]), &r);
    if (err != NULL) {
        t_fatalf(t, "decodeFuzzResponse: %s", go_error_Error(err));
    }
    const char *wantErr = "--- FAIL: FuzzX (0.00s)\n    x_test.c:9: bad \"\\x00\" <&>\n";
    if (r.TotalDuration != 100123456 || r.InterestingDuration != 1234 || r.Count != 98765 ||
        r.CoverageData.len != 4 || memcmp(r.CoverageData.ptr, "ab\0c", 4) != 0 || r.Err == NULL ||
        strcmp(r.Err, wantErr) != 0 || r.InternalErr != NULL) {
        t_errorf(t, "decodeFuzzResponse(%s): fields differ", lines[5]);
    }
    size_t len;
    char *out = fuzz_encodeFuzzResponse(&r, &len);
    fuzzResponse r2;
    err = fuzz_decodeFuzzResponse(out, len, &r2);
    if (err != NULL || r2.Err == NULL || strcmp(r2.Err, wantErr) != 0 || r2.Count != 98765) {
        t_errorf(t, "encodeFuzzResponse: %.*s does not decode to the same", (int)len, out);
    }
    free(out);
    fuzz_fuzzResponse_clear(&r);
    fuzz_fuzzResponse_clear(&r2);

    err = fuzz_decodeFuzzResponse(lines[6], strlen(lines[6]), &r);
    if (err != NULL) {
        t_fatalf(t, "decodeFuzzResponse: %s", go_error_Error(err));
    }
    out = fuzz_encodeFuzzResponse(&r, &len);
    checkSame(t, "encodeFuzzResponse", out, len, lines[6]);
    free(out);
    fuzz_fuzzResponse_clear(&r);

    // Lines 7-8: minimize responses; line 9: the ping response.
    for (size_t i = 7; i < 9; i++) {
        minimizeResponse m;
        err = fuzz_decodeMinimizeResponse(lines[i], strlen(lines[i]), &m);
        if (err != NULL) {
            t_fatalf(t, "decodeMinimizeResponse: %s", go_error_Error(err));
        }
        out = fuzz_encodeMinimizeResponse(&m, &len);
        checkSame(t, "encodeMinimizeResponse", out, len, lines[i]);
        free(out);
        fuzz_minimizeResponse_clear(&m);
    }
    out = fuzz_encodePingResponse(&len);
    checkSame(t, "encodePingResponse", out, len, lines[9]);
    free(out);

    // Invalid UTF-8 in an error is written as U+FFFD, as encoding/json does.
    fuzzResponse bad = { 0 };
    bad.Err = strdup("bad \xff!");
    out = fuzz_encodeFuzzResponse(&bad, &len);
    err = fuzz_decodeFuzzResponse(out, len, &r);
    if (err != NULL || r.Err == NULL || strcmp(r.Err, "bad \xef\xbf\xbd!") != 0) {
        t_errorf(t, "invalid UTF-8: got %.*s, want Err \"bad \\ufffd!\"", (int)len, out);
    }
    free(out);
    fuzz_fuzzResponse_clear(&r);
    fuzz_fuzzResponse_clear(&bad);

    // ctest's ReduceFeatures and MaxLen: in a call only when set (Go's
    // calls above encode the same without them), and read back.
    uint8_t feats[8] = { 16, 0, 0, 0, 26, 0, 0, 0 };
    fuzzCall rc = { .kind = callFuzz, .Fuzz.ReduceFeatures = { feats, 8, 8 }, .Fuzz.MaxLen = 321 };
    out = fuzz_encodeCall(&rc, &len);
    fuzzCall back;
    err = fuzz_decodeCall(out, len, &back);
    if (err != NULL || back.kind != callFuzz || back.Fuzz.ReduceFeatures.len != 8 ||
        memcmp(back.Fuzz.ReduceFeatures.ptr, feats, 8) != 0 || back.Fuzz.MaxLen != 321) {
        t_errorf(t, "ReduceFeatures, MaxLen: %.*s does not decode to the same", (int)len, out);
    }
    go_error_free(err);
    free(out);
    fuzz_fuzzCall_clear(&back);

    for (size_t i = 0; i < n; i++) {
        free(lines[i]);
    }
    free(lines);
}

// TestRPCEncodingBatch: ctest's warm-up batch. Batch is in a call only
// when set; a response has a result a value, read back in order (an empty
// list is not nil), and no Batch when it is no batch's.
void TestRPCEncodingBatch(T *t) {
    size_t len;
    char *out;
    go_error *err;
    fuzzCall back;
    fuzzResponse r;
    fuzzCall rc;
    rc = (fuzzCall){ .kind = callFuzz, .Fuzz.Warmup = true, .Fuzz.Limit = 2, .Fuzz.Batch = 2 };
    out = fuzz_encodeCall(&rc, &len);
    err = fuzz_decodeCall(out, len, &back);
    if (err != NULL || back.Fuzz.Batch != 2 || strstr(out, "\"Batch\":2}") == NULL) {
        t_errorf(t, "Batch: %.*s does not decode to the same", (int)len, out);
    }
    go_error_free(err);
    free(out);
    fuzz_fuzzCall_clear(&back);
    uint8_t cov[2] = { 1, 0 };
    batchResult results[2] = { { 7, { cov, 2, 2 } }, { 9, { NULL, 0, 0 } } };
    fuzzResponse br = { .Count = 2, .Batch = results, .NBatch = 2 };
    for (size_t k = 2;; k = 0) {
        br.NBatch = k;
        out = fuzz_encodeFuzzResponse(&br, &len);
        err = fuzz_decodeFuzzResponse(out, len, &r);
        if (err != NULL || r.Batch == NULL || r.NBatch != k ||
            (k == 2 && (r.Batch[0].Duration != 7 || r.Batch[0].Coverage.len != 2 ||
                        memcmp(r.Batch[0].Coverage.ptr, cov, 2) != 0 || r.Batch[1].Duration != 9 ||
                        r.Batch[1].Coverage.ptr != NULL))) {
            t_errorf(t, "a batch of %zu: %.*s does not decode to the same", k, (int)len, out);
        }
        go_error_free(err);
        free(out);
        fuzz_fuzzResponse_clear(&r);
        if (k == 0) {
            break;
        }
    }
    out = fuzz_encodeFuzzResponse(&(fuzzResponse){ 0 }, &len);
    if (strstr(out, "Batch") != NULL) {
        t_errorf(t, "a response that is no batch's: %.*s has a Batch", (int)len, out);
    }
    free(out);
}

// TestRPCDecodeErrors decodes the answers of golden/vectors/worker/bad.txt,
// none of them a fuzzResponse: each must fail with the error Go's
// coordinator gets, and leave the response zeroed for the caller to clear.
void TestRPCDecodeErrors(T *t) {
    FILE *f = fopen("../../golden/vectors/worker/bad.txt", "r");
    if (f == NULL) {
        t_fatal(t, "cannot open golden/vectors/worker/bad.txt");
    }
    char line[1024];
    int rows = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        // "quoted message"<TAB>error: Go's %q, here only \" and \\ escapes.
        char *tab = strchr(line, '\t');
        if (line[0] != '"' || tab == NULL || tab[-1] != '"') {
            t_fatalf(t, "bad.txt: malformed line %s", line);
        }
        char msg[512];
        size_t n = 0;
        for (char *p = line + 1; p < tab - 1 && n < sizeof msg; p++) {
            if (*p == '\\') {
                p++;
            }
            msg[n++] = *p;
        }
        char *want = tab + 1;
        want[strcspn(want, "\n")] = '\0';
        fuzzResponse r;
        go_error *err = fuzz_decodeFuzzResponse(msg, n, &r);
        if (err == NULL || strcmp(go_error_Error(err), want) != 0) {
            t_errorf(t, "decode %.*s: got error %s, want %s", (int)n, msg,
                     err != NULL ? go_error_Error(err) : "none", want);
        }
        if (r.Count != 0 || r.Err != NULL || r.InternalErr != NULL || r.CoverageData.ptr != NULL) {
            t_errorf(t, "decode %.*s: response not left zeroed", (int)n, msg);
        }
        go_error_free(err);
        rows++;
    }
    fclose(f);
    if (rows < 8) {
        t_errorf(t, "bad.txt: got %d rows, want at least 8", rows);
    }
}

// TestRPCDecodeNUL checks that a string with a NUL, which a C string cannot
// hold, decodes with U+FFFD in its place (ctest's; internal/selffuzz/rpc
// found "\u0000" read as "", no error once written again): an Err stays
// an error, and the message written for it reads back the same.
void TestRPCDecodeNUL(T *t) {
    static const char msg[] = "{\"Err\":\"\\u0000boom\",\"InternalErr\":\"\\u0000\"}";
    fuzzResponse r, back;
    go_error *err = fuzz_decodeFuzzResponse(msg, sizeof msg - 1, &r);
    if (err != NULL) {
        t_errorf(t, "decode %s: %s", msg, go_error_Error(err));
        go_error_free(err);
        return;
    }
    if (r.Err == NULL ||
        strcmp(r.Err, "\xef\xbf\xbd"
                      "boom") != 0 ||
        r.InternalErr == NULL || strcmp(r.InternalErr, "\xef\xbf\xbd") != 0) {
        t_errorf(t, "decode %s: Err %s, InternalErr %s, want \"\\ufffdboom\", \"\\ufffd\"", msg,
                 r.Err != NULL ? r.Err : "nil", r.InternalErr != NULL ? r.InternalErr : "nil");
    }
    size_t n;
    char *enc = fuzz_encodeFuzzResponse(&r, &n);
    err = fuzz_decodeFuzzResponse(enc, n, &back);
    if (err != NULL || back.Err == NULL || r.Err == NULL || strcmp(back.Err, r.Err) != 0) {
        t_errorf(t, "%s decodes to Err %s", enc, back.Err != NULL ? back.Err : "nil");
    }
    go_error_free(err);
    free(enc);
    fuzz_fuzzResponse_clear(&back);
    fuzz_fuzzResponse_clear(&r);
}

// TestRPCSparseCoverage: a fuzz response's sparse snapshot (ctest's
// CoverageSparse) is written only when set, beside a null CoverageData,
// and reads back byte for byte.
void TestRPCSparseCoverage(T *t) {
    static const uint8_t sparse[12] = { 1, 0, 0, 0, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h' };
    fuzzResponse r = { .Count = 7 }, back;
    size_t n;
    char *enc = fuzz_encodeFuzzResponse(&r, &n);
    if (strstr(enc, "CoverageSparse") != NULL) {
        t_errorf(t, "without a sparse snapshot: %s", enc);
    }
    free(enc);
    r.CoverageSparse = fuzz_byteSlice_copy(sparse, sizeof sparse);
    enc = fuzz_encodeFuzzResponse(&r, &n);
    if (strstr(enc, "\"CoverageData\":null") == NULL ||
        strstr(enc, "\"CoverageSparse\":\"AQAAAGFiY2RlZmdo\"") == NULL) {
        t_errorf(t, "with a sparse snapshot: %s", enc);
    }
    go_error *err = fuzz_decodeFuzzResponse(enc, n, &back);
    if (err != NULL || back.CoverageData.ptr != NULL || back.CoverageSparse.len != sizeof sparse ||
        memcmp(back.CoverageSparse.ptr, sparse, sizeof sparse) != 0 || back.Count != 7) {
        t_errorf(t, "%s does not read back (err %s)", enc,
                 err != NULL ? go_error_Error(err) : "nil");
    }
    go_error_free(err);
    free(enc);
    fuzz_fuzzResponse_clear(&back);
    fuzz_fuzzResponse_clear(&r);
}
