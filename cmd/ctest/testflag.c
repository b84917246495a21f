// Ports go1.19.8 src/cmd/go/internal/test/testflag.go: testFlags, and
// cmd/go/internal/cmdflag/flag.go: ParseOne.
//
// As in Go, go test's flags cannot go through a flag.FlagSet's Parse: some
// are the driver's (-c, -o, -json), some the test binary's (-run, -v, ...),
// which the driver also looks at, and unknown ones belong to the binary. So
// each argument is looked up in one table (Go's CmdTest.Flag), and the
// known test flags are forwarded as -test.name=value.
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/ctest/ctest.h"
#include "testing/testflags.h"

// flagPath is testflag.go's outputdirFlag: a path (-outputdir's directory,
// -fuzzdict's file), made absolute against the invocation directory when
// set ("" stays ""), since the test binary runs in the package directory.
// flagCoverMode is -covermode's value: set, count or atomic (Go's
// coverModeFlag).
typedef enum flagKind {
    flagBool,
    flagInt,
    flagString,
    flagDuration,
    flagPath,
    flagCoverMode
} flagKind;

// cmdFlag is one flag of CmdTest.Flag with its value.
typedef struct cmdFlag {
    const char *Name;
    flagKind kind;
    bool passToTest; // test/flagdefs.go's passFlagToTest
    bool set;        // set on the command line (what FlagSet.Visit visits)
    bool b;          // flagBool's value
    int64_t i;       // flagInt's, flagDuration's value
    const char *s;   // flagString's value (borrowed from argv), flagPath's (never freed)
} cmdFlag;

// flags is CmdTest.Flag: test.go's init, restricted to what ctest knows.
// ctest: of the build flags only -cover, -covermode, -work (and ctest's
// -sanitize); no -a, -x, -race, ..., no benchmarks, profiles other than
// -coverprofile, -coverpkg, -shuffle or -vet.
#define PASSED_FLAG(name, kind) { #name, flag##kind, true, false, false, 0, "" },
static cmdFlag flags[] = {
    // The driver's own.
    { "c", flagBool, false, false, false, 0, NULL },
    { "cover", flagBool, false, false, false, 0, NULL },
    { "covermode", flagCoverMode, false, false, false, 0, "" },
    { "coverprofile", flagString, false, false, false, 0, "" },
    { "json", flagBool, false, false, false, 0, NULL },
    { "o", flagString, false, false, false, 0, "" },
    { "p", flagInt, false, false, false, 0, NULL },
    // ctest: -fuzzmulti is ctest's own: fuzz every fuzz test -fuzz matches,
    // in one package or several, in turn (fuzzmulti.c).
    { "fuzzmulti", flagBool, false, false, false, 0, NULL },
    // ctest: -fuzzengine=libfuzzer|replay is ctest's own: with -c, build a
    // binary for another engine for each fuzz test (build.c's
    // buildFuzzers).
    { "fuzzengine", flagString, false, false, false, 0, "" },
    // ctest: -fuzzdictout=file is ctest's own: with -c and -fuzz, also
    // write the token dictionary's words read from the package's code to
    // file (buildTest), for another engine's -dict.
    { "fuzzdictout", flagPath, false, false, false, 0, "" },
    // ctest: -sanitize=list is ctest's own (Go has -asan, -msan, -race).
    { "sanitize", flagString, false, false, false, 0, "" },
    // ctest: -testbin=file is ctest's own: run file, a test binary built
    // earlier with -c, instead of building the package (CMake's
    // ctest_add_package builds once and runs it for each test).
    { "testbin", flagPath, false, false, false, 0, "" },
    { "work", flagBool, false, false, false, 0, NULL },
    // The test binary's, which the driver reads too (testing/testflags.h).
    // ctest: -fuzzcmp, -fuzzdict, -fuzztimeout, -fuzzrsslimit and
    // -fuzzmalloclimit are ctest's own (Go's mutator ignores comparisons
    // and has no dictionary, its limit on one input is a fixed 10s, and its
    // workers have no memory limit). Go's test
    // binary writes only profiles to -outputdir; ctest refuses the profile
    // flags, so the directory is passed on and never used.
    TESTING_PASSED_FLAGS(PASSED_FLAG)
};
#undef PASSED_FLAG

