// benchtool.c: the benchmark suite's measuring helper (bench/run.sh builds
// and calls it). Two commands:
//
//   benchtool run [-C dir] [-t cap] -- command [args...]
//       Runs command (in dir, in a process group of its own) and copies its
//       output (stdout and stderr merged) to stdout, each line prefixed by
//       the seconds since launch ("12.345678 line"). After cap seconds (0:
//       none) it kills the group. When the command ends it kills what is
//       left of the group (fuzzing workers), and every process that left
//       the group but is still below benchtool (see killLeft), and prints
//       one last line:
//         #benchrun status=S wall=W capped=C hwm_kb=H
//       S is the exit status (128+signal when killed), W the seconds from
//       launch to exit, C 1 when the cap ended it, H the command's own peak
//       resident set (VmHWM, polled every 2ms; its children not counted).
//
//   benchtool corpus -format v1|raw -kind bytes|twoarg -n N -dir D [-seed S]
//       Writes N distinct random inputs to D, named by the SHA-256 of their
//       content: "go test fuzz v1" files ([]byte, or string and int64) as
//       ctest and Go read them, or raw files as libFuzzer reads them (for
//       twoarg: the int64 in 8 little-endian bytes, then the string).
#define _GNU_SOURCE // pipe2
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

// vmhwm returns the VmHWM of pid in kB, or -1 when it cannot be read (the
// process has exited).
static long vmhwm(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return -1;
    }
    char line[256];
    long kb = -1;
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "VmHWM:", 6) == 0) {
            kb = strtol(line + 6, NULL, 10);
            break;
        }
    }
    fclose(f);
    return kb;
}

// emit writes the complete lines of buf[0:*n] with their time stamp and
// keeps the incomplete rest; with flush, the rest too.
static void emit(char *buf, size_t *n, double t, int flush) {
    size_t start = 0;
    for (size_t i = 0; i < *n; i++) {
        if (buf[i] == '\n') {
            printf("%.6f %.*s\n", t, (int)(i - start), buf + start);
            start = i + 1;
        }
    }
    if (flush && start < *n) {
        printf("%.6f %.*s\n", t, (int)(*n - start), buf + start);
        start = *n;
    }
    memmove(buf, buf + start, *n - start);
    *n -= start;
    fflush(stdout);
}

// parentOf returns the parent of pid (from /proc/<pid>/stat), or -1.
static pid_t parentOf(pid_t pid) {
    char path[64], line[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return -1;
    }
    size_t n = fread(line, 1, sizeof line - 1, f);
    fclose(f);
    line[n] = 0;
    // The command name, in parentheses, may hold anything: the fields
    // that follow start after its last ')'.
    char *p = strrchr(line, ')');
    int ppid;
    if (p == NULL || sscanf(p + 1, " %*c %d", &ppid) != 1) {
        return -1;
    }
    return ppid;
}

// killLeft ends the processes still below benchtool once the command is
// gone. Killing the command's group misses those that left it: AFL++'s
// forkservers put each child they fork in a session of its own, and a
// persistent-mode child waits stopped (SIGSTOP) for its next input, so
// that, its forkserver killed, it would stay stopped for ever. benchtool
// is a subreaper (PR_SET_CHILD_SUBREAPER), so such orphans become its
// children: it kills its children until none are left, reaping each.
static void killLeft(void) {
    pid_t self = getpid();
    for (int round = 0; round < 100; round++) {
        int found = 0;
        DIR *d = opendir("/proc");
        if (d == NULL) {
            return;
        }
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            pid_t pid = (pid_t)strtol(e->d_name, NULL, 10);
            if (pid > 0 && parentOf(pid) == self) {
                kill(pid, SIGKILL);
                found++;
            }
        }
        closedir(d);
        while (waitpid(-1, NULL, WNOHANG) > 0) {
        }
        if (found == 0) {
            return;
        }
        usleep(10000);
    }
}

