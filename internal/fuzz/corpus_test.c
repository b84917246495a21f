// Tests of corpus.c: CheckCorpus, ReadCorpus's MalformedCorpusError and
// the file names writeToCorpus gives (vectors from Go 1.19.8's
// writeToCorpus, golden/vectors/encoding/filename.txt).
#define _DEFAULT_SOURCE // mkdtemp, symlink
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "internal/fuzz/corpus.h"
#include "internal/fuzz/vectors_test.h"
#include "testing/testing.h"

// TestCorpusFileName checks corpusFileName and writeToCorpus against the
// names Go 1.19.8's writeToCorpus gave the same data.
void TestCorpusFileName(T *t) {
    vectorLines v;
    if (!readVectorFile(VECTOR_DIR "filename.txt", &v)) {
        t_fatalf(t, "reading %s failed", VECTOR_DIR "filename.txt");
    }
    const char *dir = t_tempdir(t);
    size_t checked = 0;
    for (size_t i = 0; i < v.n; i++) {
        char *f[3];
        if (splitFields(v.lines[i], f, 3) != 3 || strcmp(f[0], "H") != 0) {
            t_errorf(t, "filename.txt:%zu: malformed vector", i + 1);
            continue;
        }
        checked++;
        size_t len;
        uint8_t *data = unhex(f[1], &len);
        char *got = fuzz_corpusFileName(data, len);
        if (strcmp(got, f[2]) != 0) {
            t_errorf(t, "filename.txt:%zu: corpusFileName: got %s, want %s", i + 1, got, f[2]);
        }
        fuzz_CorpusEntry e = { .Data = data, .DataLen = len };
        char *sub = runtime_sprintf("%s/a/b", dir);
        go_error *err = fuzz_writeToCorpus(&e, sub);
        char *wantPath = runtime_sprintf("%s/%s", sub, f[2]);
        if (err != NULL) {
            t_errorf(t, "writeToCorpus: %s", go_error_Error(err));
            go_error_free(err);
        } else if (strcmp(e.Path, wantPath) != 0) {
            t_errorf(t, "writeToCorpus: got Path %s, want %s", e.Path, wantPath);
        } else {
            struct stat st;
            if (stat(wantPath, &st) != 0 || (size_t)st.st_size != len) {
                t_errorf(t, "writeToCorpus: %s not written", wantPath);
            }
        }
        free(wantPath);
        free(sub);
        free(got);
        fuzz_CorpusEntry_clear(&e);
    }
    if (checked < 50) {
        t_errorf(t, "filename.txt: got %zu rows, want at least 50", checked);
    }
    vectorLines_free(&v);
}

