// (none) ctest's own: -fuzzmulti, which fuzzes every fuzz test that -fuzz
// matches, in one package or in several, where go test refuses both
// ("-fuzz matches more than one fuzz test", "cannot use -fuzz flag with
// multiple packages"; Go issue 46312).
//
// Each package is built once, as for -fuzz, and its test binary runs its
// tests and seeds as go test does before fuzzing; that run also names the
// fuzz tests -fuzz matches (testing's CTEST_FUZZLIST), by the binary's own
// matcher. Fuzzing starts only when every package built and passed. Then
// the fuzz tests take turns (fuzzsched.c): each turn is a run of the
// binary that fuzzes one of them, -test.fuzz=^Name$, for its slice of
// -fuzztime, and the fuzz cache carries its corpus to its next turn. The
// workers (-parallel) serve one fuzz test at a time. The progress lines
// of a turn name its fuzz test ("fuzz: FuzzX: elapsed: ..."). A failure
// stops the run, as Go's stops at its first crasher, with the binary's
// report and re-run command, unless -fuzzkeepgoing; each package that ran
// prints its ok or FAIL line at the end.
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/ctest/ctest.h"

// multiPkg is a package of the run.
typedef struct multiPkg {
    const package *p;
    char *dir;       // its directory in the work directory: binary and fuzz list
    char *binary;    // its test binary, or NULL if it has none
    char *rerun;     // CTEST_RERUN for its failures
    converter *json; // its test2json converter with -json, across its runs
    int64_t elapsed; // how long its test binary ran, all runs together
    bool ran;        // whether its test binary ran
    bool failed;     // whether a run of it failed
} multiPkg;

// multiTarget is a fuzz test of the run.
typedef struct multiTarget {
    multiPkg *pkg;
    char *name;  // FuzzXxx
    char *label; // the name progress lines give it
} multiTarget;

typedef struct fuzzMulti {
    const testFlagsState *flags;
    const strList *testArgs;
    multiPkg *pkgs;
    size_t npkgs;
    multiTarget *targets;
    size_t ntargets;
    bool failed; // a package failed: no (more) fuzzing
} fuzzMulti;

// runLine is the state of a run's output, which goes to stdout a line at
// a time (runOutput's line).
typedef struct runLine {
    const char *label;      // with a fuzz test's name, the prefix of "fuzz: " lines
    bool open;              // the last line written had no '\n'
    fuzzProgress *progress; // the turn's progress lines, in order
    size_t nprogress;
} runLine;

// readProgress adds the numbers of a progress line ("elapsed: 3s, execs:
// ..., new interesting: 5 (total: 12)") to r's.
static void readProgress(runLine *r, const char *line) {
    const char *e = strstr(line, "elapsed: "), *found = strstr(line, "new interesting: ");
    const char *total = found != NULL ? strstr(found, "(total: ") : NULL;
    const char *comma = e != NULL ? strchr(e, ',') : NULL;
    time_Duration d;
    if (comma == NULL || total == NULL) {
        return;
    }
    e += strlen("elapsed: ");
    go_error *err = time_ParseDuration(e, (size_t)(comma - e), &d);
    if (err != NULL) {
        go_error_free(err);
        return;
    }
    r->progress = runtime_realloc(r->progress, (r->nprogress + 1) * sizeof *r->progress);
    r->progress[r->nprogress++] =
            (fuzzProgress){ d, strtoll(found + strlen("new interesting: "), NULL, 10),
                            strtoll(total + strlen("(total: "), NULL, 10) };
}

// writeRunLine writes one line of a run's output; in a turn it names the
// fuzz test in the fuzzing engine's lines ("fuzz: elapsed: ...",
// "fuzz: minimizing ...") and reads its progress (readProgress).
static void writeRunLine(void *arg, const char *p, size_t n) {
    runLine *r = arg;
    if (n == 5 && memcmp(p, "PASS\n", 5) == 0 && jsonOut == NULL) {
        // A package runs its binary several times: its ok line, at the
        // end, says it passed. test2json reads the line: it ends the
        // binary's output, and the next run's starts afresh.
        return;
    }
    r->open = p[n - 1] != '\n';
    if (r->label == NULL || n < 6 || memcmp(p, "fuzz: ", 6) != 0) {
        writeStdout(p, n);
        return;
    }
    char *line = runtime_strndup(p, n);
    readProgress(r, line);
    free(line);
    line = runtime_sprintf("fuzz: %s: %.*s", r->label, (int)(n - 6), p + 6);
    writeStdout(line, strlen(line));
    free(line);
}

