// (none) ctest's own: the raw layout, the arguments of a fuzz function
// in the flat bytes that libFuzzer, AFL++ and the engines of OSS-Fuzz
// mutate, keep in their corpora and write as crash files. Go's engine
// mutates typed values and writes "go test fuzz v1" files; a binary built
// with ctest -fuzzengine reads its arguments from such bytes, and ctest
// corpus turns the one into the other.
//
// The layout is LLVM's FuzzedDataProvider's, which C and C++ harnesses of
// OSS-Fuzz use by hand, chosen so that a mutation of the bytes is a
// mutation of the arguments:
//
//   - A fuzz function of one []byte or string takes the bytes as they are:
//     libFuzzer's and AFL++'s corpora and dictionaries work unchanged.
//   - Arguments of a fixed size are read from the end of the bytes, the
//     first from the last bytes, the next from those before them, each
//     little-endian at its size: bool 1 byte (its lowest bit), int8 and
//     uint8 1, int16 and uint16 2, int32, uint32 and float32 4, int, int64,
//     uint, uint64 and float64 8. Floats are their IEEE 754 bits. When the
//     bytes run out, the missing high bytes are zero. libFuzzer's
//     comparison-driven mutations find an int's value as it is compared,
//     little-endian, in the bytes, and write the other operand over it.
//   - The []byte and string arguments share the bytes before those, in
//     their order. Each but the last is read as FuzzedDataProvider's
//     ConsumeRandomLengthString reads a string: a backslash followed by a
//     backslash is one backslash, a backslash followed by any other byte
//     ends the argument (that byte is dropped), and the end of the bytes
//     ends it too. The last takes the rest as it is. An insertion inside
//     an argument lengthens that argument rather than moving the bytes of
//     the next one into it.
//   - ctest: a C string argument is read as a string is, then its NUL
//     bytes are dropped (a C string holds none).
//
// Any bytes read as some arguments. Writing values (fuzz_marshalRaw) puts
// each argument but the last of them with its backslashes doubled and a
// backslash and fuzz_rawSeparator after it, then the last as it is, then
// the fixed-size arguments from the last to the first: reading those
// bytes gives the values back, so a v1 file converted to raw bytes and
// back is the same file.
#include "internal/fuzz/rawlayout.h"

#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/value.h"

// fixedSize is the bytes a kind takes at the end of the data, 0 for
// []byte, string and C string.
static size_t fixedSize(go_kind k) {
    switch (k) {
    case GO_BOOL:
    case GO_INT8:
    case GO_UINT8:
        return 1;
    case GO_INT16:
    case GO_UINT16:
        return 2;
    case GO_INT32:
    case GO_UINT32:
    case GO_FLOAT32:
        return 4;
    case GO_INT:
    case GO_INT64:
    case GO_UINT:
    case GO_UINT64:
    case GO_FLOAT64:
        return 8;
    default:
        return 0;
    }
}

// fixedValue is the value of kind k whose little-endian bits are u.
static go_value fixedValue(go_kind k, uint64_t u) {
    go_value v = { .kind = k };
    switch (k) {
    case GO_BOOL:
        v.v.b = (u & 1) != 0;
        break;
    case GO_INT8:
        v.v.i = (int8_t)(uint8_t)u;
        break;
    case GO_INT16:
        v.v.i = (int16_t)(uint16_t)u;
        break;
    case GO_INT32:
        v.v.i = (int32_t)(uint32_t)u;
        break;
    case GO_INT:
    case GO_INT64:
        v.v.i = (int64_t)u;
        break;
    case GO_FLOAT32: {
        uint32_t bits = (uint32_t)u;
        memcpy(&v.v.f32, &bits, sizeof bits);
        break;
    }
    case GO_FLOAT64:
        memcpy(&v.v.f64, &u, sizeof u);
        break;
    default: // the unsigned kinds
        v.v.u = u;
        break;
    }
    return v;
}

// fixedBits is the little-endian bits fuzz_marshalRaw writes for v.
static uint64_t fixedBits(const go_value *v) {
    switch (v->kind) {
    case GO_BOOL:
        return v->v.b ? 1 : 0;
    case GO_INT8:
    case GO_INT16:
    case GO_INT32:
    case GO_INT:
    case GO_INT64:
        return (uint64_t)v->v.i; // the low bytes are the two's complement
    case GO_FLOAT32: {
        uint32_t bits;
        memcpy(&bits, &v->v.f32, sizeof bits);
        return bits;
    }
    case GO_FLOAT64: {
        uint64_t bits;
        memcpy(&bits, &v->v.f64, sizeof bits);
        return bits;
    }
    default:
        return v->v.u;
    }
}

