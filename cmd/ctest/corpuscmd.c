// (none) ctest's own: `ctest corpus minimize` and `ctest corpus merge`, a
// fuzz test's corpus made small again, and other engines' corpora brought
// into it (Go has neither: golang.org/issue/49290). libFuzzer's -merge=1
// is the model: the package's test binary, built as -fuzz builds it, runs
// each input in its -test.fuzzmerge mode and records the input's coverage
// features in a control file (internal/fuzz/mergectl.h): its edge
// counters, with their counts in libFuzzer's buckets, and which way each
// of its comparisons went. An input that kills the binary is left out,
// and a new binary goes on after it; corpusSelect (corpusselect.c)
// chooses the inputs to keep.
//
// minimize removes the cache's inputs that add no coverage to the others
// (and, with -testdata, testdata's); merge writes the inputs of other
// directories that add coverage to the cache, as v1 files named as the
// engine names them, with the engine's atomic write. A testdata file is
// removed only with -testdata, and never one with a sanitizer note; an
// input that fails, crashes or hangs is never removed nor added, and
// nothing changes before every input ran.
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd/ctest/ctest.h"
#include "internal/fuzz/corpus.h"
#include "internal/fuzz/mergectl.h"

// origin is where an input comes from; inputs of equal size are tried in
// this order, so that of two alike a committed file is kept.
typedef enum origin { fromTestdata, fromCache, fromDir } origin;

static const char *const originNames[] = { "testdata", "cache", "merged" };

// corpusInput is an input file of the command.
typedef struct corpusInput {
    char *path;
    size_t size;
    origin from;
    bool keep; // kept whatever it covers
} corpusInput;

// corpusCmd is one run of ctest corpus.
typedef struct corpusCmd {
    const char *sub;        // the subcommand: minimize, merge, import or export
    bool merge;             // merge
    bool files;             // merge or import: files or directories follow the package
    bool raw;               // import or export (corpusraw.c): no coverage is measured
    char *outDir;           // export's -o
    char *fuzz;             // -fuzz: the fuzz test's name
    bool testdata;          // -testdata: minimize prunes testdata too
    bool dryRun;            // -n
    bool verbose;           // -v
    char *sanitize;         // -sanitize, or ""
    time_Duration timeout;  // -fuzztimeout
    bool work;              // -work
    package pkg;            // the package
    char *cacheRoot;        // $CTESTCACHE/fuzz/<package>: -test.fuzzcachedir
    char *cacheDir;         // the fuzz test's cache
    char *testdataDir;      // its testdata/fuzz directory
    corpusInput *in;        // the inputs, the keep ones first
    size_t n, cap;          // how many, and room for
    builder b;              // the work directory and the build
    char *binary, *ctl;     // the test binary and the control file, in the work directory
    char *out;              // where the binary's output goes
    strings_Builder errors; // what cannot be read, one line each
    size_t nerrors;         // how many inputs cannot be read
} corpusCmd;

// onInterrupt sets interrupted (run.c's) on SIGINT, which the test binary
// gets too: nothing changes after it.
static void onInterrupt(int sig) {
    (void)sig;
    interrupted = 1;
}

// ---- the command line ----

// corpusUsages is the usage line of each subcommand.
static const char corpusUsages[] =
        "usage: ctest corpus minimize -fuzz=FuzzX [-testdata] [flags] [package]\n"
        "       ctest corpus merge -fuzz=FuzzX [flags] [package] DIR...\n"
        "       ctest corpus import -fuzz=FuzzX [flags] [package] FILE|DIR...\n"
        "       ctest corpus export -fuzz=FuzzX -o DIR [flags] [package]\n";