// multi_run runs args, mp's test binary, with its output to stdout (or its
// converter) through r, and adds the time it took to mp's. A failed run
// fails the package: its exit status is printed, as a streamed go test
// prints it before the FAIL line.
static bool multi_run(multiPkg *mp, const strList *args, runLine *r, int64_t *took) {
    runOutput o = { 0 };
    o.line = writeRunLine;
    o.lineArg = r;
    jsonOut = mp->json;
    int64_t t0 = time_now();
    bool ok;
    int status = runBinary(mp->p, args, &o, &ok);
    *took = time_now() - t0;
    mp->elapsed += *took;
    mp->ran = true;
    if (r->open) {
        // Close an unfinished last line (https://golang.org/issue/49317).
        writeStdout("\n", 1);
    }
    if (!ok) {
        mp->failed = true;
        setExitStatus(1);
        char *e = exitErrorString(status);
        printStdout("%s\n", e);
        free(e);
    }
    jsonOut = NULL;
    runOutput_printHints(&o);
    return ok;
}

// multi_build builds each package's test binary into its own directory of
// the work directory; a package without test files gets its line now.
static void multi_build(fuzzMulti *m, builder *b) {
    for (size_t i = 0; i < m->npkgs && !interrupted; i++) {
        multiPkg *mp = &m->pkgs[i];
        if (mp->p->TestCFiles.len == 0) {
            builderNoTest(mp->p);
            continue;
        }
        mp->dir = runtime_sprintf("%s/fuzz%03zu", b->WorkDir, i + 1);
        if (mkdir(mp->dir, 0777) != 0) {
            fprintf(stderr, "ctest: mkdir %s: %s\n", mp->dir, strerror(errno));
            setExitStatus(1);
            m->failed = true;
            continue;
        }
        char *binary = runtime_sprintf("%s/%s.test", mp->dir, packageElem(mp->p));
        strList srcs = { 0 };
        if (builderBuild(b, mp->p, binary, &srcs)) {
            mp->binary = binary;
        } else {
            free(binary);
            m->failed = true;
        }
        strList_free(&srcs);
    }
}

// multi_list runs mp's tests and seeds, as go test -fuzz does before it
// fuzzes, and adds the fuzz tests -fuzz matches to the run's.
static void multi_list(fuzzMulti *m, multiPkg *mp) {
    char *list = runtime_sprintf("%s/fuzzlist", mp->dir);
    strList args = { 0 };
    testBinaryArgs(mp->p, mp->binary, &args);
    strList_appendAll(&args, m->testArgs);
    runLine r = { 0 };
    int64_t took;
    setenv("CTEST_FUZZLIST", list, 1);
    bool ok = multi_run(mp, &args, &r, &took);
    unsetenv("CTEST_FUZZLIST");
    strList_free(&args);
    char *data = NULL;
    size_t n = 0;
    go_error *err = ok ? os_ReadFile(list, &data, &n) : NULL;
    go_error_free(err); // no file: -fuzz matches none of its fuzz tests
    for (char *name = data, *end; name != NULL && name < data + n; name = end + 1) {
        end = memchr(name, '\n', (size_t)(data + n - name));
        if (end == NULL) {
            break;
        }
        m->targets = runtime_realloc(m->targets, (m->ntargets + 1) * sizeof *m->targets);
        m->targets[m->ntargets++] =
                (multiTarget){ mp, runtime_strndup(name, (size_t)(end - name)), NULL };
    }
    free(data);
    free(list);
    if (!ok) {
        m->failed = true;
    }
}

