// (none): cmd/go/internal/work's compile and link actions, for C. Ports
// go1.19.8 src/cmd/go/internal/work/exec.go's showOutput (how compiler
// output is shown) and load/test.go's loadTestFuncs.
//
// A test binary is the package's C files and the generated test main,
// compiled with -g -I<ctest root> (and -O1 for the package's files when
// fuzzing, but for Go's search), then $CFLAGS and the package's
// //ctest:cflags, which may override them, and linked with $LDFLAGS,
// //ctest:ldflags and the ctest libraries. The language standard is the
// compiler's default, or the user's -std. The compiler runs in the package
// directory (as Go runs cgo's), on absolute file names, so that showOutput
// can shorten them as Go does.
//
// When fuzzing, the package's own files (its *.c and *_test.c) are compiled
// with coverage instrumentation, as Go instruments the packages under test
// and never runtime, testing or internal/fuzz (test.go's
// skipInstrumentation): the generated main and the ctest libraries are not.
// The instrumentation is clang's -fsanitize-coverage=inline-8bit-counters,
// whose counters internal/fuzz reads through the
// __sanitizer_cov_8bit_counters_init hook (Go's -d=libfuzzer). For Go's
// search (-fuzzcmp=false), bb: one counter per basic block, because Go's
// compiler puts one at the start of each block (walk/order.go's edge(): a
// function body, each if and else body, each loop body, the right side of
// each && and ||). Edge counters see more features than Go does, keep more
// inputs, and so spread the executions over a bigger corpus: fuzzing the
// bench/ parser with -fuzzcmp=false took a median of about twice Go's
// executions with them, and as many as Go's with bb. ctest: the default
// search counts edges (clang's default, as -fsanitize=fuzzer does), which
// tell the two ways of an if without an else apart: on bench/realworld
// they reached 1-3% more branches in 60-second A/B races.
#undef _POSIX_C_SOURCE
#define _XOPEN_SOURCE 700 // realpath
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd/ctest/ctest.h"
#include "ctest_config.h"

// The configuration CMake wrote (ctest_config.h), as NULL-terminated lists.
static const char *const ctestDepLibs[] = { CTEST_DEPLIBS NULL };
static const char *const ctestSanitizeFlags[] = { CTEST_SANITIZE_FLAGS NULL };

go_error *newBuilder(builder *b, bool work) {
    *b = (builder){ 0 };
    const char *tmp = getenv("TMPDIR");
    if (tmp == NULL || tmp[0] == '\0') {
        tmp = "/tmp";
    }
    char *tmpl = runtime_sprintf("%s/ctest-build%s", tmp, "XXXXXX");
    if (mkdtemp(tmpl) == NULL) {
        go_error *err = fmt_Errorf(NULL, "mkdir %s: %s", tmpl, strerror(errno));
        free(tmpl);
        return err;
    }
    b->WorkDir = tmpl;
    b->keepWork = work;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    b->parallel = ncpu > 0 ? (int)ncpu : 1;
    if (work) {
        fprintf(stderr, "WORK=%s\n", b->WorkDir);
    }
    return NULL;
}

void builder_close(builder *b) {
    if (b->WorkDir != NULL && !b->keepWork) {
        go_error *err = removeAll(b->WorkDir);
        go_error_free(err);
    }
    free(b->WorkDir);
    b->WorkDir = NULL;
    strList_free(&b->FuzzInstrument);
    strList_free(&b->Cover);
    strList_free(&b->Sanitize);
}

// startCmd starts argv in dir with its stdout and stderr on fd, and
// returns its pid, or -1 when it could not fork.
static pid_t startCmd(const char *dir, const strList *argv, int fd) {
    char **args = runtime_calloc(argv->len + 1, sizeof(char *));
    memcpy(args, argv->ptr, argv->len * sizeof(char *));
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd, 1);
        dup2(fd, 2);
        if (fd > 2) {
            close(fd);
        }
        if (chdir(dir) != 0) {
            dprintf(2, "chdir %s: %s\n", dir, strerror(errno));
            _exit(1);
        }
        execvp(args[0], args);
        dprintf(2, "exec: \"%s\": %s\n", args[0], strerror(errno));
        _exit(1);
    }
    free(args);
    return pid;
}

