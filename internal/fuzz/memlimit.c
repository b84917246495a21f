// (none) ctest's own: a fuzz worker's memory limits, as libFuzzer's
// -rss_limit_mb and -malloc_limit_mb (FuzzerLoop.cpp's RssLimitCallback and
// HandleMalloc): -test.fuzzrsslimit on the worker's resident memory and
// -test.fuzzmalloclimit on one allocation. Go has neither: a worker whose
// fuzz function leaks grows until the system's OOM killer ends it.
//
// The resident memory is read by the worker itself, from /proc/self/statm,
// by the watchdog thread that already wakes every 100 ms to look for a
// hang (worker_server.c): the fuzz loop's thread does nothing more per
// execution. The worker, not the coordinator, because the worker knows
// whether a call of the fuzz function is running (fuzz_CallStart) and ends
// itself at once, while that call's input is the one its shared memory
// names: the coordinator's polls come at its 3 s ticker, and its kill would
// race the worker on to the next input. Reading statm at each tick, not
// once a second as libFuzzer does, costs one pread of a few microseconds
// ten times a second on the watchdog's thread, and stops a leak of half a
// gigabyte a second within some 50 MB of the limit.
//
// One allocation is checked where it is made: by ctest's malloc
// (malloc_interpose.c), which a fuzzing build links, or, when a sanitizer
// runtime's allocator takes its place (ASan, MSan, TSan, LSan, HWASan), by
// the malloc hook such runtimes call (__sanitizer_install_malloc_and_free_hooks,
// which libFuzzer's limit needs too). A package that defines malloc itself
// has neither: fuzz_mallocLimitEnforced tells.
//
// A limit counts only while the fuzz function runs: the engine's own
// allocations between calls are not the input's doing, and an idle worker
// is not ended for memory it held before. Each report starts as
// libFuzzer's does ("==PID== ERROR: ... out-of-memory"), names ctest and
// the flag, and the worker exits 2, as for a hang; the coordinator takes
// that end for a crash of the running input, writes it to testdata and
// minimizes it in new workers (crash_minimize.c).
#include "internal/fuzz/memlimit.h"

#include <execinfo.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal/fuzz/fuzz.h"

// The resident-memory limit: rssLimitMB (0: none), and statmFd, the open
// /proc/self/statm (-1: not open), whose unit is pageSize bytes.
static int64_t rssLimitMB;
static int statmFd = -1;
static uint64_t pageSize = 4096;

// mallocLimit is the largest allocation allowed, in bytes (SIZE_MAX: no
// limit), read on every allocation; mallocLimitMB is the same in the
// flag's unit, for the report.
static size_t mallocLimit = SIZE_MAX;
static int64_t mallocLimitMB;

// printFrames writes the stack of an allocation over the limit (NULL:
// glibc's backtrace_symbols_fd).
static fuzz_printFramesFn printFrames;

// reportHeader, if set, starts a report (fuzz_SetMemLimitHeader).
static void (*reportHeader)(void);

// tripped is set by the first report: the report's own allocations, and
// other threads' meanwhile, must not start another.
static int tripped;

// seedCall is set on the thread that runs a seed's call of the fuzz
// function, when the test binary runs its seeds under an explicit
// -test.fuzzmalloclimit (fuzz_SeedCallMallocLimit): the limit then holds
// there as it does in a worker's call, so that a crasher of that kind
// fails again when run by itself. A thread of its own runs each seed, so
// the flag ends with it.
static __thread bool seedCall;

// probing and probeReached are fuzz_mallocLimitEnforced's: while probing,
// any allocation that reaches fuzz_onAlloc only says so.
static bool probing, probeReached;

bool fuzz_parseStatmRSS(const char *text, size_t n, uint64_t *pages) {
    // "size resident shared text lib data dt\n", in pages.
    size_t i = 0;
    while (i < n && text[i] >= '0' && text[i] <= '9') {
        i++;
    }
    if (i == 0 || i >= n || text[i] != ' ') {
        return false;
    }
    size_t start = ++i;
    while (i < n && text[i] >= '0' && text[i] <= '9') {
        i++;
    }
    if (i == start || (i < n && text[i] != ' ' && text[i] != '\n')) {
        return false;
    }
    go_error *err = strconv_ParseUint(text + start, i - start, 10, 64, pages);
    if (err != NULL) {
        go_error_free(err);
        return false;
    }
    return true;
}

