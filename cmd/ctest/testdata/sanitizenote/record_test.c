// record_test.c: fuzz tests whose seeds pass, with or without sanitizers.
#include <string.h>
#include <testing/testing.h>

int checksum(const uint8_t *data, size_t len);
int scale(int32_t reading);

static void fuzzChecksum(T *t, go_bytes data) {
    (void)t;
    checksum(data.ptr, data.len);
}

void FuzzChecksum(F *f) {
    f_add(f, GO_BYTES("\002ab"));
    f_fuzz(f, fuzzChecksum, GO_BYTES);
}

static void fuzzScale(T *t, go_bytes data) {
    (void)t;
    int32_t reading = 0;
    if (data.len > 0) { // an empty []byte is NULL, which memcpy may not take
        memcpy(&reading, data.ptr, data.len < sizeof reading ? data.len : sizeof reading);
    }
    scale(reading);
}

void FuzzScale(F *f) {
    f_add(f, GO_BYTES("\x10"));
    f_fuzz(f, fuzzScale, GO_BYTES);
}
