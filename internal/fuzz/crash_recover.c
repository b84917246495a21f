// (none) ctest's own, for -test.fuzzkeepgoing: a worker going on after a
// crash whose cause the coordinator has recorded already, without ending
// its call or its process. On a target where most inputs crash, reporting
// and restarting for each was all the time (bench/crashheavy.sh).
//
// A failure the fuzz function survives (t_fatal, go_panic) comes back as a
// message: its cause's key is looked up. AddressSanitizer's reports end the
// process, and while one is printed the runtime holds a lock that a
// longjmp out of its hooks would never release. But the instrumented code
// calls __asan_report_load4 (and its kin) before the bad access happens,
// and the driver links those calls to the wrappers below (ld's --wrap):
// before ASan does anything, the wrapper hashes the crash site (the kind of
// access, the shadow memory that says what was hit, and the return
// addresses the frame pointers give) and looks it up. A known site unwinds
// the fuzz function as go_panic does: the bad access never happened, so
// memory is as it was, as after t_fatal. An unknown site is written to
// shared memory and ASan reports it and ends the process as before; the
// coordinator, reading the report's cause, learns the site for the next
// time. A crash by signal (SIGSEGV, abort(), ...) is met the same way in
// the worker's own handler, the site from its stack, a new one handed on
// to what the signal did before (a sanitizer's report, testing's crash
// report). Crashes are cut short only in the calls of the fuzz loop: a
// warm-up's and a minimization's report each crash, as without the flag.
#define _GNU_SOURCE // dl_iterate_phdr, pthread_getattr_np
#include "internal/fuzz/crash_recover.h"

#include <execinfo.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "internal/fuzz/crashes.h"
#include "internal/fuzz/memlimit.h"
#include "internal/fuzz/strindex.h"
#include "internal/std/std.h"

// known is the worker's table (its shared memory), NULL outside a worker.
static knownCrashes *known;
// abortInput cuts the input short (testing's), or NULL for go_panic.
static void (*abortInput)(void);
// The fuzz thread's crashArm: a crash site counts the frames below its
// bound only, the same from the fuzz loop and from a minimization.
_Thread_local crashArm fuzz_crashArmed;
int fuzz_crashRecovered = -1;
// stackLo is the bottom of the fuzz thread's stack.
static uintptr_t stackLo;

// siteFrames is how many return addresses, at most, a crash site counts
// after the crash's own place: more than the three frames of a cause
// (crash_signature.c), so that two causes never share a site, and few
// enough that a deep recursion ends at one site.
enum { siteFrames = 8 };

// modules are the objects mapped when the worker started, the main
// program first, each with its code's range: a return address is hashed
// as its offset in its object, the same in every process (ASLR moves
// them), and the hash of the object's name. Read in signal handlers, it
// is filled once, at start.
enum { maxModules = 64 };
static struct {
    uintptr_t lo, hi, base;
    uint64_t name;
} modules[maxModules];
static int nmodules;

static int addModule(struct dl_phdr_info *info, size_t size, void *ctx) {
    (void)size;
    (void)ctx;
    if (nmodules == maxModules) {
        return 1;
    }
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) != 0) {
            uintptr_t a = info->dlpi_addr + ph->p_vaddr;
            lo = a < lo ? a : lo;
            hi = a + ph->p_memsz > hi ? a + ph->p_memsz : hi;
        }
    }
    const char *name = info->dlpi_name != NULL ? info->dlpi_name : "";
    modules[nmodules].lo = lo;
    modules[nmodules].hi = hi;
    modules[nmodules].base = info->dlpi_addr;
    modules[nmodules].name = fuzz_fnv1a(fnv1aStart, name, strlen(name));
    nmodules++;
    return 0;
}

// codeModule is the module whose code holds pc, or -1.
static int codeModule(uintptr_t pc) {
    for (int i = 0; i < nmodules; i++) {
        if (pc >= modules[i].lo && pc < modules[i].hi) {
            return i;
        }
    }
    return -1;
}

// mix goes on with the hash h over the word v: a multiply and a shift,
// word by word (a site hashes a dozen words at each crash), where FNV-1a
// goes byte by byte.
static inline uint64_t mix(uint64_t h, uint64_t v) {
    h = (h ^ v) * 0x9e3779b97f4a7c15ULL;
    return h ^ (h >> 32);
}