static void corpusUsage(void *ctx) {
    flag_FlagSet *fs = ctx;
    fputs(corpusUsages, stderr);
    fputs("\n"
          "minimize keeps, of the fuzz cache of fuzz test FuzzX, a set of inputs with\n"
          "the coverage of them all (the smallest first, as libFuzzer's -merge=1 takes\n"
          "them, then without those the others make redundant) and removes the rest;\n"
          "with -testdata it prunes testdata/fuzz/FuzzX too, which it never touches\n"
          "without. merge adds to the cache the files of the directories DIR that add\n"
          "coverage to the seeds, testdata and cache: go test fuzz v1 files, or raw\n"
          "files as libFuzzer and AFL++ write them (the arguments in the raw layout of\n"
          "-fuzzengine builds: for one []byte or string, its bytes as they are).\n"
          "Coverage is the edge counters, with their counts in libFuzzer's\n"
          "buckets, and the outcome of each comparison, of the package built as -fuzz\n"
          "builds it but at -O0 (CC, CFLAGS). An input that fails, crashes or hangs is\n"
          "reported, and never removed or added, nor is a testdata file with a\n"
          "//ctest:sanitize note (a crasher). Flags go before the arguments; with\n"
          "one argument, merge and import take it as DIR (or FILE), and the package\n"
          "is the current one.\n"
          "\n"
          "import writes each raw FILE, and each file in each DIR, as libFuzzer and\n"
          "AFL++ write crashes and corpora, to testdata/fuzz/FuzzX as a go test fuzz\n"
          "v1 file, named as ctest names them: a crash found by another engine\n"
          "becomes a regression test. export writes the f_add seeds and each v1 file\n"
          "of testdata and of the cache to DIR as raw bytes, a corpus for\n"
          "-fuzzengine's binaries. Raw bytes hold the fuzz function's arguments in\n"
          "the raw layout of -fuzzengine (for one []byte or string, its bytes as\n"
          "they are).\n"
          "\n"
          "Flags:\n",
          stderr);
    flag_FlagSet_PrintDefaults(fs);
    exit(2);
}

// usageError prints msg and the way to the usage, and exits 2.
static _Noreturn void usageError(const char *sub, const char *msg) {
    fprintf(stderr, "ctest corpus %s: %s\n", sub, msg);
    fprintf(stderr, "Run 'ctest corpus %s -h' for usage.\n", sub);
    exit(2);
}

// fatal prints "ctest corpus: msg" and exits 1.
static _Noreturn void fatal(corpusCmd *c, const char *format, ...)
        __attribute__((format(printf, 2, 3)));

static _Noreturn void fatal(corpusCmd *c, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *msg = runtime_vsprintf(format, ap);
    va_end(ap);
    fflush(stdout);
    fprintf(stderr, "ctest corpus: %s\n", msg);
    free(msg);
    builder_close(&c->b);
    exit(1);
}

// parseArgs sets c from the command line of `ctest corpus <sub>`.
static void parseArgs(corpusCmd *c, const char *sub, int argc, char **argv, strList *dirs) {
    char *name = runtime_sprintf("corpus %s", sub);
    flag_FlagSet *fs = flag_NewFlagSet(name, flag_ExitOnError);
    free(name);
    const char *fuzz, *sanitize = "", *outDir = "";
    flag_FlagSet_StringVar(fs, &fuzz, "fuzz", "", "the fuzz test, by its `name` (needed)");
    if (strcmp(sub, "minimize") == 0) {
        flag_FlagSet_BoolVar(fs, &c->testdata, "testdata", false,
                             "also remove the files of testdata/fuzz/FuzzX that add no coverage");
    }
    if (strcmp(sub, "export") == 0) {
        flag_FlagSet_StringVar(fs, &outDir, "o", "", "the `directory` to write to (needed)");
    } else {
        flag_FlagSet_BoolVar(fs, &c->dryRun, "n", false,
                             "say what would change, and change nothing");
    }
    flag_FlagSet_BoolVar(fs, &c->verbose, "v", false,
                         c->raw ? "name each file written" : "name each file removed or added");
    if (!c->raw) {
        flag_FlagSet_StringVar(fs, &sanitize, "sanitize", "",
                               "build the package with -fsanitize=`list`, as ctest -sanitize does");
        flag_FlagSet_DurationVar(fs, &c->timeout, "fuzztimeout", 10 * 1000000000LL,
                                 "an input that runs longer is left out as a hang");
    }
    flag_FlagSet_BoolVar(fs, &c->work, "work", false,
                         "print the name of the temporary work directory and keep it");
    flag_FlagSet_SetUsage(fs, corpusUsage, fs);
    go_error_free(flag_FlagSet_Parse(fs, argc, argv)); // ExitOnError: no error returns
    go_int nargs;
    char **args = flag_FlagSet_Args(fs, &nargs);
    for (go_int i = 0; i < nargs; i++) {
        if (args[i][0] == '-' && args[i][1] != '\0') {
            char *msg = runtime_sprintf("flag %s after the arguments: flags go first", args[i]);
            usageError(sub, msg);
        }
        strList_append(dirs, args[i]);
    }
    // -fuzz=^FuzzX$ is the name, as in a regular expression.
    size_t n = strlen(fuzz);
    bool anchored = n >= 2 && fuzz[0] == '^' && fuzz[n - 1] == '$';
    c->fuzz = anchored ? runtime_strndup(fuzz + 1, n - 2) : runtime_strdup(fuzz);
    c->sanitize = runtime_strdup(sanitize);
    c->outDir = outDir[0] != '\0' ? absPath(outDir) : NULL;
    flag_FlagSet_free(fs);
    if (c->fuzz[0] == '\0') {
        usageError(sub, "-fuzz is needed: the fuzz test whose corpus to work on");
    }
    if (c->files ? dirs->len == 0 : dirs->len > 1) {
        usageError(sub, !c->files  ? "one package at most"
                        : c->merge ? "no directory to merge"
                                   : "no file to import");
    }
    if (strcmp(sub, "export") == 0 && c->outDir == NULL) {
        usageError(sub, "-o is needed: the directory to write the raw files to");
    }
}

