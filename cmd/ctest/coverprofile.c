// Ports go1.19.8 src/cmd/vendor/golang.org/x/tools/cover/profile.go:
// reading a coverage profile ("mode: set" and then a line
// "file:line.col,line.col statements count" per block) and placing its
// blocks in a file's source, as go tool cover -html does.
#include "cmd/ctest/coverprofile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void profiles_free(profile *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        free(p[i].FileName);
        free(p[i].Mode);
        free(p[i].Blocks);
    }
    free(p);
}

// seekBack is profile.go's: the number between sep, the last one before
// end in l, and end; *next is where sep is. what names the number in
// errors.
static go_error *seekBack(const char *l, char sep, size_t end, const char *what, int64_t *value,
                          size_t *next) {
    for (size_t start = end; start-- > 0;) {
        if (l[start] != sep) {
            continue;
        }
        const char *num = l + start + 1;
        size_t n = end - start - 1;
        go_error *err = strconv_ParseInt(num, n, 10, 64, value);
        if (err != NULL) {
            bool isRange = strconv_IsErrRange(err);
            go_error_free(err);
            char *q = strconv_Quote(num, n);
            err = fmt_Errorf(NULL, "couldn't parse \"%s\": strconv.Atoi: parsing %s: %s", what, q,
                             isRange ? "value out of range" : "invalid syntax");
            free(q);
            return err;
        }
        if (*value < 0) {
            return fmt_Errorf(NULL, "negative values are not allowed for %s, found %lld", what,
                              (long long)*value);
        }
        *next = start;
        return NULL;
    }
    return fmt_Errorf(NULL, "couldn't find a %c before %s", sep, what);
}

// parseLine is profile.go's parseLine on l[0:n]: the file name (*name,
// *nameLen) and the block.
static go_error *parseLine(const char *l, size_t n, size_t *nameLen, profileBlock *b) {
    struct {
        char sep;
        const char *what;
        int64_t *field;
    } fields[] = {
        { ' ', "Count", &b->Count },       { ' ', "NumStmt", &b->NumStmt },
        { '.', "EndCol", &b->EndCol },     { ',', "EndLine", &b->EndLine },
        { '.', "StartCol", &b->StartCol }, { ':', "StartLine", &b->StartLine },
    };
    size_t end = n;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        go_error *err = seekBack(l, fields[i].sep, end, fields[i].what, fields[i].field, &end);
        if (err != NULL) {
            return err;
        }
    }
    if (end == 0) {
        return errors_New("a FileName cannot be blank");
    }
    *nameLen = end;
    return NULL;
}

// compareBlocks is blocksByStart's Less.
static int compareBlocks(const void *a, const void *b) {
    const profileBlock *x = a, *y = b;
    if (x->StartLine != y->StartLine) {
        return x->StartLine < y->StartLine ? -1 : 1;
    }
    if (x->StartCol != y->StartCol) {
        return x->StartCol < y->StartCol ? -1 : 1;
    }
    return 0;
}

static int compareProfiles(const void *a, const void *b) {
    return strcmp(((const profile *)a)->FileName, ((const profile *)b)->FileName);
}

// addBlock appends b to the profile of the file name[0:n], made if new.
// A profile lists a file's blocks together, so the search starts from the
// file seen last (Go looks it up in a map).
static void addBlock(profile **ps, size_t *nps, size_t *cap, const char *name, size_t n,
                     const char *mode, profileBlock b) {
    profile *p = NULL;
    for (size_t i = *nps; i-- > 0 && p == NULL;) {
        if (strlen((*ps)[i].FileName) == n && memcmp((*ps)[i].FileName, name, n) == 0) {
            p = &(*ps)[i];
        }
    }
    if (p == NULL) {
        if (*nps == *cap) {
            *cap = *cap ? 2 * *cap : 8;
            *ps = runtime_realloc(*ps, *cap * sizeof **ps);
        }
        p = &(*ps)[(*nps)++];
        *p = (profile){ runtime_strndup(name, n), runtime_strdup(mode), NULL, 0, 0 };
    }
    if (p->nBlocks == p->capBlocks) {
        p->capBlocks = p->capBlocks ? 2 * p->capBlocks : 16;
        p->Blocks = runtime_realloc(p->Blocks, p->capBlocks * sizeof *p->Blocks);
    }
    p->Blocks[p->nBlocks++] = b;
}

