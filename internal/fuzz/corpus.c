// Ports go1.19.8 src/internal/fuzz/fuzz.go: ReadCorpus, readCorpusData,
// CheckCorpus, MalformedCorpusError, writeToCorpus and corpusEntryData
// (the corpus files on disk and their names; the coordinator's in-memory
// corpus is in coordinator.c).
#define _DEFAULT_SOURCE // realpath
#include "internal/fuzz/corpus.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal/fuzz/rawlayout.h"

// typeList is fmt's %v of a []reflect.Type: "[int string]".
static char *typeList(const go_kind *kinds, size_t n, const go_value *vals) {
    size_t len = 3;
    for (size_t i = 0; i < n; i++) {
        len += strlen(fuzz_kindTypeName(vals ? vals[i].kind : kinds[i])) + 1;
    }
    char *s = runtime_malloc(len);
    strcpy(s, "[");
    for (size_t i = 0; i < n; i++) {
        if (i > 0) {
            strcat(s, " ");
        }
        strcat(s, fuzz_kindTypeName(vals ? vals[i].kind : kinds[i]));
    }
    strcat(s, "]");
    return s;
}

go_error *fuzz_CheckCorpus(const go_value *vals, size_t n, const go_kind *types, size_t ntypes) {
    if (n != ntypes) {
        return fmt_Errorf(NULL, "wrong number of values in corpus entry: %zu, want %zu", n, ntypes);
    }
    for (size_t i = 0; i < ntypes; i++) {
        if (vals[i].kind != types[i]) {
            char *got = typeList(NULL, n, vals), *want = typeList(types, ntypes, NULL);
            go_error *err =
                    fmt_Errorf(NULL, "mismatched types in corpus entry: %s, want %s", got, want);
            free(got);
            free(want);
            return err;
        }
    }
    return NULL;
}

// fuzz_MalformedCorpusErrorType tags MalformedCorpusError; its message and
// its payload (a char *) are the per-file errors joined by newlines.
const go_errorType fuzz_MalformedCorpusErrorType = { "*fuzz.MalformedCorpusError", free };

char *fuzz_corpusFileName(const uint8_t *data, size_t len) {
    struct sha256_ctx ctx;
    uint8_t sum[SHA256_DIGEST_SIZE];
    sha256_init(&ctx);
    sha256_update(&ctx, len, data);
    sha256_digest(&ctx, sizeof sum, sum);
    char *name = runtime_malloc(2 * sizeof sum + 1);
    for (size_t i = 0; i < sizeof sum; i++) {
        snprintf(name + 2 * i, 3, "%02x", sum[i]);
    }
    return name;
}

// joinPath is filepath.Join(dir, name) for a clean name.
static char *joinPath(const char *dir, const char *name) {
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/') {
        n--;
    }
    if (n == 0) {
        return runtime_strdup(name);
    }
    return runtime_sprintf("%.*s/%s", (int)n, dir, name);
}

// readCorpusData is fuzz.go's readCorpusData.
static go_error *readCorpusData(const uint8_t *data, size_t len, const go_kind *types,
                                size_t ntypes, go_value **vals, size_t *n) {
    go_value *v = NULL;
    size_t nv = 0;
    go_error *err = fuzz_unmarshalCorpusFile(data, len, &v, &nv);
    if (err != NULL) {
        go_error *e = fmt_Errorf(NULL, "unmarshal: %s", go_error_Error(err));
        go_error_free(err);
        return e;
    }
    if ((err = fuzz_CheckCorpus(v, nv, types, ntypes)) != NULL) {
        fuzz_freeValues(v, nv);
        return err;
    }
    *vals = v;
    *n = nv;
    return NULL;
}

// ctest: Go reads only its own encoding; ctest corpus merge and import
// also take the files of libFuzzer's and AFL++'s corpora, raw bytes in
// the raw layout (rawlayout.c).
go_error *fuzz_readInputFile(const char *path, bool raw, const go_kind *types, size_t ntypes,
                             go_value **vals, size_t *n, char **note) {
    if (note != NULL) {
        *note = NULL;
    }
    // A FIFO or a device would block the read, or never end it.
    char *data;
    size_t len;
    bool special;
    go_error *err = os_ReadRegularFile(path, &data, &len, &special);
    if (err != NULL) {
        return err;
    }
    if (special) {
        return fmt_Errorf(NULL, "%s: not a regular file", path);
    }
    if (!raw || fuzz_isCorpusFile((const uint8_t *)data, len)) {
        err = readCorpusData((const uint8_t *)data, len, types, ntypes, vals, n);
        if (err == NULL && note != NULL) {
            *note = fuzz_corpusNote((const uint8_t *)data, len);
        }
        free(data);
        return err;
    }
    // The values own copies of the file's bytes.
    *vals = fuzz_unmarshalRaw((const uint8_t *)data, len, types, ntypes);
    *n = ntypes;
    free(data);
    return NULL;
}

