// corpus.h: corpus files on disk and the names they get (corpus.c).
#ifndef CTEST_INTERNAL_FUZZ_CORPUS_H
#define CTEST_INTERNAL_FUZZ_CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/fuzz.h"

// fuzz_writeToCorpus is fuzz.go's writeToCorpus: it writes entry->Data to
// dir/<corpusFileName>, creating dir, and sets entry->Path to that file
// (the entry owns the new Path; an old one is freed).
go_error *fuzz_writeToCorpus(fuzz_CorpusEntry *entry, const char *dir);
// fuzz_corpusEntryData is corpusEntryData: e's Data, or its file's contents.
// *data is borrowed from e, or (when *owned) the caller's to free.
go_error *fuzz_corpusEntryData(const fuzz_CorpusEntry *e, const uint8_t **data, size_t *n,
                               bool *owned);
// fuzz_shortHash is fmt.Sprintf("%x", sha256.Sum256(data)[:4]), the name
// of an entry that is not written anywhere yet. Caller frees.
char *fuzz_shortHash(const uint8_t *data, size_t n);

#endif // CTEST_INTERNAL_FUZZ_CORPUS_H