int64_t fuzz_processRSSMB(pid_t pid) {
    char path[64], buf[128];
    snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return -1;
    }
    ssize_t n = read(fd, buf, sizeof buf);
    close(fd);
    uint64_t pages;
    if (n <= 0 || !fuzz_parseStatmRSS(buf, (size_t)n, &pages)) {
        return -1;
    }
    long ps = sysconf(_SC_PAGESIZE);
    return (int64_t)(pages * (uint64_t)(ps > 0 ? ps : 4096) >> 20);
}

// say writes n bytes of s to stderr. A report writes with it, not stdio,
// so that it allocates nothing until the stack.
static void say(const char *s, size_t n) {
    if (write(2, s, n) < 0) {
        // The worker ends anyway.
    }
}

// sayf formats into a buffer on the stack and says it.
__attribute__((format(printf, 1, 2))) static void sayf(const char *format, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(buf, sizeof buf, format, ap);
    va_end(ap);
    if (n > 0) {
        say(buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
    }
}

static const char summary[] = "SUMMARY: ctest: out-of-memory\n";

// halfway says that the resident memory was past half its limit at the
// last look.
static bool halfway;

// readRSS sets *mb to the resident memory, in megabytes.
static bool readRSS(uint64_t *mb) {
    char buf[128];
    ssize_t n = pread(statmFd, buf, sizeof buf, 0);
    uint64_t pages;
    if (n <= 0 || !fuzz_parseStatmRSS(buf, (size_t)n, &pages)) {
        return false;
    }
    *mb = pages * pageSize >> 20;
    return true;
}

bool fuzz_rssHalfway(void) {
    // Between the watchdog's looks (100 ms), a leak of each crash's
    // memory at a hundred thousand crashes a second would pass the limit:
    // every 16th crash looks too.
    static unsigned calls;
    uint64_t mb;
    if (statmFd >= 0 && ++calls % 16 == 0 && readRSS(&mb)) {
        __atomic_store_n(&halfway, mb > (uint64_t)rssLimitMB / 2, __ATOMIC_RELAXED);
    }
    return __atomic_load_n(&halfway, __ATOMIC_RELAXED);
}

void fuzz_checkRSS(void) {
    if (statmFd < 0 || fuzz_CallStart() == 0) {
        return;
    }
    uint64_t usedMB;
    if (!readRSS(&usedMB)) {
        return;
    }
    // ctest: past half the limit, a worker going on after crashes of
    // recorded causes lets the next one end it (crash_recover.c).
    __atomic_store_n(&halfway, usedMB > (uint64_t)rssLimitMB / 2, __ATOMIC_RELAXED);
    if (usedMB <= (uint64_t)rssLimitMB || fuzz_CallStart() == 0 ||
        __atomic_exchange_n(&tripped, 1, __ATOMIC_SEQ_CST) != 0) {
        return;
    }
    sayf("==%d== ERROR: ctest: out-of-memory (used: %" PRIu64 "Mb; exceeds: %" PRId64 "Mb)\n"
         "ctest: the fuzz worker's resident memory passed -test.fuzzrsslimit while the fuzz "
         "function ran on this input (0 turns the limit off)\n",
         (int)getpid(), usedMB, rssLimitMB);
    say(summary, sizeof summary - 1);
    _exit(2);
}

// reportMalloc ends the worker for an allocation of n bytes over the
// limit, with the stack that made it: from caller, the return address of
// fuzz_onAlloc (in malloc, or in the sanitizer's allocator), on; this
// file's frames above it are left out.
__attribute__((noinline)) static void reportMalloc(size_t n, void *caller) {
    if (reportHeader != NULL) {
        reportHeader();
    }
    sayf("==%d== ERROR: ctest: out-of-memory (malloc(%zu))\n"
         "ctest: the fuzz function asked for more than -test.fuzzmalloclimit (%" PRId64
         " MB) in one allocation\n",
         (int)getpid(), n, mallocLimitMB);
    void *pcs[64];
    int np = backtrace(pcs, 64);
    int skip = 0;
    while (skip < np && pcs[skip] != caller) {
        skip++;
    }
    if (skip == np) {
        skip = 0; // not found: the whole stack
    }
    if (printFrames != NULL) {
        printFrames(2, pcs + skip, np - skip);
    } else {
        backtrace_symbols_fd(pcs + skip, np - skip, 2);
    }
    say(summary, sizeof summary - 1);
    _exit(2);
}

// overLimit is fuzz_onAlloc's rare case, out of line.
__attribute__((noinline)) static void overLimit(size_t n, void *caller) {
    if (__atomic_load_n(&probing, __ATOMIC_SEQ_CST)) {
        __atomic_store_n(&probeReached, true, __ATOMIC_SEQ_CST);
        return;
    }
    if ((fuzz_CallStart() == 0 && !seedCall) ||
        __atomic_exchange_n(&tripped, 1, __ATOMIC_SEQ_CST) != 0) {
        return;
    }
    reportMalloc(n, caller);
}

void fuzz_onAlloc(size_t n) {
    if (n > __atomic_load_n(&mallocLimit, __ATOMIC_RELAXED)) {
        overLimit(n, __builtin_return_address(0));
    }
}

// The sanitizer runtimes' malloc hooks (sanitizer/allocator_interface.h),
// declared weak: without such a runtime they are NULL. A runtime without
// an allocator of its own (UBSan's) has the function but never calls the
// hooks; its malloc is then ctest's.
typedef void (*sanitizerMallocHook)(const volatile void *ptr, size_t size);
typedef void (*sanitizerFreeHook)(const volatile void *ptr);
int __sanitizer_install_malloc_and_free_hooks(sanitizerMallocHook, sanitizerFreeHook)
        __attribute__((weak));

static void onSanitizerMalloc(const volatile void *ptr, size_t size) {
    (void)ptr;
    fuzz_onAlloc(size);
}

static void onSanitizerFree(const volatile void *ptr) {
    (void)ptr;
}

// ASan's report of the request it refused, in a worker whose
// max_allocation_size_mb is the limit (fuzz_workerEnv), comes before the
// hooks could see it: the death callback, which runs after any report,
// says which limit that was. Weak, as the hooks.
void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));
const char *__asan_get_report_description(void) __attribute__((weak));