// defaultTimeout is go test's -timeout when none is given (testflag.go);
// the test binary's own default is 0, no limit.
static const int64_t defaultTimeout = 10 * 60 * INT64_C(1000000000);

enum { nflags = sizeof flags / sizeof flags[0] };

// lookup is FlagSet.Lookup; the test flags are also defined as test.name
// (Go's init loop over passFlagToTest).
static cmdFlag *lookup(const char *name, size_t n) {
    if (n > 5 && memcmp(name, "test.", 5) == 0) {
        cmdFlag *f = lookup(name + 5, n - 5);
        return f != NULL && f->passToTest ? f : NULL;
    }
    for (size_t i = 0; i < nflags; i++) {
        if (strlen(flags[i].Name) == n && memcmp(flags[i].Name, name, n) == 0) {
            return &flags[i];
        }
    }
    return NULL;
}

// set is fs.Set: the flag package's Value.Set for the flag's type, with its
// errors ("parse error", "value out of range").
static go_error *set(cmdFlag *f, const char *value) {
    switch (f->kind) {
    case flagBool: {
        bool v;
        go_error *err = strconv_ParseBool(value, strlen(value), &v);
        if (err != NULL) {
            go_error_free(err);
            return errors_New("parse error");
        }
        f->b = v;
        break;
    }
    case flagInt: {
        int64_t v;
        go_error *err = strconv_ParseInt(value, strlen(value), 0, 64, &v);
        if (err != NULL) {
            bool isRange = strconv_IsErrRange(err);
            go_error_free(err);
            return errors_New(isRange ? "value out of range" : "parse error");
        }
        f->i = v;
        break;
    }
    case flagCoverMode:
        if (strcmp(value, "") != 0 && strcmp(value, "set") != 0 && strcmp(value, "count") != 0 &&
            strcmp(value, "atomic") != 0) {
            return errors_New("valid modes are \"set\", \"count\", or \"atomic\"");
        }
        f->s = value;
        break;
    case flagString:
        f->s = value;
        break;
    case flagPath:
        f->s = value[0] == '\0' ? "" : absPath(value);
        break;
    case flagDuration: {
        time_Duration v;
        go_error *err = time_ParseDuration(value, strlen(value), &v);
        if (err != NULL) {
            go_error_free(err);
            return errors_New("parse error");
        }
        f->i = v;
        break;
    }
    }
    f->set = true;
    return NULL;
}

// valueString is f.Value.String() (caller frees).
static char *valueString(const cmdFlag *f) {
    switch (f->kind) {
    case flagBool:
        return runtime_strdup(f->b ? "true" : "false");
    case flagInt:
        return runtime_sprintf("%" PRId64, f->i);
    case flagString:
    case flagPath:
    case flagCoverMode:
        return runtime_strdup(f->s);
    case flagDuration:
        return time_Duration_String(f->i);
    }
    return runtime_strdup("");
}

// parseResult tells testFlags what ParseOne found (Go's returned error
// types).
typedef enum parseResult {
    parsedFlag,        // f was set
    errHelp,           // flag.ErrHelp: -h, -help, -?
    errFlagTerminator, // "--"
    errNonFlag,        // NonFlagError: not syntactically a flag
    errNotDefined,     // FlagNotDefinedError
    errOther,          // printed already
} parseResult;

