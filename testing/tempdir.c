// Ports go1.19.8 src/testing/testing.go: (*common).TempDir with its
// cleanup (and os.MkdirTemp, os.RemoveAll as it uses them), and
// (*common).Setenv with the restoring cleanup.
//
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testing/internal.h"

// ---- TempDir ----

// removeAll is os.RemoveAll: path and everything below it; a missing path is
// no error. It returns Go's error text or NULL (caller frees).
static char *removeAll(const char *path) {
    struct stat st;
    if (lstat(path, &st) != 0) {
        if (errno == ENOENT) {
            return NULL;
        }
        return runtime_sprintf("lstat %s: %s", path, strerror(errno));
    }
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        if (d == NULL) {
            return runtime_sprintf("open %s: %s", path, strerror(errno));
        }
        struct dirent *e;
        char *err = NULL;
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) {
                continue;
            }
            char *child = runtime_sprintf("%s/%s", path, e->d_name);
            char *cerr = removeAll(child);
            free(child);
            if (cerr != NULL && err == NULL) {
                err = cerr;
            } else {
                free(cerr);
            }
        }
        closedir(d);
        if (err != NULL) {
            return err;
        }
        if (rmdir(path) != 0 && errno != ENOENT) {
            return runtime_sprintf("unlinkat %s: %s", path, strerror(errno));
        }
        return NULL;
    }
    if (unlink(path) != 0 && errno != ENOENT) {
        return runtime_sprintf("unlinkat %s: %s", path, strerror(errno));
    }
    return NULL;
}

// errnoText is syscall.Errno's text: strerror, lowercased as Go's table is.
static char *errnoText(int e) {
    char *s = runtime_strdup(strerror(e));
    if (s[0] >= 'A' && s[0] <= 'Z' && !(s[1] >= 'A' && s[1] <= 'Z')) {
        s[0] = (char)(s[0] - 'A' + 'a');
    }
    return s;
}

static void tempDirCleanup(void *arg) {
    common *c = arg;
    char *err = removeAll(c->tempDir);
    if (err != NULL) {
        char *msg = runtime_sprintf("TempDir RemoveAll cleanup: %s", err);
        testing_common_logDepth(c, "testing.go", 1100, msg);
        free(msg);
        free(err);
        testing_common_Fail(c);
    }
}

// fastrand is the runtime's fastrand for MkdirTemp's random part.
static uint32_t fastrand(void) {
    static uint64_t state; // atomic
    uint64_t s = __atomic_add_fetch(&state, 0x9e3779b97f4a7c15ULL, __ATOMIC_SEQ_CST);
    if (s == 0x9e3779b97f4a7c15ULL) {
        s ^= (uint64_t)testing_now() ^ ((uint64_t)getpid() << 32);
    }
    s = (s ^ (s >> 30)) * 0xbf58476d1ce4e5b9ULL;
    s = (s ^ (s >> 27)) * 0x94d049bb133111ebULL;
    return (uint32_t)(s ^ (s >> 31));
}

// mkdirTemp is os.MkdirTemp("", pattern): $TMPDIR (or /tmp), then pattern
// followed by a random decimal number.
static char *mkdirTemp(const char *pattern, char **errOut) {
    const char *dir = getenv("TMPDIR");
    if (dir == NULL || dir[0] == '\0') {
        dir = "/tmp";
    }
    for (int try = 0; try < 10000; try++) {
        char *name = runtime_sprintf("%s/%s%u", dir, pattern, fastrand());
        if (mkdir(name, 0700) == 0) {
            return name;
        }
        int e = errno;
        free(name);
        if (e == EEXIST) {
            continue;
        }
        char *et = errnoText(e);
        *errOut = runtime_sprintf("mkdirtemp %s/%s*: %s", dir, pattern, et);
        free(et);
        return NULL;
    }
    *errOut = runtime_sprintf("mkdirtemp %s/%s*: file exists", dir, pattern);
    return NULL;
}

