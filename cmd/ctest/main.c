// Ports go1.19.8 src/cmd/go/internal/test/test.go: runTest, builderTest,
// builderRunTest, builderNoTest, printExitStatus. ctest is `go test` for C.
//
// ctest: packages are built and run one at a time, in command-line order
// (Go builds and runs them in parallel and prints in order: the output is
// the same); there is no test result cache, so "(cached)" never appears.
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "cmd/ctest/ctest.h"
#include "ctest_config.h"

// The state test.go keeps in package variables (run.c keeps the exit
// status and the kill timeout).
static testFlagsState testFlags;
static strList pkgArgs;  // the package arguments (Go's pkgArgs)
static strList testArgs; // the arguments for the test binary
static size_t npkgs;     // len(pkgs)

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

// driverName is argv[0]: how the user invoked this driver.
static const char *driverName = "ctest";

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

void testBinaryArgs(const package *p, const char *binary, strList *args) {
    strList_append(args, binary);
    // ctest: no -test.testlogfile (there is no test cache).
    strList_append(args, "-test.paniconexit0");
    if (testFlags.testFuzz != NULL || testFlags.fuzzCacheSeeds) {
        char *cache;
        go_error *err = cacheDir(&cache);
        if (err != NULL) {
            fatalf("ctest: %s", go_error_Error(err));
        }
        char *fuzzCacheDir = runtime_sprintf("%s/fuzz/%s", cache, p->CachePath);
        char *clean = filepathClean(fuzzCacheDir);
        strList_appendOwned(args, runtime_sprintf("-test.fuzzcachedir=%s", clean));
        free(clean);
        free(fuzzCacheDir);
        free(cache);
    }
}