// unescape reads one argument but the last from p[0:n]: it returns its
// length and sets *used to the bytes it took, the end included; with out
// not NULL, it writes the argument there.
static size_t unescape(const uint8_t *p, size_t n, uint8_t *out, size_t *used) {
    size_t i = 0, len = 0;
    while (i < n) {
        uint8_t c = p[i++];
        if (c == '\\' && i < n) {
            c = p[i++];
            if (c != '\\') {
                break;
            }
        }
        if (out != NULL) {
            out[len] = c;
        }
        len++;
    }
    *used = i;
    return len;
}

// variableValue is the value of kind k whose bytes are the len at buf,
// which it takes: a C string's with its NULs dropped (ctest), as C_STRING
// mutations drop them.
static go_value variableValue(go_kind k, uint8_t *buf, size_t len) {
    if (k == GO_BYTES) {
        return GO_BYTES_N(buf, len);
    }
    go_value v = GO_STRING_N(buf, k == C_STRING ? fuzz_dropNULs(buf, len) : len);
    v.kind = k;
    return v;
}

// setVariable makes v, of kind k, a copy of the len bytes at p in storage
// of its own.
static void setVariable(go_value *v, go_kind k, const uint8_t *p, size_t len) {
    uint8_t *copy = NULL;
    if (len > 0) {
        copy = runtime_malloc(len);
        memcpy(copy, p, len);
    }
    *v = variableValue(k, copy, len);
}

go_value *fuzz_unmarshalRaw(const uint8_t *data, size_t len, const go_kind *types, size_t n) {
    go_value *vals = runtime_calloc(n > 0 ? n : 1, sizeof *vals);
    size_t end = len, lastVariable = n;
    for (size_t i = 0; i < n; i++) {
        size_t size = fixedSize(types[i]);
        if (size == 0) {
            lastVariable = i;
            continue;
        }
        size_t k = size < end ? size : end;
        uint64_t u = 0;
        for (size_t b = 0; b < k; b++) {
            u |= (uint64_t)data[end - k + b] << (8 * b);
        }
        end -= k;
        vals[i] = fixedValue(types[i], u);
    }
    size_t pos = 0;
    for (size_t i = 0; i < n; i++) {
        if (fixedSize(types[i]) != 0) {
            continue;
        }
        if (i == lastVariable) {
            setVariable(&vals[i], types[i], data + pos, end - pos);
            pos = end;
            continue;
        }
        size_t used;
        size_t vlen = unescape(data + pos, end - pos, NULL, &used);
        uint8_t *buf = vlen > 0 ? runtime_malloc(vlen) : NULL;
        unescape(data + pos, end - pos, buf, &used);
        vals[i] = variableValue(types[i], buf, vlen);
        pos += used;
    }
    return vals;
}

// variableBytes is the bytes of a []byte or string value.
static go_bytes variableBytes(const go_value *v) {
    if (fuzz_isStrKind(v->kind)) {
        return (go_bytes){ (const uint8_t *)v->v.str.ptr, v->v.str.len };
    }
    return v->v.bytes;
}

void fuzz_marshalRaw(const go_value *vals, size_t n, uint8_t **out, size_t *outlen) {
    size_t lastVariable = n;
    for (size_t i = 0; i < n; i++) {
        if (fixedSize(vals[i].kind) == 0) {
            lastVariable = i;
        }
    }
    strings_Builder b = { 0 };
    for (size_t i = 0; i < n; i++) {
        if (fixedSize(vals[i].kind) != 0) {
            continue;
        }
        go_bytes v = variableBytes(&vals[i]);
        if (i == lastVariable) {
            strings_Builder_Write(&b, (const char *)v.ptr, v.len);
            continue;
        }
        for (size_t j = 0; j < v.len; j++) {
            if (v.ptr[j] == '\\') {
                strings_Builder_WriteByte(&b, '\\');
            }
            strings_Builder_WriteByte(&b, (char)v.ptr[j]);
        }
        strings_Builder_WriteByte(&b, '\\');
        strings_Builder_WriteByte(&b, fuzz_rawSeparator);
    }
    for (size_t i = n; i-- > 0;) {
        size_t size = fixedSize(vals[i].kind);
        uint64_t u = fixedBits(&vals[i]);
        for (size_t k = 0; k < size; k++) {
            strings_Builder_WriteByte(&b, (char)(uint8_t)(u >> (8 * k)));
        }
    }
    *outlen = strings_Builder_Len(&b);
    *out = (uint8_t *)strings_Builder_Detach(&b);
}
