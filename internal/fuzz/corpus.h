// corpus.h: corpus files on disk and the names they get (corpus.c).
#ifndef CTEST_INTERNAL_FUZZ_CORPUS_H
#define CTEST_INTERNAL_FUZZ_CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/fuzz.h"

// fuzz_readCorpusDir is fuzz_ReadCorpus; with keepData, each entry also
// keeps its file's bytes as Data (ctest: the coordinator reads its cache
// once, where Go reads each file again to hash it and to send it to the
// warm-up).
go_error *fuzz_readCorpusDir(const char *dir, const go_kind *types, size_t ntypes, bool keepData,
                             fuzz_CorpusEntry **entries, size_t *n);
// fuzz_writeToCorpus is fuzz.go's writeToCorpus: it writes entry->Data to
// dir/<corpusFileName>, creating dir, and sets entry->Path to that file
// (the entry owns the new Path; an old one is freed).
go_error *fuzz_writeToCorpus(fuzz_CorpusEntry *entry, const char *dir);
// fuzz_writeCorpusNote gives the corpus file at path a note naming
// sanitizers (fuzz_setCorpusNote), in place of the one it had, written as
// writeToCorpus writes; the file keeps its name (ctest's own).
go_error *fuzz_writeCorpusNote(const char *path, const char *sanitizers);
// fuzz_crashNotWritten is the error of a crasher that writeToCorpus could
// not write (werr, which it takes): the crash's message (msg, may be
// NULL), werr, and the input itself, its file's text, cut after 64 KB.
// ctest: Go reports werr alone, and the input is lost.
go_error *fuzz_crashNotWritten(go_error *werr, const fuzz_CorpusEntry *e, const char *msg);
// fuzz_corpusEntryData is corpusEntryData: e's Data, or its file's contents.
// *data is borrowed from e, or (when *owned) the caller's to free.
go_error *fuzz_corpusEntryData(const fuzz_CorpusEntry *e, const uint8_t **data, size_t *n,
                               bool *owned);
// fuzz_shortHash is fmt.Sprintf("%x", sha256.Sum256(data)[:4]), the name
// of an entry that is not written anywhere yet. Caller frees.
char *fuzz_shortHash(const uint8_t *data, size_t n);

// fuzz_readInputFile reads the input file at path, a regular file, for a
// fuzz function of the given types: a "go test fuzz v1" file (or "ctest
// fuzz v1"), or, with raw, any other file as raw bytes in the raw layout
// (rawlayout.h: for a function of one []byte or string, the argument's
// bytes), as ctest corpus merge and import read libFuzzer's and AFL++'s
// corpora and crash files. *vals (free with fuzz_freeValues) and *n are
// set on success; with note not NULL, *note is the sanitizer note of a
// v1 file (fuzz_corpusNote), or NULL. The error is readCorpusData's, or
// says why the file cannot be read.
go_error *fuzz_readInputFile(const char *path, bool raw, const go_kind *types, size_t ntypes,
                             go_value **vals, size_t *n, char **note);

#endif // CTEST_INTERNAL_FUZZ_CORPUS_H