// TestCheckCorpus checks CheckCorpus's texts (fuzz.go).
void TestCheckCorpus(T *t) {
    go_value vals[] = { GO_INT(1), GO_BYTES("x") };
    go_kind two[] = { GO_INT, GO_BYTES }, swapped[] = { GO_BYTES, GO_INT }, one[] = { GO_STRING };
    go_error *err = fuzz_CheckCorpus(vals, 2, two, 2);
    if (err != NULL) {
        t_errorf(t, "CheckCorpus: got %s, want nil", go_error_Error(err));
        go_error_free(err);
    }
    const struct {
        size_t nvals;
        const go_kind *types;
        size_t ntypes;
        const char *want;
    } tests[] = {
        { 2, one, 1, "wrong number of values in corpus entry: 2, want 1" },
        { 1, one, 1, "mismatched types in corpus entry: [int], want [string]" },
        { 2, swapped, 2, "mismatched types in corpus entry: [int []uint8], want [[]uint8 int]" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        err = fuzz_CheckCorpus(vals, tests[i].nvals, tests[i].types, tests[i].ntypes);
        const char *got = err ? go_error_Error(err) : "nil";
        if (strcmp(got, tests[i].want) != 0) {
            t_errorf(t, "CheckCorpus #%zu: got %s, want %s", i, got, tests[i].want);
        }
        go_error_free(err);
    }
}

static void writeFile(T *t, const char *dir, const char *name, const char *data) {
    char *path = runtime_sprintf("%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        t_fatalf(t, "create %s failed", path);
    }
    fputs(data, f);
    fclose(f);
    free(path);
}

// TestReadCorpus checks ReadCorpus on a directory with good, malformed and
// mistyped files and a subdirectory: the good entries in name order, and a
// MalformedCorpusError whose lines are as ReadCorpus/readCorpusData write.
void TestReadCorpus(T *t) {
    const char *dir = t_tempdir(t);
    writeFile(t, dir, "a", "go test fuzz v1\nint(1)\n");
    writeFile(t, dir, "b", "go test fuzz v1\nint(\n");
    writeFile(t, dir, "c", "go test fuzz v1\nstring(\"x\")\n");
    writeFile(t, dir, "d", "go test fuzz v1\nint(2)\n");
    writeFile(t, dir, "e", "");
    char *sub = runtime_sprintf("%s/sub", dir);
    mkdir(sub, 0777);
    free(sub);
    go_kind types[] = { GO_INT };
    fuzz_CorpusEntry *entries;
    size_t n;
    go_error *err = fuzz_ReadCorpus(dir, types, 1, &entries, &n);
    if (err == NULL || errors_As(err, &fuzz_MalformedCorpusErrorType) == NULL) {
        t_errorf(t, "ReadCorpus: got %s, want a MalformedCorpusError",
                 err ? go_error_Error(err) : "nil");
    }
    char *want =
            runtime_sprintf("\"%s/b\": unmarshal: malformed line \"int(\": (test):1:5: "
                            "expected ')', found 'EOF'\n"
                            "\"%s/c\": mismatched types in corpus entry: [string], want [int]\n"
                            "\"%s/e\": unmarshal: cannot unmarshal empty string",
                            dir, dir, dir);
    if (err == NULL || strcmp(go_error_Error(err), want) != 0) {
        t_errorf(t, "ReadCorpus error:\ngot  %s\nwant %s", err ? go_error_Error(err) : "nil", want);
    }
    free(want);
    go_error_free(err);
    if (n != 2) {
        t_fatalf(t, "ReadCorpus: got %zu entries, want 2", n);
    }
    for (size_t i = 0; i < n; i++) {
        char *wantPath = runtime_sprintf("%s/%s", dir, i == 0 ? "a" : "d");
        if (strcmp(entries[i].Path, wantPath) != 0 || entries[i].NValues != 1 ||
            entries[i].Values[0].v.i != (int64_t)i + 1) {
            t_errorf(t, "entry %zu: got %s, want %s with int(%zu)", i, entries[i].Path, wantPath,
                     i + 1);
        }
        free(wantPath);
        fuzz_CorpusEntry_clear(&entries[i]);
    }
    free(entries);

    // A missing directory is no corpus and no error.
    char *missing = runtime_sprintf("%s/missing", dir);
    err = fuzz_ReadCorpus(missing, types, 1, &entries, &n);
    if (err != NULL || n != 0) {
        t_errorf(t, "ReadCorpus(missing): got %zu entries, error %s; want none", n,
                 err ? go_error_Error(err) : "nil");
    }
    go_error_free(err);
    free(missing);
}

// TestReadInputFile checks ctest corpus's reading of an input file: a v1
// file for any fuzz function, a raw file as the one []byte or string
// argument, and what cannot be an input (rawlayout_test.c reads raw files
// of several arguments).
void TestReadInputFile(T *t) {
    const char *dir = t_tempdir(t);
    writeFile(t, dir, "v1", "go test fuzz v1\n[]byte(\"a\\x00b\")\n");
    writeFile(t, dir, "v1crlf", "go test fuzz v1\r\nstring(\"s\")\n");
    writeFile(t, dir, "raw", "go test fuzz v2\nbytes");
    writeFile(t, dir, "bad", "go test fuzz v1\n[]byte(\n");
    writeFile(t, dir, "empty", "");
    char *fifo = runtime_sprintf("%s/fifo", dir);
    if (mkfifo(fifo, 0666) != 0) {
        t_fatalf(t, "mkfifo %s failed", fifo);
    }
    free(fifo);
    static const go_kind bytes[] = { GO_BYTES }, str[] = { GO_STRING };
    static const struct {
        const char *file;
        bool raw;
        const go_kind *types;
        size_t ntypes;
        const char *want; // the value's bytes, or a prefix of the error
        size_t wantLen;
        bool isErr;
    } cases[] = {
        { "v1", false, bytes, 1, "a\0b", 3, false },
        { "v1", true, bytes, 1, "a\0b", 3, false },
        { "v1crlf", true, str, 1, "s", 1, false },
        { "raw", true, bytes, 1, "go test fuzz v2\nbytes", 21, false },
        { "raw", true, str, 1, "go test fuzz v2\nbytes", 21, false },
        { "empty", true, bytes, 1, "", 0, false },
        { "raw", false, bytes, 1, "unmarshal: unknown encoding version", 0, true },
        { "bad", true, bytes, 1, "unmarshal: malformed line", 0, true },
        { "v1", true, str, 1, "mismatched types in corpus entry: [[]uint8], want [string]", 0,
          true },
        { "fifo", true, bytes, 1, "", 0, true },
        { "missing", true, bytes, 1, "open ", 0, true },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *path = runtime_sprintf("%s/%s", dir, cases[i].file);
        go_value *vals = NULL;
        size_t n = 0;
        go_error *err = fuzz_readInputFile(path, cases[i].raw, cases[i].types, cases[i].ntypes,
                                           &vals, &n, NULL);
        if (cases[i].isErr) {
            const char *want = cases[i].want;
            if (strcmp(cases[i].file, "fifo") == 0) {
                want = runtime_sprintf("%s: not a regular file", path);
            }
            if (err == NULL || strncmp(go_error_Error(err), want, strlen(want)) != 0) {
                t_errorf(t, "%s (raw %d): got %s, want an error %s...", cases[i].file, cases[i].raw,
                         err != NULL ? go_error_Error(err) : "nil", want);
            }
            if (want != cases[i].want) {
                free((char *)want);
            }
        } else if (err != NULL || n != 1) {
            t_errorf(t, "%s (raw %d): got %s, %zu values", cases[i].file, cases[i].raw,
                     err != NULL ? go_error_Error(err) : "nil", n);
        } else {
            const uint8_t *p = vals[0].kind == GO_BYTES ? vals[0].v.bytes.ptr
                                                        : (const uint8_t *)vals[0].v.str.ptr;
            size_t len = vals[0].kind == GO_BYTES ? vals[0].v.bytes.len : vals[0].v.str.len;
            if (vals[0].kind != cases[i].types[0] || len != cases[i].wantLen ||
                (len > 0 && memcmp(p, cases[i].want, len) != 0)) {
                t_errorf(t, "%s (raw %d): got a %s of %zu bytes, want %zu", cases[i].file,
                         cases[i].raw, fuzz_kindTypeName(vals[0].kind), len, cases[i].wantLen);
            }
        }
        go_error_free(err);
        fuzz_freeValues(vals, n);
        free(path);
    }
}

// countTemps is how many of dir's names end in ".tmp".
static int countTemps(const char *dir) {
    DIR *d = opendir(dir);
    int n = 0;
    if (d == NULL) {
        return 0;
    }
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        n += len > 4 && strcmp(e->d_name + len - 4, ".tmp") == 0;
    }
    closedir(d);
    return n;
}

