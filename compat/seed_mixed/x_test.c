#include <testing/testing.h>
// import "testing"
static void fuzzMixed(T *t, go_int n); static void sub(T *t, void *arg);

void FuzzMixed(F *f) {
	for (int i = 0; i < 6; i++) {
		f_add(f, GO_INT(i));
	}
	f_fuzz(f, fuzzMixed, GO_INT);
} static void fuzzMixed(T *t, go_int n) { t_logf(t, "start %lld", (long long)n);
		switch (n) {
		case 1: case 4:
			t_parallel(t);
			t_logf(t, "resumed %lld", (long long)n); break;
		case 2:
			t_run(t, "sub", sub, &n); break;
		case 3:
			t_fatalf(t, "fatal %lld", (long long)n);
		}
		t_logf(t, "end %lld", (long long)n);
	}


static void sub(T *t, void *arg) {
	t_logf(t, "sub of %lld", (long long)*(go_int *)arg);
}
