// Ports go1.19.8 src/cmd/go/internal/test/cover.go (one profile for every
// package tested: initCoverProfile, mergeCoverProfile, closeCoverProfile)
// and src/testing/cover.go's coverReport (the "coverage:" line and the
// profile's block lines), over clang's source-based coverage.
//
// Go's cover tool rewrites a package's files with a counter per block of
// statements, and the test binary reports them. A C compiler has no such
// tool, so ctest: the package's files are compiled with
// -fprofile-instr-generate -fcoverage-mapping (build.c), the test binary
// writes its counts when it exits (to LLVM_PROFILE_FILE), and the driver
// then merges them with llvm-profdata and reads them with llvm-cov export.
// clang's regions nest (a function, the body of an if in it, ...), while
// Go's blocks do not; llvm-cov's segments are the regions cut where one
// starts or ends, each with the count of the innermost region there, and
// each segment with a count becomes one of Go's blocks, from its start to
// the start of the next. A block's statements are those that
// scanStatements places in it, so the percentage is, as Go's, of
// statements. Gap segments (the space between a condition and its body)
// are left out, as Go leaves them out of blocks.
#define _GNU_SOURCE // strcasestr
#include <errno.h>
#include <glob.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/ctest/ctest.h"

static struct {
    char *mode;     // -covermode: set, count or atomic
    char *profdata; // the llvm-profdata and llvm-cov that match the compiler
    char *cov;
    FILE *merged; // -coverprofile, or NULL (Go's coverMerge.f)
    char *mergedPath;
} coverState;

go_error *initCover(builder *b, const char *mode) {
    coverState.mode = runtime_strdup(mode);
    return coverInstrumentFlags(b, &coverState.profdata, &coverState.cov);
}

go_error *initCoverProfile(const char *mode, const char *profile) {
    coverState.mergedPath = runtime_strdup(profile);
    coverState.merged = fopen(profile, "w");
    if (coverState.merged == NULL) {
        return fmt_Errorf(NULL, "open %s: %s", profile, strerror(errno));
    }
    fprintf(coverState.merged, "mode: %s\n", mode);
    return NULL;
}

go_error *closeCoverProfile(void) {
    go_error *err = NULL;
    if (coverState.merged != NULL) {
        // A write that failed (a full disk) shows in ferror, if not in
        // fclose's flush.
        bool failed = ferror(coverState.merged) != 0;
        if ((fclose(coverState.merged) != 0) | failed) {
            err = fmt_Errorf(NULL, "closing coverage profile: close %s: %s", coverState.mergedPath,
                             strerror(failed ? EIO : errno));
        }
    }
    coverState.merged = NULL;
    free(coverState.mergedPath);
    free(coverState.mode);
    free(coverState.profdata);
    free(coverState.cov);
    coverState.mergedPath = coverState.mode = coverState.profdata = coverState.cov = NULL;
    return err;
}

// rawDir is where the test binary at binary writes its counts (caller
// frees).
static char *rawDir(const char *binary) {
    return runtime_sprintf("%s.profraw.d", binary);
}

char *coverBegin(const char *binary) {
    char *dir = rawDir(binary);
    go_error_free(removeAll(dir));
    mkdir(dir, 0777);
    char *pattern = runtime_sprintf("%s/%%p.profraw", dir);
    free(dir);
    return pattern;
}

// coverTally is what coverReport adds up: Go's active and total, and
// (ctest) llvm-cov's count of the branches and of those taken.
typedef struct coverTally {
    int64_t active, total;
    int64_t branches, taken;
} coverTally;

// inPackage reports whether the file at path (absolute) is one whose
// coverage the package reports: in its directory, or one of its
// //ctest:srcs files or beside one. Headers elsewhere (the C library's,
// ctest's) are not.
static bool inPackage(const package *p, const strList *srcs, const char *path) {
    const char *slash = strrchr(path, '/');
    if (slash == NULL) {
        return false;
    }
    size_t dirLen = (size_t)(slash - path);
    if (strlen(p->Dir) == dirLen && strncmp(p->Dir, path, dirLen) == 0) {
        return true;
    }
    for (size_t i = 0; i < srcs->len; i++) {
        const char *s = srcs->ptr[i];
        const char *ss = strrchr(s, '/');
        if (ss != NULL && (size_t)(ss - s) == dirLen && strncmp(s, path, dirLen) == 0) {
            return true;
        }
    }
    return false;
}

// segmentAt reads segment i of segs: [line, col, count, hasCount,
// isRegionEntry, isGapRegion].
static bool segmentAt(json_t *segs, size_t i, srcPos *pos, json_int_t *count, bool *tracked) {
    json_t *s = json_array_get(segs, i);
    if (!json_is_array(s) || json_array_size(s) < 6) {
        return false;
    }
    pos->line = (int)json_integer_value(json_array_get(s, 0));
    pos->col = (int)json_integer_value(json_array_get(s, 1));
    *count = json_integer_value(json_array_get(s, 2));
    *tracked = json_is_true(json_array_get(s, 3)) && !json_is_true(json_array_get(s, 5));
    return true;
}

static bool posLess(srcPos a, srcPos b) {
    return a.line < b.line || (a.line == b.line && a.col < b.col);
}

