// fuzzcall.h: calling a fuzz function of any arity, Go's reflect.Value.Call
// for F.Fuzz's ff. Implemented in fuzzcall.c, the only file that includes
// <ffi.h>.
#ifndef CTEST_TESTING_FUZZCALL_H
#define CTEST_TESTING_FUZZCALL_H

#include <stddef.h>

#include "testing/testing.h"

// testing_fuzzCall is a prepared call of fn(T *, kinds...): the libffi call
// interface is built once, by testing_fuzzCall_new, so that each call only
// fills the argument slots (no allocation per call).
typedef struct testing_fuzzCall testing_fuzzCall;

// testing_fuzzCall_new prepares calls of fn with the n kinds (copied). It
// returns NULL only if libffi cannot describe the signature.
testing_fuzzCall *testing_fuzzCall_new(void (*fn)(void), const go_kind *kinds, size_t n);
// testing_fuzzCall_call calls fn(t, vals[0], ..., vals[n-1]); vals must have
// the kinds given to testing_fuzzCall_new, in order (the caller has checked,
// as CheckCorpus does). It does not allocate, except under AddressSanitizer,
// where each non-empty []byte and string argument, and each C string, is an
// exact copy that t owns, and when a C string is longer than any t has
// been called with (fuzzcall.c).
void testing_fuzzCall_call(testing_fuzzCall *c, testing_T *t, const go_value *vals);
// testing_fuzzCall_release frees the argument storage t holds, if any
// (testing_T_free calls it).
void testing_fuzzCall_release(testing_T *t);
// testing_fuzzCall_free frees c; NULL is a no-op.
void testing_fuzzCall_free(testing_fuzzCall *c);

#endif // CTEST_TESTING_FUZZCALL_H