// findPackage loads the package the arguments name (minimize: the only
// one, if any; merge: the first of two or more, else the current
// directory), leaving the directories to merge in args.
static void findPackage(corpusCmd *c, strList *args) {
    strList pkgArg = { 0 };
    if (c->files && args->len == 1 && dirHasFile(args->ptr[0], "_test.c")) {
        // A package given without a directory after it is an easy slip,
        // and its files are no corpus.
        char *msg = runtime_sprintf(c->merge ? "%s is a package: name the directories to merge "
                                               "after it"
                                             : "%s is a package: name the files to import after it",
                                    args->ptr[0]);
        usageError(c->sub, msg);
    }
    if (!c->files || args->len > 1) {
        if (args->len > 0) {
            strList_appendOwned(&pkgArg, args->ptr[0]);
            memmove(args->ptr, args->ptr + 1, (args->len - 1) * sizeof *args->ptr);
            args->len--;
        }
    }
    if (pkgArg.len == 1) {
        const char *a = pkgArg.ptr[0];
        if (strcmp(a, "...") == 0 || hasSuffix(a, strlen(a), "/...")) {
            usageError(c->sub, "one package, not a pattern");
        }
    }
    package *pkgs;
    size_t npkgs;
    loadPackages(&pkgArg, NULL, &pkgs, &npkgs);
    strList_free(&pkgArg);
    c->pkg = pkgs[0];
    free(pkgs);
}

// ---- the inputs ----

// maxErrors is how many inputs that cannot be read are named: a
// directory of the wrong kind of files would fill the screen.
enum { maxErrors = 10 };

// badInput notes an input that cannot be one; the command stops before
// running anything.
static void badInput(corpusCmd *c, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void badInput(corpusCmd *c, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *msg = runtime_vsprintf(format, ap);
    va_end(ap);
    if (c->nerrors < maxErrors) {
        strings_Builder_Printf(&c->errors, "%s\n", msg);
    }
    free(msg);
    c->nerrors++;
}

// noted reports whether the file at path is a corpus file with a
// //ctest:sanitize note: a crasher found under a sanitizer, which a build
// without it runs as an input that passes (a file that cannot be read is
// the binary's to report).
static bool noted(const char *path) {
    char *data;
    size_t n;
    go_error *err = os_ReadFile(path, &data, &n);
    if (err != NULL) {
        go_error_free(err);
        return false;
    }
    char *note = fuzz_corpusNote((const uint8_t *)data, n);
    bool has = note != NULL;
    free(data);
    free(note);
    return has;
}

// addInput appends the file at path to the inputs if it can be one. A
// testdata file with a sanitizer note is kept whatever it covers (ctest's
// own): it is a crasher, which minimize -testdata must not take for an
// input that passes and adds nothing.
static void addInput(corpusCmd *c, char *path, origin from, bool keep) {
    struct stat st;
    const char *why = NULL;
    int fd = -1;
    if (stat(path, &st) != 0) {
        why = strerror(errno);
    } else if (S_ISDIR(st.st_mode)) {
        free(path); // a corpus is flat; AFL++'s queue holds a .state directory
        return;
    } else if (!S_ISREG(st.st_mode)) {
        why = "not a regular file";
        // O_NONBLOCK: a regular file now may be a FIFO by the time it opens.
    } else if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
        why = strerror(errno);
    }
    if (why != NULL) {
        char *shown = shortPath(path);
        badInput(c, "%s: %s", shown, why);
        free(shown);
        free(path);
        return;
    }
    close(fd);
    keep = keep || (from == fromTestdata && noted(path));
    if (c->n == c->cap) {
        c->cap = c->cap > 0 ? 2 * c->cap : 64;
        c->in = runtime_realloc(c->in, c->cap * sizeof *c->in);
    }
    c->in[c->n++] = (corpusInput){ path, (size_t)st.st_size, from, keep };
}

