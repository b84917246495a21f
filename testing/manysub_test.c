// (none) ctest's own test: a test may run more subtests, one after the
// other, than the system has room for thread stacks at once, as Go runs
// millions of subtests on its goroutines.
#include <stdio.h>

#include "testing/internal.h"
#include "testing/match.h"
#include "testing/sub_test.h"
#include "testing/testing.h"

enum { manySubtests = 40000 }; // past the ~32,700 once fatal (vm.max_map_count 65530)

static void discard(void *ctx, const char *p, size_t n) {
    (void)ctx;
    (void)p;
    (void)n;
}

static void pass(T *t, void *arg) {
    (void)t;
    (void)arg;
}

static void manyRoot(T *t, void *arg) {
    int *ran = arg;
    for (int i = 0; i < manySubtests; i++) {
        char name[16];
        snprintf(name, sizeof name, "%d", i);
        *ran += t_run(t, name, pass, NULL);
    }
}

// TestManySubtests: 40,000 sequential subtests all run and pass. Each
// one's thread was once joined only when its parent was freed, and the
// binary died with "runtime: failed to create new OS thread" at about
// 32,700.
void TestManySubtests(T *t) {
    writer w = { discard, NULL };
    testing_matcher *m = testing_newMatcher(testing_matchString, "", "");
    testContext *ctx = testing_newTestContext(1, m);
    T *root = newRoot("", &w, ctx, false);
    int ran = 0;
    t_run(root, "", manyRoot, &ran);
    if (ran != manySubtests) {
        t_errorf(t, "%d of %d subtests passed", ran, manySubtests);
    }
    testing_T_free(root);
    testing_testContext_free(ctx);
    testing_matcher_free(m);
}
