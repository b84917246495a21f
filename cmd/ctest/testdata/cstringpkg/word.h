// word.h: a function of C strings, the package of cmd/ctest's cstring_e2e
// test: word_check walks its argument to the NUL, and fails on one kind of
// word, the bug the test's fuzzing finds.
#ifndef CTEST_CSTRINGPKG_WORD_H
#define CTEST_CSTRINGPKG_WORD_H

// word_check returns 0 for s, a C string, except for a word that starts
// with "fuzz", ends with '!' and is six bytes or more: -1.
int word_check(const char *s);

#endif // CTEST_CSTRINGPKG_WORD_H
