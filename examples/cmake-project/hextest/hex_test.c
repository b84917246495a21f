// hex_test.c: tests and fuzz tests of the shared libraries hex and hexdump
// (examples/cmake-project). The project's CMakeLists.txt registers them
// (ctest_add_package with LIBRARIES hexdump, which links hex), and the
// include directories come from the targets.
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "hexdump.h"
#include "testing/testing.h"

void TestEncode(T *t) {
    char out[4];
    hex_encode((const uint8_t *)"\x01\xab", 2, out);
    if (memcmp(out, "01ab", 4) != 0) {
        t_errorf(t, "hex_encode(01 ab) = %.4s, want 01ab", out);
    }
}

void TestDecode(T *t) {
    uint8_t out[2];
    if (hex_decode("01AB", 4, out) != 2 || out[0] != 1 || out[1] != 0xab) {
        t_error(t, "hex_decode(01AB) did not give 01 ab");
    }
    if (hex_decode("012", 3, out) != -1) {
        t_error(t, "hex_decode(012): an odd number of digits was accepted");
    }
    if (hex_decode("0g", 2, out) != -1) {
        t_error(t, "hex_decode(0g): a character that is not a digit was accepted");
    }
}

void TestDumpLine(T *t) {
    char line[HEXDUMP_LINE_MAX];
    const char *want = "00000010  61 62 0a                                        |ab.|\n";
    int n = hexdump_line((const uint8_t *)"ab\n", 3, 16, line, sizeof line);
    if (n != (int)strlen(want) || strcmp(line, want) != 0) {
        t_errorf(t, "hexdump_line(ab\\n) = %d %s, want %d %s", n, line, (int)strlen(want), want);
    }
}

// checkDump dumps the n bytes at p line by line and reads each line's
// offset and bytes back with hex_decode: they must be what was dumped.
static void checkDump(T *t, const uint8_t *p, size_t n) {
    char line[HEXDUMP_LINE_MAX];
    for (size_t off = 0; off < n; off += 16) {
        size_t k = n - off < 16 ? n - off : 16;
        if (hexdump_line(p + off, k, (uint32_t)off, line, sizeof line) < 0) {
            t_fatalf(t, "hexdump_line at %zu failed", off);
        }
        uint8_t o[4], b[1];
        if (hex_decode(line, 8, o) != 4 ||
            ((uint32_t)o[0] << 24 | (uint32_t)o[1] << 16 | (uint32_t)o[2] << 8 | o[3]) != off) {
            t_fatalf(t, "line %s: offset is not %zu", line, off);
        }
        for (size_t i = 0; i < k; i++) {
            if (hex_decode(line + 10 + 3 * i, 2, b) != 1 || b[0] != p[off + i]) {
                t_fatalf(t, "line %s: byte %zu is not %02x", line, i, p[off + i]);
            }
        }
    }
}

void TestDumpLarge(T *t) {
    if (testing_Short()) {
        t_skip(t, "dumps 1 MiB: skipped with -short");
    }
    size_t n = 1 << 20;
    uint8_t *p = malloc(n);
    if (p == NULL) {
        t_fatal(t, "out of memory");
    }
    for (size_t i = 0; i < n; i++) {
        p[i] = (uint8_t)(i * 7);
    }
    checkDump(t, p, n);
    free(p);
}

static void fuzzRoundTrip(T *t, go_bytes data) {
    char *text = malloc(2 * data.len + 1);
    uint8_t *back = malloc(data.len + 1);
    hex_encode(data.ptr, data.len, text);
    if (hex_decode(text, 2 * data.len, back) != (long)data.len ||
        (data.len > 0 && memcmp(back, data.ptr, data.len) != 0)) { // empty: NULL
        t_errorf(t, "hex_decode(hex_encode(%zu bytes)) is not the input", data.len);
    }
    free(text);
    free(back);
}

void FuzzRoundTrip(F *f) {
    f_add(f, GO_BYTES("\x00\x01\xfe\xff"));
    f_fuzz(f, fuzzRoundTrip, GO_BYTES);
}

static void fuzzDump(T *t, go_bytes data) {
    checkDump(t, data.ptr, data.len);
}

void FuzzDump(F *f) {
    f_add(f, GO_BYTES("hello, world\n\x7f\x80 and a second line"));
    f_fuzz(f, fuzzDump, GO_BYTES);
}