// hashPC goes on with h over pc, as its offset in its object and the
// object's name; an address of no object is hashed as it is, which no
// other process repeats.
static uint64_t hashPC(uint64_t h, uintptr_t pc) {
    int i = codeModule(pc);
    if (i >= 0) {
        return mix(mix(h, pc - modules[i].base), modules[i].name);
    }
    return mix(h, pc);
}

static void installSignals(void);

void fuzz_crashRecover_init(knownCrashes *k, void (*abortFn)(void)) {
    known = k;
    abortInput = abortFn;
    if (!k->enabled) {
        return;
    }
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void *addr;
        size_t size;
        if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
            stackLo = (uintptr_t)addr;
        }
        pthread_attr_destroy(&attr);
    }
    dl_iterate_phdr(addModule, NULL);
    installSignals();
}

int fuzz_crashRecover_take(void) {
    int cause = fuzz_crashRecovered;
    fuzz_crashRecovered = -1;
    return cause;
}

bool fuzz_crashRecover_goOnCrash(const char *msg) {
    int cause = fuzz_crashRecovered;
    if (cause >= 0) {
        fuzz_crashRecovered = -1;
    } else if (msg != NULL && known != NULL && known->enabled) {
        crashSig s = fuzz_crashSignature(msg);
        cause = fuzz_knownCrashes_find(known, fuzz_causeHash(s.key));
        fuzz_crashSig_clear(&s);
    }
    if (cause < 0 || cause >= knownCrashMax) {
        return false;
    }
    known->count[cause]++;
    return true;
}

// known crash ends the input, whose crash at site key has the recorded
// cause of index cause (or is knownKeep), cut short when mayGoOn: the fuzz
// function unwinds to its caller, as after t_fatal. An input cut short
// leaves what it allocated: once the worker's memory is past half its
// limit, or without mayGoOn (past the cap of crashes by signal), the
// process ends at once, without the crash's report: the coordinator counts
// the crash by its site, whose cause it knows, and a new process starts
// afresh, rather than let memory grow to the limit and be taken for a
// crash of its own.
static void knownCrash(int cause, uint64_t key, bool mayGoOn) {
    if (!mayGoOn || fuzz_rssHalfway()) {
        if (cause == knownKeep) {
            return; // minimizing: the crash's report is wanted
        }
        known->site = key;
        _exit(1);
    }
    fuzz_crashRecovered = cause;
    fuzz_crashArmed.armed = false;
    if (abortInput != NULL) {
        abortInput();
    }
    go_panic("ctest: a crash of a recorded cause");
}

// The ASan runtime's, for the shadow memory's place; weak: NULL in a build
// without ASan, which never calls the wrappers.
extern void __asan_get_shadow_mapping(size_t *scale, size_t *offset) __attribute__((weak));

// ---- signals

// recoverSignals are the signals of a crash that a worker goes on after,
// when its site is known: a bad address, a bad instruction, a trap, a
// division by zero, abort().
static const int recoverSignals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT };
enum { nRecoverSignals = sizeof recoverSignals / sizeof recoverSignals[0] };
// prevActions are what each signal did before (a sanitizer's handler,
// testing's crash report, the default), for a crash whose site is new.
static struct sigaction prevActions[nRecoverSignals];

// signalRecoveryCap is how many crashes by signal one process goes on
// after. A bad access that faulted did nothing, but without a sanitizer an
// earlier one may have written where it should not have: past the cap,
// the next crash ends the process (knownCrash), and a new one starts
// afresh.
enum { signalRecoveryCap = 10000 };
static int signalRecoveries;

// chain hands signal i, whose crash site is new, to what it did before,
// as the kernel would have.
static void chain(int i, int sig, siginfo_t *si, void *uc) {
    const struct sigaction *p = &prevActions[i];
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    if ((p->sa_flags & (int)SA_RESETHAND) != 0 ||
        ((p->sa_flags & SA_SIGINFO) == 0 && p->sa_handler == SIG_DFL)) {
        sigaction(sig, &dfl, NULL);
    }
    if ((p->sa_flags & SA_SIGINFO) != 0) {
        p->sa_sigaction(sig, si, uc);
    } else if (p->sa_handler == SIG_DFL) {
        raise(sig);
    } else if (p->sa_handler != SIG_IGN) {
        p->sa_handler(sig);
    }
}

