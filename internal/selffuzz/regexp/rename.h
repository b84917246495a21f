// rename.h: the external names of the regexp syntax checker (internal/std's
// regexp_syntax.c, regexp_syntax_class.c, regexp_syntax_pcre2.c and
// regexp_prog.c), given a prefix of their own in this package, whose
// copies of those files are instrumented while the library's are not (see
// corpus/rename.h and internal/selffuzz/CMakeLists.txt). regexp_test.c's
// //ctest:cflags line includes it first in each file the package
// compiles. The \p{...} name table (regexp_syntax_names.c) is data, not
// compiled here: the copies read the library's.
#ifndef CTEST_INTERNAL_SELFFUZZ_REGEXP_RENAME_H
#define CTEST_INTERNAL_SELFFUZZ_REGEXP_RENAME_H

// regexp_syntax.c
#define regexp_checkUTF8 selffuzz_regexp_checkUTF8
#define regexp_nextRune selffuzz_regexp_nextRune
#define regexp_pushClass selffuzz_regexp_pushClass
#define regexp_syntaxError selffuzz_regexp_syntaxError
#define regexp_syntax_ToPCRE2 selffuzz_regexp_syntax_ToPCRE2
// regexp_syntax_class.c
#define regexp_parseClass selffuzz_regexp_parseClass
#define regexp_parseEscape selffuzz_regexp_parseEscape
#define regexp_parsePerlClassEscape selffuzz_regexp_parsePerlClassEscape
#define regexp_parseUnicodeClass selffuzz_regexp_parseUnicodeClass
// regexp_syntax_pcre2.c
#define regexp_acceptParts selffuzz_regexp_acceptParts
#define regexp_buffer_ranges selffuzz_regexp_buffer_ranges
#define regexp_classClose selffuzz_regexp_classClose
#define regexp_classOpen selffuzz_regexp_classOpen
#define regexp_emit selffuzz_regexp_emit
#define regexp_emitAtom selffuzz_regexp_emitAtom
#define regexp_nextCut selffuzz_regexp_nextCut
// regexp_prog.c
#define regexp_compileProg selffuzz_regexp_compileProg
#define regexp_prog_free selffuzz_regexp_prog_free

#endif // CTEST_INTERNAL_SELFFUZZ_REGEXP_RENAME_H