// waitCmd waits for pid and reports whether it exited with status 0.
static bool waitCmd(pid_t pid) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            return false;
        }
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool runOut(const char *dir, const strList *argv, char **out, size_t *outLen) {
    int fds[2];
    if (pipe(fds) != 0) {
        *out = runtime_sprintf("pipe: %s\n", strerror(errno));
        *outLen = strlen(*out);
        return false;
    }
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    pid_t pid = startCmd(dir, argv, fds[1]);
    close(fds[1]);
    strings_Builder b = { 0 };
    if (pid < 0) {
        strings_Builder_Printf(&b, "fork: %s\n", strerror(errno));
    }
    char buf[4096];
    for (;;) {
        ssize_t r = read(fds[0], buf, sizeof buf);
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r <= 0) {
            break;
        }
        strings_Builder_Write(&b, buf, (size_t)r);
    }
    close(fds[0]);
    bool ok = pid > 0 && waitCmd(pid);
    *outLen = strings_Builder_Len(&b);
    *out = strings_Builder_Detach(&b);
    return ok;
}

// replaceAll is strings.ReplaceAll (caller frees).
static char *replaceAll(const char *s, const char *old, const char *new) {
    size_t ol = strlen(old), nl = strlen(new), count = 0;
    for (const char *p = strstr(s, old); p != NULL; p = strstr(p + ol, old)) {
        count++;
    }
    char *out = runtime_malloc(strlen(s) + count * nl + 1);
    char *w = out;
    for (;;) {
        const char *p = strstr(s, old);
        if (p == NULL) {
            break;
        }
        memcpy(w, s, (size_t)(p - s));
        w += p - s;
        memcpy(w, new, nl);
        w += nl;
        s = p + ol;
    }
    strcpy(w, s);
    return out;
}

// showOutput is work/exec.go's (*Builder).showOutput: it prints "# desc"
// and the output on stderr, the package directory shortened to its path
// relative to the invocation directory and the work directory to $WORK.
static void showOutput(const builder *b, const char *dir, const char *desc, const char *out) {
    char *suffix = runtime_sprintf("\n%s", out);
    char *reldir = shortPath(dir);
    if (strcmp(reldir, dir) != 0) {
        static const char *const seps[] = { " ", "\n", "\n\t" };
        for (size_t i = 0; i < 3; i++) {
            char *from = runtime_sprintf("%s%s", seps[i], dir);
            char *to = runtime_sprintf("%s%s", seps[i], reldir);
            char *s = replaceAll(suffix, from, to);
            free(suffix);
            suffix = s;
            free(from);
            free(to);
        }
    }
    char *work = runtime_sprintf(" %s", b->WorkDir);
    char *s = replaceAll(suffix, work, " $WORK");
    free(suffix);
    free(work);
    fflush(stdout);
    fprintf(stderr, "# %s%s", desc, s);
    fflush(stderr);
    free(s);
    free(reldir);
}

// envList is work's envList: the environment variable key split into
// words (go/build's splitQuoted), or def if unset.
static void envList(const char *key, strList *out) {
    const char *v = getenv(key);
    if (v == NULL) {
        return;
    }
    go_error *err = splitQuoted(v, strlen(v), out);
    go_error_free(err);
}

// expandSrcs replaces the //ctest:srcs patterns in srcs (relative to dir,
// or absolute) with the files they match, each pattern's in glob's order.
// A pattern that matches nothing is an error, as a missing file would be.
static go_error *expandSrcs(const char *path, const char *dir, strList *srcs) {
    strList files = { 0 };
    go_error *err = NULL;
    for (size_t i = 0; i < srcs->len && err == NULL; i++) {
        const char *pat = srcs->ptr[i];
        char *full = pat[0] == '/' ? runtime_strdup(pat) : filepathJoin(dir, pat);
        glob_t g;
        int rc = glob(full, GLOB_ERR, NULL, &g);
        if (rc == 0) {
            for (size_t j = 0; j < g.gl_pathc; j++) {
                strList_append(&files, g.gl_pathv[j]);
            }
        } else {
            err = fmt_Errorf(NULL, "%s: //ctest:srcs %s matches no file", path, pat);
        }
        globfree(&g);
        free(full);
    }
    strList_free(srcs);
    *srcs = files;
    return err;
}

go_error *loadTestFuncs(const package *p, testFuncs *t, strList *cflags, strList *ldflags,
                        strList *srcs) {
    for (int test = 0; test < 2; test++) {
        const strList *files = test ? &p->TestCFiles : &p->CFiles;
        for (size_t i = 0; i < files->len; i++) {
            char *path = filepathJoin(p->Dir, files->ptr[i]);
            char *src;
            size_t n;
            strList mine = { 0 };
            go_error *err = os_ReadFile(path, &src, &n);
            if (err == NULL) {
                err = scanFile(path, p->Dir, src, n, test ? t : NULL, cflags, ldflags, &mine);
                free(src);
            }
            if (err == NULL) {
                err = expandSrcs(path, p->Dir, &mine);
                strList_appendAll(srcs, &mine);
            }
            strList_free(&mine);
            free(path);
            if (err != NULL) {
                return err;
            }
        }
    }
    return NULL;
}

