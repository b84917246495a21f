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

#include "internal/fuzz/rpc.h"
#include "internal/fuzz/value.h"

void fuzz_fuzzCall_clear(fuzzCall *c) {
    fuzz_byteSlice_free(&c->Fuzz.CoverageData);
    fuzz_byteSlice_free(&c->Fuzz.ReduceFeatures);
    fuzz_byteSlice_free(&c->Minimize.KeepCoverage);
    free(c->Minimize.KeepCause);
    *c = (fuzzCall){ 0 };
}

void fuzz_fuzzResponse_clear(fuzzResponse *r) {
    fuzz_byteSlice_free(&r->CoverageData);
    fuzz_byteSlice_free(&r->CoverageSparse);
    for (size_t i = 0; i < r->NBatch; i++) {
        fuzz_byteSlice_free(&r->Batch[i].Coverage);
    }
    free(r->Batch);
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
        int32_t r = utf8_DecodeRune(s + i, n - i, &width);
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
        // ctest: a field of its own, left out when unset, so that a call
        // without it reads as Go's.
        if (c->Fuzz.ReduceFeatures.ptr != NULL) {
            json_object_set_new(a, "ReduceFeatures", bytesValue(&c->Fuzz.ReduceFeatures));
        }
        if (c->Fuzz.MaxLen != 0) {
            json_object_set_new(a, "MaxLen", json_integer(c->Fuzz.MaxLen));
        }
        if (c->Fuzz.Batch != 0) {
            json_object_set_new(a, "Batch", json_integer(c->Fuzz.Batch));
        }
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
        // ctest: left out when unset, as ReduceFeatures is.
        if (c->Minimize.KeepCause != NULL) {
            json_object_set_new(a, "KeepCause", json_string(c->Minimize.KeepCause));
        }
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
    if (r->CoverageSparse.ptr != NULL) {
        json_object_set_new(v, "CoverageSparse", bytesValue(&r->CoverageSparse)); // ctest
    }
    if (r->Batch != NULL) {
        // ctest: a warm-up batch's results, only for a batch.
        json_t *a = json_array();
        for (size_t i = 0; i < r->NBatch; i++) {
            json_t *b = json_object();
            json_object_set_new(b, "Duration", json_integer(r->Batch[i].Duration));
            json_object_set_new(b, "Coverage", bytesValue(&r->Batch[i].Coverage));
            json_array_append_new(a, b);
        }
        json_object_set_new(v, "Batch", a);
    }
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

// jsonTypeName is how encoding/json names a JSON value's type in its
// UnmarshalTypeError.
static const char *jsonTypeName(const json_t *v) {
    switch (json_typeof(v)) {
    case JSON_OBJECT:
        return "object";
    case JSON_ARRAY:
        return "array";
    case JSON_STRING:
        return "string";
    case JSON_INTEGER:
    case JSON_REAL:
        return "number";
    case JSON_TRUE:
    case JSON_FALSE:
        return "bool";
    case JSON_NULL:
        break;
    }
    return "null";
}

// load parses one JSON object; the error reads as encoding/json's would
// for a truncated or invalid message.
static go_error *load(const char *buf, size_t n, const char *type, json_t **out) {
    json_error_t jerr;
    json_t *v =
            json_loadb(buf, n, JSON_DISABLE_EOF_CHECK | JSON_ALLOW_NUL | JSON_DECODE_ANY, &jerr);
    if (v == NULL) {
        return fmt_Errorf(NULL, "invalid character in RPC message: %s", jerr.text);
    }
    if (!json_is_object(v)) {
        go_error *err = fmt_Errorf(NULL, "json: cannot unmarshal %s into Go value of type fuzz.%s",
                                   jsonTypeName(v), type);
        json_decref(v);
        return err;
    }
    *out = v;
    return NULL;
}

// fieldReader reads the fields of one message, keeping the first type
// error, as encoding/json reports the first field it cannot store.
typedef struct fieldReader {
    json_t *o;
    const char *type; // the Go struct's name, for the error
    go_error *err;
} fieldReader;

// field returns key's value if it has the wanted JSON type (null, absent:
// NULL, and the Go field keeps its zero value); otherwise it records
// encoding/json's error for a goType field and returns NULL.
static json_t *field(fieldReader *r, const char *key, bool ok(const json_t *), const char *goType) {
    json_t *v = json_object_get(r->o, key);
    if (v == NULL || json_is_null(v)) {
        return NULL;
    }
    if (ok(v)) {
        return v;
    }
    if (r->err == NULL) {
        r->err = fmt_Errorf(NULL, "json: cannot unmarshal %s into Go struct field %s.%s of type %s",
                            jsonTypeName(v), r->type, key, goType);
    }
    return NULL;
}

static bool isObject(const json_t *v) {
    return json_is_object(v);
}

static bool isInteger(const json_t *v) {
    return json_is_integer(v);
}

static bool isBool(const json_t *v) {
    return json_is_boolean(v);
}

static bool isString(const json_t *v) {
    return json_is_string(v);
}

static bool isArray(const json_t *v) {
    return json_is_array(v);
}

// getInt is an integer field whose Go type is goType (int64, int,
// time.Duration).
static int64_t getInt(fieldReader *r, const char *key, const char *goType) {
    json_t *v = field(r, key, isInteger, goType);
    return v != NULL ? (int64_t)json_integer_value(v) : 0;
}

static bool getBool(fieldReader *r, const char *key) {
    json_t *v = field(r, key, isBool, "bool");
    return v != NULL && json_is_true(v);
}

// getString is a Go string field: NULL for "" (our nil for no error).
// ctest: a NUL in it (\u0000) becomes U+FFFD, since a C string ends at
// its first NUL: cut there, "\u0000boom" would read as "", which is no
// error once written again, where Go's Err holds an error.
static char *getString(fieldReader *r, const char *key) {
    json_t *v = field(r, key, isString, "string");
    if (v == NULL || json_string_length(v) == 0) {
        return NULL;
    }
    const char *p = json_string_value(v);
    size_t n = json_string_length(v);
    strings_Builder b = { 0 };
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '\0') {
            strings_Builder_WriteString(&b, "\xef\xbf\xbd");
        } else {
            strings_Builder_WriteByte(&b, p[i]);
        }
    }
    return strings_Builder_Detach(&b);
}