// isTurnFlag reports whether arg is one of the flags a turn sets itself.
static bool isTurnFlag(const char *arg) {
    static const char *const turnFlags[] = { "-test.run=", "-test.fuzz=", "-test.fuzztime=" };
    for (size_t i = 0; i < sizeof turnFlags / sizeof turnFlags[0]; i++) {
        if (strncmp(arg, turnFlags[i], strlen(turnFlags[i])) == 0) {
            return true;
        }
    }
    return false;
}

// multi_turn fuzzes t for amount (nanoseconds, or with count executions)
// and returns whether the run passed; *took is the time it took and *rate
// how fast it was finding new inputs as it ended (fuzzRecentRate).
static bool multi_turn(fuzzMulti *m, const multiTarget *t, int64_t amount, bool count,
                       int64_t *took, double *rate) {
    multiPkg *mp = t->pkg;
    strList args = { 0 };
    testBinaryArgs(mp->p, mp->binary, &args);
    // The turn's own flags come before the user's, whose -run, -fuzz and
    // -fuzztime are the turn's to set: what follows may be the test
    // binary's plain arguments (-args), which end its flags.
    strList_append(&args, "-test.run=^$");
    strList_appendOwned(&args, runtime_sprintf("-test.fuzz=^%s$", t->name));
    if (count) {
        strList_appendOwned(&args, runtime_sprintf("-test.fuzztime=%" PRId64 "x", amount));
    } else {
        char *d = time_Duration_String(amount);
        strList_appendOwned(&args, runtime_sprintf("-test.fuzztime=%s", d));
        free(d);
    }
    for (size_t i = 0; i < m->testArgs->len; i++) {
        if (!isTurnFlag(m->testArgs->ptr[i])) {
            strList_append(&args, m->testArgs->ptr[i]);
        }
    }
    runLine r = { t->label, false, NULL, 0 };
    char *rerun = runtime_strdup(getenv("CTEST_RERUN") != NULL ? getenv("CTEST_RERUN") : "");
    setenv("CTEST_RERUN", mp->rerun, 1);
    bool ok = multi_run(mp, &args, &r, took);
    setenv("CTEST_RERUN", rerun, 1);
    free(rerun);
    strList_free(&args);
    *rate = fuzzRecentRate(r.progress, r.nprogress);
    free(r.progress);
    return ok;
}

// parseFuzzTime reads -fuzztime as the test binary does (testing's
// durationOrCountFlag): Nx executions or a duration; none, 0 and 0x are
// no limit.
static go_error *parseFuzzTime(const char *s, int64_t *limit, bool *count) {
    *limit = 0;
    *count = false;
    size_t n = s != NULL ? strlen(s) : 0;
    if (n == 0) {
        return NULL;
    }
    if (s[n - 1] == 'x') {
        *count = true;
        go_error *err = strconv_ParseInt(s, n - 1, 10, 64, limit);
        if (err == NULL && *limit < 0) {
            err = errors_New("invalid count");
        }
        return err;
    }
    go_error *err = time_ParseDuration(s, n, limit);
    if (err == NULL && *limit < 0) {
        err = errors_New("invalid duration");
    }
    return err;
}

// multi_fuzz gives the run's fuzz tests their turns until -fuzztime is
// spent, a turn fails or the run is interrupted.
static void multi_fuzz(fuzzMulti *m) {
    int64_t limit;
    bool count;
    go_error *err = parseFuzzTime(m->flags->fuzzTime, &limit, &count);
    if (err != NULL) {
        fprintf(stderr, "ctest: invalid -fuzztime %s: %s\n", m->flags->fuzzTime,
                go_error_Error(err));
        go_error_free(err);
        setExitStatus(2);
        return;
    }
    if (count && limit > 0 && (uint64_t)limit < m->ntargets) {
        fprintf(stderr,
                "ctest: -fuzzmulti: -fuzztime=%s is fewer executions than the %zu fuzz tests "
                "-fuzz matches\n",
                m->flags->fuzzTime, m->ntargets);
        setExitStatus(2);
        return;
    }
    fuzzSchedule *s = newFuzzSchedule(m->ntargets, limit, count);
    size_t i;
    int64_t amount;
    while (!interrupted && fuzzSchedule_next(s, &i, &amount)) {
        int64_t took;
        double rate;
        bool ok = multi_turn(m, &m->targets[i], amount, count, &took, &rate);
        fuzzSchedule_done(s, i, count ? amount : took, rate);
        if (!ok && !m->flags->fuzzKeepGoing) {
            // The run stops at the first failure, as Go's does at its
            // first crasher. With -fuzzkeepgoing (passed on to the test
            // binary, which goes on after a crash and lists its crashers
            // as its turn ends) the package fails and the turns go on.
            break;
        }
    }
    fuzzSchedule_free(s);
}