// listDir adds the files of dir, in name order; subdirectories are not
// read, nor, in a directory to merge, AFL++'s notes (notAnInput). A
// missing dir is an empty corpus when optional (the cache and testdata
// of a fuzz test that has none yet).
static void listDir(corpusCmd *c, const char *dir, bool optional, origin from, bool keep) {
    strList names = { 0 };
    if (!readDirNames(dir, &names)) {
        if (!(optional && errno == ENOENT)) {
            char *shown = shortPath(dir);
            badInput(c, "%s: %s", shown, strerror(errno));
            free(shown);
        }
        return;
    }
    for (size_t i = 0; i < names.len; i++) {
        if (from != fromDir || !notAnInput(names.ptr[i])) {
            addInput(c, filepathJoin(dir, names.ptr[i]), from, keep);
        }
    }
    strList_free(&names);
}

// compareInputs orders the inputs for the control file: the keep ones
// first, then by size, origin and path, the order of corpusSelect's
// greedy pass, in which the binary runs them.
static int compareInputs(const void *a, const void *b) {
    const corpusInput *x = a, *y = b;
    if (x->keep != y->keep) {
        return x->keep ? -1 : 1;
    }
    if (x->size != y->size) {
        return x->size < y->size ? -1 : 1;
    }
    if (x->from != y->from) {
        return x->from < y->from ? -1 : 1;
    }
    return strcmp(x->path, y->path);
}

// listInputs gathers the inputs: testdata's and the cache's, and with
// merge those of dirs. It exits when one cannot be read.
static void listInputs(corpusCmd *c, const strList *dirs) {
    listDir(c, c->testdataDir, true, fromTestdata, c->merge || !c->testdata);
    listDir(c, c->cacheDir, true, fromCache, c->merge);
    for (size_t i = 0; i < dirs->len; i++) {
        char *dir = absPath(dirs->ptr[i]);
        struct stat st;
        if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
            badInput(c, "%s: not a directory", dirs->ptr[i]);
        } else {
            listDir(c, dir, false, fromDir, false);
        }
        free(dir);
    }
    if (c->nerrors > 0) {
        fflush(stdout);
        fputs(strings_Builder_String(&c->errors), stderr);
        if (c->nerrors > maxErrors) {
            fprintf(stderr, "... and %zu more\n", c->nerrors - maxErrors);
        }
        fatal(c, "%zu %s cannot be read: nothing changed", c->nerrors,
              c->nerrors == 1 ? "input" : "inputs");
    }
    qsort(c->in, c->n, sizeof *c->in, compareInputs);
}

// ---- the test binary ----

// loadFuzzTest checks that the package has the fuzz test, and finds its
// directories.
static void loadFuzzTest(corpusCmd *c, testFuncs *t, strList *cflags, strList *ldflags,
                         strList *srcs) {
    go_error *err = loadTestFuncs(&c->pkg, t, cflags, ldflags, srcs);
    if (err != NULL) {
        fflush(stdout);
        fprintf(stderr, "# %s\n%s\n", c->pkg.ImportPath, go_error_Error(err));
        go_error_free(err);
        fatal(c, "%s: setup failed", c->pkg.ImportPath);
    }
    if (!strList_contains(&t->FuzzTargets, c->fuzz)) {
        fatal(c, "%s has no fuzz test %s", c->pkg.ImportPath, c->fuzz);
    }
    char *cache;
    err = cacheDir(&cache);
    if (err != NULL) {
        fatal(c, "%s", go_error_Error(err));
    }
    char *root = runtime_sprintf("%s/fuzz/%s", cache, c->pkg.CachePath);
    c->cacheRoot = filepathClean(root);
    free(root);
    free(cache);
    c->cacheDir = filepathJoin(c->cacheRoot, c->fuzz);
    char *testdata = runtime_sprintf("testdata/fuzz/%s", c->fuzz);
    c->testdataDir = filepathJoin(c->pkg.Dir, testdata);
    free(testdata);
}