// getBytes is a []byte field, base64 in the message; nil for null.
static void getBytes(fieldReader *r, const char *key, byteSlice *out) {
    *out = (byteSlice){ 0 };
    json_t *v = field(r, key, isString, "[]uint8");
    if (v == NULL) {
        return;
    }
    size_t slen = json_string_length(v);
    uint8_t *dst = runtime_malloc(BASE64_DECODE_LENGTH(slen) + 1);
    struct base64_decode_ctx ctx;
    nettle_base64_decode_init(&ctx);
    size_t dlen = BASE64_DECODE_LENGTH(slen);
    if (!nettle_base64_decode_update(&ctx, &dlen, dst, slen, json_string_value(v)) ||
        !nettle_base64_decode_final(&ctx)) {
        free(dst);
        if (r->err == NULL) {
            r->err = errors_New("illegal base64 data in RPC message");
        }
        return;
    }
    *out = (byteSlice){ dst, dlen, dlen };
}

// getBatch is fuzzResponse.Batch: an array of batchResult objects (an
// empty array is a batch with no result, not nil).
static void getBatch(fieldReader *r, fuzzResponse *resp) {
    json_t *a = field(r, "Batch", isArray, "[]fuzz.batchResult");
    if (a == NULL) {
        return;
    }
    size_t n = json_array_size(a);
    resp->Batch = runtime_calloc(n > 0 ? n : 1, sizeof *resp->Batch);
    resp->NBatch = n;
    for (size_t i = 0; i < n; i++) {
        fieldReader b = { json_array_get(a, i), "batchResult", NULL };
        if (!json_is_object(b.o)) {
            if (r->err == NULL) {
                r->err = fmt_Errorf(NULL,
                                    "json: cannot unmarshal %s into Go struct field "
                                    "fuzzResponse.Batch of type fuzz.batchResult",
                                    jsonTypeName(b.o));
            }
            continue;
        }
        resp->Batch[i].Duration = getInt(&b, "Duration", "time.Duration");
        getBytes(&b, "Coverage", &resp->Batch[i].Coverage);
        if (b.err != NULL && r->err == NULL) {
            r->err = b.err;
        } else {
            go_error_free(b.err);
        }
    }
}

