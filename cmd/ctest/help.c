// (none) ctest's own: `ctest help` and `ctest help <topic>`. The topics
// are the pages of docs/, built into the driver (cmake/embed_docs.cmake
// writes helpdocs.c), so that the installed driver and the repository say
// the same; "test" is the driver's summary, as `go help test` is go test's,
// and "testflag" is the page of flags, as in go help.
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cmd/ctest/ctest.h"

static void printUsage(void) {
    printf("usage: ctest [build/test flags] [packages] [build/test flags & test binary flags]\n"
           "       ctest clean -fuzzcache\n"
           "       ctest corpus minimize -fuzz=FuzzX [-testdata] [flags] [package]\n"
           "       ctest corpus merge -fuzz=FuzzX [flags] [package] DIR...\n"
           "       ctest corpus import -fuzz=FuzzX [flags] [package] FILE|DIR...\n"
           "       ctest corpus export -fuzz=FuzzX -o DIR [flags] [package]\n"
           "       ctest help [topic]\n"
           "       ctest version\n"
           "       ctest flags     (the flags to build a library as ctest builds a package)\n"
           "       ctest tool cover -html=c.out [-o c.html]\n");
}

// printSummary is `ctest help test`: a summary of go help test and go help
// testflag, for ctest's driver.
static void printSummary(void) {
    printUsage();
    printf("\n"
           "ctest builds each package (a directory of C files), its *_test.c files and a\n"
           "generated main into a test binary and runs it, as go test does. './...' means\n"
           "every directory below holding C files, but testdata, names beginning with\n"
           "'.' or '_' and CMake build trees.\n"
           "\n"
           "Flags of ctest:\n"
           "  -c          build the test binary (pkg.test) but do not run it\n"
           "  -o file     write the test binary to file\n"
           "  -testbin file\n"
           "              (a ctest extension) run file, a test binary that ctest -c built\n"
           "              for the package, instead of building one\n"
           "  -json       convert the test output to JSON (see 'go doc test2json')\n"
           "  -args ...   pass the rest of the command line to the test binary\n"
           "  -p n        run up to n compilers at once (default: the number of CPUs)\n"
           "  -work       print the name of the temporary work directory and keep it\n"
           "  -cover      report the share of the package's statements the tests ran\n"
           "              (clang's source-based coverage, read with llvm-cov)\n"
           "  -covermode set|count|atomic  what the profile counts (default set)\n"
           "  -coverprofile file  write a coverage profile (Go's format; sets -cover);\n"
           "              'ctest tool cover -html=file' shows it\n"
           "  -fuzzmulti  (a ctest extension) with -fuzz, fuzz every fuzz test it matches,\n"
           "              in one package or several, in turns sharing the workers and\n"
           "              -fuzztime, a total for the run: its first half equally, its\n"
           "              second more to those still finding new inputs; the first\n"
           "              failure stops the run unless -fuzzkeepgoing\n"
           "  -sanitize list\n"
           "              (a ctest extension) compile the package, its tests and the test\n"
           "              main with -fsanitize=list -fno-omit-frame-pointer, for example\n"
           "              -sanitize=address,undefined; a sanitizer report fails the test.\n"
           "              It adds to the package's //ctest:sanitize lines, which every\n"
           "              build of the package has\n"
           "  -fuzzengine libfuzzer|replay\n"
           "              (a ctest extension) with -c, build for each fuzz test FuzzX a\n"
           "              binary FuzzX, in the -o directory, for another engine: libFuzzer's\n"
           "              entry points (libFuzzer, AFL++ with CC=afl-clang-fast, OSS-Fuzz's\n"
           "              $LIB_FUZZING_ENGINE), or a main that runs the files it is given.\n"
           "              The inputs are raw bytes that hold the arguments as docs/ENGINES.md's\n"
           "              raw layout says; a failure or panic ends the binary with abort().\n"
           "              For libfuzzer, beside each binary, as OSS-Fuzz's build contract\n"
           "              asks: FuzzX_seed_corpus.zip (the f_add seeds and testdata's\n"
           "              files, raw), FuzzX.dict (f_add_dict's, testdata/fuzz/FuzzX.dict's\n"
           "              and -fuzzdict's words) and FuzzX.options (-fuzztimeout,\n"
           "              -fuzzrsslimit and -fuzzmalloclimit as libFuzzer's flags)\n"
           "  -fuzzdictout file\n"
           "              (a ctest extension) with -c and -fuzz, also write the words that\n"
           "              the driver reads from the package's code for the token dictionary\n"
           "              to file, in libFuzzer's -dict format, for another engine\n"
           "\n"
           "Flags passed to the test binary as -test.name:\n"
           "  -run regexp -fuzz regexp -fuzztime t -fuzzminimizetime t -v -count n\n"
           "  -parallel n -timeout d (default 10m) -failfast -short -list regexp\n"
           "  -outputdir dir  where -coverprofile's profile is written\n"
           "  -fuzzcmp=false  (a ctest extension) search exactly as Go does: no comparison\n"
           "              or token dictionary, crossover or length control (also\n"
           "              GODEBUG=fuzzcmp=0)\n"
           "  -fuzztimeout d  (a ctest extension) time one input may run before fuzzing\n"
           "              reports it as a hang (default 10s)\n"
           "  -fuzzrsslimit n (a ctest extension) a fuzz worker whose resident memory\n"
           "              passes n MB is reported as out of memory, with the input it was\n"
           "              running (default 2048; 0: no limit)\n"
           "  -fuzzmalloclimit n\n"
           "              (a ctest extension) one allocation of more than n MB by the fuzz\n"
           "              function is reported as out of memory (default: -fuzzrsslimit's).\n"
           "              Seen by ctest's malloc, or under -sanitize=address, memory,\n"
           "              thread or leak by the sanitizer's malloc hooks; a package that\n"
           "              defines malloc itself gets a warning instead. Without -fuzz,\n"
           "              it holds for the seeds' calls\n"
           "  -fuzzdict file  (a ctest extension) add the words of a dictionary file\n"
           "              (libFuzzer's -dict format) to those of the package's code\n"
           "  -fuzzcacheseeds (a ctest extension) run the fuzz cache's inputs as seeds too:\n"
           "              with -cover, what fuzzing reached\n"
           "  -fuzzstats      (a ctest extension) end fuzzing's progress lines with the\n"
           "              coverage bits, corpus entries, crashes and the workers' memory\n"
           "              (not with -json or -fuzzcmp=false)\n"
           "  -fuzzkeepgoing  (a ctest extension) go on fuzzing after a crash: one\n"
           "              minimized crasher for each distinct cause, listed at the end\n"
           "\n"
           "ctest corpus minimize (a ctest extension) removes the fuzz cache's inputs of\n"
           "FuzzX that add no coverage to the others (with -testdata, testdata's too);\n"
           "ctest corpus merge adds the files of each DIR that add coverage to the cache\n"
           "(go test fuzz v1 files, or libFuzzer's and AFL++'s raw files). ctest corpus\n"
           "import writes raw files (another engine's crashes) to testdata/fuzz/FuzzX as\n"
           "v1 files; ctest corpus export writes the seeds, testdata and cache to DIR as\n"
           "raw files. See 'ctest corpus minimize -h'.\n"
           "\n"
           "Environment: CC, CFLAGS, LDFLAGS; CTESTCACHE (default $XDG_CACHE_HOME/ctest\n"
           "or ~/.cache/ctest). Files may add //ctest:cflags and //ctest:ldflags lines,\n"
           "//ctest:srcs lines: more files to build (and instrument) with the package,\n"
           "and //ctest:sanitize lines: sanitizers every build of the package has\n"
           "(//ctest:sanitize address,undefined). A crasher a sanitizer found is noted\n"
           "so (a //ctest:sanitize comment after its first value), and a build without\n"
           "that sanitizer fails it, saying so, rather than pass it.\n");
}