// multi_labels names the fuzz tests in progress lines: by their names
// when they are all in one package, else qualified by their package's, as
// Go qualifies a function (pkg.FuzzX).
static void multi_labels(fuzzMulti *m) {
    bool onePackage = true;
    for (size_t i = 1; i < m->ntargets; i++) {
        onePackage = onePackage && m->targets[i].pkg == m->targets[0].pkg;
    }
    for (size_t i = 0; i < m->ntargets; i++) {
        multiTarget *t = &m->targets[i];
        t->label = onePackage ? runtime_strdup(t->name)
                              : runtime_sprintf("%s.%s", t->pkg->p->ImportPath, t->name);
    }
}

// rerunCommand is CTEST_RERUN for mp: the driver and its build flags, then,
// when packages were named, mp's directory as a package argument, so that
// the command works from where the run was started (ctest: Go's re-run
// command names no package).
static char *rerunCommand(const multiPkg *mp, bool pkgArgs) {
    const char *cmd = getenv("CTEST_RERUN");
    strings_Builder b = { 0 };
    strings_Builder_WriteString(&b, cmd != NULL && cmd[0] != '\0' ? cmd : "ctest");
    if (pkgArgs) {
        writePackageArg(&b, mp->p->Dir);
    }
    return strings_Builder_Detach(&b);
}

// multi_report prints the ok or FAIL line of each package whose test
// binary ran, in order, and closes its converter.
static void multi_report(fuzzMulti *m) {
    for (size_t i = 0; i < m->npkgs; i++) {
        multiPkg *mp = &m->pkgs[i];
        if (!mp->ran) {
            continue;
        }
        jsonOut = mp->json;
        printStdout("%s\t%s\t%.3fs\n", mp->failed ? "FAIL" : "ok  ", mp->p->ImportPath,
                    (double)mp->elapsed / 1e9);
        if (jsonOut != NULL) {
            converter_exited(jsonOut, !mp->failed);
            converter_close(jsonOut);
            mp->json = NULL;
        }
        jsonOut = NULL;
    }
    fflush(stdout);
}

void runFuzzMulti(builder *b, const package *pkgs, size_t npkgs, const testFlagsState *flags,
                  const strList *testArgs, bool pkgArgs) {
    fuzzMulti m = {
        flags, testArgs, runtime_calloc(npkgs, sizeof(multiPkg)), npkgs, NULL, 0, false
    };
    for (size_t i = 0; i < npkgs; i++) {
        m.pkgs[i].p = &pkgs[i];
    }
    multi_build(&m, b);
    for (size_t i = 0; i < npkgs && !interrupted; i++) {
        multiPkg *mp = &m.pkgs[i];
        if (mp->binary == NULL) {
            continue;
        }
        if (flags->testJSON) {
            mp->json = newJSONConverter(mp->p->ImportPath);
        }
        mp->rerun = rerunCommand(mp, pkgArgs);
        multi_list(&m, mp);
    }
    if (!m.failed && !interrupted && m.ntargets > 0) {
        multi_labels(&m);
        multi_fuzz(&m);
    }
    multi_report(&m);
    for (size_t i = 0; i < m.ntargets; i++) {
        free(m.targets[i].name);
        free(m.targets[i].label);
    }
    free(m.targets);
    for (size_t i = 0; i < npkgs; i++) {
        if (m.pkgs[i].json != NULL) {
            converter_close(m.pkgs[i].json);
        }
        free(m.pkgs[i].dir);
        free(m.pkgs[i].binary);
        free(m.pkgs[i].rerun);
    }
    free(m.pkgs);
}