// dirName is a directory entry: its name, and whether readdir said it is
// a directory (DT_DIR; DT_UNKNOWN leaves that to lstat).
typedef struct dirName {
    char *name;
    unsigned char type;
} dirName;

// isWriteTemp reports whether name is one of openTemp's temporary files
// (".<name>.<16 hex digits>.tmp"). ctest: one is left in a corpus
// directory only when a process was killed while writing to a directory
// that is a mount point (writeVia's fallback); it is no corpus file, and
// reading it as one would fail the next run on a half-written file.
static bool isWriteTemp(const char *name) {
    size_t n = strlen(name);
    if (n < 1 + 1 + 1 + 16 + 4 || name[0] != '.' || strcmp(name + n - 4, ".tmp") != 0 ||
        name[n - 4 - 16 - 1] != '.') {
        return false;
    }
    for (size_t i = n - 4 - 16; i < n - 4; i++) {
        if (!((name[i] >= '0' && name[i] <= '9') || (name[i] >= 'a' && name[i] <= 'f'))) {
            return false;
        }
    }
    return true;
}

static int compareNames(const void *a, const void *b) {
    return strcmp(((const dirName *)a)->name, ((const dirName *)b)->name);
}

static void freeEntries(fuzz_CorpusEntry *entries, size_t n) {
    for (size_t i = 0; i < n; i++) {
        fuzz_CorpusEntry_clear(&entries[i]);
    }
    free(entries);
}

// packageOf is, for a package's seed corpus directory,
// ".../testdata/fuzz/<name>" ("testdata/fuzz/<name>" in the current one),
// the package's directory, resolved; NULL for any other directory (the
// fuzz cache, a directory given to ctest corpus).
static char *packageOf(const char *dir) {
    static const char tail[] = "testdata/fuzz/";
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/') {
        n--;
    }
    size_t at = n; // where the last element starts
    while (at > 0 && dir[at - 1] != '/') {
        at--;
    }
    size_t tl = strlen(tail);
    if (at < tl || memcmp(dir + at - tl, tail, tl) != 0 || (at > tl && dir[at - tl - 1] != '/')) {
        return NULL;
    }
    char *pkg = runtime_sprintf("%.*s", (int)(at - tl), dir);
    char *real = realpath(pkg[0] != '\0' ? pkg : ".", NULL);
    free(pkg);
    return real;
}

// outside reports whether path resolves to a place outside the directory
// root (resolved), and sets *to to that place (to free) when it does. A
// path that does not resolve (a dangling link) is left to the read.
static bool outside(const char *root, const char *path, char **to) {
    char *real = realpath(path, NULL);
    size_t n = strlen(root);
    if (real == NULL || (strncmp(real, root, n) == 0 && (real[n] == '/' || real[n] == '\0')) ||
        strcmp(root, "/") == 0) {
        free(real);
        return false;
    }
    *to = real;
    return true;
}

// isLink reports whether the entry name of the directory dfd, of type
// type (a dirent's), is a symbolic link.
static bool isLink(int dfd, const char *name, unsigned char type) {
    struct stat st;
    return type == DT_LNK ||
           (type == DT_UNKNOWN && fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISLNK(st.st_mode));
}

// listNames is ioutil.ReadDir's list of d: the names (to free) and types
// of its entries, sorted, but for "." and "..", and the temporary files of
// writes; *n gets how many.
static dirName *listNames(DIR *d, size_t *n) {
    dirName *names = NULL;
    size_t nnames = 0, capNames = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 ||
            isWriteTemp(de->d_name)) {
            continue;
        }
        if (nnames == capNames) {
            capNames = capNames > 0 ? 2 * capNames : 16;
            names = runtime_realloc(names, capNames * sizeof names[0]);
        }
        names[nnames++] = (dirName){ runtime_strdup(de->d_name), de->d_type };
    }
    if (nnames > 1) { // names is NULL when dir is empty
        qsort(names, nnames, sizeof names[0], compareNames);
    }
    *n = nnames;
    return names;
}