// buildBinary builds the package's test binary as ctest -fuzz builds it,
// with edge counters and comparison hooks, but at -O0 (a -O in CFLAGS or
// //ctest:cflags still wins): there each branch of the source has edges
// and comparisons of its own, so that inputs the features tell alike are
// alike to ctest -cover and llvm-cov too. Optimized code merges branches
// (a conditional move has no edge): on bench/realworld's inih, with edge
// features alone, a set chosen at -O1 covered a branch fewer than the
// corpus; at -O0 it covered all, and was half as large. import and
// export only ask the binary for the fuzz function's kinds: it is built
// as the tests are.
static void buildBinary(corpusCmd *c, const testFuncs *t, const strList *cflags,
                        const strList *ldflags, const strList *srcs) {
    go_error *err = c->raw ? NULL : fuzzInstrumentFlags(&c->b, false);
    if (err != NULL) {
        fatal(c, "%s", go_error_Error(err));
    }
    for (size_t i = 0; i < c->b.FuzzInstrument.len; i++) {
        if (strcmp(c->b.FuzzInstrument.ptr[i], "-O1") == 0) {
            free(c->b.FuzzInstrument.ptr[i]);
            c->b.FuzzInstrument.ptr[i] = runtime_strdup("-O0");
        }
    }
    if (c->sanitize[0] != '\0') {
        sanitizeFlags(&c->b, c->sanitize);
    }
    c->binary = runtime_sprintf("%s/corpus.test", c->b.WorkDir);
    c->ctl = runtime_sprintf("%s/corpus.ctl", c->b.WorkDir);
    c->out = runtime_sprintf("%s/corpus.out", c->b.WorkDir);
    if (!buildTest(&c->b, &c->pkg, t, cflags, ldflags, srcs, c->binary)) {
        fatal(c, "%s: build failed", c->pkg.ImportPath);
    }
}

// runOnce runs the test binary on the control file, in the package's
// directory, its output to c->out, and returns its wait status.
static int runOnce(corpusCmd *c) {
    strList args = { 0 };
    strList_append(&args, c->binary);
    strList_append(&args, "-test.paniconexit0");
    strList_append(&args, "-test.run=^$");
    strList_appendOwned(&args, runtime_sprintf("-test.fuzz=^%s$", c->fuzz));
    strList_appendOwned(&args, runtime_sprintf("-test.fuzzcachedir=%s", c->cacheRoot));
    strList_appendOwned(&args, runtime_sprintf("-test.fuzzmerge=%s", c->ctl));
    char *d = time_Duration_String(c->timeout);
    strList_appendOwned(&args, runtime_sprintf("-test.fuzztimeout=%s", d));
    free(d);
    char **argv = runtime_calloc(args.len + 1, sizeof *argv);
    memcpy(argv, args.ptr, args.len * sizeof *argv);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGINT, SIG_DFL);
        int fd = open(c->out, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        if (chdir(c->pkg.Dir) != 0) {
            dprintf(2, "chdir %s: %s\n", c->pkg.Dir, strerror(errno));
            _exit(1);
        }
        setenv("PWD", c->pkg.Dir, 1);
        execv(argv[0], argv);
        dprintf(2, "fork/exec %s: %s\n", argv[0], strerror(errno));
        _exit(1);
    }
    free(argv);
    strList_free(&args);
    if (pid < 0) {
        fatal(c, "fork: %s", strerror(errno));
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            fatal(c, "wait: %s", strerror(errno));
        }
    }
    return status;
}

// outputTail is the end of what the last run printed: at most its last
// 64 KiB, from the start of a line, without the last newlines (caller
// frees).
static char *outputTail(const corpusCmd *c) {
    char *out;
    size_t n;
    go_error *err = os_ReadFile(c->out, &out, &n);
    if (err != NULL) {
        go_error_free(err);
        return runtime_strdup("");
    }
    size_t start = 0;
    if (n > 64 << 10) {
        start = n - (64 << 10);
        while (start < n && out[start - 1] != '\n') {
            start++;
        }
    }
    while (n > start && out[n - 1] == '\n') {
        n--;
    }
    char *tail = runtime_strndup(out + start, n - start);
    free(out);
    return tail;
}

// fate says what becomes of an input that did not run cleanly: merged
// inputs are left out, the corpus's own are kept.
static const char *fate(const corpusInput *in) {
    return in->from == fromDir ? "left out" : "kept";
}

// noteCrash records in the control file that the input last started
// killed the binary, and says so with what the binary printed.
static void noteCrash(corpusCmd *c, const fuzz_mergeCtl *ctl, int status) {
    size_t i = (size_t)ctl->last;
    char *how = exitErrorString(status);
    int fd = fuzz_mergeCtl_open(c->ctl);
    if (fd < 0 || !fuzz_mergeCtl_writeQuoted(fd, "crashed", i, how)) {
        fatal(c, "writing %s: %s", c->ctl, strerror(errno));
    }
    close(fd);
    char *shown = shortPath(c->in[i].path), *tail = outputTail(c);
    printf("%s: %s crashes the test binary (%s); %s\n", c->fuzz, shown, how, fate(&c->in[i]));
    if (tail[0] != '\0') {
        printf("%s\n", tail);
    }
    free(shown);
    free(tail);
    free(how);
}

