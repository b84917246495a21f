// (none) encoding/json for worker.go's RPC messages (call, fuzzArgs,
// fuzzResponse, minimizeArgs, minimizeResponse, pingResponse), over
// Jansson. Fields are written in Go's declaration order, []byte as base64
// (null for nil) and durations as integer nanoseconds, as encoding/json
// writes them.
//
#include <jansson.h>
#include <nettle/base64.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/internal.h"

void fuzz_byteSlice_free(byteSlice *b) {
    free(b->ptr);
    *b = (byteSlice){ 0 };
}

byteSlice fuzz_byteSlice_copy(const uint8_t *p, size_t n) {
    if (p == NULL) {
        return (byteSlice){ 0 };
    }
    byteSlice b = { runtime_malloc(n > 0 ? n : 1), n, n };
    if (n > 0) {
        memcpy(b.ptr, p, n);
    }
    return b;
}

void fuzz_fuzzCall_clear(fuzzCall *c) {
    fuzz_byteSlice_free(&c->Fuzz.CoverageData);
    fuzz_byteSlice_free(&c->Minimize.KeepCoverage);
    *c = (fuzzCall){ 0 };
}

void fuzz_fuzzResponse_clear(fuzzResponse *r) {
    fuzz_byteSlice_free(&r->CoverageData);
    free(r->Err);
    free(r->InternalErr);
    *r = (fuzzResponse){ 0 };
}

void fuzz_minimizeResponse_clear(minimizeResponse *r) {
    fuzz_byteSlice_free(&r->CoverageData);
    free(r->Err);
    *r = (minimizeResponse){ 0 };
}

// ---- encoding ----

// bytesValue is a []byte as encoding/json writes it: base64, or null.
static json_t *bytesValue(const byteSlice *b) {
    if (b->ptr == NULL) {
        return json_null();
    }
    char *s = runtime_malloc(BASE64_ENCODE_RAW_LENGTH(b->len) + 1);
    nettle_base64_encode_raw(s, b->len, b->ptr);
    s[BASE64_ENCODE_RAW_LENGTH(b->len)] = '\0';
    json_t *v = json_string(s);
    free(s);
    return v;
}

// stringValue is a Go string field. encoding/json writes invalid UTF-8 as
// U+FFFD, which Jansson would refuse outright, so it is replaced first.
static json_t *stringValue(const char *s) {
    if (s == NULL) {
        return json_string("");
    }
    size_t n = strlen(s);
    char *v = runtime_malloc(3 * n + 1);
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        size_t width;
        int32_t r = strconv_decodeRune(s + i, n - i, &width);
        if (r == 0xFFFD && width == 1) {
            memcpy(v + o, "\xef\xbf\xbd", 3);
            o += 3;
        } else {
            memcpy(v + o, s + i, width);
            o += width;
        }
        i += width;
    }
    json_t *j = json_stringn(v, o);
    free(v);
    return j;
}