// parseOne is cmdflag.ParseOne: it consumes args[*i] (and maybe a value) and
// says what it was. For errNotDefined, *hasValue says whether the argument
// had the -name=value form. For errOther the error message is in *msg
// (caller frees).
static parseResult parseOne(char **args, int nargs, int *i, cmdFlag **f, bool *hasValueOut,
                            char **msg) {
    const char *raw = args[(*i)++];
    const char *arg = raw;
    if (strncmp(arg, "--", 2) == 0) {
        if (strcmp(arg, "--") == 0) {
            return errFlagTerminator;
        }
        arg++; // reduce two minuses to one
    }
    if (strcmp(arg, "-?") == 0 || strcmp(arg, "-h") == 0 || strcmp(arg, "-help") == 0) {
        return errHelp;
    }
    if (strlen(arg) < 2 || arg[0] != '-' || arg[1] == '-' || arg[1] == '=') {
        return errNonFlag;
    }
    const char *name = arg + 1;
    size_t nameLen = strlen(name);
    const char *value = NULL;
    const char *eq = strchr(name, '=');
    if (eq != NULL) {
        value = eq + 1;
        nameLen = (size_t)(eq - name);
    }
    *hasValueOut = value != NULL;
    *f = lookup(name, nameLen);
    if (*f == NULL) {
        // ctest: -coverpkg is go test's own, and ctest covers the package
        // tested only: say so here, before anything is built, rather than
        // pass it to the test binary, which does not know it.
        if (nameLen == 8 && strncmp(name, "coverpkg", 8) == 0) {
            *msg = runtime_strdup("ctest: -coverpkg is not supported: -cover measures the "
                                  "package tested and its //ctest:srcs files");
            return errOther;
        }
        return errNotDefined;
    }
    go_error *err;
    if ((*f)->kind == flagBool) { // special case: doesn't need an arg
        if (value != NULL) {
            if ((err = set(*f, value)) != NULL) {
                char *q = strconv_Quote(value, strlen(value));
                *msg = runtime_sprintf("invalid boolean value %s for -%.*s: %s", q, (int)nameLen,
                                       name, go_error_Error(err));
                free(q);
                go_error_free(err);
                return errOther;
            }
        } else {
            set(*f, "true");
        }
        return parsedFlag;
    }
    // It must have a value, which might be the next argument.
    if (value == NULL && *i < nargs) {
        value = args[(*i)++];
    }
    if (value == NULL) {
        *msg = runtime_sprintf("flag needs an argument: -%.*s", (int)nameLen, name);
        return errOther;
    }
    if ((err = set(*f, value)) != NULL) {
        char *q = strconv_Quote(value, strlen(value));
        *msg = runtime_sprintf("invalid value %s for flag -%.*s: %s", q, (int)nameLen, name,
                               go_error_Error(err));
        free(q);
        go_error_free(err);
        return errOther;
    }
    return parsedFlag;
}

void exitWithUsage(void) {
    // ctest: ctest, not go, in both lines; ctest help takes the same topics.
    fprintf(stderr, "usage: ctest [build/test flags] [packages] [build/test flags & test binary "
                    "flags]\n");
    fprintf(stderr, "Run 'ctest help test' and 'ctest help testflag' for details.\n");
    exit(2);
}

