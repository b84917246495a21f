// word.h: functions of C strings, the package of cmd/ctest's cstring_e2e
// test, each with a bug its fuzzing finds: word_check fails on one kind of
// word; word_escapes reads on past the NUL after a trailing backslash.
#ifndef CTEST_CSTRINGPKG_WORD_H
#define CTEST_CSTRINGPKG_WORD_H

// word_check returns 0 for s, a C string, except for a word that starts
// with "fuzz", ends with '!' and is six bytes or more: -1.
int word_check(const char *s);

// word_escapes counts the backslash escapes of s, a backslash and the
// byte after it.
int word_escapes(const char *s);

#endif // CTEST_CSTRINGPKG_WORD_H