// builderRunTest runs the test binary of p (built with the //ctest:srcs
// files srcs) and prints its result.
static void builderRunTest(const package *p, const strList *srcs, const char *binary) {
    runOutput o = { 0 };
    if (testFlags.testJSON) {
        jsonOut = newJSONConverter(p->ImportPath);
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
    testBinaryArgs(p, binary, &args);
    strList_appendAll(&args, &testArgs);

    if (testFlags.testCover) {
        char *profile = coverBegin(binary);
        setenv("LLVM_PROFILE_FILE", profile, 1);
        free(profile);
    }
    int64_t t0 = time_now();
    bool ok;
    int status = runBinary(p, &args, &o, &ok);
    strList_free(&args);
    if (testFlags.testCover) {
        // The line Go's test binary prints last, from what this one
        // recorded (nothing if it crashed).
        unsetenv("LLVM_PROFILE_FILE");
        char *line = coverReport(p, srcs, binary, testFlags.fuzzCacheSeeds);
        if (line != NULL) {
            runOutput_write(&o, line, strlen(line));
            free(line);
        }
    }
    char *t = runtime_sprintf("%.3fs", (double)(time_now() - t0) / 1e9);
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
    runOutput_printHints(&o);
    free(t);
    strings_Builder_Reset(&o.buf);
}

void builderNoTest(const package *p) {
    // ctest: the package's own files are not compiled.
    if (testFlags.testJSON) {
        jsonOut = newJSONConverter(p->ImportPath);
    }
    printStdout("?   \t%s\t[no test files]\n", p->ImportPath);
    if (jsonOut != NULL) {
        converter_close(jsonOut);
        jsonOut = NULL;
    }
    fflush(stdout);
}

bool builderBuild(builder *b, const package *p, const char *target, strList *srcs) {
    testFuncs t = { 0 };
    strList cflags = { 0 }, ldflags = { 0 };
    bool ok = false;
    go_error *err = loadTestFuncs(p, &t, &cflags, &ldflags, srcs);
    if (err != NULL) {
        fflush(stdout);
        fprintf(stderr, "# %s\n%s\n", p->ImportPath, go_error_Error(err));
        fflush(stderr);
        go_error_free(err);
        printf("FAIL\t%s [setup failed]\n", p->ImportPath);
        fflush(stdout);
        setExitStatus(1);
    } else if (!buildTest(b, p, &t, &cflags, &ldflags, srcs, target)) {
        // builderRunTest: we were unable to build the binary.
        printf("FAIL\t%s [build failed]\n", p->ImportPath);
        fflush(stdout);
        setExitStatus(2); // as work's builder does for a failed action
    } else {
        ok = true;
    }
    testFuncs_free(&t);
    strList_free(&cflags);
    strList_free(&ldflags);
    return ok;
}

// builderBuildFuzzers is -fuzzengine's build (ctest's own): a binary for
// the other engine for each fuzz test of p, in the -o directory (else the
// current one), which it creates; for libFuzzer, with the seed corpus,
// dictionary and options files beside each (enginefiles.c).
static void builderBuildFuzzers(builder *b, const package *p) {
    testFuncs t = { 0 };
    strList cflags = { 0 }, ldflags = { 0 }, srcs = { 0 };
    char *outDir = testFlags.testO != NULL ? absPath(testFlags.testO) : runtime_strdup(cwd());
    go_error *err = loadTestFuncs(p, &t, &cflags, &ldflags, &srcs);
    if (err == NULL && t.FuzzTargets.len == 0) {
        err = fmt_Errorf(NULL, "%s has no fuzz tests: -fuzzengine builds one binary for each",
                         p->ImportPath);
    }
    if (err == NULL) {
        err = os_MkdirAll(outDir);
    }
    if (err == NULL && access(outDir, W_OK) != 0) {
        err = fmt_Errorf(NULL, "-o %s: %s", outDir, strerror(errno));
    }
    if (err != NULL) {
        fflush(stdout);
        fprintf(stderr, "ctest: %s\n", go_error_Error(err));
        go_error_free(err);
        setExitStatus(1);
    } else if (!buildFuzzers(b, p, &t, &cflags, &ldflags, &srcs, outDir)) {
        printf("FAIL\t%s [build failed]\n", p->ImportPath);
        fflush(stdout);
        setExitStatus(2);
    } else if (b->Engine == engineLibFuzzer && !writeEngineFiles(b, p, &t, outDir, &testFlags)) {
        // ctest: OSS-Fuzz's build contract wants the seed corpus too.
        setExitStatus(1);
    }
    free(outDir);
    testFuncs_free(&t);
    strList_free(&cflags);
    strList_free(&ldflags);
    strList_free(&srcs);
}

const char *packageElem(const package *p) {
    const char *slash = strrchr(p->Dir, '/');
    return slash[1] != '\0' ? slash + 1 : "root";
}

// builderTest builds and (unless -c) runs the tests of one package.
static void builderTest(builder *b, const package *p) {
    if (testFlags.fuzzEngineName != NULL) {
        builderBuildFuzzers(b, p);
        return;
    }
    if (p->TestCFiles.len == 0) {
        if (!testFlags.testC) {
            builderNoTest(p);
        }
        return;
    }
    // The test binary is elem.test, in the work directory or, with -c or
    // -o, where asked. ctest: with -testbin, a binary built earlier (with
    // ctest -c) is run as it is, and nothing is built.
    char *target;
    if (testFlags.testBin != NULL) {
        strList none = { 0 };
        builderRunTest(p, &none, testFlags.testBin);
        return;
    }
    if (testFlags.testO != NULL) {
        target = testFlags.testO[0] == '/' ? runtime_strdup(testFlags.testO)
                                           : filepathJoin(cwd(), testFlags.testO);
    } else if (testFlags.testC) {
        char *name = runtime_sprintf("%s.test", packageElem(p));
        target = filepathJoin(cwd(), name);
        free(name);
    } else {
        target = runtime_sprintf("%s/%s.test", b->WorkDir, packageElem(p));
    }
    strList srcs = { 0 };
    if (builderBuild(b, p, target, &srcs) && !testFlags.testC) {
        builderRunTest(p, &srcs, target);
    }
    free(target);
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
    if (testFlags.testBin != NULL) {
        // ctest: -testbin runs one package's binary, built before.
        if (npkgs != 1) {
            fatalf("ctest: cannot use -testbin flag with multiple packages");
        }
        if (testFlags.testC || testFlags.testO != NULL) {
            fatalf("ctest: cannot use -testbin flag with -c or -o flag: -testbin builds nothing");
        }
        if (testFlags.fuzzMulti || testFlags.fuzzEngineName != NULL || testFlags.testCover) {
            fatalf("ctest: cannot use -testbin flag with -fuzzmulti, -fuzzengine or -cover flag");
        }
    }
    if (testFlags.fuzzMulti) {
        // ctest: -fuzzmulti runs test binaries that fuzz (fuzzmulti.c).
        if (testFlags.testFuzz == NULL) {
            fatalf("ctest: cannot use -fuzzmulti flag without -fuzz flag");
        }
        if (testFlags.testC) {
            fatalf("ctest: cannot use -c flag with -fuzzmulti flag");
        }
        if (testFlags.testO != NULL) {
            fatalf("ctest: cannot use -o flag with -fuzzmulti flag");
        }
    }
    if (testFlags.fuzzEngineName != NULL) {
        // ctest: -fuzzengine builds binaries that another engine runs.
        if (!testFlags.testC) {
            fatalf("ctest: -fuzzengine needs -c: it builds a binary for each fuzz test, which "
                   "the engine runs");
        }
        if (testFlags.testFuzz != NULL) {
            fatalf("ctest: cannot use -fuzz flag with -fuzzengine flag: the other engine fuzzes");
        }
        if (testFlags.testCover) {
            fatalf("ctest: cannot use -cover flag with -fuzzengine flag");
        }
        // The test binary checks -fuzztimeout, but a -fuzzengine build runs
        // none: its .options files take the value.
        time_Duration d;
        const char *ft = testFlags.engineTimeout;
        go_error *err = ft != NULL ? time_ParseDuration(ft, strlen(ft), &d) : NULL;
        if (err != NULL) {
            fprintf(stderr, "invalid value \"%s\" for flag -fuzztimeout: %s\n", ft,
                    go_error_Error(err));
            go_error_free(err);
            exitWithUsage();
        }
    }
    if (testFlags.fuzzDictOut != NULL &&
        (!testFlags.testC || testFlags.testFuzz == NULL || testFlags.fuzzEngineName != NULL)) {
        // ctest: -fuzzdictout writes the words of a fuzzing build of ctest's
        // own; the driver reads them from the objects it compiles.
        fatalf("ctest: -fuzzdictout needs -c and -fuzz, without -fuzzengine");
    }
    if (testFlags.testFuzz != NULL && npkgs != 1 && !testFlags.fuzzMulti) {
        // ctest: Go's error, then the flag that does what was asked.
        fatalf("cannot use -fuzz flag with multiple packages\n"
               "ctest: hint: -fuzzmulti fuzzes every fuzz test that -fuzz matches, across the "
               "packages, in turns that share -fuzztime");
    }
    if (testFlags.testFuzz != NULL && testFlags.testCoverProfile != NULL) {
        fatalf("cannot use -coverprofile flag with -fuzz flag");
    }
}

// exitOnBuildError ends the run with status 2 when setting up the build
// failed (err), after closing b; nothing when err is NULL.
static void exitOnBuildError(builder *b, go_error *err) {
    if (err == NULL) {
        return;
    }
    fflush(stdout);
    fprintf(stderr, "ctest: %s\n", go_error_Error(err));
    go_error_free(err);
    builder_close(b);
    exit(2);
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

// strandedPackageHint: ctest's line after Go's load error when a mistyped
// flag sent the package after it to the test binary, or NULL.
static char *strandedPackageHint(void) {
    if (testFlags.strandedPackage == NULL) {
        return NULL;
    }
    const char *eq = strchr(testFlags.unknownFlag, '=');
    int n = eq != NULL ? (int)(eq - testFlags.unknownFlag) : (int)strlen(testFlags.unknownFlag);
    return runtime_sprintf(
            "ctest: hint: %.*s is not a flag of ctest, so it and the arguments after it "
            "(%s among them) went to the test binary (ctest help testflag lists ctest's flags)",
            n, testFlags.unknownFlag, testFlags.strandedPackage);
}

// inWorkingDir reports whether dir is the directory ctest was started in.
static bool inWorkingDir(const char *dir) {
    char *rel = shortPath(dir);
    bool here = strcmp(rel, ".") == 0;
    free(rel);
    return here;
}

// runTest is test.go's runTest.
static int runTest(int argc, char **argv) {
    parseTestFlags(argc, argv, &testFlags, &pkgArgs, &testArgs);

    char *hint = strandedPackageHint();
    package *pkgs;
    loadPackages(&pkgArgs, hint, &pkgs, &npkgs);
    free(hint);
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

    go_error *err = startSigHandlers();
    if (err != NULL) {
        fatalf("%s", go_error_Error(err));
    }

    // A -p given must be positive, as Go's work.BuildInit checks.
    if (testFlags.buildPSet && (testFlags.buildP <= 0 || testFlags.buildP > INT_MAX)) {
        fatalf("ctest: -p must be a positive integer: %" PRId64, testFlags.buildP);
    }
    builder b;
    err = newBuilder(&b, testFlags.work);
    if (err != NULL) {
        fatalf("ctest: %s", go_error_Error(err));
    }
    if (testFlags.buildPSet) {
        b.parallel = (int)testFlags.buildP;
    }
    if (testFlags.testFuzz != NULL && testFlags.testBin == NULL) {
        // Inform the compiler that it should instrument the package's files
        // at build time when fuzzing is enabled (its own files only: see
        // build.c); a -testbin binary was instrumented when it was built.
        exitOnBuildError(&b, fuzzInstrumentFlags(&b, testFlags.goSearch));
    }
    if (testFlags.fuzzEngineName != NULL) {
        exitOnBuildError(&b, fuzzEngineFlags(&b, testFlags.fuzzEngineName));
    }
    b.DictOut = testFlags.fuzzDictOut;
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
    if (testFlags.testBin != NULL) {
        // ctest: the same binary again, and the package by its absolute
        // directory, so that the command works from any directory (CTest
        // runs the test elsewhere than where its output is read).
        strings_Builder_WriteString(&rerun, " -testbin=");
        shellQuote(&rerun, testFlags.testBin);
        strings_Builder_WriteString(&rerun, " ");
        shellQuote(&rerun, pkgs[0].Dir);
    } else if (npkgs == 1 && !testFlags.fuzzMulti && !inWorkingDir(pkgs[0].Dir)) {
        // ctest: the package, as a path from here, when it is elsewhere:
        // Go's command names none, and so works only in its directory.
        writePackageArg(&rerun, pkgs[0].Dir);
    }
    setenv("CTEST_RERUN", strings_Builder_String(&rerun), 1);
    strings_Builder_Reset(&rerun);
    if (testFlags.fuzzMulti) {
        runFuzzMulti(&b, pkgs, npkgs, &testFlags, &testArgs, pkgArgs.len != 0);
    }
    for (size_t i = 0; i < npkgs && !interrupted && !testFlags.fuzzMulti; i++) {
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
    if (terminated) {
        // ctest: the SIGTERM the test binary got and ended by: the driver
        // ends by it too, now that the binary's output is through.
        fflush(stdout);
        fflush(stderr);
        signal(SIGTERM, SIG_DFL);
        raise(SIGTERM);
    }

    // printExitStatus: when packages were named and one failed, end with a
    // lone "FAIL", as an early package's failure may be far up the screen by
    // now. Not with -json: it would break the JSON stream, and a tool reads
    // it anyway.
    if (!testFlags.testJSON && testFlags.testFuzz == NULL && pkgArgs.len != 0 &&
        getExitStatus() != 0) {
        printf("FAIL\n");
    }
    for (size_t i = 0; i < npkgs; i++) {
        package_free(&pkgs[i]);
    }
    free(pkgs);
    if (interrupted) {
        setExitStatus(1);
    }
    return getExitStatus();
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
        return runHelp(argc - 1, argv + 1);
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
