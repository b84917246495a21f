#include <testing/testing.h>
#include <stdio.h>
// import "testing"
static void fuzzPar(T *t, go_int n);
void FuzzPar(F *f) {
	f_add(f, GO_INT(1));
	f_add(f, GO_INT(2));
	f_add(f, GO_INT(3));
	f_fuzz(f, fuzzPar, GO_INT);
} static void fuzzPar(T *t, go_int n) { char s[32]; snprintf(s, sizeof s, "%lld", (long long)n);
	t_parallel(t); t_log(t, s);
}


static void par(T *t, void *arg) {
	(void)arg; t_parallel(t);
	t_log(t, "resumed");
}

void TestPar(T *t) {
	t_run(t, "a", par, NULL);
	t_run(t, "b", par, NULL);
	t_run(t, "c", par, NULL);
}