// lookPath is exec.LookPath for a name without a slash: the first
// executable file in the PATH directories path lists (caller frees), or
// NULL.
static char *lookPath(const char *file, const char *path) {
    while (path != NULL) {
        const char *colon = strchr(path, ':');
        size_t n = colon != NULL ? (size_t)(colon - path) : strlen(path);
        char *full = n == 0 ? runtime_sprintf("./%s", file)
                            : runtime_sprintf("%.*s/%s", (int)n, path, file);
        struct stat st;
        if (stat(full, &st) == 0 && S_ISREG(st.st_mode) && access(full, X_OK) == 0) {
            return full;
        }
        free(full);
        path = colon != NULL ? colon + 1 : NULL;
    }
    return NULL;
}

const char *defaultCompiler(const char *builtWith, const char *path) {
    const char *base = strrchr(builtWith, '/');
    base = base != NULL ? base + 1 : builtWith;
    if (strncmp(base, "clang", 5) == 0) {
        return builtWith;
    }
    char *clang = lookPath("clang", path);
    free(clang);
    return clang != NULL ? "clang" : builtWith;
}

// compiler appends the C compiler command: $CC if set (split into words
// as Go splits it), else defaultCompiler's.
static void compiler(strList *args) {
    const char *cc = getenv("CC");
    if (cc != NULL && cc[0] != '\0') {
        envList("CC", args);
        return;
    }
    strList_append(args, defaultCompiler(CTEST_CC, getenv("PATH")));
}

static void appendAll(strList *args, const char *const *list) {
    for (size_t i = 0; list[i] != NULL; i++) {
        strList_append(args, list[i]);
    }
}

// compilerAcceptsAll reports whether the C compiler compiles an empty file
// with the NULL-terminated flags (a probe, as work's gccSupportsFlag).
static bool compilerAcceptsAll(const builder *b, const char *const *flags) {
    strList args = { 0 };
    compiler(&args);
    appendAll(&args, flags);
    strList_append(&args, "-c");
    strList_append(&args, "-x");
    strList_append(&args, "c");
    strList_append(&args, "/dev/null");
    strList_append(&args, "-o");
    strList_appendOwned(&args, runtime_sprintf("%s/probe.o", b->WorkDir));
    char *out;
    size_t n;
    bool ok = runOut(b->WorkDir, &args, &out, &n);
    free(out);
    strList_free(&args);
    return ok;
}

static bool compilerAccepts(const builder *b, const char *flag) {
    const char *flags[] = { flag, NULL };
    return compilerAcceptsAll(b, flags);
}

// compilerName is the C compiler command as one string (caller frees).
static char *compilerName(void) {
    strList cc = { 0 };
    compiler(&cc);
    strings_Builder name = { 0 };
    for (size_t i = 0; i < cc.len; i++) {
        if (i > 0) {
            strings_Builder_WriteString(&name, " ");
        }
        strings_Builder_WriteString(&name, cc.ptr[i]);
    }
    strList_free(&cc);
    return strings_Builder_Detach(&name);
}

// llvmTool finds the LLVM tool name that matches the C compiler: beside
// the compiler's real file (Debian's /usr/lib/llvm-N/bin), else on PATH
// (caller frees; NULL if neither has it).
static char *llvmTool(const char *name) {
    strList cc = { 0 };
    compiler(&cc);
    char *path = NULL;
    if (cc.len > 0) {
        char *cmd = strchr(cc.ptr[0], '/') != NULL ? runtime_strdup(cc.ptr[0])
                                                   : lookPath(cc.ptr[0], getenv("PATH"));
        char *real = cmd != NULL ? realpath(cmd, NULL) : NULL;
        if (real != NULL) {
            *strrchr(real, '/') = '\0';
            path = lookPath(name, real);
        }
        free(real);
        free(cmd);
    }
    strList_free(&cc);
    return path != NULL ? path : lookPath(name, getenv("PATH"));
}