// mergeBlocks sorts p's blocks by start and merges those of the same
// place: their counts or'ed in set mode, added otherwise.
static go_error *mergeBlocks(profile *p) {
    if (p->nBlocks == 0) {
        return NULL;
    }
    qsort(p->Blocks, p->nBlocks, sizeof *p->Blocks, compareBlocks);
    size_t j = 1;
    bool set = strcmp(p->Mode, "set") == 0;
    for (size_t i = 1; i < p->nBlocks; i++) {
        profileBlock b = p->Blocks[i], *last = &p->Blocks[j - 1];
        if (b.StartLine == last->StartLine && b.StartCol == last->StartCol &&
            b.EndLine == last->EndLine && b.EndCol == last->EndCol) {
            if (b.NumStmt != last->NumStmt) {
                return fmt_Errorf(NULL, "inconsistent NumStmt: changed from %lld to %lld",
                                  (long long)last->NumStmt, (long long)b.NumStmt);
            }
            last->Count = set ? (last->Count | b.Count) : last->Count + b.Count;
            continue;
        }
        p->Blocks[j++] = b;
    }
    p->nBlocks = j;
    return NULL;
}

go_error *parseProfilesFromText(const char *text, size_t n, profile **out, size_t *nout) {
    profile *ps = NULL;
    size_t nps = 0, cap = 0;
    char *mode = NULL;
    go_error *err = NULL;
    for (size_t at = 0; at < n && err == NULL;) {
        const char *nl = memchr(text + at, '\n', n - at);
        size_t end = nl != NULL ? (size_t)(nl - text) : n;
        const char *line = text + at;
        size_t len = end - at;
        at = end + 1;
        if (len > 0 && line[len - 1] == '\r') {
            len--; // bufio.ScanLines drops it
        }
        if (mode == NULL) {
            if (len <= 6 || memcmp(line, "mode: ", 6) != 0) {
                err = fmt_Errorf(NULL, "bad mode line: %.*s", (int)len, line);
                break;
            }
            mode = runtime_strndup(line + 6, len - 6);
            continue;
        }
        profileBlock b = { 0, 0, 0, 0, 0, 0 };
        size_t nameLen = 0;
        go_error *lerr = parseLine(line, len, &nameLen, &b);
        if (lerr != NULL) {
            char *q = strconv_Quote(line, len);
            err = fmt_Errorf(NULL, "line %s doesn't match expected format: %s", q,
                             go_error_Error(lerr));
            free(q);
            go_error_free(lerr);
            break;
        }
        addBlock(&ps, &nps, &cap, line, nameLen, mode, b);
    }
    for (size_t i = 0; i < nps && err == NULL; i++) {
        err = mergeBlocks(&ps[i]);
    }
    free(mode);
    if (err != NULL) {
        profiles_free(ps, nps);
        return err;
    }
    if (nps > 1) {
        qsort(ps, nps, sizeof *ps, compareProfiles);
    }
    *out = ps;
    *nout = nps;
    return NULL;
}

go_error *parseProfiles(const char *path, profile **out, size_t *nout) {
    char *text;
    size_t n;
    go_error *err = os_ReadFile(path, &text, &n);
    if (err != NULL) {
        return err;
    }
    err = parseProfilesFromText(text, n, out, nout);
    free(text);
    return err;
}

static int compareBoundaries(const void *a, const void *b) {
    const boundary *x = a, *y = b;
    if (x->Offset != y->Offset) {
        return x->Offset < y->Offset ? -1 : 1;
    }
    return x->Index < y->Index ? -1 : x->Index > y->Index;
}

// newBoundary is Boundaries' boundary closure: a start's count scaled by
// the log of the largest (0.8 when the counts are 0 and 1, set mode's).
static boundary newBoundary(size_t offset, bool start, int64_t count, size_t index, int64_t max) {
    boundary b = { offset, start, count, 0, index };
    if (!start || count == 0) {
        return b;
    }
    if (max <= 1) {
        b.Norm = 0.8;
    } else {
        b.Norm = log((double)count) / log((double)max);
    }
    return b;
}

boundary *profile_Boundaries(const profile *p, const char *src, size_t n, size_t *nb) {
    int64_t max = 0;
    for (size_t i = 0; i < p->nBlocks; i++) {
        if (p->Blocks[i].Count > max) {
            max = p->Blocks[i].Count;
        }
    }
    // At most a start and an end per block.
    boundary *bs = runtime_calloc(2 * p->nBlocks + 1, sizeof *bs);
    size_t k = 0;
    // The column starts at 2, not 1, as profile.go's does (a quirk it
    // marks with a TODO): the first line's blocks start one byte early.
    int64_t line = 1, col = 2;
    for (size_t si = 0, bi = 0; si < n && bi < p->nBlocks;) {
        const profileBlock *b = &p->Blocks[bi];
        if (b->StartLine == line && b->StartCol == col) {
            bs[k] = newBoundary(si, true, b->Count, k, max);
            k++;
        }
        if ((b->EndLine == line && b->EndCol == col) || line > b->EndLine) {
            bs[k] = newBoundary(si, false, 0, k, max);
            k++;
            bi++;
            continue; // the next block may start here
        }
        if (src[si] == '\n') {
            line++;
            col = 0;
        }
        col++;
        si++;
    }
    qsort(bs, k, sizeof *bs, compareBoundaries);
    *nb = k;
    return bs;
}