// pageTitle is the first line of a page without its "# ", or "".
static int pageTitle(const char *text, const char **title) {
    *title = "";
    if (strncmp(text, "# ", 2) != 0) {
        return 0;
    }
    *title = text + 2;
    const char *nl = strchr(*title, '\n');
    return nl != NULL ? (int)(nl - *title) : (int)strlen(*title);
}

static const helpPage *findPage(const char *topic) {
    if (strcasecmp(topic, "testflag") == 0) {
        topic = "flags";
    }
    for (size_t i = 0; i < nhelpPages; i++) {
        if (strcasecmp(helpPages[i].topic, topic) == 0) { // FLAGS, as the file is named
            return &helpPages[i];
        }
    }
    return NULL;
}

int runHelp(int argc, char **argv) {
    if (argc == 1) {
        printUsage();
        printf("\nUse \"ctest help <topic>\" for more about a topic:\n\n");
        printf("    %-14s %s\n", "test", "what ctest does, and its flags in short");
        for (size_t i = 0; i < nhelpPages; i++) {
            const char *title;
            int n = pageTitle(helpPages[i].text, &title);
            printf("    %-14s %.*s (%s)\n", helpPages[i].topic, n, title, helpPages[i].path);
        }
        printf("    %-14s the page of flags, as \"flags\"\n", "testflag");
        return 0;
    }
    if (argc > 2) {
        fprintf(stderr, "usage: ctest help [topic]\n\nToo many arguments given.\n");
        return 2;
    }
    if (strcasecmp(argv[1], "test") == 0) {
        printSummary();
        return 0;
    }
    const helpPage *p = findPage(argv[1]);
    if (p == NULL) {
        fprintf(stderr, "ctest help %s: unknown help topic. Run 'ctest help'.\n", argv[1]);
        return 2;
    }
    fputs(p->text, stdout);
    return 0;
}