// dump writes v and a newline, as json.Encoder.Encode does, and frees v.
static char *dump(json_t *v, size_t *n) {
    char *s = json_dumps(v, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(v);
    if (s == NULL) {
        go_panic("json: cannot encode RPC message");
    }
    size_t len = strlen(s);
    char *out = runtime_malloc(len + 2);
    memcpy(out, s, len);
    out[len] = '\n';
    out[len + 1] = '\0';
    free(s);
    *n = len + 1;
    return out;
}

char *fuzz_encodeCall(const fuzzCall *c, size_t *n) {
    json_t *v = json_object();
    json_object_set_new(v, "Ping", c->kind == callPing ? json_object() : json_null());
    if (c->kind == callFuzz) {
        json_t *a = json_object();
        json_object_set_new(a, "Timeout", json_integer(c->Fuzz.Timeout));
        json_object_set_new(a, "Limit", json_integer(c->Fuzz.Limit));
        json_object_set_new(a, "Warmup", json_boolean(c->Fuzz.Warmup));
        json_object_set_new(a, "CoverageData", bytesValue(&c->Fuzz.CoverageData));
        json_object_set_new(v, "Fuzz", a);
    } else {
        json_object_set_new(v, "Fuzz", json_null());
    }
    if (c->kind == callMinimize) {
        json_t *a = json_object();
        json_object_set_new(a, "Timeout", json_integer(c->Minimize.Timeout));
        json_object_set_new(a, "Limit", json_integer(c->Minimize.Limit));
        json_object_set_new(a, "KeepCoverage", bytesValue(&c->Minimize.KeepCoverage));
        json_object_set_new(a, "Index", json_integer(c->Minimize.Index));
        json_object_set_new(v, "Minimize", a);
    } else {
        json_object_set_new(v, "Minimize", json_null());
    }
    return dump(v, n);
}

char *fuzz_encodeFuzzResponse(const fuzzResponse *r, size_t *n) {
    json_t *v = json_object();
    json_object_set_new(v, "TotalDuration", json_integer(r->TotalDuration));
    json_object_set_new(v, "InterestingDuration", json_integer(r->InterestingDuration));
    json_object_set_new(v, "Count", json_integer(r->Count));
    json_object_set_new(v, "CoverageData", bytesValue(&r->CoverageData));
    json_object_set_new(v, "Err", stringValue(r->Err));
    json_object_set_new(v, "InternalErr", stringValue(r->InternalErr));
    return dump(v, n);
}

char *fuzz_encodeMinimizeResponse(const minimizeResponse *r, size_t *n) {
    json_t *v = json_object();
    json_object_set_new(v, "WroteToMem", json_boolean(r->WroteToMem));
    json_object_set_new(v, "Err", stringValue(r->Err));
    json_object_set_new(v, "CoverageData", bytesValue(&r->CoverageData));
    json_object_set_new(v, "Duration", json_integer(r->Duration));
    json_object_set_new(v, "Count", json_integer(r->Count));
    return dump(v, n);
}

char *fuzz_encodePingResponse(size_t *n) {
    return dump(json_object(), n);
}

// ---- decoding ----

// load parses one JSON object; the error reads as encoding/json's would
// for a truncated or invalid message.
static go_error *load(const char *buf, size_t n, json_t **out) {
    json_error_t jerr;
    json_t *v = json_loadb(buf, n, JSON_DISABLE_EOF_CHECK | JSON_ALLOW_NUL, &jerr);
    if (v == NULL) {
        return fmt_Errorf(NULL, "invalid character in RPC message: %s", jerr.text);
    }
    if (!json_is_object(v)) {
        json_decref(v);
        return errors_New("json: cannot unmarshal RPC message into a struct");
    }
    *out = v;
    return NULL;
}

static int64_t getInt(json_t *o, const char *key) {
    json_t *v = json_object_get(o, key);
    return json_is_integer(v) ? (int64_t)json_integer_value(v) : 0;
}

static bool getBool(json_t *o, const char *key) {
    return json_is_true(json_object_get(o, key));
}

// getString is a Go string field: NULL for "" (our nil for no error).
static char *getString(json_t *o, const char *key) {
    json_t *v = json_object_get(o, key);
    if (!json_is_string(v) || json_string_length(v) == 0) {
        return NULL;
    }
    return runtime_strndup(json_string_value(v), json_string_length(v));
}

static go_error *getBytes(json_t *o, const char *key, byteSlice *out) {
    json_t *v = json_object_get(o, key);
    if (v == NULL || json_is_null(v)) {
        *out = (byteSlice){ 0 };
        return NULL;
    }
    if (!json_is_string(v)) {
        return fmt_Errorf(NULL, "json: cannot unmarshal into Go struct field .%s of type []uint8",
                          key);
    }
    size_t slen = json_string_length(v);
    uint8_t *dst = runtime_malloc(BASE64_DECODE_LENGTH(slen) + 1);
    struct base64_decode_ctx ctx;
    nettle_base64_decode_init(&ctx);
    size_t dlen = BASE64_DECODE_LENGTH(slen);
    if (!nettle_base64_decode_update(&ctx, &dlen, dst, slen, json_string_value(v)) ||
        !nettle_base64_decode_final(&ctx)) {
        free(dst);
        return errors_New("illegal base64 data in RPC message");
    }
    *out = (byteSlice){ dst, dlen, dlen };
    return NULL;
}

go_error *fuzz_decodeCall(const char *buf, size_t n, fuzzCall *c) {
    json_t *v;
    go_error *err = load(buf, n, &v);
    if (err != NULL) {
        return err;
    }
    *c = (fuzzCall){ 0 };
    json_t *a;
    if (json_is_object(a = json_object_get(v, "Ping"))) {
        c->kind = callPing;
    } else if (json_is_object(a = json_object_get(v, "Fuzz"))) {
        c->kind = callFuzz;
        c->Fuzz.Timeout = getInt(a, "Timeout");
        c->Fuzz.Limit = getInt(a, "Limit");
        c->Fuzz.Warmup = getBool(a, "Warmup");
        err = getBytes(a, "CoverageData", &c->Fuzz.CoverageData);
    } else if (json_is_object(a = json_object_get(v, "Minimize"))) {
        c->kind = callMinimize;
        c->Minimize.Timeout = getInt(a, "Timeout");
        c->Minimize.Limit = getInt(a, "Limit");
        c->Minimize.Index = getInt(a, "Index");
        err = getBytes(a, "KeepCoverage", &c->Minimize.KeepCoverage);
    }
    json_decref(v);
    return err;
}

go_error *fuzz_decodeFuzzResponse(const char *buf, size_t n, fuzzResponse *r) {
    json_t *v;
    go_error *err = load(buf, n, &v);
    if (err != NULL) {
        return err;
    }
    *r = (fuzzResponse){ 0 };
    r->TotalDuration = getInt(v, "TotalDuration");
    r->InterestingDuration = getInt(v, "InterestingDuration");
    r->Count = getInt(v, "Count");
    r->Err = getString(v, "Err");
    r->InternalErr = getString(v, "InternalErr");
    err = getBytes(v, "CoverageData", &r->CoverageData);
    json_decref(v);
    return err;
}

go_error *fuzz_decodeMinimizeResponse(const char *buf, size_t n, minimizeResponse *r) {
    json_t *v;
    go_error *err = load(buf, n, &v);
    if (err != NULL) {
        return err;
    }
    *r = (minimizeResponse){ 0 };
    r->WroteToMem = getBool(v, "WroteToMem");
    r->Err = getString(v, "Err");
    r->Duration = getInt(v, "Duration");
    r->Count = getInt(v, "Count");
    err = getBytes(v, "CoverageData", &r->CoverageData);
    json_decref(v);
    return err;
}
