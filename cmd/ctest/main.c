// Ports go1.19.8 src/cmd/go/internal/test/test.go: runTest, builderTest,
// builderRunTest, builderNoTest, printExitStatus. ctest is `go test` for C.
//
// ctest: packages are built and run one at a time, in command-line order
// (Go builds and runs them in parallel and prints in order: the output is
// the same); there is no test result cache, so "(cached)" never appears.
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd/ctest/ctest.h"
#include "ctest_config.h"

// The state test.go keeps in package variables.
static testFlagsState testFlags;
static strList pkgArgs;                         // the package arguments (Go's pkgArgs)
static strList testArgs;                        // the arguments for the test binary
static size_t npkgs;                            // len(pkgs)
static int exitStatus;                          // base.exitStatus
static int64_t testKillTimeout = INT64_MAX / 2; // "forever" unless -timeout (Go: 100 years)

// setExitStatus is base.SetExitStatus: the largest status wins.
static void setExitStatus(int n) {
    if (exitStatus < n) {
        exitStatus = n;
    }
}

// fatalf is base.Fatalf: the message on stderr, exit 1.
static _Noreturn void fatalf(const char *format, ...) __attribute__((format(printf, 1, 2)));

static _Noreturn void fatalf(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    vfprintf(stderr, format, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

// testShowPass reports whether the output for a passing test should be shown.
static bool testShowPass(void) {
    return testFlags.testV || testFlags.testList != NULL || testFlags.testHelp;
}

static int64_t monotime(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

// jsonOut is the package's test2json converter with -json (Go's stdout
// writer in builderRunTest and builderNoTest), else NULL.
static converter *jsonOut;

// writeStdout writes to the standard output: through jsonOut with -json.
static void writeStdout(const char *p, size_t n) {
    if (jsonOut != NULL) {
        converter_write(jsonOut, p, n);
        return;
    }
    fwrite(p, 1, n, stdout);
    fflush(stdout);
}

static void printStdout(const char *format, ...) __attribute__((format(printf, 1, 2)));

static void printStdout(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *s = runtime_vsprintf(format, ap);
    va_end(ap);
    writeStdout(s, strlen(s));
    free(s);
}

// lockedStdout is the converter's JSON output: whole events, flushed.
static void lockedStdout(void *arg, const char *p, size_t n) {
    (void)arg;
    fwrite(p, 1, n, stdout);
    fflush(stdout);
}

// The output of a test binary: streamed to stdout, kept in buf, or both
// (builderRunTest's stdout writer).
typedef struct output {
    bool toStdout, toBuf;
    strings_Builder buf; // what was kept, with toBuf
} output;

static void output_write(output *o, const char *p, size_t n) {
    if (o->toStdout) {
        writeStdout(p, n);
    }
    if (o->toBuf) {
        strings_Builder_Write(&o->buf, p, n);
    }
}

static void output_printf(output *o, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void output_printf(output *o, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *s = runtime_vsprintf(format, ap);
    va_end(ap);
    output_write(o, s, strlen(s));
    free(s);
}

// sigchldPipe wakes the wait loop when the test binary exits; interrupted
// records a SIGINT, which the test binary (in the same process group) gets
// too and handles (base.StartSigHandlers: the go command waits for it).
static int sigchldPipe[2] = { -1, -1 };
static volatile sig_atomic_t interrupted;

static void onSigchld(int sig) {
    (void)sig;
    int saved = errno;
    ssize_t r = write(sigchldPipe[1], "x", 1);
    (void)r;
    errno = saved;
}

static void onSigint(int sig) {
    (void)sig;
    interrupted = 1;
}

// driverName is argv[0]: how the user invoked this driver.
static const char *driverName = "ctest";

// brokenPipe is set when stdout's reader has gone (ctest ... | head): the
// driver stops the test binary it runs, removes its work directory and
// then dies of SIGPIPE, as it would have at its first write.
static volatile sig_atomic_t brokenPipe;

static void onSigpipe(int sig) {
    (void)sig;
    brokenPipe = 1;
    interrupted = 1;
}

// runBinary starts args in dir with stdout and stderr going to o (through
// a pipe unless o only streams to the terminal), waits for it, killing it after
// testKillTimeout as builderRunTest does, and returns its wait status.
static int runBinary(const package *p, const strList *args, output *o, bool *ok) {
    int fds[2] = { -1, -1 };
    bool piped = o->toBuf || jsonOut != NULL; // test2json reads it
    if (piped && pipe(fds) != 0) {
        output_printf(o, "pipe: %s\n", strerror(errno));
        *ok = false;
        return 0;
    }
    fflush(stdout);
    fflush(stderr);
    char **argv = runtime_calloc(args->len + 1, sizeof(char *));
    memcpy(argv, args->ptr, args->len * sizeof(char *));
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGINT, SIG_DFL);
        signal(SIGCHLD, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        close(sigchldPipe[0]);
        close(sigchldPipe[1]);
        if (piped) {
            close(fds[0]);
            dup2(fds[1], 1);
            close(fds[1]);
        }
        dup2(1, 2); // cmd.Stderr = cmd.Stdout
        if (chdir(p->Dir) != 0) {
            dprintf(2, "chdir %s: %s\n", p->Dir, strerror(errno));
            _exit(1);
        }
        setenv("PWD", p->Dir, 1); // base.AppendPWD
        execv(argv[0], argv);
        dprintf(2, "fork/exec %s: %s\n", argv[0], strerror(errno));
        _exit(1);
    }
    free(argv);
    if (piped) {
        close(fds[1]);
    }
    if (pid < 0) {
        output_printf(o, "fork/exec %s: %s\n", args->ptr[0], strerror(errno));
        *ok = false;
        return 0;
    }
    int64_t deadline = monotime() + testKillTimeout;
    bool killed = false, quitSent = false, exited = false, pipeSent = false;
    int status = 0;
    char buf[65536];
    while (!exited || fds[0] >= 0) {
        if (!exited) {
            pid_t r = waitpid(pid, &status, WNOHANG);
            if (r == pid) {
                exited = true;
                continue;
            }
        }
        if (brokenPipe && !exited && !pipeSent) {
            // Nobody reads the output any more: the test binary would die
            // of SIGPIPE writing to it.
            kill(pid, SIGPIPE);
            pipeSent = true;
        }
        int64_t now = monotime();
        if (!exited && now >= deadline) {
            if (!quitSent) {
                // Past the deadline: SIGQUIT first, as go test does (a Go
                // binary dumps its goroutines on it); SIGKILL if the test
                // is still running five seconds later.
                kill(pid, SIGQUIT);
                quitSent = true;
                deadline = now + 5 * INT64_C(1000000000);
            } else {
                kill(pid, SIGKILL);
                killed = true;
                deadline = INT64_MAX;
            }
            continue;
        }
        struct pollfd pfds[2] = { { sigchldPipe[0], POLLIN, 0 }, { fds[0], POLLIN, 0 } };
        int64_t wait = exited ? -1 : (deadline - now) / 1000000 + 1;
        if (wait > 1000) {
            wait = 1000; // also a backstop should a SIGCHLD be missed
        }
        int n = poll(pfds, fds[0] >= 0 ? 2 : 1, (int)wait);
        if (n < 0 && errno != EINTR) {
            break;
        }
        if (n > 0 && (pfds[0].revents & POLLIN)) {
            char drain[64];
            ssize_t r = read(sigchldPipe[0], drain, sizeof drain);
            (void)r;
        }
        if (fds[0] >= 0 && n > 0 && (pfds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
            ssize_t r = read(fds[0], buf, sizeof buf);
            if (r > 0) {
                output_write(o, buf, (size_t)r);
            } else if (r == 0 || errno != EINTR) {
                close(fds[0]);
                fds[0] = -1;
            }
        }
    }
    if (quitSent) {
        char *d = time_Duration_String(testKillTimeout);
        if (killed) {
            output_printf(o, "*** Test killed: ran too long (%s).\n", d);
        } else {
            output_printf(o, "*** Test killed with quit: ran too long (%s).\n", d);
        }
        free(d);
    }
    *ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return status;
}

// hasOutput reports bytes.HasPrefix(out, msg[1:]) || bytes.Contains(out, msg).
static bool hasOutput(const char *out, const char *msg) {
    return strncmp(out, msg + 1, strlen(msg + 1)) == 0 || strstr(out, msg) != NULL;
}

// coveragePercentage is test.go's: with -cover, what follows the first
// "coverage: " of the output, for the ok line (caller frees).
static char *coveragePercentage(const char *out) {
    const char *c = testFlags.testCover ? strstr(out, "coverage: ") : NULL;
    const char *nl = c != NULL ? strchr(c, '\n') : NULL;
    if (nl == NULL) {
        return runtime_strdup("");
    }
    c += strlen("coverage: ");
    return runtime_sprintf("\tcoverage: %.*s", (int)(nl - c), c);
}

// builderRunTest runs the test binary of p (built with the //ctest:srcs
// files srcs) and prints its result.
static void builderRunTest(const package *p, const strList *srcs, const char *binary) {
    output o = { 0 };
    if (testFlags.testJSON) {
        jsonOut = newConverter(lockedStdout, NULL, p->ImportPath, test2jsonTimestamp);
    }
    bool streamed = pkgArgs.len == 0 || testFlags.testFuzz != NULL;
    if (streamed) {
        // Output goes straight to stdout, unbuffered, when no package was
        // named (the current directory is tested) or when fuzzing.
        o.toStdout = true;
    } else if ((testShowPass() && npkgs == 1) || testFlags.testJSON) {
        // Echo as it comes, and keep it for "no tests to run". With -json
        // every event names its package and test, so the events of several
        // packages may interleave.
        o.toStdout = true;
        o.toBuf = true;
    } else {
        o.toBuf = true;
    }

    strList args = { 0 };
    strList_append(&args, binary);
    // ctest: no -test.testlogfile (there is no test cache).
    strList_append(&args, "-test.paniconexit0");
    if (testFlags.testFuzz != NULL || testFlags.fuzzCacheSeeds) {
        char *cache;
        go_error *err = cacheDir(&cache);
        if (err != NULL) {
            fatalf("ctest: %s", go_error_Error(err));
        }
        char *fuzzCacheDir = runtime_sprintf("%s/fuzz/%s", cache, p->CachePath);
        char *clean = filepathClean(fuzzCacheDir);
        strList_appendOwned(&args, runtime_sprintf("-test.fuzzcachedir=%s", clean));
        free(clean);
        free(fuzzCacheDir);
        free(cache);
    }
    strList_appendAll(&args, &testArgs);

    if (testFlags.testCover) {
        char *profile = coverBegin(binary);
        setenv("LLVM_PROFILE_FILE", profile, 1);
        free(profile);
    }
    int64_t t0 = monotime();
    bool ok;
    int status = runBinary(p, &args, &o, &ok);
    strList_free(&args);
    if (testFlags.testCover) {
        // The line Go's test binary prints last, from what this one
        // recorded (nothing if it crashed).
        unsetenv("LLVM_PROFILE_FILE");
        char *line = coverReport(p, srcs, binary, testFlags.fuzzCacheSeeds);
        if (line != NULL) {
            output_write(&o, line, strlen(line));
            free(line);
        }
    }
    char *t = runtime_sprintf("%.3fs", (double)(monotime() - t0) / 1e9);
    const char *out = strings_Builder_String(&o.buf);
    size_t outLen = strings_Builder_Len(&o.buf);

    if (ok) {
        const char *norun = "";
        if (hasOutput(out, "\ntesting: warning: no tests to run\n")) {
            norun = " [no tests to run]";
        }
        if (hasOutput(out, "\ntesting: warning: no fuzz tests to fuzz\n")) {
            norun = " [no fuzz tests to fuzz]";
        }
        if (hasOutput(out,
                      "\ntesting: warning: -fuzz matches more than one fuzz test, won't fuzz\n")) {
            norun = "[-fuzz matches more than one fuzz test, won't fuzz]";
        }
        // A passing package shows only its ok line unless -v or -list
        // (buf.Reset()); output already echoed is not shown twice.
        if (!o.toStdout && testShowPass()) {
            writeStdout(out, outLen);
        }
        if (outLen > 0 && out[outLen - 1] != '\n' && (o.toStdout || testShowPass())) {
            // Close an unfinished last line, so that "ok" starts a line of
            // its own (https://golang.org/issue/49317).
            writeStdout("\n", 1);
        }
        char *cover = coveragePercentage(out);
        printStdout("ok  \t%s\t%s%s%s\n", p->ImportPath, t, cover, norun);
        free(cover);
    } else {
        setExitStatus(1);
        if (!o.toStdout) {
            writeStdout(out, outLen);
        }
        if (outLen == 0) {
            // Nothing captured (none printed, or it was streamed): the exit
            // status at least says why the package failed.
            char *e = exitErrorString(status);
            printStdout("%s\n", e);
            free(e);
        } else if (out[outLen - 1] != '\n') {
            writeStdout("\n", 1);
        }
        // test2json counts a package as passed unless a line starts with
        // "FAIL", and a test that crashed may have printed none: hence this.
        printStdout("FAIL\t%s\t%s\n", p->ImportPath, t);
    }
    if (jsonOut != NULL) {
        converter_exited(jsonOut, ok);
        converter_close(jsonOut);
        jsonOut = NULL;
    }
    fflush(stdout);
    free(t);
    strings_Builder_Reset(&o.buf);
}

// builderTest builds and (unless -c) runs the tests of one package.
static void builderTest(builder *b, const package *p) {
    if (p->TestCFiles.len == 0) {
        // builderNoTest. ctest: the package's own files are not compiled.
        if (!testFlags.testC) {
            if (testFlags.testJSON) {
                jsonOut = newConverter(lockedStdout, NULL, p->ImportPath, test2jsonTimestamp);
            }
            printStdout("?   \t%s\t[no test files]\n", p->ImportPath);
            if (jsonOut != NULL) {
                converter_close(jsonOut);
                jsonOut = NULL;
            }
            fflush(stdout);
        }
        return;
    }
    testFuncs t = { 0 };
    strList cflags = { 0 }, ldflags = { 0 }, srcs = { 0 };
    go_error *err = loadTestFuncs(p, &t, &cflags, &ldflags, &srcs);
    if (err != NULL) {
        fflush(stdout);
        fprintf(stderr, "# %s\n%s\n", p->ImportPath, go_error_Error(err));
        fflush(stderr);
        go_error_free(err);
        printf("FAIL\t%s [setup failed]\n", p->ImportPath);
        fflush(stdout);
        setExitStatus(1);
        goto out;
    }
    // Use the last element of the package path: the test binary is
    // elem.test, in the work directory or, with -c or -o, where asked.
    const char *slash = strrchr(p->Dir, '/');
    const char *elem = slash[1] != '\0' ? slash + 1 : "root";
    char *target;
    if (testFlags.testO != NULL) {
        target = testFlags.testO[0] == '/' ? runtime_strdup(testFlags.testO)
                                           : filepathJoin(cwd(), testFlags.testO);
    } else if (testFlags.testC) {
        char *name = runtime_sprintf("%s.test", elem);
        target = filepathJoin(cwd(), name);
        free(name);
    } else {
        target = runtime_sprintf("%s/%s.test", b->WorkDir, elem);
    }
    if (!buildTest(b, p, &t, &cflags, &ldflags, &srcs, target)) {
        // builderRunTest: we were unable to build the binary.
        printf("FAIL\t%s [build failed]\n", p->ImportPath);
        fflush(stdout);
        setExitStatus(2); // as work's builder does for a failed action
    } else if (!testFlags.testC) {
        builderRunTest(p, &srcs, target);
    }
    free(target);
out:
    testFuncs_free(&t);
    strList_free(&cflags);
    strList_free(&ldflags);
    strList_free(&srcs);
}

// checkFlagCombinations refuses the flags that runTest cannot honour
// together, with Go's messages.
static void checkFlagCombinations(void) {
    if (testFlags.testC && npkgs != 1) {
        fatalf("cannot use -c flag with multiple packages");
    }
    if (testFlags.testO != NULL && npkgs != 1) {
        fatalf("cannot use -o flag with multiple packages");
    }
    if (testFlags.testFuzz != NULL && npkgs != 1) {
        fatalf("cannot use -fuzz flag with multiple packages");
    }
    if (testFlags.testFuzz != NULL && testFlags.testCoverProfile != NULL) {
        fatalf("cannot use -coverprofile flag with -fuzz flag");
    }
    if (testFlags.testFuzz != NULL && testFlags.testCover) {
        // ctest: Go reports what its coordinator covered while fuzzing;
        // ctest's coverage counts would slow every execution, and its
        // workers do not write them. The corpus's coverage is measured
        // after fuzzing: -cover -fuzzcacheseeds.
        fatalf("ctest: cannot use -cover flag with -fuzz flag: measure what the corpus covers "
               "with ctest -cover -fuzzcacheseeds");
    }
}

// initCoverage sets b up for -cover and creates -coverprofile's file,
// relative to -outputdir or the invocation directory (Go's
// initCoverProfile).
static void initCoverage(builder *b) {
    go_error *err = initCover(b, testFlags.testCoverMode);
    if (err != NULL) {
        fflush(stdout);
        fprintf(stderr, "ctest: %s\n", go_error_Error(err));
        go_error_free(err);
        builder_close(b);
        exit(2);
    }
    if (testFlags.testCoverProfile == NULL || testFlags.testC) {
        return;
    }
    const char *dir = testFlags.outputDir != NULL ? testFlags.outputDir : cwd();
    char *path = testFlags.testCoverProfile[0] == '/'
                         ? runtime_strdup(testFlags.testCoverProfile)
                         : filepathJoin(dir, testFlags.testCoverProfile);
    err = initCoverProfile(testFlags.testCoverMode, path);
    free(path);
    if (err != NULL) {
        builder_close(b);
        fatalf("%s", go_error_Error(err));
    }
}

// runTest is test.go's runTest.
static int runTest(int argc, char **argv) {
    parseTestFlags(argc, argv, &testFlags, &pkgArgs, &testArgs);

    package *pkgs;
    loadPackages(&pkgArgs, &pkgs, &npkgs);
    if (npkgs == 0) {
        fatalf("no packages to test");
    }
    checkFlagCombinations();
    // A finite -timeout arms a backstop: the test binary is killed a minute
    // after its own timeout, should it hang. Not when fuzzing, which may go
    // on with no end.
    if (testFlags.testTimeout > 0 && testFlags.testFuzz == NULL) {
        testKillTimeout = testFlags.testTimeout + 60 * INT64_C(1000000000);
    }

    if (pipe(sigchldPipe) != 0) {
        fatalf("pipe: %s", strerror(errno));
    }
    for (int i = 0; i < 2; i++) {
        fcntl(sigchldPipe[i], F_SETFL, O_NONBLOCK);
        fcntl(sigchldPipe[i], F_SETFD, FD_CLOEXEC); // not the compiler's nor the test's
    }
    struct sigaction sa = { 0 };
    sa.sa_handler = onSigchld;
    sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    sigaction(SIGCHLD, &sa, NULL);
    sa.sa_handler = onSigint;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sa.sa_handler = onSigpipe;
    sigaction(SIGPIPE, &sa, NULL);

    // A -p given must be positive, as Go's work.BuildInit checks.
    if (testFlags.buildPSet && (testFlags.buildP <= 0 || testFlags.buildP > INT_MAX)) {
        fatalf("ctest: -p must be a positive integer: %" PRId64, testFlags.buildP);
    }
    builder b;
    go_error *err = newBuilder(&b, testFlags.work);
    if (err != NULL) {
        fatalf("ctest: %s", go_error_Error(err));
    }
    if (testFlags.buildPSet) {
        b.parallel = (int)testFlags.buildP;
    }
    if (testFlags.testFuzz != NULL) {
        // Inform the compiler that it should instrument the package's files
        // at build time when fuzzing is enabled (its own files only: see
        // build.c).
        err = fuzzInstrumentFlags(&b, testFlags.goSearch);
        if (err != NULL) {
            fflush(stdout);
            fprintf(stderr, "ctest: %s\n", go_error_Error(err));
            go_error_free(err);
            builder_close(&b);
            exit(2);
        }
    }
    if (testFlags.testCover) {
        initCoverage(&b);
    }
    // The test binary prints the re-run command of a crasher: this driver,
    // named as it was invoked (so that a pasted command never runs CMake's
    // ctest), and -sanitize, without which the input may not fail again
    // (testing/fuzz.c reads CTEST_RERUN).
    strings_Builder rerun = { 0 };
    shellQuote(&rerun, driverName);
    if (testFlags.sanitize != NULL) {
        sanitizeFlags(&b, testFlags.sanitize);
        strings_Builder_WriteString(&rerun, " -sanitize=");
        shellQuote(&rerun, testFlags.sanitize);
    }
    setenv("CTEST_RERUN", strings_Builder_String(&rerun), 1);
    strings_Builder_Reset(&rerun);
    for (size_t i = 0; i < npkgs && !interrupted; i++) {
        builderTest(&b, &pkgs[i]);
    }
    builder_close(&b);
    go_error *closeErr = closeCoverProfile();
    if (closeErr != NULL) {
        fprintf(stderr, "%s\n", go_error_Error(closeErr));
        go_error_free(closeErr);
        setExitStatus(1);
    }
    if (brokenPipe) {
        signal(SIGPIPE, SIG_DFL);
        raise(SIGPIPE);
    }

    // printExitStatus: when packages were named and one failed, end with a
    // lone "FAIL", as an early package's failure may be far up the screen by
    // now. Not with -json: it would break the JSON stream, and a tool reads
    // it anyway.
    if (!testFlags.testJSON && testFlags.testFuzz == NULL && pkgArgs.len != 0 && exitStatus != 0) {
        printf("FAIL\n");
    }
    for (size_t i = 0; i < npkgs; i++) {
        package_free(&pkgs[i]);
    }
    free(pkgs);
    if (interrupted && exitStatus == 0) {
        exitStatus = 1;
    }
    return exitStatus;
}

// help is `ctest help`: a summary of go help test and go help testflag.
static int help(void) {
    printf("usage: ctest [build/test flags] [packages] [build/test flags & test binary flags]\n"
           "       ctest clean -fuzzcache\n"
           "       ctest corpus minimize -fuzz=FuzzX [-testdata] [flags] [package]\n"
           "       ctest corpus merge -fuzz=FuzzX [flags] [package] DIR...\n"
           "       ctest version\n"
           "       ctest flags     (the flags to build a library as ctest builds a package)\n"
           "       ctest tool cover -html=c.out [-o c.html]\n"
           "\n"
           "ctest builds each package (a directory of C files), its *_test.c files and a\n"
           "generated main into a test binary and runs it, as go test does. './...' means\n"
           "every directory below holding C files, but testdata, names beginning with\n"
           "'.' or '_' and CMake build trees.\n"
           "\n"
           "Flags of ctest:\n"
           "  -c          build the test binary (pkg.test) but do not run it\n"
           "  -o file     write the test binary to file\n"
           "  -json       convert the test output to JSON (see 'go doc test2json')\n"
           "  -args ...   pass the rest of the command line to the test binary\n"
           "  -p n        run up to n compilers at once (default: the number of CPUs)\n"
           "  -work       print the name of the temporary work directory and keep it\n"
           "  -cover      report the share of the package's statements the tests ran\n"
           "              (clang's source-based coverage, read with llvm-cov)\n"
           "  -covermode set|count|atomic  what the profile counts (default set)\n"
           "  -coverprofile file  write a coverage profile (Go's format; sets -cover);\n"
           "              'ctest tool cover -html=file' shows it\n"
           "  -sanitize list\n"
           "              (a ctest extension) compile the package, its tests and the test\n"
           "              main with -fsanitize=list -fno-omit-frame-pointer, for example\n"
           "              -sanitize=address,undefined; a sanitizer report fails the test\n"
           "\n"
           "Flags passed to the test binary as -test.name:\n"
           "  -run regexp -fuzz regexp -fuzztime t -fuzzminimizetime t -v -count n\n"
           "  -parallel n -timeout d (default 10m) -failfast -short -list regexp\n"
           "  -fuzzcmp=false  (a ctest extension) search exactly as Go does: no comparison\n"
           "              or token dictionary, crossover or length control (also\n"
           "              GODEBUG=fuzzcmp=0)\n"
           "  -fuzztimeout d  (a ctest extension) time one input may run before fuzzing\n"
           "              reports it as a hang (default 10s)\n"
           "  -fuzzdict file  (a ctest extension) add the words of a dictionary file\n"
           "              (libFuzzer's -dict format) to those of the package's code\n"
           "  -fuzzcacheseeds (a ctest extension) run the fuzz cache's inputs as seeds too:\n"
           "              with -cover, what fuzzing reached\n"
           "  -fuzzkeepgoing  (a ctest extension) go on fuzzing after a crash: one\n"
           "              minimized crasher for each distinct cause, listed at the end\n"
           "\n"
           "ctest corpus minimize (a ctest extension) removes the fuzz cache's inputs of\n"
           "FuzzX that add no coverage to the others (with -testdata, testdata's too);\n"
           "ctest corpus merge adds the files of each DIR that add coverage to the cache\n"
           "(go test fuzz v1 files, or libFuzzer's and AFL++'s raw files for a fuzz test\n"
           "of one []byte or string). See 'ctest corpus minimize -h'.\n"
           "\n"
           "Environment: CC, CFLAGS, LDFLAGS; CTESTCACHE (default $XDG_CACHE_HOME/ctest\n"
           "or ~/.cache/ctest). Files may add //ctest:cflags and //ctest:ldflags lines,\n"
           "and //ctest:srcs lines: more files to build (and instrument) with the package.\n");
    return 0;
}

int main(int argc, char **argv) {
    driverName = argc > 0 ? argv[0] : "ctest";
    // Make stdout line-ordered with stderr (compiler output) as Go's
    // unbuffered os.Stdout is.
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc > 1 && strcmp(argv[1], "clean") == 0) {
        return runClean(argc - 1, argv + 1);
    }
    if (argc > 1 && strcmp(argv[1], "help") == 0) {
        return help();
    }
    if (argc > 1 && strcmp(argv[1], "corpus") == 0) {
        return runCorpus(argc - 1, argv + 1);
    }
    if (argc > 1 && strcmp(argv[1], "flags") == 0) {
        return runFlags(argc - 1, argv + 1);
    }
    if (argc > 1 && strcmp(argv[1], "tool") == 0) {
        if (argc > 2 && strcmp(argv[2], "cover") == 0) {
            return runToolCover(argc - 2, argv + 2);
        }
        if (argc == 2) {
            printf("cover\n"); // go tool's list of the tools
            return 0;
        }
        fprintf(stderr, "ctest tool: no such tool \"%s\"\n", argv[2]);
        return 2;
    }
    // ctest: `ctest version`, as `go version`; and --version, which a C
    // user tries first (CMake's ctest has it), rather than running tests.
    if (argc > 1 && (strcmp(argv[1], "version") == 0 || strcmp(argv[1], "--version") == 0 ||
                     strcmp(argv[1], "-version") == 0)) {
        struct utsname u;
        if (uname(&u) != 0) {
            strcpy(u.sysname, "unknown");
            strcpy(u.machine, "unknown");
        }
        for (char *c = u.sysname; *c != '\0'; c++) {
            *c = (char)tolower((unsigned char)*c);
        }
        printf("ctest version %s %s/%s (go test and fuzzing of go1.19.8)\n", CTEST_VERSION,
               u.sysname, u.machine);
        return 0;
    }
    return runTest(argc - 1, argv + 1);
}
