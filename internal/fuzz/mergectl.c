// (none) ctest's own: the control file of `ctest corpus`, written by the
// driver and by the test binary's -test.fuzzmerge mode (mergerun.c), read
// by both; see mergectl.h for its records. Go has no corpus minimization;
// the file plays the part of libFuzzer's merge control file, which lets a
// merge go on past an input that kills the process running it.
#include "internal/fuzz/mergectl.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char header[] = "ctest fuzzmerge v1";

// writeLine writes the line in b with one write(2) and empties b.
static bool writeLine(int fd, strings_Builder *b) {
    strings_Builder_WriteByte(b, '\n');
    const char *p = strings_Builder_String(b);
    size_t n = strings_Builder_Len(b), off = 0;
    bool ok = true;
    while (off < n) {
        ssize_t w = write(fd, p + off, n - off);
        if (w < 0 && errno == EINTR) {
            continue;
        }
        if (w <= 0) {
            ok = false;
            break;
        }
        off += (size_t)w;
    }
    int saved = errno;
    strings_Builder_Reset(b);
    errno = saved;
    return ok;
}

static void writeQuotedField(strings_Builder *b, const char *s) {
    char *q = strconv_Quote(s, strlen(s));
    strings_Builder_WriteByte(b, ' ');
    strings_Builder_WriteString(b, q);
    free(q);
}

go_error *fuzz_mergeCtl_create(const char *path, const fuzz_mergeInput *in, size_t n) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        return fmt_Errorf(NULL, "open %s: %s", path, strerror(errno));
    }
    strings_Builder b = { 0 };
    strings_Builder_Printf(&b, "%s %zu\n", header, n);
    for (size_t i = 0; i < n; i++) {
        strings_Builder_Printf(&b, "input %s %s", in[i].keep ? "keep" : "try",
                               in[i].raw ? "raw" : "v1");
        writeQuotedField(&b, in[i].path);
        strings_Builder_WriteByte(&b, '\n');
    }
    // One line for the lot: writeLine adds the last newline.
    strings_Builder_Truncate(&b, strings_Builder_Len(&b) - 1);
    bool ok = writeLine(fd, &b);
    go_error *err = NULL;
    if (!ok) {
        err = fmt_Errorf(NULL, "write %s: %s", path, strerror(errno));
    }
    if (close(fd) != 0 && err == NULL) {
        err = fmt_Errorf(NULL, "close %s: %s", path, strerror(errno));
    }
    return err;
}

int fuzz_mergeCtl_open(const char *path) {
    return open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
}

size_t fuzz_mergeCtl_indexLine(char *buf, size_t size, const char *record, size_t i) {
    int n = snprintf(buf, size, "%s %zu\n", record, i);
    return n > 0 && (size_t)n < size ? (size_t)n : 0;
}

bool fuzz_mergeCtl_writeIndex(int fd, const char *record, size_t i) {
    strings_Builder b = { 0 };
    strings_Builder_Printf(&b, "%s %zu", record, i);
    return writeLine(fd, &b);
}

bool fuzz_mergeCtl_writeQuoted(int fd, const char *record, size_t i, const char *text) {
    strings_Builder b = { 0 };
    strings_Builder_Printf(&b, "%s %zu", record, i);
    writeQuotedField(&b, text);
    return writeLine(fd, &b);
}

bool fuzz_mergeCtl_writeFeatures(int fd, const char *record, int64_t i, const uint32_t *ft,
                                 size_t n) {
    strings_Builder b = { 0 };
    strings_Builder_WriteString(&b, record);
    if (i >= 0) {
        strings_Builder_Printf(&b, " %" PRId64, i);
    }
    for (size_t k = 0; k < n; k++) {
        strings_Builder_Printf(&b, " %" PRIu32, ft[k]);
    }
    return writeLine(fd, &b);
}

bool fuzz_mergeCtl_writeTypes(int fd, const go_kind *types, size_t n) {
    strings_Builder b = { 0 };
    strings_Builder_WriteString(&b, "types");
    for (size_t i = 0; i < n; i++) {
        strings_Builder_Printf(&b, " %s", fuzz_kindTypeName(types[i]));
    }
    return writeLine(fd, &b);
}

bool fuzz_mergeCtl_writeSeed(int fd, const char *v1file) {
    strings_Builder b = { 0 };
    strings_Builder_WriteString(&b, "seed");
    writeQuotedField(&b, v1file);
    return writeLine(fd, &b);
}

bool fuzz_mergeCtl_writeSeeds(int fd, const fuzz_CorpusEntry *seed, size_t n) {
    bool ok = true;
    for (size_t i = 0; ok && i < n; i++) {
        if (seed[i].Values != NULL) {
            uint8_t *data;
            size_t len;
            fuzz_marshalCorpusFile(seed[i].Values, seed[i].NValues, &data, &len);
            ok = fuzz_mergeCtl_writeSeed(fd, (const char *)data);
            free(data);
        }
    }
    return ok;
}

