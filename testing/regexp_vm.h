// regexp_vm.h: running the program of a pattern too large for PCRE2
// (regexp_vm.c), for testdeps.c's MatchString.
#ifndef CTEST_TESTING_REGEXP_VM_H
#define CTEST_TESTING_REGEXP_VM_H

#include <stdbool.h>
#include <stddef.h>

#include "internal/std/std.h"

typedef struct testing_regexpVM testing_regexpVM;

// testing_newRegexpVM takes prog (left empty) and returns what runs it.
testing_regexpVM *testing_newRegexpVM(regexp_prog *prog);
void testing_freeRegexpVM(testing_regexpVM *vm);
// testing_regexpVMMatch reports whether the n bytes at s (valid UTF-8)
// hold a match of the program, as (*Regexp).MatchString does.
bool testing_regexpVMMatch(testing_regexpVM *vm, const char *s, size_t n);

#endif // CTEST_TESTING_REGEXP_VM_H