// runInputs runs the binary until every input has run, a new binary
// after each input that kills one, and reads the control file into ctl.
static void runInputs(corpusCmd *c, fuzz_mergeCtl *ctl) {
    size_t started = 0;
    for (;;) {
        int status = runOnce(c);
        go_error *err = fuzz_mergeCtl_read(c->ctl, ctl);
        if (err != NULL) {
            fatal(c, "%s", go_error_Error(err));
        }
        if (interrupted) {
            fatal(c, "interrupted: nothing changed");
        }
        if (ctl->ninvalid > 0) {
            fflush(stdout);
            for (size_t i = 0, shown = 0; i < ctl->n && shown < maxErrors; i++) {
                if (ctl->in[i].state == fuzz_mergeInvalid) {
                    char *path = shortPath(ctl->in[i].path);
                    fprintf(stderr, "%s: %s\n", path, ctl->in[i].msg);
                    free(path);
                    shown++;
                }
            }
            if (ctl->ninvalid > maxErrors) {
                fprintf(stderr, "... and %zu more\n", ctl->ninvalid - maxErrors);
            }
            fatal(c, "%zu %s cannot be run: nothing changed", ctl->ninvalid,
                  ctl->ninvalid == 1 ? "input" : "inputs");
        }
        if (ctl->finished) {
            return;
        }
        if (ctl->types == NULL || ctl->nstarted == started) {
            // Not one more input started: it is no input's fault, but
            // maybe a seed's (f_add's run first).
            char *how = exitErrorString(status), *tail = outputTail(c);
            fatal(c, "the test binary failed (%s) with no input running:\n%s", how, tail);
        }
        started = ctl->nstarted;
        const fuzz_mergeInput *last = &ctl->in[ctl->last];
        if (last->state == fuzz_mergeStarted) {
            noteCrash(c, ctl, status);
        } else if (last->state == fuzz_mergeHung) {
            char *shown = shortPath(last->path), *d = time_Duration_String(c->timeout);
            printf("%s: %s runs longer than %s (-fuzztimeout); %s\n", c->fuzz, shown, d,
                   fate(&c->in[ctl->last]));
            free(shown);
            free(d);
        }
        fuzz_mergeCtl_free(ctl);
    }
}

// ---- the choice, and the changes ----

// countsString is "48 inputs (3 testdata, 45 cache)", "1 input (1
// cache)" or "no inputs" for counts by origin of the corpus's own inputs
// (caller frees).
static char *countsString(const size_t count[3]) {
    size_t total = count[fromTestdata] + count[fromCache];
    if (total == 0) {
        return runtime_strdup("no inputs");
    }
    strings_Builder b = { 0 };
    strings_Builder_Printf(&b, "%zu %s (", total, total == 1 ? "input" : "inputs");
    for (int o = fromTestdata; o <= fromCache; o++) {
        if (count[o] > 0) {
            strings_Builder_Printf(&b, "%s%zu %s",
                                   o == fromCache && count[fromTestdata] > 0 ? ", " : "", count[o],
                                   originNames[o]);
        }
    }
    strings_Builder_WriteByte(&b, ')');
    return strings_Builder_Detach(&b);
}

// noteFailures says which inputs failed the fuzz test, and what they
// printed.
static void noteFailures(const corpusCmd *c, const fuzz_mergeCtl *ctl) {
    for (size_t i = 0; i < ctl->n; i++) {
        if (ctl->in[i].state == fuzz_mergeFailed) {
            char *shown = shortPath(c->in[i].path);
            const char *msg = ctl->in[i].msg;
            size_t n = strlen(msg);
            while (n > 0 && msg[n - 1] == '\n') {
                n--;
            }
            printf("%s: %s fails the fuzz test; %s\n%.*s\n", c->fuzz, shown, fate(&c->in[i]),
                   (int)n, msg);
            free(shown);
        }
    }
}

// choose runs corpusSelect on what the control file says: an input of
// the corpus that did not run cleanly is kept as it is, a merged one left
// out.
static selectStats choose(const corpusCmd *c, const fuzz_mergeCtl *ctl, bool *chosen) {
    selectInput *si = runtime_calloc(c->n > 0 ? c->n : 1, sizeof *si);
    for (size_t i = 0; i < c->n; i++) {
        bool clean = ctl->in[i].state == fuzz_mergeDone;
        si[i] = (selectInput){
            .size = c->in[i].size,
            .ft = ctl->in[i].ft,
            .nft = ctl->in[i].nft,
            .keep = c->in[i].keep || (!clean && c->in[i].from != fromDir),
            .skip = !clean,
        };
    }
    selectStats st = corpusSelect(si, c->n, ctl->seeds, ctl->nseeds, chosen);
    free(si);
    return st;
}