bool fuzz_mergeCtl_writeWord(int fd, const char *word) {
    strings_Builder b = { 0 };
    strings_Builder_WriteString(&b, "dict");
    writeQuotedField(&b, word);
    return writeLine(fd, &b);
}

go_error *fuzz_ListSeeds(const fuzz_ListSeedsOpts *o) {
    int fd = fuzz_mergeCtl_open(o->CtlPath);
    if (fd < 0) {
        return fmt_Errorf(NULL, "open %s: %s", o->CtlPath, strerror(errno));
    }
    bool ok = fuzz_mergeCtl_writeTypes(fd, o->Types, o->NTypes) &&
              fuzz_mergeCtl_writeSeeds(fd, o->Seed, o->NSeed);
    const char *p = o->Dict, *end = o->Dict + o->DictLen;
    while (ok && p < end) {
        ok = fuzz_mergeCtl_writeWord(fd, p);
        p += strlen(p) + 1;
    }
    go_error *err = NULL;
    if (!ok) {
        err = fmt_Errorf(NULL, "write %s: %s", o->CtlPath, strerror(errno));
    }
    close(fd);
    return err;
}

bool fuzz_mergeCtl_writeFinished(int fd) {
    strings_Builder b = { 0 };
    strings_Builder_WriteString(&b, "finished");
    return writeLine(fd, &b);
}

go_kind fuzz_kindByTypeName(const char *name, size_t len) {
    for (int k = GO_KIND_INVALID + 1; k < GO_KIND_COUNT; k++) {
        const char *n = fuzz_kindTypeName((go_kind)k);
        if (strlen(n) == len && memcmp(n, name, len) == 0) {
            return (go_kind)k;
        }
    }
    return GO_KIND_INVALID;
}

// ---- reading ----

// lineReader walks the lines of a control file; a field is a span of it.
typedef struct lineReader {
    const char *p, *end; // what is left of the line
} lineReader;

// field takes the next space-separated field of r into *f, *n.
static bool field(lineReader *r, const char **f, size_t *n) {
    if (r->p >= r->end) {
        return false;
    }
    const char *sp = memchr(r->p, ' ', (size_t)(r->end - r->p));
    const char *e = sp != NULL ? sp : r->end;
    *f = r->p;
    *n = (size_t)(e - r->p);
    r->p = sp != NULL ? sp + 1 : r->end;
    return true;
}

static bool is(const char *f, size_t n, const char *word) {
    return strlen(word) == n && memcmp(f, word, n) == 0;
}

// number parses the next field as a decimal below limit.
static bool number(lineReader *r, uint64_t limit, uint64_t *v) {
    const char *f;
    size_t n;
    if (!field(r, &f, &n) || n == 0 || n > 20) {
        return false;
    }
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (f[i] < '0' || f[i] > '9' || x > (UINT64_MAX - 9) / 10) {
            return false;
        }
        x = x * 10 + (uint64_t)(f[i] - '0');
    }
    *v = x;
    return x < limit;
}

// quoted unquotes the rest of the line (caller frees *s).
static bool quoted(lineReader *r, char **s) {
    size_t n;
    go_error *err = strconv_Unquote(r->p, (size_t)(r->end - r->p), s, &n);
    if (err != NULL) {
        go_error_free(err);
        return false;
    }
    r->p = r->end;
    return true;
}

// features parses the rest of the line as features.
static bool features(lineReader *r, uint32_t **ft, size_t *nft) {
    size_t n = 0, cap = 0;
    uint32_t *v = NULL;
    while (r->p < r->end) {
        uint64_t x;
        if (!number(r, (uint64_t)UINT32_MAX + 1, &x)) {
            free(v);
            return false;
        }
        if (n == cap) {
            cap = cap == 0 ? 64 : 2 * cap;
            v = runtime_realloc(v, cap * sizeof *v);
        }
        v[n++] = (uint32_t)x;
    }
    free(*ft);
    *ft = v;
    *nft = n;
    return true;
}

// readInput parses an input line.
static bool readInput(lineReader *r, fuzz_mergeInput *in) {
    const char *f;
    size_t n;
    if (!field(r, &f, &n) || !is(f, n, "input") || !field(r, &f, &n)) {
        return false;
    }
    in->keep = is(f, n, "keep");
    if (!in->keep && !is(f, n, "try")) {
        return false;
    }
    if (!field(r, &f, &n)) {
        return false;
    }
    in->raw = is(f, n, "raw");
    if (!in->raw && !is(f, n, "v1")) {
        return false;
    }
    return quoted(r, &in->path);
}

// setMsg replaces in's message with the rest of the line, unquoted.
static bool setMsg(lineReader *r, fuzz_mergeInput *in) {
    free(in->msg);
    in->msg = NULL;
    return quoted(r, &in->msg);
}

