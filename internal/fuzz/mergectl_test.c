// Tests of mergectl.c: the control file of ctest corpus, written and read
// back as the driver and the test binary write and read it.
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal/fuzz/mergectl.h"
#include "testing/testing.h"

// appendText adds text to the file at path, as a killed process may leave
// it.
static void appendText(T *t, const char *path, const char *text) {
    int fd = fuzz_mergeCtl_open(path);
    if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
        t_fatalf(t, "appending to %s failed", path);
    }
    close(fd);
}

// writeCtl makes a control file of three inputs with odd paths and the
// records of a run in which the second input failed and the third
// crashed.
static char *writeCtl(T *t) {
    char *path = runtime_sprintf("%s/ctl", t_tempdir(t));
    fuzz_mergeInput in[] = {
        { .path = "/c/a b", .keep = true },
        { .path = "/c/new\nline \"q\"", .raw = true },
        { .path = "/c/\xff", .raw = true },
    };
    go_error *err = fuzz_mergeCtl_create(path, in, 3);
    if (err != NULL) {
        t_fatalf(t, "create: %s", go_error_Error(err));
    }
    int fd = fuzz_mergeCtl_open(path);
    static const go_kind types[] = { GO_BYTES, GO_INT };
    static const uint32_t seeds[] = { 1, 9 }, ft[] = { 8, 16, 4294967295u };
    bool ok =
            fuzz_mergeCtl_writeTypes(fd, types, 2) &&
            fuzz_mergeCtl_writeSeed(fd, "go test fuzz v1\n[]byte(\"\\x00\")\nint(1)\n") &&
            fuzz_mergeCtl_writeSeed(fd, "go test fuzz v1\n[]byte(\"\")\nint(-1)\n") &&
            fuzz_mergeCtl_writeFeatures(fd, "seeds", -1, seeds, 2) &&
            fuzz_mergeCtl_writeIndex(fd, "started", 0) &&
            fuzz_mergeCtl_writeFeatures(fd, "ft", 0, ft, 3) &&
            fuzz_mergeCtl_writeIndex(fd, "done", 0) && fuzz_mergeCtl_writeIndex(fd, "started", 1) &&
            fuzz_mergeCtl_writeFeatures(fd, "ft", 1, NULL, 0) &&
            fuzz_mergeCtl_writeQuoted(fd, "failed", 1, "--- FAIL\n\tx.c:1: no") &&
            fuzz_mergeCtl_writeIndex(fd, "done", 1) && fuzz_mergeCtl_writeIndex(fd, "started", 2) &&
            fuzz_mergeCtl_writeQuoted(fd, "crashed", 2, "signal: killed");
    close(fd);
    if (!ok) {
        t_fatalf(t, "writing records to %s failed", path);
    }
    return path;
}

// TestMergeCtl: what is written is read back, an unfinished last line is
// not read, and a line of no record is an error naming it.
void TestMergeCtl(T *t) {
    char *path = writeCtl(t);
    appendText(t, path, "started"); // a process killed as it wrote
    fuzz_mergeCtl ctl;
    go_error *err = fuzz_mergeCtl_read(path, &ctl);
    if (err != NULL) {
        t_fatalf(t, "read: %s", go_error_Error(err));
    }
    static const struct {
        const char *path;
        bool keep, raw;
        fuzz_mergeState state;
        size_t nft;
        const char *msg;
    } want[] = {
        { "/c/a b", true, false, fuzz_mergeDone, 3, NULL },
        { "/c/new\nline \"q\"", false, true, fuzz_mergeFailed, 0, "--- FAIL\n\tx.c:1: no" },
        { "/c/\xff", false, true, fuzz_mergeCrashed, 0, "signal: killed" },
    };
    if (ctl.n != 3 || ctl.nstarted != 3 || ctl.last != 2 || ctl.finished || ctl.ninvalid != 0 ||
        ctl.types == NULL || strcmp(ctl.types, "[]uint8 int") != 0 || ctl.nseeds != 2 ||
        ctl.seeds[1] != 9) {
        t_fatalf(t,
                 "got n %zu, started %zu, last %lld, finished %d, invalid %zu, types %s, "
                 "%zu seeds features",
                 ctl.n, ctl.nstarted, (long long)ctl.last, ctl.finished, ctl.ninvalid,
                 ctl.types ? ctl.types : "NULL", ctl.nseeds);
    }
    for (size_t i = 0; i < 3; i++) {
        const fuzz_mergeInput *in = &ctl.in[i];
        if (strcmp(in->path, want[i].path) != 0 || in->keep != want[i].keep ||
            in->raw != want[i].raw || in->state != want[i].state || in->nft != want[i].nft ||
            (want[i].msg == NULL) != (in->msg == NULL) ||
            (in->msg != NULL && strcmp(in->msg, want[i].msg) != 0)) {
            t_errorf(t, "input %zu: got %s keep %d raw %d state %d, %zu features, msg %s", i,
                     in->path, in->keep, in->raw, in->state, in->nft, in->msg ? in->msg : "NULL");
        }
    }
    if (ctl.in[0].nft == 3 && ctl.in[0].ft[2] != 4294967295u) {
        t_errorf(t, "feature: got %u, want 4294967295", ctl.in[0].ft[2]);
    }
    if (ctl.nseedFiles != 2 ||
        strcmp(ctl.seedFiles[0], "go test fuzz v1\n[]byte(\"\\x00\")\nint(1)\n") != 0 ||
        strcmp(ctl.seedFiles[1], "go test fuzz v1\n[]byte(\"\")\nint(-1)\n") != 0) {
        t_errorf(t, "seed records: got %zu, the first %s", ctl.nseedFiles,
                 ctl.nseedFiles > 0 ? ctl.seedFiles[0] : "none");
    }
    fuzz_mergeCtl_free(&ctl);

    appendText(t, path, " 0\nfinished\nft 3 1\n"); // input 3 does not exist
    err = fuzz_mergeCtl_read(path, &ctl);
    char *wantErr = runtime_sprintf("%s:20: not a line of a ctest fuzzmerge v1 control file", path);
    if (err == NULL || strcmp(go_error_Error(err), wantErr) != 0) {
        t_errorf(t, "read: got %s, want %s", err ? go_error_Error(err) : "nil", wantErr);
    }
    go_error_free(err);
    free(wantErr);
    free(path);
}

