// replay.c: the main of the suite's plain builds of a harness, which runs
// files through its LLVMFuzzerTestOneInput one after another in this
// process. Linked into the coverage build (clang -fprofile-instr-generate),
// which replays each engine's corpus, and into the AddressSanitizer build,
// which replays each crasher on its own.
//
//   replay [-t SECONDS] [FILE...]    without FILE, the names come from stdin
//
// Each input is read into a buffer of exactly its size, as libFuzzer hands
// it over. A fatal signal, or an input running longer than SECONDS (default
// 30), ends the process with status 3 after printing
//   replay: <what> on input <index> <file>
// (the index counts from 0), and, in the coverage build, after writing the
// profile of the inputs before it, so that the caller can go on from the
// next one. The AddressSanitizer build reports crashes itself (a signal
// it does not handle, such as abort() by default, ends it with the line
// above).
#define _GNU_SOURCE // sigaltstack, strsignal
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
// Optional in a harness, as for libFuzzer; pcre2's raises the stack limit.
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));
// The profile runtime's, present only in the coverage build.
int __llvm_profile_write_file(void) __attribute__((weak));

static const char *current = "";
static long currentIndex = -1;

static void fatal(int sig) {
    const char *what = sig == SIGALRM ? "timeout" : strsignal(sig);
    fprintf(stderr, "replay: %s on input %ld %s\n", what, currentIndex, current);
    if (__llvm_profile_write_file != NULL) {
        __llvm_profile_write_file();
    }
    _exit(3);
}

static uint8_t *readFile(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "replay: open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    uint8_t *buf = NULL;
    long size = -1;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc(size > 0 ? (size_t)size : 1);
    }
    if (buf == NULL || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "replay: read %s failed\n", path);
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *n = (size_t)size;
    return buf;
}

static int runOne(const char *path, long index, unsigned limit) {
    size_t n;
    uint8_t *data = readFile(path, &n);
    if (data == NULL) {
        return 1;
    }
    current = path;
    currentIndex = index;
    alarm(limit);
    LLVMFuzzerTestOneInput(data, n);
    alarm(0);
    free(data);
    return 0;
}

int main(int argc, char **argv) {
    unsigned limit = 30;
    int i = 1;
    if (i + 1 < argc && strcmp(argv[i], "-t") == 0) {
        limit = (unsigned)strtoul(argv[i + 1], NULL, 10);
        i += 2;
    }
    if (LLVMFuzzerInitialize != NULL) {
        LLVMFuzzerInitialize(&argc, &argv);
    }
    // In the coverage build, a crash keeps the profile so far. The handler
    // runs on a stack of its own, so that a stack overflow reaches it too.
    // The ASan build keeps ASan's handlers, whose reports say more.
    static char altstack[1 << 16];
    stack_t ss = { .ss_sp = altstack, .ss_size = sizeof altstack };
    sigaltstack(&ss, NULL);
    struct sigaction sa = { .sa_handler = fatal, .sa_flags = SA_ONSTACK };
    sigaction(SIGALRM, &sa, NULL);
    if (__llvm_profile_write_file != NULL) {
        int sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
        for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++) {
            sigaction(sigs[k], &sa, NULL);
        }
    }
    int status = 0;
    long index = 0;
    if (i < argc) {
        for (; i < argc; i++) {
            status |= runOne(argv[i], index++, limit);
        }
        return status;
    }
    char line[4096];
    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] != '\0') {
            status |= runOne(line, index++, limit);
        }
    }
    return status;
}