// removeUnchosen is minimize's change: each input not chosen is removed.
// It returns whether every removal worked.
static bool removeUnchosen(const corpusCmd *c, const bool *chosen, size_t removed[3]) {
    bool ok = true;
    for (size_t i = 0; i < c->n; i++) {
        if (chosen[i]) {
            continue;
        }
        char *shown = shortPath(c->in[i].path);
        if (!c->dryRun && unlink(c->in[i].path) != 0) {
            fprintf(stderr, "ctest corpus: remove %s: %s\n", shown, strerror(errno));
            ok = false;
        } else {
            removed[c->in[i].from]++;
            if (c->verbose) {
                printf("%s %s\n", c->dryRun ? "would remove" : "removed", shown);
            }
        }
        free(shown);
    }
    return ok;
}

size_t kindsOfTypes(const char *types, go_kind *kinds, size_t max) {
    size_t n = 0;
    const char *p = types;
    while (*p != '\0' && n < max) {
        size_t len = strcspn(p, " ");
        kinds[n++] = fuzz_kindByTypeName(p, len);
        p += len + (p[len] == ' ');
    }
    return n;
}

// addChosen is merge's change: each merged input chosen is written to the
// cache as a v1 file, named as the engine names the files it writes, with
// its atomic write. It returns whether every write worked.
static bool addChosen(const corpusCmd *c, const fuzz_mergeCtl *ctl, const bool *chosen,
                      size_t *added) {
    go_kind kinds[64];
    size_t nkinds = kindsOfTypes(ctl->types, kinds, 64);
    bool ok = true;
    for (size_t i = 0; i < c->n; i++) {
        if (!chosen[i] || c->in[i].from != fromDir) {
            continue;
        }
        char *shown = shortPath(c->in[i].path);
        go_value *vals;
        size_t n;
        go_error *err = fuzz_readInputFile(c->in[i].path, true, kinds, nkinds, &vals, &n, NULL);
        fuzz_CorpusEntry e = { 0 };
        if (err == NULL) {
            fuzz_marshalCorpusFile(vals, n, &e.Data, &e.DataLen);
            fuzz_freeValues(vals, n);
            if (c->dryRun) {
                char *name = fuzz_corpusFileName(e.Data, e.DataLen);
                e.Path = filepathJoin(c->cacheDir, name);
                free(name);
            } else {
                err = fuzz_writeToCorpus(&e, c->cacheDir);
            }
        }
        if (err != NULL) {
            fprintf(stderr, "ctest corpus: %s: %s\n", shown, go_error_Error(err));
            go_error_free(err);
            ok = false;
        } else {
            (*added)++;
            if (c->verbose) {
                char *dest = shortPath(e.Path);
                printf("%s %s (%s)\n", c->dryRun ? "would add" : "added", dest, shown);
                free(dest);
            }
        }
        fuzz_CorpusEntry_clear(&e);
        free(shown);
    }
    return ok;
}

// report prints what the corpus was and what it became, and makes the
// changes; it returns the exit status.
static int report(corpusCmd *c, const fuzz_mergeCtl *ctl) {
    noteFailures(c, ctl);
    bool *chosen = runtime_calloc(c->n > 0 ? c->n : 1, sizeof *chosen);
    selectStats st = choose(c, ctl, chosen);
    size_t count[3] = { 0 }, kept[3] = { 0 }, changed[3] = { 0 }, added = 0;
    for (size_t i = 0; i < c->n; i++) {
        count[c->in[i].from]++;
        kept[c->in[i].from] += chosen[i];
    }
    char *before = countsString(count);
    printf("%s: the seeds and %s: %zu features\n", c->fuzz, before, c->merge ? st.present : st.all);
    free(before);
    fflush(stdout);
    signal(SIGINT, SIG_IGN); // the changes are quick: let them end
    bool ok = c->merge ? addChosen(c, ctl, chosen, &added) : removeUnchosen(c, chosen, changed);
    if (c->merge) {
        printf("%s: %s %zu of %zu inputs to the cache: %zu features\n", c->fuzz,
               c->dryRun ? "would add" : "added", added, count[fromDir], st.chosen);
    } else {
        char *removed = countsString(changed), *left = countsString(kept);
        printf("%s: %s %s; %s the seeds and %s: %zu features\n", c->fuzz,
               c->dryRun ? "would remove" : "removed", removed, c->dryRun ? "would leave" : "left",
               left, st.chosen);
        free(removed);
        free(left);
    }
    free(chosen);
    return ok ? 0 : 1;
}

