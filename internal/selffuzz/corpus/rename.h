// rename.h: the external names of the corpus decoder (internal/fuzz's
// encoding.c, encoding_parse.c and the re2c output of encoding_lex.re),
// given a prefix of their own in this package.
//
// The package compiles those files again, instrumented, so that fuzzing
// them is guided by their coverage; the engine's library, which every test
// binary links (whole, in a fuzzing build), holds the same functions
// uninstrumented. corpus_test.c's //ctest:cflags line includes this header
// first in each file the package compiles, the copied sources and the test
// alike: the copies and the calls to them are then selffuzz_fuzz_*, while
// the engine keeps calling its own fuzz_* (it reads this package's
// testdata with them). A name missing here is defined twice, which the
// link of a fuzzing build reports. See internal/selffuzz/CMakeLists.txt.
#ifndef CTEST_INTERNAL_SELFFUZZ_CORPUS_RENAME_H
#define CTEST_INTERNAL_SELFFUZZ_CORPUS_RENAME_H

// encoding.c
#define fuzz_corpusNote selffuzz_fuzz_corpusNote
#define fuzz_isCorpusFile selffuzz_fuzz_isCorpusFile
#define fuzz_marshalCorpusFile selffuzz_fuzz_marshalCorpusFile
#define fuzz_setCorpusNote selffuzz_fuzz_setCorpusNote
#define fuzz_unmarshalCorpusFile selffuzz_fuzz_unmarshalCorpusFile
// encoding_parse.c
#define fuzz_parseExprFrom selffuzz_fuzz_parseExprFrom
#define fuzz_parser_free selffuzz_fuzz_parser_free
// encoding_lex.re
#define fuzz_scanErrorList_add selffuzz_fuzz_scanErrorList_add
#define fuzz_scanErrorList_clear selffuzz_fuzz_scanErrorList_clear
#define fuzz_scanner_Scan selffuzz_fuzz_scanner_Scan
#define fuzz_scanner_free selffuzz_fuzz_scanner_free
#define fuzz_scanner_init selffuzz_fuzz_scanner_init
#define fuzz_token_String selffuzz_fuzz_token_String

#endif // CTEST_INTERNAL_SELFFUZZ_CORPUS_RENAME_H