go_error *coverInstrumentFlags(builder *b, char **profdata, char **cov) {
    static const char *const flags[] = { "-fprofile-instr-generate", "-fcoverage-mapping", NULL };
    *profdata = *cov = NULL;
    if (!compilerAcceptsAll(b, flags)) {
        char *name = compilerName();
        go_error *err = fmt_Errorf(NULL,
                                   "-cover needs clang's source-based coverage, and the C "
                                   "compiler %s has no -fprofile-instr-generate "
                                   "-fcoverage-mapping. Set CC=clang.",
                                   name);
        free(name);
        return err;
    }
    *profdata = llvmTool("llvm-profdata");
    *cov = llvmTool("llvm-cov");
    if (*profdata == NULL || *cov == NULL) {
        char *name = compilerName();
        go_error *err = fmt_Errorf(NULL,
                                   "-cover needs llvm-profdata and llvm-cov (Debian's llvm "
                                   "package) beside the C compiler %s or on PATH.",
                                   name);
        free(name);
        free(*profdata);
        free(*cov);
        *profdata = *cov = NULL;
        return err;
    }
    appendAll(&b->Cover, flags);
    return NULL;
}

// optimizeForFuzzing asks clang to keep the branches of optimized code
// apart, as it does for -fsanitize=fuzzer: -fsanitize=fuzzer-no-link marks
// each function optforfuzzing, which stops the optimizer from turning a
// branch into a select or merging two conditions into one, so that each
// way of a condition keeps an edge counter of its own. The flag also
// brings instrumentation that internal/fuzz has no hooks for (PC tables,
// indirect-call and stack-depth tracing); the second flag takes it off.
// On inih at -O2, without it a line of exactly 198 bytes and its newline
// (the longest that inih's 200-byte buffer holds whole) has no counter of
// its own, so no fuzzing run kept one, though llvm-cov counts its branch.
static void optimizeForFuzzing(builder *b) {
    static const char *const flags[] = {
        "-fsanitize=fuzzer-no-link",
        "-fno-sanitize-coverage=pc-table,indirect-calls,stack-depth",
        NULL,
    };
    if (compilerAcceptsAll(b, flags)) {
        appendAll(&b->FuzzInstrument, flags);
    }
}

go_error *fuzzInstrumentFlags(builder *b, bool goSearch) {
    // ctest_fuzz (CTEST_HOOK_LIB) defines the hooks this instrumentation
    // calls: counters.c's __sanitizer_cov_8bit_counters_init and trace.c's
    // comparison hooks, a fact of ctest's build (the test check/hooks
    // checks it). What is left to ask at run time is whether the user's
    // compiler has the flags.
    const char *counters = goSearch ? "-fsanitize-coverage=inline-8bit-counters,bb"
                                    : "-fsanitize-coverage=inline-8bit-counters";
    if (!compilerAccepts(b, counters)) {
        char *name = compilerName();
        go_error *err = fmt_Errorf(NULL,
                                   "-fuzz needs coverage instrumentation, and the C compiler %s "
                                   "has no -fsanitize-coverage=inline-8bit-counters: "
                                   "coverage-guided fuzzing reads clang's 8-bit counters. Set "
                                   "CC=clang.",
                                   name);
        free(name);
        return err;
    }
    strList_append(&b->FuzzInstrument, counters);
    // ctest: the default search fuzzes optimized code, as libFuzzer's users
    // and OSS-Fuzz build it ($CFLAGS and //ctest:cflags come after, so a
    // -O there wins). Go's search keeps -O0, where each block keeps the
    // counter that Go's compiler would give it; optimization merges blocks.
    if (!goSearch) {
        strList_append(&b->FuzzInstrument, "-O1");
        optimizeForFuzzing(b);
    }
    if (compilerAccepts(b, "-fsanitize-coverage=trace-cmp")) {
        strList_append(&b->FuzzInstrument, "-fsanitize-coverage=trace-cmp");
        // ctest: keep memcmp, strcmp, ... calls, which internal/fuzz
        // intercepts to record what they compare (-test.fuzzcmp), as
        // clang's -fsanitize=fuzzer does.
        static const char *const noBuiltins[] = {
            "-fno-builtin-memcmp",  "-fno-builtin-bcmp",       "-fno-builtin-strcmp",
            "-fno-builtin-strncmp", "-fno-builtin-strcasecmp", "-fno-builtin-strncasecmp",
            "-fno-builtin-strstr",  "-fno-builtin-strcasestr", "-fno-builtin-memmem",
        };
        for (size_t i = 0; i < sizeof noBuiltins / sizeof noBuiltins[0]; i++) {
            strList_append(&b->FuzzInstrument, noBuiltins[i]);
        }
    }
    return NULL;
}

