// Ports go1.19.8 src/testing/testing.go: (*common).frameSkip, the part of
// decorate's caller lookup that honours t.Helper.
//
// Go walks runtime.Callers and skips frames whose function was marked with
// t.Helper. In C the t_* macros already pass the call site's file and line,
// which is right unless the calling function is a helper; only then do we
// walk the stack: backtrace(3) for the return addresses, libdw (elfutils)
// for each frame's function name and source line from the debug info the
// driver always builds with (-g, as Go always has its pc tables).
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <execinfo.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "testing/internal.h"

// maxStackLen is Go's limit on the frames frameSkip looks at.
enum { maxStackLen = 50 };

// dwflMu guards dwfl, the session over this process's own modules, which is
// opened on first use and kept for the life of the process.
static pthread_mutex_t dwflMu = PTHREAD_MUTEX_INITIALIZER;
static Dwfl *dwfl;
static bool dwflFailed;

static char *debuginfoPath;

static const Dwfl_Callbacks dwflCallbacks = {
    .find_elf = dwfl_linux_proc_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .debuginfo_path = &debuginfoPath,
};

// openDwfl returns the process's Dwfl, or NULL if libdw cannot read it.
// dwflMu must be held.
static Dwfl *openDwfl(void) {
    if (dwfl == NULL && !dwflFailed) {
        dwfl = dwfl_begin(&dwflCallbacks);
        if (dwfl == NULL || dwfl_linux_proc_report(dwfl, getpid()) != 0 ||
            dwfl_report_end(dwfl, NULL, NULL) != 0) {
            if (dwfl != NULL) {
                dwfl_end(dwfl);
            }
            dwfl = NULL;
            dwflFailed = true;
        }
    }
    return dwfl;
}

// frame is what libdw tells of one return address.
typedef struct frame {
    const char *function; // the function's (linkage) name, or NULL
    const char *file;     // the call's source file, or NULL
    int line;             // and line
} frame;

// lookupLineByCU finds addr's line by walking the module's compilation
// units: clang, unlike gcc, writes no .debug_aranges unless asked
// (-gdwarf-aranges), and without them dwfl_module_getsrc finds nothing.
static void lookupLineByCU(Dwfl_Module *mod, Dwarf_Addr addr, frame *f) {
    Dwarf_Addr bias;
    Dwarf *dw = dwfl_module_getdwarf(mod, &bias);
    if (dw == NULL) {
        return;
    }
    Dwarf_Off off = 0, next;
    size_t hsize;
    while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
        Dwarf_Die cu;
        if (dwarf_offdie(dw, off + hsize, &cu) != NULL && dwarf_haspc(&cu, addr - bias) > 0) {
            Dwarf_Line *l = dwarf_getsrc_die(&cu, addr - bias);
            if (l != NULL) {
                f->file = dwarf_linesrc(l, NULL, NULL);
                dwarf_lineno(l, &f->line);
            }
            return;
        }
        off = next;
    }
}

// lookup describes the call instruction before return address pc.
// dwflMu must be held.
static frame lookup(Dwfl *d, uintptr_t pc) {
    frame f = { NULL, NULL, 0 };
    Dwarf_Addr addr = (Dwarf_Addr)(pc - 1); // inside the call, not after it
    Dwfl_Module *mod = dwfl_addrmodule(d, addr);
    if (mod == NULL) {
        return f;
    }
    f.function = dwfl_module_addrname(mod, addr);
    Dwfl_Line *l = dwfl_module_getsrc(mod, addr);
    if (l != NULL) {
        f.file = dwfl_lineinfo(l, NULL, &f.line, NULL, NULL, NULL);
    } else {
        lookupLineByCU(mod, addr, &f);
    }
    return f;
}

// inRunner reports whether path is a source file of this library: a frame
// there is the runner that called the test function (Go's c.runner). The
// package's own tests (helper_test.c) sit beside it but are not the runner.
static bool inRunner(const char *path) {
    const char *self = __FILE__;
    size_t dir = (size_t)(testing_baseName(self) - self);
    size_t n = strlen(path);
    if (n >= 7 && strcmp(path + n - 7, "_test.c") == 0) {
        return false;
    }
    return dir > 0 && strncmp(path, self, dir) == 0 && strchr(path + dir, '/') == NULL;
}