// writeOne writes data to dir with writeToCorpus and checks that the file
// is in dir under its name, whole, and that no temporary file is left in
// dir or in left.
static void writeOne(T *t, const char *dir, const char *left, const char *data) {
    fuzz_CorpusEntry e = { .Data = (uint8_t *)runtime_strdup(data), .DataLen = strlen(data) };
    go_error *err = fuzz_writeToCorpus(&e, dir);
    if (err != NULL) {
        t_errorf(t, "writeToCorpus(%s): %s", dir, go_error_Error(err));
        go_error_free(err);
    } else {
        char *got;
        size_t n;
        err = os_ReadFile(e.Path, &got, &n);
        if (err != NULL || n != strlen(data) || memcmp(got, data, n) != 0) {
            t_errorf(t, "%s: not written whole", e.Path);
        }
        go_error_free(err);
        free(err == NULL ? got : NULL);
    }
    if (countTemps(dir) + countTemps(left) != 0) {
        t_errorf(t, "writeToCorpus(%s) left a temporary file", dir);
    }
    fuzz_CorpusEntry_clear(&e);
}

// TestWriteToCorpusTempName: the temporary file's name cannot be
// foreseen, and a symbolic link planted where a name could be expected
// (".<dir>.<sum>.<pid>.tmp", the name once used) is not written through.
void TestWriteToCorpusTempName(T *t) {
    const char *root = t_tempdir(t);
    char *dir = runtime_sprintf("%s/FuzzX", root);
    char *victim = runtime_sprintf("%s/victim", root);
    FILE *f = fopen(victim, "w");
    if (f == NULL || fputs("keep", f) < 0 || fclose(f) != 0) {
        t_fatalf(t, "writing %s failed", victim);
    }
    const char *data = "go test fuzz v1\nint(1)\n";
    char *sum = fuzz_corpusFileName((const uint8_t *)data, strlen(data));
    char *planted = runtime_sprintf("%s/.FuzzX.%s.%ld.tmp", root, sum, (long)getpid());
    mkdir(dir, 0777);
    if (symlink(victim, planted) != 0) {
        t_fatalf(t, "symlink %s: failed", planted);
    }
    fuzz_CorpusEntry e = { .Data = (uint8_t *)runtime_strdup(data), .DataLen = strlen(data) };
    go_error *err = fuzz_writeToCorpus(&e, dir);
    if (err != NULL) {
        t_errorf(t, "writeToCorpus: %s", go_error_Error(err));
        go_error_free(err);
    }
    char *got;
    size_t n;
    err = os_ReadFile(victim, &got, &n);
    if (err != NULL || n != 4 || memcmp(got, "keep", 4) != 0) {
        t_errorf(t, "the file behind the planted link was written");
    }
    go_error_free(err);
    free(err == NULL ? got : NULL);
    fuzz_CorpusEntry_clear(&e);
    unlink(planted);
    writeOne(t, dir, root, "go test fuzz v1\nint(2)\n");
    free(planted);
    free(sum);
    free(victim);
    free(dir);
}