// runRaw is import and export (corpusraw.c), once the test binary has
// said what the fuzz function's kinds and f_add seeds are: a run on no
// input at all, whose first records (types, then seed) say it. The binary
// is built without coverage counters, so it then stops, saying that it
// cannot measure coverage, which import and export do not ask of it.
static int runRaw(corpusCmd *c, const strList *args) {
    go_error *err = fuzz_mergeCtl_create(c->ctl, NULL, 0);
    if (err != NULL) {
        fatal(c, "%s", go_error_Error(err));
    }
    int wait = runOnce(c);
    fuzz_mergeCtl ctl;
    err = fuzz_mergeCtl_read(c->ctl, &ctl);
    if (err != NULL) {
        fatal(c, "%s", go_error_Error(err));
    }
    if (ctl.types == NULL) {
        char *how = exitErrorString(wait), *tail = outputTail(c);
        fatal(c, "the test binary failed (%s) before it named the fuzz function's kinds:\n%s", how,
              tail);
    }
    go_kind kinds[64];
    corpusTarget target = {
        .fuzz = c->fuzz,
        .testdataDir = c->testdataDir,
        .cacheDir = c->cacheDir,
        .kinds = kinds,
        .nkinds = kindsOfTypes(ctl.types, kinds, 64),
        .seedFiles = ctl.seedFiles,
        .nseedFiles = ctl.nseedFiles,
        .dryRun = c->dryRun,
        .verbose = c->verbose,
    };
    int status = c->outDir != NULL ? corpusExport(&target, c->outDir) : corpusImport(&target, args);
    fuzz_mergeCtl_free(&ctl);
    return status;
}

// runMerge is minimize and merge, once the binary is built: the control
// file, the runs, the choice and the changes.
static int runMerge(corpusCmd *c) {
    fuzz_mergeInput *in = runtime_calloc(c->n > 0 ? c->n : 1, sizeof *in);
    for (size_t i = 0; i < c->n; i++) {
        in[i] = (fuzz_mergeInput){ .path = c->in[i].path,
                                   .keep = c->in[i].keep,
                                   .raw = c->in[i].from == fromDir };
    }
    go_error *err = fuzz_mergeCtl_create(c->ctl, in, c->n);
    free(in);
    if (err != NULL) {
        fatal(c, "%s", go_error_Error(err));
    }
    fuzz_mergeCtl ctl;
    runInputs(c, &ctl);
    int status = report(c, &ctl);
    fuzz_mergeCtl_free(&ctl);
    return status;
}

int runCorpus(int argc, char **argv) {
    const char *sub = argc > 1 ? argv[1] : "";
    if (strcmp(sub, "minimize") != 0 && strcmp(sub, "merge") != 0 && strcmp(sub, "import") != 0 &&
        strcmp(sub, "export") != 0) {
        fprintf(stderr, "%sRun 'ctest corpus <command> -h' for details.\n", corpusUsages);
        return 2;
    }
    corpusCmd c = {
        .sub = sub,
        .merge = strcmp(sub, "merge") == 0,
        .files = strcmp(sub, "merge") == 0 || strcmp(sub, "import") == 0,
        .raw = strcmp(sub, "import") == 0 || strcmp(sub, "export") == 0,
        .timeout = 10 * 1000000000LL,
    };
    strList args = { 0 };
    parseArgs(&c, sub, argc - 2, argv + 2, &args);
    findPackage(&c, &args);
    testFuncs t = { 0 };
    strList cflags = { 0 }, ldflags = { 0 }, srcs = { 0 };
    loadFuzzTest(&c, &t, &cflags, &ldflags, &srcs);
    struct sigaction sa = { 0 };
    sa.sa_handler = onInterrupt;
    sa.sa_flags = SA_RESTART;
    if (!c.raw) {
        listInputs(&c, &args);
        sigaction(SIGINT, &sa, NULL);
    }
    go_error *err = newBuilder(&c.b, c.work);
    if (err != NULL) {
        fatal(&c, "%s", go_error_Error(err));
    }
    buildBinary(&c, &t, &cflags, &ldflags, &srcs);
    int status = c.raw ? runRaw(&c, &args) : runMerge(&c);
    strList_free(&args);
    builder_close(&c.b);
    testFuncs_free(&t);
    strList_free(&cflags);
    strList_free(&ldflags);
    strList_free(&srcs);
    for (size_t i = 0; i < c.n; i++) {
        free(c.in[i].path);
    }
    free(c.in);
    package_free(&c.pkg);
    free(c.fuzz);
    free(c.sanitize);
    free(c.outDir);
    free(c.cacheRoot);
    free(c.cacheDir);
    free(c.testdataDir);
    free(c.binary);
    free(c.ctl);
    free(c.out);
    strings_Builder_Reset(&c.errors);
    return status;
}
