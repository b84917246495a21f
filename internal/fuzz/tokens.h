// tokens.h: the token dictionary (tokens.c), words the mutator writes into
// []byte and string values (ctest's own, with -test.fuzzcmp), and the
// dictionary files they come from (dictfile.c).
#ifndef CTEST_INTERNAL_FUZZ_TOKENS_H
#define CTEST_INTERNAL_FUZZ_TOKENS_H

#include <stddef.h>
#include <stdint.h>

// tokenMax is the longest word, libFuzzer's Word::kMaxSize.
enum { tokenMax = 64 };

typedef struct tokenWord {
    uint8_t len;
    uint8_t b[tokenMax];
} tokenWord;

// tokenDict is a list of distinct words of 1 to tokenMax bytes.
typedef struct tokenDict {
    tokenWord *words;
    size_t n, cap;
} tokenDict;

// fuzz_tokenDict_add adds the n bytes at p, unless d has them already or n
// is 0 or over tokenMax.
void fuzz_tokenDict_add(tokenDict *d, const uint8_t *p, size_t n);
// fuzz_tokenDict_parse adds the words of a dictionary file (libFuzzer's
// -dict format, which is AFL's: one `"word"` or `name="word"` a line, with
// \\, \" and \xNN escapes; `#` starts a comment line). On a bad line it
// returns what is wrong and sets *line to its number; else NULL.
const char *fuzz_tokenDict_parse(tokenDict *d, const char *text, size_t len, int *line);
void fuzz_tokenDict_free(tokenDict *d);
// fuzz_tokenDict_format writes d's words as a dictionary file that
// fuzz_tokenDict_parse, libFuzzer and AFL read back as the same words:
// one `"word"` a line, a byte that is not printable ASCII as \xNN, `"`
// and `\` after a backslash (caller frees).
char *fuzz_tokenDict_format(const tokenDict *d);
// fuzz_processTokens is the run's token dictionary (fuzz.h's
// fuzz_AddTokens, fuzz_LoadDictFile), or NULL when it has no word.
const tokenDict *fuzz_processTokens(void);

#endif