// fixedRandom makes getrandom, which openTemp draws its names from, fill
// every buffer with 0xab, so that a test can take the names beforehand.
// This definition stands for the C library's in this test binary.
static bool fixedRandom;

ssize_t getrandom(void *buf, size_t n, unsigned flags) {
    if (fixedRandom) {
        memset(buf, 0xab, n);
        return (ssize_t)n;
    }
    return syscall(SYS_getrandom, buf, n, flags);
}

// TestWriteToCorpusNoFreeName: when each of the temporary names openTemp
// tries is taken, the write fails, and its error names the last one.
void TestWriteToCorpusNoFreeName(T *t) {
    const char *root = t_tempdir(t);
    char *dir = runtime_sprintf("%s/FuzzX", root);
    mkdir(dir, 0777);
    const char *data = "go test fuzz v1\nint(3)\n";
    char *sum = fuzz_corpusFileName((const uint8_t *)data, strlen(data));
    char *taken = runtime_sprintf("%s/.FuzzX.%s.abababababababab.tmp", root, sum);
    writeFile(t, root, strrchr(taken, '/') + 1, "taken");
    fuzz_CorpusEntry e = { .Data = (uint8_t *)runtime_strdup(data), .DataLen = strlen(data) };
    fixedRandom = true;
    go_error *err = fuzz_writeToCorpus(&e, dir);
    fixedRandom = false;
    char *want = runtime_sprintf("open %s: File exists", taken);
    if (err == NULL || strstr(go_error_Error(err), want) == NULL) {
        t_errorf(t, "writeToCorpus with every name taken: got %s, want an error with %s",
                 err != NULL ? go_error_Error(err) : "nil", want);
    }
    go_error_free(err);
    char *written = runtime_sprintf("%s/%s", dir, sum);
    if (access(written, F_OK) == 0) {
        t_errorf(t, "%s was written", written);
    }
    fuzz_CorpusEntry_clear(&e);
    free(written);
    free(want);
    free(taken);
    free(sum);
    free(dir);
}