// readTestFlags sets st from the flags parseTestFlags has parsed.
static void readTestFlags(testFlagsState *st) {
    const cmdFlag *c = lookup("c", 1), *o = lookup("o", 1), *json = lookup("json", 4),
                  *v = lookup("v", 1), *fuzz = lookup("fuzz", 4), *list = lookup("list", 4),
                  *timeout = lookup("timeout", 7);
    st->testC = c->b;
    st->testO = o->s[0] != '\0' ? runtime_strdup(o->s) : NULL;
    st->testJSON = json->b;
    st->testV = v->b;
    st->testFuzz = fuzz->s[0] != '\0' ? runtime_strdup(fuzz->s) : NULL;
    st->fuzzMulti = lookup("fuzzmulti", 9)->b;
    const cmdFlag *engine = lookup("fuzzengine", 10);
    st->fuzzEngineName = engine->s[0] != '\0' ? runtime_strdup(engine->s) : NULL;
    st->fuzzKeepGoing = lookup("fuzzkeepgoing", 13)->b;
    const cmdFlag *dictOut = lookup("fuzzdictout", 11);
    st->fuzzDictOut = dictOut->s[0] != '\0' ? runtime_strdup(dictOut->s) : NULL;
    const cmdFlag *mallocLimit = lookup("fuzzmalloclimit", 15);
    st->fuzzMallocLimit = mallocLimit->set && mallocLimit->i != 0;
    st->engineMallocLimit = mallocLimit->set ? mallocLimit->i : -1;
    const cmdFlag *rssLimit = lookup("fuzzrsslimit", 12), *fuzzTimeout = lookup("fuzztimeout", 11),
                  *dict = lookup("fuzzdict", 8);
    st->engineRSSLimit = rssLimit->set ? rssLimit->i : -1;
    st->engineTimeout = fuzzTimeout->set ? runtime_strdup(fuzzTimeout->s) : NULL;
    st->engineDict = dict->set && dict->s[0] != '\0' ? runtime_strdup(dict->s) : NULL;
    const cmdFlag *fuzztime = lookup("fuzztime", 8);
    st->fuzzTime = fuzztime->set ? runtime_strdup(fuzztime->s) : NULL;
    st->testList = list->s[0] != '\0' ? runtime_strdup(list->s) : NULL;
    const cmdFlag *sanitize = lookup("sanitize", 8);
    st->work = lookup("work", 4)->b;
    const cmdFlag *p = lookup("p", 1);
    st->buildP = p->set ? p->i : 0;
    st->buildPSet = p->set;
    st->sanitize = sanitize->s[0] != '\0' ? runtime_strdup(sanitize->s) : NULL;
    const cmdFlag *testbin = lookup("testbin", 7);
    st->testBin = testbin->s[0] != '\0' ? runtime_strdup(testbin->s) : NULL;
    st->testTimeout = timeout->set ? timeout->i : defaultTimeout;
    // -covermode and -coverprofile set -cover (Go's coverFlag), whose mode
    // is set unless given.
    const cmdFlag *cover = lookup("cover", 5), *mode = lookup("covermode", 9),
                  *profile = lookup("coverprofile", 12);
    st->testCover = cover->b || mode->set || profile->set;
    st->testCoverMode = runtime_strdup(mode->s[0] != '\0' ? mode->s : "set");
    st->testCoverProfile = profile->s[0] != '\0' ? runtime_strdup(profile->s) : NULL;
    const cmdFlag *outputdir = lookup("outputdir", 9);
    st->fuzzCacheSeeds = lookup("fuzzcacheseeds", 14)->b;
    st->outputDir = outputdir->s[0] != '\0' ? runtime_strdup(outputdir->s) : NULL;
    const cmdFlag *cmp = lookup("fuzzcmp", 7);
    size_t godebugLen;
    const char *godebug = godebug_Get("fuzzcmp", &godebugLen);
    st->goSearch = cmp->set ? !cmp->b : godebugLen == 1 && godebug[0] == '0';
}

// dropArg removes from args each argument that starts with prefix.
static void dropArg(strList *args, const char *prefix) {
    size_t n = 0;
    for (size_t i = 0; i < args->len; i++) {
        if (strncmp(args->ptr[i], prefix, strlen(prefix)) == 0) {
            free(args->ptr[i]);
            continue;
        }
        args->ptr[n++] = args->ptr[i];
    }
    args->len = n;
}

// asksForHelp reports whether the test binary's arguments hold -h, -help
// or --help before any "--".
static bool asksForHelp(const strList *args) {
    for (size_t j = 0; j < args->len; j++) {
        const char *a = args->ptr[j];
        if (strcmp(a, "--") == 0) {
            return false;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "-help") == 0 || strcmp(a, "--help") == 0) {
            return true;
        }
    }
    return false;
}

