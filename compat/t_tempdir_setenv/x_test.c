#include <testing/testing.h>

// import (
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char saved[4096];

void TestTempDir(T *t) {
	char d1[4096]; snprintf(d1, sizeof d1, "%s", t_tempdir(t));
	const char *d2 = t_tempdir(t);
	if (strcmp(d1, d2) == 0) {
		t_error(t, "TempDir returned the same directory twice");
	}
	char p[4200]; snprintf(p, sizeof p, "%s/f", d1); FILE *fp = fopen(p, "w"); if (fp == NULL || fputs("x", fp) < 0 || fclose(fp) != 0) {
		t_fatal(t, "cannot write in TempDir");
	}
	snprintf(saved, sizeof saved, "%s", d1);
	t_log(t, "TempDir ok");
}

void TestTempDirRemoved(T *t) {
	struct stat st; if (stat(saved, &st) == 0) {
		t_error(t, "TempDir not removed after the test");
	}
}

void TestSetenv(T *t) {
	t_setenv(t, "CTEST_COMPAT_A", "set");
	if (getenv("CTEST_COMPAT_A") == NULL || strcmp(getenv("CTEST_COMPAT_A"), "set") != 0) {
		t_error(t, "Setenv did not set");
	}
}

void TestSetenvRestored(T *t) {
	const char *v = getenv("CTEST_COMPAT_A"); if (v != NULL) {
		t_errorf(t, "Setenv not restored: %s", v);
	}
	if (getenv("CTEST_COMPAT_B") == NULL || strcmp(getenv("CTEST_COMPAT_B"), "outer") != 0) {
		t_error(t, "CTEST_COMPAT_B changed");
	}
}

void TestSetenvOverride(T *t) {
	t_setenv(t, "CTEST_COMPAT_B", "inner");
	t_log(t, getenv("CTEST_COMPAT_B"));
}

void TestSetenvOverrideRestored(T *t) {
	t_log(t, getenv("CTEST_COMPAT_B"));
}