// mayCut reports whether a crash by signal sig at pc may be cut short:
// only where the fault cannot have left a lock of the C library held. A
// fault must be in the main program's code (the code under test, the
// harness and ctest are linked there), not in the C library's (malloc on a
// corrupt heap). abort() runs in the C library, and the C library's malloc
// calls it on a corrupt heap with its lock held: an abort is cut short
// only under AddressSanitizer, whose allocator reports a corrupt heap
// itself.
static bool mayCut(int sig, uintptr_t pc) {
    if (sig == SIGABRT) {
        return __asan_get_shadow_mapping != NULL;
    }
    return codeModule(pc) == 0;
}

// faultPC is the address of the instruction the signal interrupted, from
// the handler's context, or 0 on a machine whose context ctest does not
// read (no crash by signal is cut short there).
static uintptr_t faultPC(const void *ucv) {
#if defined(__x86_64__)
    return (uintptr_t)((const ucontext_t *)ucv)->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (uintptr_t)((const ucontext_t *)ucv)->uc_mcontext.pc;
#else
    (void)ucv;
    return 0;
#endif
}

// signalSite is the hash of the crash by signal sig at pc: the signal and
// the return addresses from pc's frame up, from the handler's backtrace
// (whose first frames, the handler's own and the kernel's signal frame,
// come before pc); 0 when pc is not in it.
static uint64_t signalSite(int sig, uintptr_t pc) {
    void *pcs[siteFrames + 8];
    int n = backtrace(pcs, siteFrames + 8), from = 0;
    while (from < n && (uintptr_t)pcs[from] != pc) {
        from++;
    }
    if (pc == 0 || from == n) {
        return 0;
    }
    uint64_t h = mix('G', (uint64_t)sig);
    for (int j = from;
         j < n && j <= from + siteFrames && (uintptr_t)pcs[j] != fuzz_crashArmed.boundPC; j++) {
        h = hashPC(h, (uintptr_t)pcs[j]);
    }
    return h;
}

// onSignal is the handler of recoverSignals in a -test.fuzzkeepgoing
// worker: a crash at a known site of the fuzz loop's call is cut short; any
// other goes on to what the signal did before, its site kept for the
// coordinator.
static void onSignal(int sig, siginfo_t *si, void *uc) {
    int i = 0;
    while (i < nRecoverSignals && recoverSignals[i] != sig) {
        i++;
    }
    uintptr_t pc = faultPC(uc);
    if (fuzz_crashArmed.armed && known != NULL && known->enabled && mayCut(sig, pc)) {
        uint64_t h = signalSite(sig, pc);
        int cause = h != 0 ? fuzz_knownCrashes_find(known, h) : -1;
        if (cause >= 0) {
            knownCrash(cause, h, signalRecoveries++ < signalRecoveryCap);
        }
        known->site = h;
    }
    chain(i, sig, si, uc);
}

static void installSignals(void) {
    // backtrace loads its unwinder on first use: not in the handler.
    void *warm[1];
    backtrace(warm, 1);
    for (int i = 0; i < nRecoverSignals; i++) {
        struct sigaction prev;
        if (sigaction(recoverSignals[i], NULL, &prev) != 0) {
            continue;
        }
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = onSignal;
        // Not deferred: a handler left by longjmp leaves nothing blocked.
        // On the alternate stack when the handler before was (a
        // sanitizer's, for a stack overflow), on the thread's own when it
        // was not (testing's crash report needs more than an alternate
        // stack has).
        sa.sa_flags = (int)(SA_SIGINFO | SA_NODEFER) | (prev.sa_flags & (int)SA_ONSTACK);
        sigemptyset(&sa.sa_mask);
        prevActions[i] = prev;
        sigaction(recoverSignals[i], &sa, NULL);
    }
}

// ---- AddressSanitizer