static bool isHelper(const common *c, const char *function) {
    if (function == NULL) {
        return false;
    }
    for (size_t i = 0; i < c->nhelperNames; i++) {
        if (strcmp(c->helperNames[i], function) == 0) {
            return true;
        }
    }
    return false;
}

void testing_common_frameSkip(const common *c, const char **file, int *line) {
    if (c->nhelperNames == 0 || *file == NULL) {
        return; // the macro's call site is the answer
    }
    void *pcs[maxStackLen];
    int n = backtrace(pcs, maxStackLen);
    pthread_mutex_lock(&dwflMu);
    Dwfl *d = openDwfl();
    if (d == NULL) {
        pthread_mutex_unlock(&dwflMu);
        return;
    }
    // Find the frame of the t_* call itself: the first whose source line is
    // the one the macro passed.
    const char *want = testing_baseName(*file);
    int i = 0;
    for (; i < n; i++) {
        frame f = lookup(d, (uintptr_t)pcs[i]);
        if (f.file != NULL && f.line == *line && strcmp(testing_baseName(f.file), want) == 0) {
            if (!isHelper(c, f.function)) {
                pthread_mutex_unlock(&dwflMu);
                return; // called from the test itself
            }
            break;
        }
    }
    // Walk up while the calling function is a helper; the first frame in a
    // function that is not one is where the helper was called. Reaching the
    // runner, go on as Go does from where the running cleanup was
    // registered (c.cleanupPc), then from where a subtest was created, in
    // its parent, with the parent's helpers (c.creator); past those, keep
    // the last frame found.
    void **frames = pcs;
    bool inCleanup = c->cleanupPcs != NULL;
    for (i++; i < n; i++) {
        frame f = lookup(d, (uintptr_t)frames[i]);
        if (f.file == NULL || inRunner(f.file)) {
            if (inCleanup) {
                inCleanup = false;
                frames = c->cleanupPcs;
                n = c->ncleanupPcs;
            } else if (c->level > 1 && c->parent != NULL && c->ncreatorPcs > 0) {
                // ctest: the parent's helper names are read without its
                // lock, which would be taken inside the child's.
                frames = (void **)c->creatorPcs;
                n = c->ncreatorPcs;
                c = c->parent;
            } else {
                break;
            }
            // The recorded stack starts inside the library (t_run,
            // t_cleanup): skip to the user's frame, as Go's Callers(2).
            for (i = 0; i < n; i++) {
                frame g = lookup(d, (uintptr_t)frames[i]);
                if (g.file != NULL && !inRunner(g.file)) {
                    break;
                }
            }
            i--; // the loop's i++ lands on that frame
            continue;
        }
        *file = f.file;
        *line = f.line;
        if (!isHelper(c, f.function)) {
            break;
        }
    }
    pthread_mutex_unlock(&dwflMu);
}

void testing_printFrames(int fd, void *const *pcs, int n) {
    // A crash may come while another thread holds the lock: then print the
    // addresses alone rather than wait.
    bool locked = pthread_mutex_trylock(&dwflMu) == 0;
    Dwfl *d = locked ? openDwfl() : NULL;
    for (int i = 0; i < n; i++) {
        // As Go prints a frame: the function, then its file:line and the
        // offset of the pc in the function. The first frame's pc is the
        // faulting instruction; the others are return addresses, which
        // lookup moves back into their call.
        uintptr_t pc = (uintptr_t)pcs[i] + (i == 0 ? 1 : 0);
        frame f = d != NULL ? lookup(d, pc) : (frame){ NULL, NULL, 0 };
        GElf_Off off = 0;
        Dwfl_Module *mod = d != NULL ? dwfl_addrmodule(d, (Dwarf_Addr)(pc - 1)) : NULL;
        if (mod != NULL) {
            GElf_Sym sym;
            dwfl_module_addrinfo(mod, (Dwarf_Addr)(pc - 1), &off, &sym, NULL, NULL, NULL);
        }
        dprintf(fd, "%s(...)\n\t%s:%d +0x%lx\n", f.function != NULL ? f.function : "?",
                f.file != NULL ? f.file : "?", f.line, (unsigned long)off);
    }
    if (locked) {
        pthread_mutex_unlock(&dwflMu);
    }
}
