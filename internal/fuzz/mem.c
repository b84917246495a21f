// Ports go1.19.8 src/internal/fuzz/mem.go: sharedMem's header and value,
// the memory a coordinator and one worker share.
//
#include "internal/fuzz/mem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// sharedMemHeaderSize is unsafe.Sizeof(sharedMemHeader{}): the value starts
// right after the header.
static const size_t sharedMemHeaderSize = sizeof(sharedMemHeader);

// sharedMemSize is sharedMemSize: the file size that holds a value of
// valueSize bytes.
static size_t sharedMemSize(size_t valueSize) {
    return sharedMemHeaderSize + valueSize;
}

go_error *fuzz_sharedMemTempFile(size_t size, sharedMem **out) {
    const char *tmp = getenv("TMPDIR");
    if (tmp == NULL || tmp[0] == '\0') {
        tmp = "/tmp";
    }
    char *name = runtime_sprintf("%s/fuzz-XXXXXX", tmp);
    int fd = mkstemp(name);
    if (fd < 0) {
        go_error *err = fmt_Errorf(NULL, "open %s: %s", name, strerror(errno));
        free(name);
        return err;
    }
    // Each worker gets its own file as fd 5, and no other.
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    size_t totalSize = sharedMemSize(size);
    if (ftruncate(fd, (off_t)totalSize) != 0) {
        go_error *err = fmt_Errorf(NULL, "truncate %s: %s", name, strerror(errno));
        close(fd);
        unlink(name);
        free(name);
        return err;
    }
    // ctest: the file is removed now rather than on Close, as Go does: the
    // workers get the open file as fd 5, never its name, and a coordinator
    // that is killed (SIGKILL, a CI timeout) leaves no 100 MB file behind.
    bool removeOnClose = false;
    unlink(name);
    return fuzz_sharedMemMapFile(fd, name, totalSize, removeOnClose, out);
}

go_bytes fuzz_sharedMem_valueRef(const sharedMem *m) {
    go_int length = fuzz_sharedMem_header(m)->valueLen;
    // ctest: the other process (or a fuzz function that writes out of
    // bounds) may have left any length here. Go's slice expression would
    // panic on one out of range; C would read past the mapping.
    size_t cap = fuzz_sharedMem_valueCap(m);
    if (length < 0 || (uint64_t)length > cap) {
        go_panic("shared memory holds a value length of %lld, out of its capacity %zu",
                 (long long)length, cap);
    }
    return (go_bytes){ m->region + sharedMemHeaderSize, (size_t)length };
}

uint8_t *fuzz_sharedMem_valuePtr(const sharedMem *m) {
    return m->region + sharedMemHeaderSize;
}

size_t fuzz_sharedMem_valueCap(const sharedMem *m) {
    return m->size - sharedMemHeaderSize;
}

uint8_t *fuzz_sharedMem_valueCopy(const sharedMem *m, size_t *n) {
    go_bytes ref = fuzz_sharedMem_valueRef(m);
    uint8_t *b = runtime_malloc(ref.len > 0 ? ref.len : 1);
    memcpy(b, ref.ptr, ref.len);
    *n = ref.len;
    return b;
}

void fuzz_sharedMem_setValue(sharedMem *m, const uint8_t *b, size_t n) {
    size_t cap = fuzz_sharedMem_valueCap(m);
    if (n > cap) {
        go_panic("value length %zu larger than shared memory capacity %zu", n, cap);
    }
    fuzz_sharedMem_header(m)->valueLen = (go_int)n;
    if (n > 0) {
        memmove(fuzz_sharedMem_valuePtr(m), b, n);
    }
}

void fuzz_sharedMem_setValueLen(sharedMem *m, size_t n) {
    size_t cap = fuzz_sharedMem_valueCap(m);
    if (n > cap) {
        go_panic("length %zu larger than shared memory capacity %zu", n, cap);
    }
    fuzz_sharedMem_header(m)->valueLen = (go_int)n;
}