const char *testing_common_TempDir(common *c, const char *file, int line) {
    testing_common_checkFuzzFn(c, "TempDir");
    // One parent directory per test, made on the first call (or again if it
    // was removed); each call then makes the next numbered one inside: 001,
    // 002, ...
    pthread_mutex_lock(&c->tempDirMu);
    bool nonExistent;
    char *fatal = NULL;
    if (c->tempDir == NULL) {
        nonExistent = true;
    } else {
        struct stat st;
        int r = stat(c->tempDir, &st);
        nonExistent = r != 0 && errno == ENOENT;
        if (r != 0 && !nonExistent) {
            char *et = errnoText(errno);
            fatal = runtime_sprintf("TempDir: stat %s: %s", c->tempDir, et);
            free(et);
        }
    }
    if (fatal == NULL && nonExistent) {
        // The parent is named after the test, keeping only characters safe
        // in a file name: no '/', no glob metacharacters.
        // ctest: every non-ASCII byte is kept (Go keeps letters and numbers).
        const char *allowed = "!#$%&()+,-.=@^_{}~ ";
        strings_Builder pattern = { 0 };
        for (const char *p = c->name; *p != '\0'; p++) {
            unsigned char r = (unsigned char)*p;
            if (r >= 0x80 || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') ||
                (r >= 'A' && r <= 'Z') || strchr(allowed, r) != NULL) {
                strings_Builder_WriteByte(&pattern, *p);
            }
        }
        free(c->tempDir);
        free(c->tempDirErr);
        c->tempDirErr = NULL;
        c->tempDir = mkdirTemp(strings_Builder_String(&pattern), &c->tempDirErr);
        strings_Builder_Reset(&pattern);
        if (c->tempDirErr == NULL) {
            testing_common_Cleanup(c, tempDirCleanup, c);
        }
    }
    if (fatal == NULL && c->tempDirErr != NULL) {
        fatal = runtime_sprintf("TempDir: %s", c->tempDirErr);
    }
    pthread_mutex_unlock(&c->tempDirMu);
    if (fatal != NULL) {
        testing_common_logDepth(c, file, line, fatal);
        free(fatal);
        testing_common_FailNow(c);
    }
    int seq = __atomic_add_fetch(&c->tempDirSeq, 1, __ATOMIC_SEQ_CST);
    char *dir = runtime_sprintf("%s/%03d", c->tempDir, seq);
    if (mkdir(dir, 0777) != 0) {
        char *et = errnoText(errno);
        char *msg = runtime_sprintf("TempDir: mkdir %s: %s", dir, et);
        free(et);
        free(dir);
        testing_common_logDepth(c, file, line, msg);
        free(msg);
        testing_common_FailNow(c);
    }
    pthread_mutex_lock(&c->mu);
    c->tempDirs = runtime_realloc(c->tempDirs, (c->ntempDirs + 1) * sizeof *c->tempDirs);
    c->tempDirs[c->ntempDirs++] = dir;
    pthread_mutex_unlock(&c->mu);
    return dir;
}

// ---- Setenv ----

typedef struct envRestore {
    char *key;
    char *prevValue; // NULL: unset at cleanup
} envRestore;

static void envRestoreCleanup(void *arg) {
    envRestore *e = arg;
    if (e->prevValue != NULL) {
        setenv(e->key, e->prevValue, 1);
    } else {
        unsetenv(e->key);
    }
    free(e->key);
    free(e->prevValue);
    free(e);
}

void testing_common_Setenv(common *c, const char *file, int line, const char *key,
                           const char *value) {
    testing_common_checkFuzzFn(c, "Setenv");
    const char *prev = getenv(key);
    char *prevValue = prev != NULL ? runtime_strdup(prev) : NULL;
    // Go's syscall.Setenv refuses an empty key and one holding '=' or NUL.
    if (key[0] == '\0' || strchr(key, '=') != NULL || setenv(key, value, 1) != 0) {
        free(prevValue);
        testing_common_logDepth(c, file, line,
                                "cannot set environment variable: setenv: invalid argument");
        testing_common_FailNow(c);
    }
    envRestore *e = runtime_malloc(sizeof *e);
    e->key = runtime_strdup(key);
    e->prevValue = prevValue;
    testing_common_Cleanup(c, envRestoreCleanup, e);
}