// TestReadCorpusEmptyDir: an empty corpus directory reads as no entries
// (its list of names is empty, and is not sorted).
void TestReadCorpusEmptyDir(T *t) {
    go_kind types[] = { GO_INT };
    fuzz_CorpusEntry *entries = NULL;
    size_t n = 1;
    go_error *err = fuzz_ReadCorpus(t_tempdir(t), types, 1, &entries, &n);
    if (err != NULL || n != 0) {
        t_errorf(t, "ReadCorpus of an empty directory: %zu entries, error %s; want 0, nil", n,
                 err != NULL ? go_error_Error(err) : "nil");
    }
    go_error_free(err);
    free(entries);
}

// TestReadCorpusLinksOutside: in a package's seed corpus, an entry that a
// link takes outside the package, or the whole directory so taken, is
// skipped; a link within the package is read (ctest's).
void TestReadCorpusLinksOutside(T *t) {
    const char *root = t_tempdir(t);
    const char *v1 = "go test fuzz v1\nint(1)\n";
    char *pkg = runtime_sprintf("%s/pkg", root);
    char *corpus = runtime_sprintf("%s/pkg/testdata/fuzz/FuzzX", root);
    char *other = runtime_sprintf("%s/pkg/testdata/fuzz/FuzzY", root);
    char *secrets = runtime_sprintf("%s/secrets", root);
    if (os_MkdirAll(corpus) != NULL || mkdir(secrets, 0777) != 0) {
        t_fatalf(t, "making %s failed", corpus);
    }
    writeFile(t, corpus, "a", v1);
    writeFile(t, pkg, "kept", v1);
    writeFile(t, secrets, "s", v1);
    char *in = runtime_sprintf("%s/b-in", corpus), *out = runtime_sprintf("%s/c-out", corpus);
    char *inTarget = runtime_sprintf("%s/kept", pkg), *outTarget = runtime_sprintf("%s/s", secrets);
    if (symlink(inTarget, in) != 0 || symlink(outTarget, out) != 0 ||
        symlink(secrets, other) != 0) {
        t_fatalf(t, "symlink failed");
    }
    char *plain = runtime_sprintf("%s/a", corpus);
    go_kind types[] = { GO_INT };
    fuzz_CorpusEntry *entries = NULL;
    size_t n = 0;
    go_error *err = fuzz_ReadCorpus(corpus, types, 1, &entries, &n);
    if (err != NULL || n != 2 || strcmp(entries[0].Path, plain) != 0 ||
        strcmp(entries[1].Path, in) != 0) {
        t_errorf(t, "ReadCorpus(%s): %zu entries (%s), error %s; want a and b-in", corpus, n,
                 n > 0 ? entries[n - 1].Path : "", err != NULL ? go_error_Error(err) : "nil");
    }
    go_error_free(err);
    for (size_t i = 0; i < n; i++) {
        fuzz_CorpusEntry_clear(&entries[i]);
    }
    free(entries);
    // The directory itself, a link out of the package.
    err = fuzz_ReadCorpus(other, types, 1, &entries, &n);
    if (err != NULL || n != 0) {
        t_errorf(t, "ReadCorpus(%s), a link to %s: %zu entries; want none", other, secrets, n);
    }
    go_error_free(err);
    for (size_t i = 0; i < n; i++) {
        fuzz_CorpusEntry_clear(&entries[i]);
    }
    free(entries);
    // Outside a package's testdata/fuzz, the same links are followed.
    err = fuzz_ReadCorpus(secrets, types, 1, &entries, &n);
    if (err != NULL || n != 1) {
        t_errorf(t, "ReadCorpus(%s): %zu entries; want 1", secrets, n);
    }
    go_error_free(err);
    for (size_t i = 0; i < n; i++) {
        fuzz_CorpusEntry_clear(&entries[i]);
    }
    free(entries);
    free(plain);
    free(outTarget);
    free(inTarget);
    free(out);
    free(in);
    free(secrets);
    free(other);
    free(corpus);
    free(pkg);
}