// findStrandedPackage records the first unknown flag and, when no package
// was named before it, the first argument after it that names a directory.
static void findStrandedPackage(testFlagsState *st, const char *unknown, const strList *pkgArgs,
                                const strList *passed) {
    st->unknownFlag = unknown;
    st->strandedPackage = NULL;
    for (size_t j = 0; unknown != NULL && pkgArgs->len == 0 && j < passed->len; j++) {
        const char *a = passed->ptr[j];
        struct stat sb;
        if (a[0] != '-' && stat(a, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            st->strandedPackage = runtime_strdup(a);
            return;
        }
    }
}

void parseTestFlags(int argc, char **argv, testFlagsState *st, strList *pkgArgs,
                    strList *testArgs) {
    // firstUnknownFlag: the first flag ctest does not know, kept for the
    // error -c gives: -c only builds the test binary, so such a flag, meant
    // for it, would go nowhere.
    const char *firstUnknownFlag = NULL;
    strList explicitArgs = { 0 };
    // Go distinguishes a nil package list (none seen yet) from an empty one
    // (the list is over): pkgListDone.
    bool inPkgList = false, pkgListDone = false, afterFlagWithoutValue = false;
    int i = 0;
    while (i < argc) {
        int start = i;
        cmdFlag *f = NULL;
        bool hasValue = false;
        char *msg = NULL;
        parseResult r = parseOne(argv, argc, &i, &f, &hasValue, &msg);
        bool wasAfterFlagWithoutValue = afterFlagWithoutValue;
        afterFlagWithoutValue = false; // provisionally

        if (r == errHelp) {
            exitWithUsage();
        }
        if (r == errFlagTerminator) {
            // "--" ends ctest's flags: it and all after it go to the test
            // binary.
            for (int j = start; j < argc; j++) {
                strList_append(&explicitArgs, argv[j]);
            }
            break;
        }
        if (r == errNonFlag) {
            if (!inPkgList && (pkgListDone || pkgArgs->len > 0)) {
                // A non-flag once the package list is over: either the value
                // of the flag before it, or where the test binary's plain
                // arguments begin; both go to the test binary.
                if (wasAfterFlagWithoutValue) {
                    // It follows a flag given without "=value", so take it as
                    // that flag's value and go on parsing flags after it.
                    strList_append(&explicitArgs, argv[start]);
                    continue;
                }
                for (int j = start; j < argc; j++) {
                    strList_append(&explicitArgs, argv[j]);
                }
                break;
            }
            inPkgList = true;
            strList_append(pkgArgs, argv[start]);
            continue;
        }
        // A flag: a package list in progress ends here.
        inPkgList = false;

        if (r == errNotDefined) {
            // A flag we do not know: the package list is complete.
            pkgListDone = true;
            const char *raw = argv[start];
            if (strcmp(raw, "-args") == 0 || strcmp(raw, "--args") == 0) {
                // Everything that follows is passed to the test.
                for (int j = i; j < argc; j++) {
                    strList_append(&explicitArgs, argv[j]);
                }
                break;
            }
            if (firstUnknownFlag == NULL) {
                firstUnknownFlag = raw;
            }
            strList_append(&explicitArgs, raw);
            if (!hasValue) {
                afterFlagWithoutValue = true;
            }
            continue;
        }
        if (r == errOther) {
            fprintf(stderr, "%s\n", msg);
            free(msg);
            exitWithUsage();
        }
        if (f->passToTest) {
            char *v = valueString(f);
            strList_appendOwned(&explicitArgs, runtime_sprintf("-test.%s=%s", f->Name, v));
            free(v);
        }
    }

    readTestFlags(st);
    const cmdFlag *timeout = lookup("timeout", 7);
    findStrandedPackage(st, firstUnknownFlag, pkgArgs, &explicitArgs);

    if (firstUnknownFlag != NULL && st->testC) {
        fprintf(stderr, "ctest: unknown flag %s cannot be used with -c\n", firstUnknownFlag);
        exitWithUsage();
    }
    if (st->testJSON) {
        // test2json needs the whole -v output to turn into events.
        strList_append(testArgs, "-test.v=true");
        // ctest: the progress lines stay Go's for the tools that read
        // -json: -fuzzstats is not passed on.
        dropArg(&explicitArgs, "-test.fuzzstats=");
    }

    // ctest binaries have no default timeout either: add go test's default
    // unless -timeout was given (and forwarded).
    if (st->testTimeout > 0 && !timeout->set) {
        char *d = time_Duration_String(st->testTimeout);
        strList_appendOwned(testArgs, runtime_sprintf("-test.timeout=%s", d));
        free(d);
    }

    // -h or -help for the test binary: show its output even when it passes,
    // or its help text would be swallowed.
    if (asksForHelp(&explicitArgs)) {
        st->testHelp = true;
    }
    strList_appendAll(testArgs, &explicitArgs);
    strList_free(&explicitArgs);
}