static void onSanitizerDeath(void) {
    const char *what = __asan_get_report_description();
    if (what != NULL && strcmp(what, "allocation-size-too-big") == 0) {
        sayf("ctest: out-of-memory: in a fuzz worker, AddressSanitizer refuses one allocation "
             "of more than -test.fuzzmalloclimit (%" PRId64 " MB; its max_allocation_size_mb)\n",
             mallocLimitMB);
    }
}

// installHooks gives a sanitizer runtime, if there is one, its hooks (once:
// a runtime keeps only a few).
static void installHooks(void) {
    static bool installed;
    if (!installed && __sanitizer_install_malloc_and_free_hooks != NULL) {
        installed = true;
        __sanitizer_install_malloc_and_free_hooks(onSanitizerMalloc, onSanitizerFree);
        if (__sanitizer_set_death_callback != NULL && __asan_get_report_description != NULL) {
            __sanitizer_set_death_callback(onSanitizerDeath);
        }
    }
}

bool fuzz_mallocLimitEnforced(void) {
    installHooks();
    __atomic_store_n(&probeReached, false, __ATOMIC_SEQ_CST);
    __atomic_store_n(&probing, true, __ATOMIC_SEQ_CST);
    size_t saved = __atomic_exchange_n(&mallocLimit, 0, __ATOMIC_SEQ_CST);
    // Called through a volatile pointer, so that the compiler cannot drop
    // the allocation it knows to be unused.
    void *(*volatile alloc)(size_t) = malloc;
    free(alloc(1));
    __atomic_store_n(&mallocLimit, saved, __ATOMIC_SEQ_CST);
    __atomic_store_n(&probing, false, __ATOMIC_SEQ_CST);
    return __atomic_load_n(&probeReached, __ATOMIC_SEQ_CST);
}

void fuzz_startMemLimits(int64_t rssMB, int64_t mallocMB, fuzz_printFramesFn pf) {
    printFrames = pf;
    if (rssMB > 0) {
        // Without /proc there is nothing to read: no limit.
        statmFd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
        long ps = sysconf(_SC_PAGESIZE);
        if (ps > 0) {
            pageSize = (uint64_t)ps;
        }
        rssLimitMB = rssMB;
    }
    int64_t limitMB = mallocMB > 0 ? mallocMB : rssMB;
    if (limitMB > 0) {
        installHooks();
        // backtrace loads its unwinder on first use: now, not in a report.
        void *warm[1];
        backtrace(warm, 1);
        mallocLimitMB = limitMB;
        __atomic_store_n(&mallocLimit, (size_t)limitMB << 20, __ATOMIC_SEQ_CST);
    }
}

void fuzz_SetMemLimitHeader(void (*header)(void)) {
    reportHeader = header;
}

void fuzz_SeedCallMallocLimit(void) {
    seedCall = true;
}