static int cmdRun(int argc, char **argv) {
    const char *dir = NULL;
    double cap = 0;
    int i = 0;
    for (; i < argc; i++) {
        if (strcmp(argv[i], "-C") == 0 && i + 1 < argc) {
            dir = argv[++i];
        } else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
            cap = strtod(argv[++i], NULL);
        } else if (strcmp(argv[i], "--") == 0) {
            i++;
            break;
        } else {
            break;
        }
    }
    if (i >= argc) {
        fprintf(stderr, "usage: benchtool run [-C dir] [-t cap] -- command [args...]\n");
        return 2;
    }
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        perror("pipe");
        return 1;
    }
    double start = now();
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return 1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        if (dir != NULL && chdir(dir) != 0) {
            fprintf(stderr, "chdir %s: %s\n", dir, strerror(errno));
            _exit(127);
        }
        execvp(argv[i], argv + i);
        fprintf(stderr, "exec %s: %s\n", argv[i], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid); // also here, so that a kill never misses the group
    close(fds[1]);
    static char buf[1 << 16];
    size_t n = 0;
    long hwm = 0;
    int capped = 0, status = 0, exited = 0, eof = 0;
    double wall = 0, drainUntil = 0;
    while (!eof) {
        struct pollfd p = { fds[0], POLLIN, 0 };
        int r = poll(&p, 1, 2);
        double t = now() - start;
        if (r > 0) {
            ssize_t m = read(fds[0], buf + n, sizeof buf - n);
            if (m <= 0) {
                eof = 1;
            } else {
                n += (size_t)m;
                emit(buf, &n, t, n == sizeof buf);
            }
        }
        if (!exited) {
            long h = vmhwm(pid);
            if (h > hwm) {
                hwm = h;
            }
            if (waitpid(pid, &status, WNOHANG) == pid) {
                exited = 1;
                wall = t;
                // Workers left behind hold the pipe open: end them, and
                // read what is left for at most a second.
                kill(-pid, SIGKILL);
                drainUntil = t + 1;
            } else if (cap > 0 && t >= cap && !capped) {
                capped = 1;
                kill(-pid, SIGKILL);
            }
        } else if (t > drainUntil) {
            break;
        }
    }
    if (!exited) {
        waitpid(pid, &status, 0);
        wall = now() - start;
        kill(-pid, SIGKILL);
    }
    killLeft();
    emit(buf, &n, now() - start, 1);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf("#benchrun status=%d wall=%.6f capped=%d hwm_kb=%ld\n", code, wall, capped, hwm);
    return 0;
}

// The generator's PRNG: splitmix64, deterministic for a seed.
static uint64_t rngState;