// TestWriteToCorpusOtherFS: a corpus directory on another file system than
// its parent, as a symbolic link (a CI corpus volume) or a mount point,
// is written to, with nothing left behind. (The mount needs root; the
// link needs /dev/shm on a file system of its own.)
void TestWriteToCorpusOtherFS(T *t) {
    const char *root = t_tempdir(t);
    struct stat rs, ss;
    char *shm = NULL;
    if (stat(root, &rs) == 0 && stat("/dev/shm", &ss) == 0 && rs.st_dev != ss.st_dev) {
        char tmpl[] = "/dev/shm/ctest-corpus-XXXXXX";
        shm = mkdtemp(tmpl) != NULL ? runtime_strdup(tmpl) : NULL;
    }
    if (shm != NULL) {
        char *link = runtime_sprintf("%s/FuzzLinked", root);
        if (symlink(shm, link) != 0) {
            t_errorf(t, "symlink %s failed", link);
        } else {
            writeOne(t, link, root, "go test fuzz v1\n[]byte(\"linked\")\n");
        }
        char *cmd = runtime_sprintf("rm -rf '%s'", shm);
        if (system(cmd) != 0) {
            t_logf(t, "removing %s failed", shm);
        }
        free(cmd);
        free(link);
        free(shm);
    } else {
        t_log(t, "no symbolic-link case: /dev/shm is missing or on the temporary directory's "
                 "file system");
    }
    char *mnt = runtime_sprintf("%s/FuzzMounted", root);
    mkdir(mnt, 0777);
    if (mount("none", mnt, "tmpfs", 0, "size=1m") != 0) {
        free(mnt);
        if (shm == NULL) {
            t_skip(t, "neither case can be set up: mounting a tmpfs needs root");
        }
        t_log(t, "no mount-point case: mounting a tmpfs needs root");
        return;
    }
    writeOne(t, mnt, root, "go test fuzz v1\n[]byte(\"mounted\")\n");
    if (umount(mnt) != 0) {
        t_errorf(t, "umount %s failed", mnt);
    }
    free(mnt);
}

// TestReadCorpusSpecialFiles: a FIFO and a link to a device in a corpus
// directory are skipped, not read (the read of either never ends), and the
// regular files beside them are read. The alarm fails the test rather
// than let it hang.
void TestReadCorpusSpecialFiles(T *t) {
    const char *dir = t_tempdir(t);
    char *fifo = runtime_sprintf("%s/a-fifo", dir);
    char *dev = runtime_sprintf("%s/b-zero", dir);
    char *file = runtime_sprintf("%s/c-file", dir);
    if (mkfifo(fifo, 0666) != 0 || symlink("/dev/zero", dev) != 0) {
        t_fatalf(t, "making %s or %s failed", fifo, dev);
    }
    FILE *f = fopen(file, "w");
    if (f == NULL || fputs("go test fuzz v1\nint(7)\n", f) < 0 || fclose(f) != 0) {
        t_fatalf(t, "writing %s failed", file);
    }
    static const go_kind types[] = { GO_INT };
    fuzz_CorpusEntry *entries;
    size_t n;
    alarm(20);
    go_error *err = fuzz_ReadCorpus(dir, types, 1, &entries, &n);
    alarm(0);
    if (err != NULL) {
        t_errorf(t, "ReadCorpus: %s", go_error_Error(err));
        go_error_free(err);
    } else {
        if (n != 1 || strcmp(entries[0].Path, file) != 0 || entries[0].Values[0].v.i != 7) {
            t_errorf(t, "ReadCorpus: got %zu entries, want the one of %s", n, file);
        }
        for (size_t i = 0; i < n; i++) {
            fuzz_CorpusEntry_clear(&entries[i]);
        }
        free(entries);
    }
    free(file);
    free(dev);
    free(fifo);
}

