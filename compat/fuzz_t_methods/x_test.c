#include <testing/testing.h>
static void cleanupLog(void *t);
static void sub(T *t, void *arg);

static void fuzz(T *t, go_int n) {
	t_logf(t, "seed %lld name %s", (long long)n, t_name(t));
	switch (n) {
	case 1:
		t_skip(t, "skip seed 1");
	case 2:
		t_fatalf(t, "fatal on seed %lld", (long long)n);
	case 3:
		t_error(t, "error on seed 3");
		t_log(t, "continues after Error"); break;
	case 4:
		t_cleanup(t, cleanupLog, t); break;
	case 5:
		t_run(t, "sub", sub, NULL); break;
	}
}

static void cleanupLog(void *t) { t_log((T *)t, "seed cleanup"); }

static void sub(T *t, void *arg) { (void)arg; t_log(t, "subtest in seed"); }

void FuzzT(F *f) {
	f_add(f, GO_INT(0));
	f_add(f, GO_INT(1));
	f_add(f, GO_INT(2));
	f_add(f, GO_INT(3));
	f_add(f, GO_INT(4));
	f_add(f, GO_INT(5));
	f_fuzz(f, fuzz, GO_INT);
}

static void fuzzSkipAll(T *t, go_int n) {
	t_skipf(t, "skipping %lld", (long long)n);
}

void FuzzAllSkip(F *f) {
	f_add(f, GO_INT(7));
	f_fuzz(f, fuzzSkipAll, GO_INT);
}