// skipEntry reports whether the entry e of the directory dfd, at filename,
// is not read: a directory (ReadDir uses Lstat, so that a link to one
// fails to read, as in Go), or, in the corpus of the package pkg (resolved;
// NULL for another directory), a link that leads outside it, which is
// named (ctest's).
static bool skipEntry(int dfd, const dirName *e, const char *filename, const char *pkg) {
    struct stat st;
    if (e->type == DT_DIR ||
        (e->type == DT_UNKNOWN && fstatat(dfd, e->name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
         S_ISDIR(st.st_mode))) {
        return true;
    }
    char *to;
    if (pkg != NULL && isLink(dfd, e->name, e->type) && outside(pkg, filename, &to)) {
        fprintf(stderr, "ctest: skipping %s in the corpus: it leads to %s, outside the package\n",
                filename, to);
        free(to);
        return true;
    }
    return false;
}

go_error *fuzz_ReadCorpus(const char *dir, const go_kind *types, size_t ntypes,
                          fuzz_CorpusEntry **entries, size_t *n) {
    return fuzz_readCorpusDir(dir, types, ntypes, false, entries, n);
}

go_error *fuzz_readCorpusDir(const char *dir, const go_kind *types, size_t ntypes, bool keepData,
                             fuzz_CorpusEntry **entries, size_t *n) {
    *entries = NULL;
    *n = 0;
    // ctest: a package's seed corpus is read only where it lies in the
    // package: a directory or an entry that a symbolic link takes outside
    // it (to a home directory's secrets, to /etc) is named and skipped.
    char *pkg = packageOf(dir), *to = NULL;
    if (pkg != NULL && outside(pkg, dir, &to)) {
        fprintf(stderr,
                "ctest: skipping the corpus directory %s: it leads to %s, outside the package\n",
                dir, to);
        free(to);
        free(pkg);
        return NULL;
    }
    // ioutil.ReadDir: the names, sorted, of everything in dir.
    DIR *d = opendir(dir);
    if (d == NULL) {
        free(pkg);
        if (errno == ENOENT) {
            return NULL; // No corpus to read
        }
        return fmt_Errorf(NULL, "reading seed corpus from testdata: open %s: %s", dir,
                          strerror(errno));
    }
    size_t nnames;
    dirName *names = listNames(d, &nnames);
    // d stays open: its files are opened relative to it.
    int dfd = dirfd(d);

    fuzz_CorpusEntry *corpus = NULL;
    size_t ncorpus = 0;
    size_t capCorpus = 0;
    // errs: the MalformedCorpusError's lines, built up in place (a copy
    // per file made a directory of many bad files quadratic).
    strings_Builder errs = { 0 };
    go_error *err = NULL;
    for (size_t i = 0; i < nnames && err == NULL; i++) {
        char *filename = joinPath(dir, names[i].name);
        if (skipEntry(dfd, &names[i], filename, pkg)) {
            free(filename);
            continue;
        }
        // ctest: only regular files are read, as libFuzzer reads a corpus:
        // Go's read of a FIFO blocks forever, and of a link to /dev/zero
        // never ends. What is skipped is said.
        char *raw = NULL;
        size_t len = 0;
        bool special;
        go_error *rerr = os_ReadRegularFileAt(dfd, names[i].name, filename, &raw, &len, &special);
        if (rerr == NULL && special) {
            fprintf(stderr, "ctest: skipping %s in the corpus: not a regular file\n", filename);
            free(filename);
            continue;
        }
        uint8_t *data = (uint8_t *)raw;
        if (rerr != NULL) {
            err = fmt_Errorf(NULL, "failed to read corpus file: %s", go_error_Error(rerr));
            go_error_free(rerr);
            free(filename);
            break;
        }
        go_value *vals = NULL;
        size_t nvals = 0;
        rerr = readCorpusData(data, len, types, ntypes, &vals, &nvals);
        uint8_t *kept = NULL;
        if (keepData && rerr == NULL) {
            // The read's buffer has room to spare: keep the bytes only.
            kept = runtime_malloc(len > 0 ? len : 1);
            memcpy(kept, data, len);
        }
        free(data);
        if (rerr != NULL) {
            char *q = strconv_Quote(filename, strlen(filename));
            if (strings_Builder_Len(&errs) > 0) {
                strings_Builder_WriteByte(&errs, '\n');
            }
            strings_Builder_Printf(&errs, "%s: %s", q, go_error_Error(rerr));
            free(q);
            go_error_free(rerr);
            free(filename);
            continue;
        }
        if (ncorpus == capCorpus) {
            capCorpus = capCorpus > 0 ? 2 * capCorpus : 16;
            corpus = runtime_realloc(corpus, capCorpus * sizeof corpus[0]);
        }
        corpus[ncorpus++] = (fuzz_CorpusEntry){ .Path = filename,
                                                .Data = kept,
                                                .DataLen = kept != NULL ? len : 0,
                                                .Values = vals,
                                                .NValues = nvals };
    }
    closedir(d);
    free(pkg);
    for (size_t i = 0; i < nnames; i++) {
        free(names[i].name);
    }
    free(names);
    if (err != NULL) {
        strings_Builder_Reset(&errs);
        freeEntries(corpus, ncorpus);
        return err;
    }
    *entries = corpus;
    *n = ncorpus;
    if (strings_Builder_Len(&errs) > 0) {
        char *msg = strings_Builder_Detach(&errs);
        return errors_NewTyped(&fuzz_MalformedCorpusErrorType, msg, NULL, msg);
    }
    return NULL;
}

// openTemp creates a file for writing with a name nobody can foresee,
// "<prefix>.<name>.<16 random hex digits>.tmp", where prefix is a directory
// with its slash (or "" for the current one). O_EXCL and O_NOFOLLOW: a file
// or symbolic link already there is never opened, so nothing planted at
// the name gets written through. It sets *path (to free) and returns the
// descriptor, or -1 with errno.
static int openTemp(const char *prefix, size_t prefixLen, const char *name, char **path) {
    for (int try = 0; try < 8; try++) {
        uint64_t r;
        if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r) {
            r = (uint64_t)time_now() * 0x9E3779B97F4A7C15u ^ (uint64_t)getpid() ^ (uint64_t)try;
        }
        char *p = runtime_sprintf("%.*s.%s.%016llx.tmp", (int)prefixLen, prefix, name,
                                  (unsigned long long)r);
        int fd = open(p, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST || try == 7) {
            *path = p; // the last name tried names the error too
            return fd;
        }
        free(p);
    }
    return -1; // not reached: the last try returns
}