// TestReadCorpusSkipsWriteTemps: a temporary file that a write into the
// corpus directory left when its process was killed (named as openTemp
// names them) is not read, while a dot file of another name still is,
// as Go reads every file of the directory.
void TestReadCorpusSkipsWriteTemps(T *t) {
    const char *dir = t_tempdir(t);
    static const char *const files[][2] = {
        { ".0123abcd.00112233445566ff.tmp", "go test fuzz v1\nint(" }, // half written
        { ".keep", "go test fuzz v1\nint(1)\n" },
        { "x.00112233445566ff.tmp", "go test fuzz v1\nint(2)\n" },
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *p = runtime_sprintf("%s/%s", dir, files[i][0]);
        FILE *f = fopen(p, "w");
        if (f == NULL || fputs(files[i][1], f) < 0 || fclose(f) != 0) {
            t_fatalf(t, "writing %s failed", p);
        }
        free(p);
    }
    static const go_kind types[] = { GO_INT };
    fuzz_CorpusEntry *entries;
    size_t n;
    go_error *err = fuzz_ReadCorpus(dir, types, 1, &entries, &n);
    if (err != NULL) {
        t_fatalf(t, "ReadCorpus: %s", go_error_Error(err));
    }
    if (n != 2 || entries[0].Values[0].v.i != 1 || entries[1].Values[0].v.i != 2) {
        t_errorf(t, "ReadCorpus: got %zu entries, want .keep's and x.00112233445566ff.tmp's", n);
    }
    for (size_t i = 0; i < n; i++) {
        fuzz_CorpusEntry_clear(&entries[i]);
    }
    free(entries);
}

// TestWriteCorpusNote: a crasher gets its note in place, under the name it
// had, with nothing else left in its directory; a second note replaces
// the first; a file that is no corpus file is an error and stays as it is.
void TestWriteCorpusNote(T *t) {
    const char *dir = t_tempdir(t);
    const char *data = "go test fuzz v1\n[]byte(\"\\x05\")\n";
    fuzz_CorpusEntry e = { .Data = (uint8_t *)runtime_strdup(data), .DataLen = strlen(data) };
    go_error *err = fuzz_writeToCorpus(&e, dir);
    if (err != NULL) {
        t_fatalf(t, "writeToCorpus: %s", go_error_Error(err));
    }
    static const struct {
        const char *names, *want;
    } notes[] = {
        { "address", "go test fuzz v1\n[]byte(\"\\x05\") //ctest:sanitize address\n" },
        { "address,undefined",
          "go test fuzz v1\n[]byte(\"\\x05\") //ctest:sanitize address,undefined\n" },
    };
    for (size_t i = 0; i < sizeof notes / sizeof notes[0]; i++) {
        err = fuzz_writeCorpusNote(e.Path, notes[i].names);
        if (err != NULL) {
            t_errorf(t, "writeCorpusNote(%s): %s", notes[i].names, go_error_Error(err));
            go_error_free(err);
            continue;
        }
        char *got;
        size_t n;
        err = os_ReadFile(e.Path, &got, &n);
        if (err != NULL || n != strlen(notes[i].want) || memcmp(got, notes[i].want, n) != 0) {
            t_errorf(t, "after writeCorpusNote(%s) the file holds %.*s, want %s", notes[i].names,
                     err == NULL ? (int)n : 0, err == NULL ? got : "", notes[i].want);
        }
        go_error_free(err);
        free(err == NULL ? got : NULL);
    }
    DIR *d = opendir(dir);
    size_t count = 0;
    for (struct dirent *de; d != NULL && (de = readdir(d)) != NULL;) {
        count += de->d_name[0] != '.';
    }
    if (d != NULL) {
        closedir(d);
    }
    if (count != 1) {
        t_errorf(t, "%s holds %zu files after the notes, want the crasher alone", dir, count);
    }
    char *other = runtime_sprintf("%s/other", dir);
    FILE *f = fopen(other, "w");
    if (f == NULL || fputs("not a corpus file\n", f) < 0 || fclose(f) != 0) {
        t_fatalf(t, "writing %s failed", other);
    }
    err = fuzz_writeCorpusNote(other, "address");
    if (err == NULL) {
        t_errorf(t, "writeCorpusNote of a file that is no corpus file: no error");
    }
    go_error_free(err);
    char *got;
    size_t n;
    err = os_ReadFile(other, &got, &n);
    if (err != NULL || n != strlen("not a corpus file\n")) {
        t_errorf(t, "a file that is no corpus file was changed");
    }
    go_error_free(err);
    free(err == NULL ? got : NULL);
    free(other);
    fuzz_CorpusEntry_clear(&e);
}