go_error *fuzzEngineFlags(builder *b, const char *engine) {
    if (strcmp(engine, "replay") == 0) {
        b->Engine = engineReplay;
        return NULL;
    }
    if (strcmp(engine, "libfuzzer") != 0) {
        return fmt_Errorf(NULL, "-fuzzengine=%s: the engines are libfuzzer and replay", engine);
    }
    b->Engine = engineLibFuzzer;
    const char *lib = getenv("LIB_FUZZING_ENGINE");
    if (lib != NULL && lib[0] != '\0') {
        return NULL;
    }
    if (!compilerAccepts(b, "-fsanitize=fuzzer-no-link")) {
        char *name = compilerName();
        go_error *err = fmt_Errorf(NULL,
                                   "-fuzzengine=libfuzzer needs libFuzzer's instrumentation, and "
                                   "the C compiler %s has no -fsanitize=fuzzer-no-link. Set "
                                   "CC=clang (or CC=afl-clang-fast for AFL++).",
                                   name);
        free(name);
        return err;
    }
    strList_append(&b->FuzzInstrument, "-fsanitize=fuzzer-no-link");
    strList_append(&b->FuzzInstrument, "-O1");
    return NULL;
}

void sanitizeFlags(builder *b, const char *list) {
    appendSanitizeFlags(&b->Sanitize, list);
}

// buildSanitizers lists the sanitizers a build of a package with cflags
// has, folding the compile flags in the order compileArgs gives them:
// ctest's own build's, -sanitize's, $CFLAGS, the package's (its
// //ctest:sanitize and //ctest:cflags lines).
static void buildSanitizers(const builder *b, const strList *cflags, sanitizerList *out) {
    strList own = { 0 }, env = { 0 };
    appendAll(&own, ctestSanitizeFlags);
    envList("CFLAGS", &env);
    sanitizerList_addFlags(out, &own, sanitizeCtest);
    sanitizerList_addFlags(out, &b->Sanitize, sanitizeCommand);
    sanitizerList_addFlags(out, &env, sanitizeCommand);
    sanitizerList_addFlags(out, cflags, sanitizePackage);
    strList_free(&own);
    strList_free(&env);
}

// compileArgs returns the compiler command for src, written to obj.
static strList compileArgs(const builder *b, const strList *instrument, const strList *cflags,
                           const char *src, const char *obj) {
    strList args = { 0 };
    compiler(&args);
    strList_append(&args, "-g");
    strList_appendOwned(&args, runtime_sprintf("-I%s", layout()->include));
    appendAll(&args, ctestSanitizeFlags);
    strList_appendAll(&args, &b->Sanitize);
    strList_appendAll(&args, instrument);
    envList("CFLAGS", &args);
    strList_appendAll(&args, cflags);
    strList_append(&args, "-c");
    strList_append(&args, src);
    strList_append(&args, "-o");
    strList_append(&args, obj);
    return args;
}

// compileJob is one compiler run of compileFiles: its output goes to a
// file beside the object, read back when it ends.
typedef struct compileJob {
    pid_t pid;
    char *log;
} compileJob;

// startCompile starts the compiler on files->ptr[i], adding its object to
// objs. With numbered (sources from outside the package, whose base names
// may repeat), the object's name starts with "src<i>-".
static compileJob startCompile(const builder *b, const package *p, const strList *files, size_t i,
                               bool numbered, const strList *instrument, const strList *cflags,
                               const char *objdir, strList *objs) {
    char *src = files->ptr[i][0] == '/' ? runtime_strdup(files->ptr[i])
                                        : filepathJoin(p->Dir, files->ptr[i]);
    const char *base = strrchr(src, '/') + 1;
    size_t stem = strlen(base) > 2 ? strlen(base) - 2 : strlen(base);
    char *obj = numbered ? runtime_sprintf("%s/src%zu-%.*s.o", objdir, i, (int)stem, base)
                         : runtime_sprintf("%s/%.*s.o", objdir, (int)stem, base);
    compileJob job = { -1, runtime_sprintf("%s.log", obj) };
    int fd = open(job.log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd >= 0) {
        strList args = compileArgs(b, instrument, cflags, src, obj);
        job.pid = startCmd(p->Dir, &args, fd);
        if (job.pid < 0) {
            dprintf(fd, "fork: %s\n", strerror(errno));
        }
        strList_free(&args);
        close(fd);
    }
    strList_appendOwned(objs, obj);
    free(src);
    return job;
}