static uint64_t rnd(void) {
    uint64_t z = (rngState += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

// quote appends s[0:n] as a Go string literal to out.
static size_t quote(char *out, const uint8_t *s, size_t n) {
    size_t w = 0;
    out[w++] = '"';
    for (size_t i = 0; i < n; i++) {
        uint8_t c = s[i];
        if (c == '"' || c == '\\') {
            out[w++] = '\\';
            out[w++] = (char)c;
        } else if (c == '\n') {
            out[w++] = '\\';
            out[w++] = 'n';
        } else if (c >= 0x20 && c < 0x7f) {
            out[w++] = (char)c;
        } else {
            w += (size_t)sprintf(out + w, "\\x%02x", c);
        }
    }
    out[w++] = '"';
    return w;
}

static int cmdCorpus(int argc, char **argv) {
    const char *format = "v1", *kind = "bytes", *dir = NULL;
    long count = 0;
    uint64_t seed = 1;
    for (int i = 0; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "-format") == 0) {
            format = argv[i + 1];
        } else if (strcmp(argv[i], "-kind") == 0) {
            kind = argv[i + 1];
        } else if (strcmp(argv[i], "-n") == 0) {
            count = strtol(argv[i + 1], NULL, 10);
        } else if (strcmp(argv[i], "-dir") == 0) {
            dir = argv[i + 1];
        } else if (strcmp(argv[i], "-seed") == 0) {
            seed = strtoull(argv[i + 1], NULL, 10);
        }
    }
    int raw = strcmp(format, "raw") == 0, twoarg = strcmp(kind, "twoarg") == 0;
    if (dir == NULL || count <= 0 || (!raw && strcmp(format, "v1") != 0) ||
        (!twoarg && strcmp(kind, "bytes") != 0)) {
        fprintf(stderr, "usage: benchtool corpus -format v1|raw -kind bytes|twoarg -n N "
                        "-dir D [-seed S]\n");
        return 2;
    }
    // mkdir -p dir
    char parent[4096];
    snprintf(parent, sizeof parent, "%s", dir);
    for (char *p = parent + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char c = *p;
            *p = '\0';
            if (mkdir(parent, 0777) != 0 && errno != EEXIST) {
                fprintf(stderr, "mkdir %s: %s\n", parent, strerror(errno));
                return 1;
            }
            *p = c;
            if (c == '\0') {
                break;
            }
        }
    }
    rngState = seed;
    // Printable text with some newlines and a few arbitrary bytes, up to
    // 64 bytes: what a fuzzer's corpus of a text format looks like.
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789 =[]#;\n";
    for (long k = 0; k < count; k++) {
        uint8_t data[64];
        size_t n = (size_t)(rnd() % (sizeof data + 1));
        for (size_t j = 0; j < n; j++) {
            uint64_t r = rnd();
            data[j] = r % 16 == 0 ? (uint8_t)(r >> 8)
                                  : (uint8_t)alphabet[(r >> 8) % (sizeof alphabet - 1)];
        }
        // The index k is part of each input, so that all are distinct.
        int64_t x = (int64_t)(rnd() % 1000000) * 1000 + k % 1000;
        if (!twoarg) {
            n = n < 8 ? 8 : n;
            for (int j = 0; j < 8; j++) {
                data[j] = (uint8_t)alphabet[((uint64_t)k >> (5 * j)) % 32];
            }
        }
        char content[512];
        size_t len = 0;
        if (raw && twoarg) {
            for (int j = 0; j < 8; j++) {
                content[len++] = (char)((uint64_t)x >> (8 * j));
            }
            memcpy(content + len, data, n);
            len += n;
        } else if (raw) {
            memcpy(content, data, n);
            len = n;
        } else {
            len = (size_t)sprintf(content, "go test fuzz v1\n%s(", twoarg ? "string" : "[]byte");
            len += quote(content + len, data, n);
            len += (size_t)sprintf(content + len, ")\n");
            if (twoarg) {
                len += (size_t)sprintf(content + len, "int64(%lld)\n", (long long)x);
            }
        }
        struct sha256_ctx ctx;
        uint8_t sum[SHA256_DIGEST_SIZE];
        sha256_init(&ctx);
        sha256_update(&ctx, len, (const uint8_t *)content);
        sha256_digest(&ctx, sizeof sum, sum);
        char path[4096];
        int w = snprintf(path, sizeof path, "%s/", dir);
        for (size_t j = 0; j < sizeof sum; j++) {
            w += snprintf(path + w, sizeof path - (size_t)w, "%02x", sum[j]);
        }
        FILE *f = fopen(path, "wb");
        if (f == NULL || fwrite(content, 1, len, f) != len || fclose(f) != 0) {
            fprintf(stderr, "write %s: %s\n", path, strerror(errno));
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "run") == 0) {
        return cmdRun(argc - 2, argv + 2);
    }
    if (argc >= 2 && strcmp(argv[1], "corpus") == 0) {
        return cmdCorpus(argc - 2, argv + 2);
    }
    fprintf(stderr, "usage: benchtool run|corpus ...\n");
    return 2;
}
