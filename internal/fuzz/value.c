// (none) go_value, the tagged union standing in for the `any` values of a
// corpus entry: reflect's type names, deep copies, and CorpusEntry's
// storage, which Go's garbage collector would own.
#include "internal/fuzz/value.h"

#include <stdlib.h>
#include <string.h>

const char *fuzz_kindTypeName(go_kind k) {
    switch (k) {
    case GO_BYTES:
        return "[]uint8";
    case GO_STRING:
        return "string";
    case GO_BOOL:
        return "bool";
    case GO_UINT8:
        return "uint8";
    case GO_INT32:
        return "int32";
    case GO_INT:
        return "int";
    case GO_INT8:
        return "int8";
    case GO_INT16:
        return "int16";
    case GO_INT64:
        return "int64";
    case GO_UINT:
        return "uint";
    case GO_UINT16:
        return "uint16";
    case GO_UINT32:
        return "uint32";
    case GO_UINT64:
        return "uint64";
    case GO_FLOAT32:
        return "float32";
    case GO_FLOAT64:
        return "float64";
    case C_STRING: // ctest: no Go type; the name of its corpus lines
        return "cstring";
    case C_CHARS:
        return "cchars";
    default:
        return "<nil>"; // %v of a nil reflect.Type
    }
}

size_t fuzz_dropNULs(uint8_t *p, size_t n) {
    const uint8_t *nul = n > 0 ? memchr(p, 0, n) : NULL;
    if (nul == NULL) {
        return n; // the common case: one scan, nothing moved
    }
    size_t k = (size_t)(nul - p);
    for (size_t i = k + 1; i < n; i++) {
        if (p[i] != 0) {
            p[k++] = p[i];
        }
    }
    return k;
}

// copyBytes returns new storage holding the n bytes at p (NULL for none).
static void *copyBytes(const void *p, size_t n) {
    if (n == 0) {
        return NULL;
    }
    void *c = runtime_malloc(n);
    memcpy(c, p, n);
    return c;
}

go_value *fuzz_copyValues(const go_value *vals, size_t n) {
    if (n == 0) {
        return NULL;
    }
    go_value *c = runtime_malloc(n * sizeof c[0]);
    for (size_t i = 0; i < n; i++) {
        c[i] = vals[i];
        if (vals[i].kind == GO_BYTES) {
            c[i].v.bytes.ptr = copyBytes(vals[i].v.bytes.ptr, vals[i].v.bytes.len);
        } else if (fuzz_isStrKind(vals[i].kind)) {
            c[i].v.str.ptr = copyBytes(vals[i].v.str.ptr, vals[i].v.str.len);
        }
    }
    return c;
}

size_t fuzz_valueBytes(const go_value *vals, size_t n) {
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        if (vals[i].kind == GO_BYTES) {
            total += vals[i].v.bytes.len;
        } else if (fuzz_isStrKind(vals[i].kind)) {
            total += vals[i].v.str.len;
        }
    }
    return total;
}

void fuzz_freeValues(go_value *vals, size_t n) {
    if (vals == NULL) {
        return;
    }
    for (size_t i = 0; i < n; i++) {
        // The values own their storage (see fuzz_copyValues), so the const
        // of the views is cast away to free it.
        if (vals[i].kind == GO_BYTES) {
            free((void *)vals[i].v.bytes.ptr);
        } else if (fuzz_isStrKind(vals[i].kind)) {
            free((void *)vals[i].v.str.ptr);
        }
    }
    free(vals);
}

void fuzz_CorpusEntry_clear(fuzz_CorpusEntry *e) {
    if (e == NULL) {
        return;
    }
    free(e->Parent);
    free(e->Path);
    free(e->Data);
    fuzz_freeValues(e->Values, e->NValues);
    *e = (fuzz_CorpusEntry){ 0 };
}

char *fuzz_strdupOrNull(const char *s) {
    return s != NULL ? runtime_strdup(s) : NULL;
}

fuzz_CorpusEntry fuzz_CorpusEntry_copy(const fuzz_CorpusEntry *e) {
    fuzz_CorpusEntry c = *e;
    c.Parent = fuzz_strdupOrNull(e->Parent);
    c.Path = fuzz_strdupOrNull(e->Path);
    if (e->Data != NULL) {
        c.Data = runtime_malloc(e->DataLen > 0 ? e->DataLen : 1);
        memcpy(c.Data, e->Data, e->DataLen);
    }
    c.Values = e->Values != NULL ? fuzz_copyValues(e->Values, e->NValues) : NULL;
    return c;
}

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