// finishCompile waits for job, adds what it printed to output, and
// reports whether it compiled.
static bool finishCompile(compileJob *job, strings_Builder *output) {
    bool ok = job->pid > 0 && waitCmd(job->pid);
    char *text;
    size_t n;
    go_error *err = os_ReadFile(job->log, &text, &n);
    if (err != NULL) {
        strings_Builder_Printf(output, "%s\n", go_error_Error(err));
        go_error_free(err);
        ok = false;
    } else {
        strings_Builder_Write(output, text, n);
        free(text);
    }
    unlink(job->log);
    free(job->log);
    return ok;
}

// compileFiles compiles each of files (base names in p->Dir, or absolute)
// into objdir, adding the objects to objs, up to b->parallel at a time
// (Go's -p). Their output is gathered in the files' order and shown under
// desc; it returns whether all compiled.
static bool compileFiles(const builder *b, const package *p, const strList *files, bool numbered,
                         const strList *instrument, const strList *cflags, const char *objdir,
                         const char *desc, strList *objs) {
    size_t n = files->len, started = 0, parallel = b->parallel > 0 ? (size_t)b->parallel : 1;
    compileJob *jobs = runtime_calloc(n > 0 ? n : 1, sizeof *jobs);
    strings_Builder output = { 0 };
    bool ok = true;
    for (size_t done = 0; done < n; done++) {
        while (started < n && started - done < parallel) {
            jobs[started] =
                    startCompile(b, p, files, started, numbered, instrument, cflags, objdir, objs);
            started++;
        }
        ok &= finishCompile(&jobs[done], &output);
    }
    free(jobs);
    if (strings_Builder_Len(&output) > 0) {
        showOutput(b, p->Dir, desc, strings_Builder_String(&output));
    }
    strings_Builder_Reset(&output);
    return ok;
}

// compilePackage compiles p's files into objdir, adding the objects to
// objs: the package first, then its tests, as Go compiles p before ptest.
// The tests are instrumented, the generated main (compiled later) is not:
// Go's pmain, package main, is not among the packages under test.
// ctest: //ctest:srcs, sources from outside the package, are built as its
// own files are, instrumented when fuzzing, before them. -cover
// instruments the package's files, never its tests (as Go's cover tool
// annotates the package, not its _test.go files).
static bool compilePackage(builder *b, const package *p, const strList *cflags, const strList *srcs,
                           const char *objdir, const char *testDesc, strList *objs) {
    strList pkgInstrument = { 0 };
    strList_appendAll(&pkgInstrument, &b->FuzzInstrument);
    strList_appendAll(&pkgInstrument, &b->Cover);
    bool ok = compileFiles(b, p, srcs, true, &pkgInstrument, cflags, objdir, p->ImportPath, objs) &&
              compileFiles(b, p, &p->CFiles, false, &pkgInstrument, cflags, objdir, p->ImportPath,
                           objs) &&
              compileFiles(b, p, &p->TestCFiles, false, &b->FuzzInstrument, cflags, objdir,
                           testDesc, objs);
    strList_free(&pkgInstrument);
    return ok;
}

// compileMain writes the generated main's source text to path and
// compiles it into dir, uninstrumented, adding its object to objs.
static bool compileMain(builder *b, const package *p, const char *text, const char *dir,
                        const char *path, const strList *cflags, const char *desc, strList *objs) {
    FILE *f = fopen(path, "w");
    if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0) {
        fprintf(stderr, "open %s: %s\n", path, strerror(errno));
        return false;
    }
    strList mainFiles = { 0 }, noFlags = { 0 };
    strList_append(&mainFiles, path);
    bool ok = compileFiles(b, p, &mainFiles, false, &noFlags, cflags, dir, desc, objs);
    strList_free(&mainFiles);
    return ok;
}

// appendEngineLink appends what links a -fuzzengine build to its fuzzing
// engine: $LIB_FUZZING_ENGINE, as OSS-Fuzz gives it (-fsanitize=fuzzer, or
// an engine's library), after $CFLAGS, whose sanitizers the objects were
// compiled with, as OSS-Fuzz's build scripts link; else libFuzzer. A
// replay build has its own main.
static void appendEngineLink(const builder *b, strList *args) {
    if (b->Engine != engineLibFuzzer) {
        return;
    }
    const char *lib = getenv("LIB_FUZZING_ENGINE");
    if (lib != NULL && lib[0] != '\0') {
        envList("CFLAGS", args);
        envList("LIB_FUZZING_ENGINE", args);
    } else {
        strList_append(args, "-fsanitize=fuzzer");
    }
}