// writeVia writes entry's data to a new temporary file (openTemp's) and
// renames it to entry->Path. On failure it removes the temporary file and
// sets *renameErrno to rename's errno when that is what failed (else 0).
static go_error *writeVia(const char *prefix, size_t prefixLen, const char *name,
                          const fuzz_CorpusEntry *entry, int *renameErrno) {
    *renameErrno = 0;
    char *tmp;
    int fd = openTemp(prefix, prefixLen, name, &tmp);
    if (fd < 0) {
        go_error *err = fmt_Errorf(NULL, "open %s: %s", tmp, strerror(errno));
        free(tmp);
        return err;
    }
    go_error *err = NULL;
    size_t off = 0;
    while (off < entry->DataLen) {
        ssize_t w = write(fd, entry->Data + off, entry->DataLen - off);
        if (w < 0 && errno == EINTR) {
            continue;
        }
        if (w < 0) {
            err = fmt_Errorf(NULL, "write %s: %s", tmp, strerror(errno));
            break;
        }
        off += (size_t)w;
    }
    if (close(fd) != 0 && err == NULL) {
        err = fmt_Errorf(NULL, "close %s: %s", tmp, strerror(errno));
    }
    if (err == NULL && rename(tmp, entry->Path) != 0) {
        *renameErrno = errno;
        err = fmt_Errorf(NULL, "rename %s %s: %s", tmp, entry->Path, strerror(errno));
    }
    if (err != NULL) {
        unlink(tmp);
    }
    free(tmp);
    return err;
}

