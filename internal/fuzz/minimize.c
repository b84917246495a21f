// Ports go1.19.8 src/internal/fuzz/minimize.go: isMinimizable, minimizeBytes.
//
// Go 1.19 minimizes only []byte and string values; integers and floats are
// left as they are (minimizeInteger and minimizeFloat came later).
//
#include "internal/fuzz/minimize.h"

#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/value.h"

bool fuzz_isMinimizable(go_kind k) {
    return fuzz_isStrKind(k) || k == GO_BYTES;
}

void fuzz_minimizeBytes(byteSlice *vs, bool (*try)(void *ctx, go_bytes candidate),
                        bool (*shouldStop)(void *ctx), void *ctx) {
    uint8_t *v = vs->ptr;
    go_int vlen = (go_int)vs->len; // Go's len(v); v shrinks in place
    // tmp holds candidates that are not a prefix of v. ctest: Go copies v
    // back into tmp when it returns, because the worker may still hold the
    // last candidate, in tmp; here the result is read from v instead.
    uint8_t *tmp = runtime_malloc((size_t)vlen);

    // First, try to cut the tail, by 1024 bytes, then 512, ... then 1.
    for (go_int n = 1024; n != 0; n /= 2) {
        while (vlen > n) {
            if (shouldStop(ctx)) {
                goto out;
            }
            go_bytes candidate = { v, (size_t)(vlen - n) };
            if (!try(ctx, candidate)) {
                break;
            }
            vlen -= n;
        }
    }

    // Then, try to remove each individual byte.
    for (go_int i = 0; i < vlen - 1; i++) {
        if (shouldStop(ctx)) {
            goto out;
        }
        memcpy(tmp, v, (size_t)i);
        memcpy(tmp + i, v + i + 1, (size_t)(vlen - i - 1));
        if (!try(ctx, (go_bytes){ tmp, (size_t)(vlen - 1) })) {
            continue;
        }
        // Delete v[i] and look at index i again: it holds another byte now.
        memmove(v + i, v + i + 1, (size_t)(vlen - i - 1));
        vlen--;
        i--;
    }

    // Then, try to remove each possible run of bytes v[i:j].
    for (go_int i = 0; i < vlen - 1; i++) {
        memcpy(tmp, v, (size_t)i);
        for (go_int j = vlen; j > i + 1; j--) {
            if (shouldStop(ctx)) {
                goto out;
            }
            go_int clen = vlen - j + i;
            memcpy(tmp + i, v + j, (size_t)(vlen - j));
            if (!try(ctx, (go_bytes){ tmp, (size_t)clen })) {
                continue;
            }
            // Keep the shorter v and start over from its end.
            memmove(v + i, v + j, (size_t)(vlen - j));
            vlen = clen;
            j = vlen;
        }
    }

    // Then, try to make it more human-readable by replacing each byte with
    // a printable character, the first one try accepts.
    static const char printableChars[] = "012789ABCXYZabcxyz !\"#$%&'()*+,.";
    for (go_int i = 0; i < vlen; i++) {
        if (shouldStop(ctx)) {
            goto out;
        }
        uint8_t b = v[i];
        for (size_t k = 0; k < sizeof printableChars - 1; k++) {
            v[i] = (uint8_t)printableChars[k];
            if (try(ctx, (go_bytes){ v, (size_t)vlen })) {
                break; // keep it and move on to the next byte
            }
            v[i] = b;
        }
    }

out:
    vs->len = (size_t)vlen;
    free(tmp);
}