// appendLibs appends ctest's libraries and what they need. A fuzzing
// build takes all of the engine's library, whose hooks its
// instrumentation calls; a -fuzzengine=libfuzzer build links the library
// without the engine instead, since the other engine defines those hooks.
// A replay build has no other engine: it links ctest's, as a test binary
// does, and ctest's malloc, for the limits its main keeps
// (testing/replay.c).
static void appendLibs(const builder *b, strList *args) {
    const ctestLayout *l = layout();
    bool fuzzing = b->FuzzInstrument.len > 0 && b->Engine == engineNone;
    if (b->Engine != engineLibFuzzer) {
        // ctest: ctest's malloc, which tells the engine the size of each
        // allocation (-fuzzmalloclimit), in plain and replay builds too,
        // where the seeds and inputs run under the same limit. Its
        // definitions are weak, and a sanitizer runtime, linked first,
        // keeps its own.
        strList_append(args, "-Wl,--whole-archive");
        strList_append(args, l->mallocLib);
        strList_append(args, "-Wl,--no-whole-archive");
    }
    for (size_t i = 0; l->libs[i] != NULL; i++) {
        if (l->libs[i] == l->hookLib && b->Engine == engineLibFuzzer) {
            strList_append(args, l->noEngineLib);
        } else if (fuzzing && l->libs[i] == l->hookLib) {
            // The sanitizer runtimes (ASan's, UBSan's) define the coverage
            // hooks as weak no-ops, and a weak definition keeps the linker
            // from taking the engine's out of the archive: take all of it.
            strList_append(args, "-Wl,--whole-archive");
            strList_append(args, l->libs[i]);
            strList_append(args, "-Wl,--no-whole-archive");
        } else {
            strList_append(args, l->libs[i]);
        }
    }
    appendAll(args, ctestDepLibs);
}

// sanitizesAddress reports whether the link args make an ASan binary: the
// last -fsanitize= or -fno-sanitize= naming address is a -fsanitize=.
static bool sanitizesAddress(const strList *args) {
    bool asan = false;
    for (size_t i = 0; i < args->len; i++) {
        const char *a = args->ptr[i];
        bool on = strncmp(a, "-fsanitize=", 11) == 0;
        if (!on && strncmp(a, "-fno-sanitize=", 14) != 0) {
            continue;
        }
        const char *list = strchr(a, '=') + 1;
        for (const char *p = list; *p != '\0';) {
            size_t n = strcspn(p, ",");
            if ((n == 7 && strncmp(p, "address", 7) == 0) ||
                (n == 3 && strncmp(p, "all", 3) == 0 && !on)) {
                asan = on;
            }
            p += n + (p[n] == ',');
        }
    }
    return asan;
}

// appendReportWraps links the report calls of ASan's instrumentation in a
// fuzzing build with ASan to the engine's wrappers (ld's --wrap), which
// let a -fuzzkeepgoing worker go on after a bad access whose crash site is
// known (internal/fuzz/crash_recover.c). ctest: Go has no sanitizers.
static void appendReportWraps(const builder *b, strList *args) {
    if (b->FuzzInstrument.len == 0 || b->Engine != engineNone || !sanitizesAddress(args)) {
        return;
    }
    strList_append(args, "-Wl,--wrap=__asan_report_load1,--wrap=__asan_report_load2,"
                         "--wrap=__asan_report_load4,--wrap=__asan_report_load8,"
                         "--wrap=__asan_report_load16,--wrap=__asan_report_load_n,"
                         "--wrap=__asan_report_store1,--wrap=__asan_report_store2,"
                         "--wrap=__asan_report_store4,--wrap=__asan_report_store8,"
                         "--wrap=__asan_report_store16,--wrap=__asan_report_store_n");
}