// shadowKind is the shadow byte ASan's report goes by to name what an
// access of size bytes at addr hit (asan_errors.cpp, ErrorGeneric): the
// byte of addr, the next one for an access over 8 bytes whose first eight
// are fine, and the next one again past a partly addressable granule.
__attribute__((no_sanitize("address"))) static uint8_t shadowKind(uintptr_t addr, size_t size) {
    size_t scale, offset;
    __asan_get_shadow_mapping(&scale, &offset);
    const uint8_t *sh = (const uint8_t *)((addr >> scale) + offset);
    if (*sh == 0 && size > ((size_t)1 << scale)) {
        sh++;
    }
    if (*sh > 0 && *sh < 128) {
        sh++;
    }
    return *sh;
}

// site is the hash of a bad access: its kind (read or write, its size,
// the shadow byte), its place and the return addresses of the frame
// pointer chain from fp (the wrapper's frame), up to siteFrames, while the
// frames go up the stack below bound and return into code: code built
// without frame pointers (ctest's own) ends the chain.
__attribute__((no_sanitize("address"))) static uint64_t
site(uintptr_t addr, size_t size, bool write, uintptr_t pc, const uintptr_t *fp) {
    uint64_t h = mix(mix(mix('S', write), size), shadowKind(addr, size));
    h = hashPC(h, pc);
    for (int i = 0; i < siteFrames; i++) {
        const uintptr_t *next = (const uintptr_t *)fp[0];
        if ((uintptr_t)next <= (uintptr_t)fp || (uintptr_t)next + 16 > fuzz_crashArmed.bound ||
            (uintptr_t)next % sizeof(uintptr_t) != 0 || codeModule(next[1]) < 0) {
            break;
        }
        fp = next;
        h = hashPC(h, fp[1]);
    }
    return h;
}

// badAccess is each wrapper's look at a bad access, from the fuzz function
// at pc (the wrapper's return address) with the wrapper's frame fp. A
// known site does not return. Otherwise the real report follows, which
// ends the process.
__attribute__((no_sanitize("address"))) static void badAccess(uintptr_t addr, size_t size,
                                                              bool write, void *pc, void *fp) {
    if (!fuzz_crashArmed.armed || known == NULL || !known->enabled ||
        __asan_get_shadow_mapping == NULL || (uintptr_t)fp < stackLo ||
        (uintptr_t)fp >= fuzz_crashArmed.bound) {
        return;
    }
    uint64_t key = site(addr, size, write, (uintptr_t)pc, fp);
    int cause = fuzz_knownCrashes_find(known, key);
    if (cause < 0) {
        known->site = key;
        return;
    }
    knownCrash(cause, key, true);
}

// The wrappers, one per report call of the instrumentation (with
// -fno-sanitize-recover, the driver's). Each is a tail call of the real
// report when it returns, so that the report's frames are what they were.
#define WRAP(name, size, write)                                                                    \
    void __real___asan_report_##name(uintptr_t addr) __attribute__((weak));                        \
    void __wrap___asan_report_##name(uintptr_t addr);                                              \
    void __wrap___asan_report_##name(uintptr_t addr) {                                             \
        badAccess(addr, size, write, __builtin_return_address(0), __builtin_frame_address(0));     \
        __real___asan_report_##name(addr);                                                         \
    }
WRAP(load1, 1, false)
WRAP(load2, 2, false)
WRAP(load4, 4, false)
WRAP(load8, 8, false)
WRAP(load16, 16, false)
WRAP(store1, 1, true)
WRAP(store2, 2, true)
WRAP(store4, 4, true)
WRAP(store8, 8, true)
WRAP(store16, 16, true)
#undef WRAP

void __real___asan_report_load_n(uintptr_t addr, size_t size) __attribute__((weak));
void __wrap___asan_report_load_n(uintptr_t addr, size_t size);
void __wrap___asan_report_load_n(uintptr_t addr, size_t size) {
    badAccess(addr, size, false, __builtin_return_address(0), __builtin_frame_address(0));
    __real___asan_report_load_n(addr, size);
}

void __real___asan_report_store_n(uintptr_t addr, size_t size) __attribute__((weak));
void __wrap___asan_report_store_n(uintptr_t addr, size_t size);
void __wrap___asan_report_store_n(uintptr_t addr, size_t size) {
    badAccess(addr, size, true, __builtin_return_address(0), __builtin_frame_address(0));
    __real___asan_report_store_n(addr, size);
}
