// rename.h: the external names of the driver's scanner (cmd/ctest/scan.re,
// re2c's output), of cmd/ctest/load.c, whose string lists the scanner
// fills, and of cmd/ctest/sanitize.c, which names the sanitizers of its
// //ctest:sanitize lines, given a prefix of their own in this package,
// whose copies are instrumented (see corpus/rename.h and
// internal/selffuzz/CMakeLists.txt).
// The driver's files are in no library a test binary links, so here the
// prefix only keeps the names apart from a user's. scan_test.c's
// //ctest:cflags line includes it first in each file the package
// compiles.
#ifndef CTEST_INTERNAL_SELFFUZZ_SCAN_RENAME_H
#define CTEST_INTERNAL_SELFFUZZ_SCAN_RENAME_H

// scan.re
#define isTest selffuzz_isTest
#define scanFile selffuzz_scanFile
#define scanStatements selffuzz_scanStatements
#define splitQuoted selffuzz_splitQuoted
// load.c
#define absPath selffuzz_absPath
#define cacheDir selffuzz_cacheDir
#define cwd selffuzz_cwd
#define dirHasFile selffuzz_dirHasFile
#define filepathClean selffuzz_filepathClean
#define filepathJoin selffuzz_filepathJoin
#define hasSuffix selffuzz_hasSuffix
#define importPath selffuzz_importPath
#define importPathDir selffuzz_importPathDir
#define loadPackages selffuzz_loadPackages
#define package_free selffuzz_package_free
#define readDirNames selffuzz_readDirNames
#define removeAll selffuzz_removeAll
#define shortPath selffuzz_shortPath
#define strList_append selffuzz_strList_append
#define strList_appendAll selffuzz_strList_appendAll
#define strList_appendOwned selffuzz_strList_appendOwned
#define strList_contains selffuzz_strList_contains
#define strList_free selffuzz_strList_free
#define testFuncs_free selffuzz_testFuncs_free
// sanitize.c
#define appendSanitizeFlags selffuzz_appendSanitizeFlags
#define knownSanitizers selffuzz_knownSanitizers
#define sanitizerList_addFlags selffuzz_sanitizerList_addFlags
#define sanitizerList_free selffuzz_sanitizerList_free
#define sanitizerRuntime selffuzz_sanitizerRuntime

#endif // CTEST_INTERNAL_SELFFUZZ_SCAN_RENAME_H