// reportFile turns the segments of one file into Go's blocks: added to the
// tally, and written to the profile if there is one.
static void reportFile(const char *path, json_t *segs, coverTally *tally) {
    char *src;
    size_t n;
    go_error *err = os_ReadFile(path, &src, &n);
    if (err != NULL) {
        go_error_free(err);
        return; // gone since it was built: nothing to place statements in
    }
    srcPosList stmts = { 0 };
    scanStatements(src, n, &stmts);
    free(src);
    const char *slash = strrchr(path, '/');
    char *dir = runtime_strndup(path, (size_t)(slash - path));
    char *pkg = importPath(dir);
    size_t next = 0, nsegs = json_array_size(segs);
    srcPos start, end;
    json_int_t count, ignored;
    bool tracked, endTracked;
    for (size_t i = 0; i + 1 < nsegs; i++) {
        if (!segmentAt(segs, i, &start, &count, &tracked) ||
            !segmentAt(segs, i + 1, &end, &ignored, &endTracked) || !tracked ||
            !posLess(start, end)) {
            continue;
        }
        while (next < stmts.len && posLess(stmts.ptr[next], start)) {
            next++;
        }
        int64_t nstmt = 0;
        for (; next < stmts.len && posLess(stmts.ptr[next], end); next++) {
            nstmt++;
        }
        if (strcmp(coverState.mode, "set") == 0 && count > 0) {
            count = 1;
        }
        tally->total += nstmt;
        if (count > 0) {
            tally->active += nstmt;
        }
        if (coverState.merged != NULL) {
            fprintf(coverState.merged, "%s%s:%d.%d,%d.%d %" PRId64 " %lld\n", pkg, slash,
                    start.line, start.col, end.line, end.col, nstmt, (long long)count);
        }
    }
    free(pkg);
    free(dir);
    free(stmts.ptr);
}

// exportCoverage runs llvm-profdata and llvm-cov export on what the run
// of binary recorded; the export's JSON in *root, or an error message
// (caller frees). Neither when the binary recorded nothing (it crashed).
static char *exportCoverage(const char *binary, json_t **root) {
    *root = NULL;
    char *dir = rawDir(binary);
    char *data = runtime_sprintf("%s/merged.profdata", dir);
    strList args = { 0 }, raws = { 0 };
    char *pattern = runtime_sprintf("%s/*.profraw", dir);
    glob_t g;
    if (glob(pattern, 0, NULL, &g) == 0) {
        for (size_t k = 0; k < g.gl_pathc; k++) {
            strList_append(&raws, g.gl_pathv[k]);
        }
        globfree(&g);
    }
    free(pattern);
    char *msg = NULL, *out = NULL;
    size_t n;
    if (raws.len == 0) {
        goto out;
    }
    strList_append(&args, coverState.profdata);
    strList_append(&args, "merge");
    strList_append(&args, "-sparse");
    strList_append(&args, "-o");
    strList_append(&args, data);
    strList_appendAll(&args, &raws);
    if (!runOut(dir, &args, &out, &n)) {
        msg = runtime_sprintf("error: merging coverage counts: %s", out);
        goto out;
    }
    free(out);
    strList_free(&args);
    strList_append(&args, coverState.cov);
    strList_append(&args, "export");
    strList_append(&args, "-format=text");
    strList_append(&args, "-skip-functions");
    strList_append(&args, "-skip-expansions");
    strList_appendOwned(&args, runtime_sprintf("-instr-profile=%s", data));
    strList_append(&args, binary);
    bool ok = runOut(dir, &args, &out, &n);
    // llvm-cov's warnings share the output: the JSON starts at its object.
    const char *json = ok ? strstr(out, "{\"data\"") : NULL;
    json_error_t jerr;
    if (json != NULL) {
        *root = json_loadb(json, n - (size_t)(json - out), JSON_DISABLE_EOF_CHECK, &jerr);
    }
    if (*root == NULL && strcasestr(out, "no coverage data found") != NULL) {
        // A package without functions has no regions: llvm-cov says so
        // and fails, which is Go's "[no statements]".
        *root = json_pack("{s:[{s:[]}]}", "data", "files");
    } else if (*root == NULL) {
        msg = runtime_sprintf("error: reading coverage: %s", out);
    }
out:
    free(out);
    strList_free(&args);
    strList_free(&raws);
    free(data);
    free(dir);
    return msg;
}

// addBranches adds f's branch summary to tally.
static void addBranches(json_t *f, coverTally *tally) {
    json_t *b = json_object_get(json_object_get(f, "summary"), "branches");
    tally->branches += json_integer_value(json_object_get(b, "count"));
    tally->taken += json_integer_value(json_object_get(b, "covered"));
}

char *coverReport(const package *p, const strList *srcs, const char *binary, bool corpus) {
    json_t *root;
    char *msg = exportCoverage(binary, &root);
    if (root == NULL) {
        return msg;
    }
    coverTally tally = { 0, 0, 0, 0 };
    json_t *files = json_object_get(json_array_get(json_object_get(root, "data"), 0), "files");
    size_t i;
    json_t *f;
    json_array_foreach(files, i, f) {
        const char *name = json_string_value(json_object_get(f, "filename"));
        json_t *segs = json_object_get(f, "segments");
        if (name != NULL && json_is_array(segs) && inPackage(p, srcs, name)) {
            reportFile(name, segs, &tally);
            addBranches(f, &tally);
        }
    }
    json_decref(root);
    // ctest: with -fuzzcacheseeds, the line also says how many of the
    // package's branches the seeds and the fuzz cache take.
    char *branches = corpus ? runtime_sprintf(", corpus covers %" PRId64 " of %" PRId64 " branches",
                                              tally.taken, tally.branches)
                            : runtime_strdup("");
    char *line =
            tally.total == 0
                    ? runtime_sprintf("coverage: [no statements]%s\n", branches)
                    : runtime_sprintf("coverage: %.1f%% of statements%s\n",
                                      100 * (double)tally.active / (double)tally.total, branches);
    free(branches);
    return line;
}