// TestMergeCtlIndexLine: the hang record the watchdog writes without
// allocating is the record writeIndex writes.
void TestMergeCtlIndexLine(T *t) {
    char buf[32];
    size_t n = fuzz_mergeCtl_indexLine(buf, sizeof buf, "hung", 12345);
    if (n != 11 || memcmp(buf, "hung 12345\n", 11) != 0) {
        t_errorf(t, "indexLine: got %zu %.*s", n, (int)n, buf);
    }
    if (fuzz_mergeCtl_indexLine(buf, 8, "hung", 12345) != 0) {
        t_errorf(t, "indexLine into 8 bytes: got a line, want 0");
    }
    if (fuzz_kindByTypeName("[]uint8", 7) != GO_BYTES ||
        fuzz_kindByTypeName("int32", 5) != GO_INT32 ||
        fuzz_kindByTypeName("[]byte", 6) != GO_KIND_INVALID) {
        t_errorf(t, "kindByTypeName: wrong kinds");
    }
}

// TestListSeeds: what a -fuzzengine binary lists for the driver (its
// types, f_add seeds and f_add_dict words) is read back; an entry without
// values is no f_add seed.
void TestListSeeds(T *t) {
    char *path = runtime_sprintf("%s/ctl", t_tempdir(t));
    go_error *err = fuzz_mergeCtl_create(path, NULL, 0);
    if (err != NULL) {
        t_fatalf(t, "create: %s", go_error_Error(err));
    }
    static const go_kind types[] = { GO_BYTES, GO_INT };
    go_value a[] = { GO_BYTES("a\n\""), GO_INT(-3) };
    fuzz_CorpusEntry seeds[] = {
        { .Path = "seed#0", .Values = a, .NValues = 2 },
        { .Path = "testdata/fuzz/FuzzX/f" },
    };
    static const char dict[] = "key\0a \"word\"\0";
    fuzz_ListSeedsOpts o = { path, types, 2, seeds, 2, dict, sizeof dict - 1 };
    err = fuzz_ListSeeds(&o);
    if (err != NULL) {
        t_fatalf(t, "ListSeeds: %s", go_error_Error(err));
    }
    fuzz_mergeCtl ctl;
    err = fuzz_mergeCtl_read(path, &ctl);
    if (err != NULL) {
        t_fatalf(t, "read: %s", go_error_Error(err));
    }
    if (ctl.types == NULL || strcmp(ctl.types, "[]uint8 int") != 0) {
        t_errorf(t, "types: got %s, want []uint8 int", ctl.types ? ctl.types : "NULL");
    }
    static const char wantSeed[] = "go test fuzz v1\n[]byte(\"a\\n\\\"\")\nint(-3)\n";
    if (ctl.nseedFiles != 1 || strcmp(ctl.seedFiles[0], wantSeed) != 0) {
        t_errorf(t, "seeds: got %zu, the first %s, want 1: %s", ctl.nseedFiles,
                 ctl.nseedFiles > 0 ? ctl.seedFiles[0] : "none", wantSeed);
    }
    if (ctl.ndictWords != 2 || strcmp(ctl.dictWords[0], "key") != 0 ||
        strcmp(ctl.dictWords[1], "a \"word\"") != 0) {
        t_errorf(t, "words: got %zu, the first %s, want key and a \"word\"", ctl.ndictWords,
                 ctl.ndictWords > 0 ? ctl.dictWords[0] : "none");
    }
    fuzz_mergeCtl_free(&ctl);
    free(path);
}
