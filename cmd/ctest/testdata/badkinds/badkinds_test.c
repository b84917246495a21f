// badkinds_test.c: fuzz functions whose C types contradict the kinds given
// to f_fuzz. Each f_fuzz call below fails to build; e2e.sh checks the
// lines (28 to 35) and the message.
#include <testing/testing.h>

static void fuzzInt(T *t, go_int n) {
    (void)t, (void)n;
}
static void fuzzBytesInt(T *t, go_bytes b, go_int n) {
    (void)t, (void)b, (void)n;
}
static int fuzzReturns(T *t, go_int n) {
    (void)t, (void)n;
    return 0;
}
static void fuzzNoT(F *f, go_int n) {
    (void)f, (void)n;
}
static void fuzzLongLong(T *t, long long n) {
    (void)t, (void)n;
}
static void fuzzChar(T *t, char c) {
    (void)t, (void)c;
}

void FuzzBad(F *f) {
    // One call a line.
    f_fuzz(f, fuzzInt, GO_STRING);             // another type
    f_fuzz(f, fuzzBytesInt, GO_BYTES);         // fewer kinds than parameters
    f_fuzz(f, fuzzInt, GO_INT, GO_INT);        // more kinds than parameters
    f_fuzz(f, fuzzBytesInt, GO_INT, GO_BYTES); // the kinds in another order
    f_fuzz(f, fuzzReturns, GO_INT);            // a result
    f_fuzz(f, fuzzNoT, GO_INT);                // not a T first
    f_fuzz(f, fuzzLongLong, GO_INT64);         // long long is not int64_t
    f_fuzz(f, fuzzChar, GO_BYTE);              // char is not uint8_t
}