// linkBinary links objs into target, its output shown under desc.
static bool linkBinary(const builder *b, const package *p, const strList *objs,
                       const strList *ldflags, const char *target, const char *desc) {
    strList args = { 0 };
    compiler(&args);
    appendAll(&args, ctestSanitizeFlags);
    strList_appendAll(&args, &b->Sanitize);
    if (b->Cover.len > 0) {
        strList_append(&args, "-fprofile-instr-generate"); // the profile runtime
    }
    strList_append(&args, "-o");
    strList_append(&args, target);
    strList_appendAll(&args, objs);
    appendEngineLink(b, &args);
    // The user's link flags: $LDFLAGS, then //ctest:ldflags.
    strList userArgs = { 0 };
    envList("LDFLAGS", &userArgs);
    strList_appendAll(&userArgs, ldflags);
    if (b->FuzzInstrument.len > 0) {
        warnUninstrumented(p->ImportPath, &userArgs);
    }
    strList_appendAll(&args, &userArgs);
    strList_free(&userArgs);
    appendLibs(b, &args);
    appendReportWraps(b, &args);
    char *out;
    size_t n;
    bool ok = runOut(p->Dir, &args, &out, &n);
    if (n > 0) {
        showOutput(b, p->Dir, desc, out);
    }
    free(out);
    strList_free(&args);
    return ok;
}

// newObjDir makes the next object directory of the work directory
// (b001, ...), or returns NULL.
static char *newObjDir(builder *b) {
    char *dir = runtime_sprintf("%s/b%03d", b->WorkDir, ++b->nobj);
    if (mkdir(dir, 0777) != 0) {
        fprintf(stderr, "mkdir %s: %s\n", dir, strerror(errno));
        free(dir);
        return NULL;
    }
    return dir;
}

bool buildTest(builder *b, const package *p, const testFuncs *t, const strList *cflags,
               const strList *ldflags, const strList *srcs, const char *target) {
    char *dir = newObjDir(b);
    if (dir == NULL) {
        return false;
    }
    bool ok = false;
    strList objs = { 0 };
    char *testDesc = runtime_sprintf("%s [%s.test]", p->ImportPath, p->ImportPath);
    char *linkDesc = runtime_sprintf("%s.test", p->ImportPath);
    char *mainPath = runtime_sprintf("%s/_testmain.c", dir);
    if (compilePackage(b, p, cflags, srcs, dir, testDesc, &objs)) {
        // ctest: a fuzzing build's main hands the engine the string
        // constants of the instrumented code, for its token dictionary.
        strList tokens = { 0 };
        if (b->FuzzInstrument.len > 0) {
            collectTokens(&objs, &tokens);
        }
        // ctest: -fuzzdictout hands the same words to another engine.
        go_error *err = b->DictOut != NULL ? writeTokenDict(&tokens, b->DictOut) : NULL;
        if (err != NULL) {
            fprintf(stderr, "ctest: -fuzzdictout: %s\n", go_error_Error(err));
            go_error_free(err);
        } else {
            // ctest: the main tells the binary the sanitizers it has.
            sanitizerList sanitizers = { 0 };
            buildSanitizers(b, cflags, &sanitizers);
            char *main = formatTestmain(t, &tokens, &sanitizers);
            sanitizerList_free(&sanitizers);
            ok = compileMain(b, p, main, dir, mainPath, cflags, testDesc, &objs) &&
                 linkBinary(b, p, &objs, ldflags, target, linkDesc);
            free(main);
        }
        strList_free(&tokens);
    }
    strList_free(&objs);
    free(testDesc);
    free(linkDesc);
    free(mainPath);
    free(dir);
    return ok;
}

bool buildFuzzers(builder *b, const package *p, const testFuncs *t, const strList *cflags,
                  const strList *ldflags, const strList *srcs, const char *outDir) {
    char *dir = newObjDir(b);
    if (dir == NULL) {
        return false;
    }
    strList objs = { 0 };
    char *testDesc = runtime_sprintf("%s [%s.test]", p->ImportPath, p->ImportPath);
    bool ok = compilePackage(b, p, cflags, srcs, dir, testDesc, &objs);
    for (size_t i = 0; ok && i < t->FuzzTargets.len; i++) {
        const char *name = t->FuzzTargets.ptr[i];
        char *mainPath = runtime_sprintf("%s/_fuzzmain_%s.c", dir, name);
        char *target = filepathJoin(outDir, name);
        char *linkDesc = runtime_sprintf("%s.%s", p->ImportPath, name);
        char *main = formatEngineMain(name, b->Engine == engineReplay);
        // Each binary is the package's objects and its own main.
        strList fuzzerObjs = { 0 };
        strList_appendAll(&fuzzerObjs, &objs);
        ok = compileMain(b, p, main, dir, mainPath, cflags, testDesc, &fuzzerObjs) &&
             linkBinary(b, p, &fuzzerObjs, ldflags, target, linkDesc);
        strList_free(&fuzzerObjs);
        free(main);
        free(linkDesc);
        free(target);
        free(mainPath);
    }
    strList_free(&objs);
    free(testDesc);
    free(dir);
    return ok;
}