// ctest: corpus files are written atomically, unlike Go's os.WriteFile:
// the data goes to a temporary file, which is renamed into place, so a
// coordinator that dies while writing leaves no truncated corpus file,
// cache entry or crasher. (No fsync: a killed process loses nothing the
// kernel already has.) The temporary file goes beside dir, in the parent
// of the directory dir resolves to (never in dir, where a leftover would
// be read as a corpus file): a dir that is a symbolic link to another file
// system then still renames within one. Only when dir is itself a mount
// point does rename fail (EXDEV); the file is then written in dir, under
// a name that starts with a dot. writeInDir does this for the file name
// in dir, which entry->Path names, creating dir.
static go_error *writeInDir(const fuzz_CorpusEntry *entry, const char *dir, const char *name) {
    go_error *err = os_MkdirAll(dir);
    if (err != NULL) {
        return err;
    }
    char *real = realpath(dir, NULL);
    const char *d = real != NULL ? real : dir;
    size_t n = strlen(d);
    while (n > 1 && d[n - 1] == '/') {
        n--;
    }
    size_t base = n;
    while (base > 0 && d[base - 1] != '/') {
        base--;
    }
    // ".<dir's base>.<name>.<random>.tmp" in the parent.
    char *tmpName = runtime_sprintf("%.*s.%s", (int)(n - base), d + base, name);
    int renameErrno;
    err = writeVia(d, base, tmpName, entry, &renameErrno);
    if (err != NULL && renameErrno == EXDEV) {
        go_error_free(err);
        char *inDir = runtime_sprintf("%.*s/", (int)n, d);
        err = writeVia(inDir, strlen(inDir), name, entry, &renameErrno);
        free(inDir);
    }
    free(tmpName);
    free(real);
    return err;
}

go_error *fuzz_writeToCorpus(fuzz_CorpusEntry *entry, const char *dir) {
    char *sum = fuzz_corpusFileName(entry->Data, entry->DataLen);
    free(entry->Path);
    entry->Path = joinPath(dir, sum);
    go_error *err = writeInDir(entry, dir, sum);
    free(sum);
    return err;
}

// ctest: the note goes into the file where it is, under the name it has:
// a file's name is the hash of its input as the engine wrote it, so that
// finding the input again (with a sanitizer or without) writes the same
// file, and ctest corpus import knows it is there.
go_error *fuzz_writeCorpusNote(const char *path, const char *sanitizers) {
    char *data;
    size_t len;
    go_error *err = os_ReadFile(path, &data, &len);
    if (err != NULL) {
        return err;
    }
    fuzz_CorpusEntry e = { .Path = (char *)path };
    if (!fuzz_setCorpusNote((const uint8_t *)data, len, sanitizers, &e.Data, &e.DataLen)) {
        free(data);
        return fmt_Errorf(NULL, "%s: not a corpus file with a value", path);
    }
    free(data);
    const char *slash = strrchr(path, '/');
    char *dir = slash == NULL ? runtime_strdup(".")
                              : runtime_strndup(path, slash == path ? 1 : (size_t)(slash - path));
    err = writeInDir(&e, dir, slash == NULL ? path : slash + 1);
    free(dir);
    free(e.Data);
    return err;
}

go_error *fuzz_crashNotWritten(go_error *werr, const fuzz_CorpusEntry *e, const char *msg) {
    enum { maxShown = 64 << 10 };
    size_t shown = e->DataLen < maxShown ? e->DataLen : maxShown;
    char more[64] = "";
    if (shown < e->DataLen) {
        snprintf(more, sizeof more, "\n... (%zu more bytes)", e->DataLen - shown);
    }
    go_error *err =
            fmt_Errorf(NULL, "%s%s%s\nthe failing input could not be written; it was:\n%.*s%s",
                       msg != NULL ? msg : "", msg != NULL ? "\n" : "", go_error_Error(werr),
                       (int)shown, (const char *)e->Data, more);
    go_error_free(werr);
    return err;
}

go_error *fuzz_corpusEntryData(const fuzz_CorpusEntry *e, const uint8_t **data, size_t *n,
                               bool *owned) {
    if (e->Data != NULL) {
        *data = e->Data;
        *n = e->DataLen;
        *owned = false;
        return NULL;
    }
    char *buf;
    size_t len;
    go_error *err = os_ReadFile(e->Path, &buf, &len);
    if (err != NULL) {
        return err;
    }
    *data = (const uint8_t *)buf;
    *n = len;
    *owned = true;
    return NULL;
}

char *fuzz_shortHash(const uint8_t *data, size_t n) {
    char *name = fuzz_corpusFileName(data, n);
    name[8] = '\0'; // the first four bytes of the sum
    return name;
}
