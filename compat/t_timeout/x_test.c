#define _POSIX_C_SOURCE 200809L
#include <testing/testing.h>
// import (
#include <time.h>
// import "time"
// )

void TestFast(T *t) {
	t_log(t, "fast");
}

void TestSlow(T *t) {
	nanosleep(&(struct timespec){ .tv_sec = 5 }, NULL);
	t_log(t, "not reached");
}
