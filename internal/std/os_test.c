// Tests for os.c: os_ReadFile and os_ReadRegularFile(At), whose read
// stops at a regular file's size without a last read of zero bytes, and
// reads to the end a file whose size says nothing (those of /proc).
//
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "internal/std/std.h"
#include "testing/testing.h"

// writeFile writes n bytes of a pattern to dir/name and returns them.
static char *writeFile(T *t, const char *dir, const char *name, size_t n) {
    char *path = runtime_sprintf("%s/%s", dir, name);
    char *want = runtime_malloc(n + 1);
    for (size_t i = 0; i < n; i++) {
        want[i] = (char)('a' + i % 26);
    }
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(want, 1, n, f) != n || fclose(f) != 0) {
        t_fatalf(t, "writing %s failed", path);
    }
    free(path);
    return want;
}

void TestReadRegularFileSizes(T *t) {
    const char *dir = t_tempdir(t);
    static const size_t sizes[] = { 0, 1, 511, 512, 513, 4096, 100001 };
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "f%zu", sizes[i]);
        char *want = writeFile(t, dir, name, sizes[i]);
        char *path = runtime_sprintf("%s/%s", dir, name);
        for (int at = 0; at < 2; at++) {
            char *got = NULL;
            size_t n = 0;
            bool special = true;
            go_error *err = at ? os_ReadRegularFileAt(dfd, name, path, &got, &n, &special)
                               : os_ReadRegularFile(path, &got, &n, &special);
            if (err != NULL || special || n != sizes[i] || memcmp(got, want, n) != 0 ||
                got[n] != '\0') {
                t_errorf(t, "reading %zu bytes (at %d): err %s, special %d, got %zu bytes",
                         sizes[i], at, err != NULL ? go_error_Error(err) : "nil", special, n);
            }
            go_error_free(err);
            free(got);
        }
        free(path);
        free(want);
    }
    close(dfd);
}

void TestReadRegularFileProc(T *t) {
    // /proc's files are regular with a size of 0, and have content.
    char *got = NULL;
    size_t n = 0;
    bool special = true;
    go_error *err = os_ReadRegularFile("/proc/self/status", &got, &n, &special);
    if (err != NULL) {
        t_skipf(t, "no /proc: %s", go_error_Error(err));
    }
    if (special || n == 0 || strstr(got, "Pid:") == NULL) {
        t_errorf(t, "/proc/self/status: special %d, %zu bytes, want its lines", special, n);
    }
    free(got);
}

void TestReadRegularFileSpecial(T *t) {
    const char *dir = t_tempdir(t);
    char *fifo = runtime_sprintf("%s/fifo", dir);
    if (mkfifo(fifo, 0600) != 0) {
        t_fatalf(t, "mkfifo %s failed", fifo);
    }
    char *got = NULL;
    size_t n = 0;
    bool special = false;
    go_error *err = os_ReadRegularFile(fifo, &got, &n, &special);
    if (err != NULL || !special || got != NULL) {
        t_errorf(t, "FIFO: err %s, special %d; want no error, special",
                 err != NULL ? go_error_Error(err) : "nil", special);
    }
    go_error_free(err);
    err = os_ReadRegularFile(dir, &got, &n, &special);
    char *want = runtime_sprintf("read %s: Is a directory", dir);
    if (err == NULL || strcmp(go_error_Error(err), want) != 0) {
        t_errorf(t, "directory: err %s, want %s", err != NULL ? go_error_Error(err) : "nil", want);
    }
    go_error_free(err);
    free(want);
    free(fifo);
}

void TestReadRegularFileSocket(T *t) {
    // A socket cannot be opened at all (ENXIO): it is special all the same.
    const char *dir = t_tempdir(t);
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    int n0 = snprintf(addr.sun_path, sizeof addr.sun_path, "%s/sock", dir);
    if (n0 < 0 || (size_t)n0 >= sizeof addr.sun_path) {
        t_skipf(t, "the temporary directory's name is too long for a socket: %s", dir);
    }
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        t_fatalf(t, "binding a socket at %s failed", addr.sun_path);
    }
    for (int at = 0; at < 2; at++) {
        char *got = NULL;
        size_t n = 0;
        bool special = false;
        go_error *err;
        if (at) {
            int dfd = open(dir, O_RDONLY | O_DIRECTORY);
            err = os_ReadRegularFileAt(dfd, "sock", addr.sun_path, &got, &n, &special);
            close(dfd);
        } else {
            err = os_ReadRegularFile(addr.sun_path, &got, &n, &special);
        }
        if (err != NULL || !special || got != NULL) {
            t_errorf(t, "socket (at %d): err %s, special %d; want no error, special", at,
                     err != NULL ? go_error_Error(err) : "nil", special);
        }
        go_error_free(err);
    }
    close(fd);
}