// readRecord applies one record of the binary's (or the driver's crashed)
// to ctl.
static bool readRecord(lineReader *r, fuzz_mergeCtl *ctl) {
    const char *f;
    size_t n;
    if (!field(r, &f, &n)) {
        return false;
    }
    if (is(f, n, "types")) {
        free(ctl->types);
        ctl->types = runtime_sprintf("%.*s", (int)(r->end - r->p), r->p);
        return true;
    }
    if (is(f, n, "seeds")) {
        return features(r, &ctl->seeds, &ctl->nseeds);
    }
    if (is(f, n, "seed")) {
        ctl->seedFiles =
                runtime_realloc(ctl->seedFiles, (ctl->nseedFiles + 1) * sizeof *ctl->seedFiles);
        ctl->seedFiles[ctl->nseedFiles] = NULL;
        return quoted(r, &ctl->seedFiles[ctl->nseedFiles++]);
    }
    if (is(f, n, "dict")) {
        ctl->dictWords =
                runtime_realloc(ctl->dictWords, (ctl->ndictWords + 1) * sizeof *ctl->dictWords);
        ctl->dictWords[ctl->ndictWords] = NULL;
        return quoted(r, &ctl->dictWords[ctl->ndictWords++]);
    }
    if (is(f, n, "finished")) {
        ctl->finished = true;
        return r->p == r->end;
    }
    uint64_t i;
    if (!number(r, ctl->n, &i)) {
        return false;
    }
    fuzz_mergeInput *in = &ctl->in[i];
    if (is(f, n, "started")) {
        in->state = fuzz_mergeStarted;
        ctl->nstarted++;
        ctl->last = (int64_t)i;
        return true;
    }
    if (is(f, n, "ft")) {
        return features(r, &in->ft, &in->nft);
    }
    if (is(f, n, "done")) {
        if (in->state != fuzz_mergeFailed) {
            in->state = fuzz_mergeDone;
        }
        return true;
    }
    if (is(f, n, "hung")) {
        in->state = fuzz_mergeHung;
        return true;
    }
    fuzz_mergeState st = is(f, n, "failed")    ? fuzz_mergeFailed
                         : is(f, n, "crashed") ? fuzz_mergeCrashed
                         : is(f, n, "error")   ? fuzz_mergeInvalid
                                               : fuzz_mergeNotRun;
    if (st == fuzz_mergeNotRun) {
        return false;
    }
    if (st == fuzz_mergeInvalid && in->state != fuzz_mergeInvalid) {
        ctl->ninvalid++;
    }
    in->state = st;
    return setMsg(r, in);
}

// readLines parses the file's text into ctl; it returns the number of
// the first line it cannot read, or 0.
static size_t readLines(const char *data, size_t len, fuzz_mergeCtl *ctl) {
    size_t lineno = 0;
    const char *p = data, *end = data + len;
    for (;;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (nl == NULL) {
            return 0; // the end, or a line a killed process did not finish
        }
        lineno++;
        lineReader r = { p, nl };
        p = nl + 1;
        if (lineno == 1) {
            uint64_t n;
            if ((size_t)(nl - r.p) <= sizeof header ||
                memcmp(r.p, header, sizeof header - 1) != 0 || r.p[sizeof header - 1] != ' ') {
                return lineno;
            }
            r.p += sizeof header;
            if (!number(&r, SIZE_MAX / sizeof *ctl->in, &n) || r.p != r.end) {
                return lineno;
            }
            ctl->n = (size_t)n;
            ctl->in = runtime_calloc(ctl->n > 0 ? ctl->n : 1, sizeof *ctl->in);
        } else if (lineno - 2 < ctl->n) {
            if (!readInput(&r, &ctl->in[lineno - 2])) {
                return lineno;
            }
        } else if (!readRecord(&r, ctl)) {
            return lineno;
        }
    }
}

go_error *fuzz_mergeCtl_read(const char *path, fuzz_mergeCtl *ctl) {
    *ctl = (fuzz_mergeCtl){ .last = -1 };
    char *data;
    size_t len;
    go_error *err = os_ReadFile(path, &data, &len);
    if (err != NULL) {
        return err;
    }
    size_t bad = readLines(data, len, ctl);
    free(data);
    if (bad == 0 && ctl->in == NULL) {
        bad = 1;
    }
    if (bad != 0) {
        fuzz_mergeCtl_free(ctl);
        return fmt_Errorf(NULL, "%s:%zu: not a line of a ctest fuzzmerge v1 control file", path,
                          bad);
    }
    return NULL;
}

void fuzz_mergeCtl_free(fuzz_mergeCtl *ctl) {
    for (size_t i = 0; i < ctl->n; i++) {
        free(ctl->in[i].path);
        free(ctl->in[i].ft);
        free(ctl->in[i].msg);
    }
    free(ctl->in);
    free(ctl->types);
    free(ctl->seeds);
    for (size_t i = 0; i < ctl->nseedFiles; i++) {
        free(ctl->seedFiles[i]);
    }
    free(ctl->seedFiles);
    for (size_t i = 0; i < ctl->ndictWords; i++) {
        free(ctl->dictWords[i]);
    }
    free(ctl->dictWords);
    *ctl = (fuzz_mergeCtl){ .last = -1 };
}
