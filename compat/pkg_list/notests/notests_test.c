#include <testing/testing.h>

// import "testing"

void helper(T *t); void helper(T *t) { (void)t; }