// Each decoder leaves its result zeroed when the message cannot be read,
// so a caller may clear it either way.

go_error *fuzz_decodeCall(const char *buf, size_t n, fuzzCall *c) {
    *c = (fuzzCall){ 0 };
    json_t *v;
    go_error *err = load(buf, n, "call", &v);
    if (err != NULL) {
        return err;
    }
    fieldReader r = { v, "call", NULL };
    fieldReader a = { NULL, NULL, NULL };
    if ((a.o = field(&r, "Ping", isObject, "fuzz.pingArgs")) != NULL) {
        c->kind = callPing;
    } else if ((a.o = field(&r, "Fuzz", isObject, "fuzz.fuzzArgs")) != NULL) {
        a.type = "fuzzArgs";
        c->kind = callFuzz;
        c->Fuzz.Timeout = getInt(&a, "Timeout", "time.Duration");
        c->Fuzz.Limit = getInt(&a, "Limit", "int64");
        c->Fuzz.Warmup = getBool(&a, "Warmup");
        getBytes(&a, "CoverageData", &c->Fuzz.CoverageData);
        getBytes(&a, "ReduceFeatures", &c->Fuzz.ReduceFeatures);
        c->Fuzz.MaxLen = getInt(&a, "MaxLen", "int64");
        c->Fuzz.Batch = getInt(&a, "Batch", "int64");
    } else if ((a.o = field(&r, "Minimize", isObject, "fuzz.minimizeArgs")) != NULL) {
        a.type = "minimizeArgs";
        c->kind = callMinimize;
        c->Minimize.Timeout = getInt(&a, "Timeout", "time.Duration");
        c->Minimize.Limit = getInt(&a, "Limit", "int64");
        c->Minimize.Index = getInt(&a, "Index", "int");
        getBytes(&a, "KeepCoverage", &c->Minimize.KeepCoverage);
        c->Minimize.KeepCause = getString(&a, "KeepCause");
    }
    json_decref(v);
    err = r.err != NULL ? r.err : a.err;
    if (err != NULL) {
        go_error_free(r.err == err ? a.err : r.err);
        fuzz_fuzzCall_clear(c);
    }
    return err;
}

go_error *fuzz_decodeFuzzResponse(const char *buf, size_t n, fuzzResponse *resp) {
    *resp = (fuzzResponse){ 0 };
    json_t *v;
    go_error *err = load(buf, n, "fuzzResponse", &v);
    if (err != NULL) {
        return err;
    }
    fieldReader r = { v, "fuzzResponse", NULL };
    resp->TotalDuration = getInt(&r, "TotalDuration", "time.Duration");
    resp->InterestingDuration = getInt(&r, "InterestingDuration", "time.Duration");
    resp->Count = getInt(&r, "Count", "int64");
    resp->Err = getString(&r, "Err");
    resp->InternalErr = getString(&r, "InternalErr");
    getBytes(&r, "CoverageData", &resp->CoverageData);
    getBytes(&r, "CoverageSparse", &resp->CoverageSparse);
    getBatch(&r, resp);
    json_decref(v);
    if (r.err != NULL) {
        fuzz_fuzzResponse_clear(resp);
    }
    return r.err;
}

go_error *fuzz_decodeMinimizeResponse(const char *buf, size_t n, minimizeResponse *resp) {
    *resp = (minimizeResponse){ 0 };
    json_t *v;
    go_error *err = load(buf, n, "minimizeResponse", &v);
    if (err != NULL) {
        return err;
    }
    fieldReader r = { v, "minimizeResponse", NULL };
    resp->WroteToMem = getBool(&r, "WroteToMem");
    resp->Err = getString(&r, "Err");
    resp->Duration = getInt(&r, "Duration", "time.Duration");
    resp->Count = getInt(&r, "Count", "int64");
    getBytes(&r, "CoverageData", &resp->CoverageData);
    json_decref(v);
    if (r.err != NULL) {
        fuzz_minimizeResponse_clear(resp);
    }
    return r.err;
}
