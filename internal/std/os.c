// Ports go1.19.8 src/os/file.go: ReadFile, and path.go: MkdirAll.
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal/std/std.h"

// readAll reads fd to its end into *data (a NUL after the n bytes), and
// closes it; path names the file in an error. size is the size of a
// regular file by fstat (-1 when unknown): the buffer starts one byte
// larger, and a read that falls short once all size bytes are in is the
// end, with no read of zero bytes to confirm it.
static go_error *readAll(int fd, const char *path, char **data, size_t *n, off_t size) {
    size_t len = 0, cap = size >= 0 ? (size_t)size + 1 : 512;
    char *b = runtime_malloc(cap + 1);
    for (;;) {
        if (len == cap) {
            cap *= 2;
            b = runtime_realloc(b, cap + 1);
        }
        ssize_t r = read(fd, b + len, cap - len);
        if (r < 0) {
            if (errno == EINTR) {
                continue;
            }
            // A directory opens, and fails here with EISDIR, as in Go.
            go_error *err = fmt_Errorf(NULL, "read %s: %s", path, strerror(errno));
            free(b);
            close(fd);
            return err;
        }
        if (r == 0) {
            break;
        }
        len += (size_t)r;
        if (size >= 0 && len == (size_t)size && len < cap) {
            break;
        }
    }
    close(fd);
    b[len] = '\0';
    *data = b;
    *n = len;
    return NULL;
}

go_error *os_ReadFile(const char *path, char **data, size_t *n) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return fmt_Errorf(NULL, "open %s: %s", path, strerror(errno));
    }
    return readAll(fd, path, data, n, -1);
}

go_error *os_ReadRegularFile(const char *path, char **data, size_t *n, bool *special) {
    return os_ReadRegularFileAt(AT_FDCWD, path, path, data, n, special);
}

go_error *os_ReadRegularFileAt(int dirfd, const char *name, const char *path, char **data,
                               size_t *n, bool *special) {
    *special = false;
    // O_NONBLOCK: opening a FIFO would wait for a writer. It changes
    // nothing for the regular file that is read.
    int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        int openErr = errno;
        // A socket cannot be opened (ENXIO): it is special, as a FIFO is.
        struct stat st;
        if (fstatat(dirfd, name, &st, 0) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
            *special = true;
            return NULL;
        }
        return fmt_Errorf(NULL, "open %s: %s", path, strerror(openErr));
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        go_error *err = fmt_Errorf(NULL, "stat %s: %s", path, strerror(errno));
        close(fd);
        return err;
    }
    if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        close(fd);
        *special = true;
        return NULL;
    }
    return readAll(fd, path, data, n, S_ISREG(st.st_mode) ? st.st_size : -1);
}

go_error *os_MkdirAll(const char *dir) {
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            return NULL;
        }
        return fmt_Errorf(NULL, "mkdir %s: not a directory", dir);
    }
    char *parent = runtime_strdup(dir);
    char *slash = strrchr(parent, '/');
    while (slash != NULL && slash > parent && slash[1] == '\0') { // trailing slashes
        *slash = '\0';
        slash = strrchr(parent, '/');
    }
    if (slash != NULL && slash > parent) {
        *slash = '\0';
        go_error *err = os_MkdirAll(parent);
        if (err != NULL) {
            free(parent);
            return err;
        }
    }
    free(parent);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        return fmt_Errorf(NULL, "mkdir %s: %s", dir, strerror(errno));
    }
    return NULL;
}
