// (none) ctest's own, for -test.fuzzkeepgoing: the cause of a crash, read
// from its message, so that a run that goes on after a crash writes one
// crasher per bug rather than one per input. The cause is what a person
// triaging crashes would compare: a sanitizer's kind of error and where it
// happened, the signal and the frames it came from, where a panic or a
// failed check was, as crash triage tools (ClusterFuzz's crash state of
// three frames) do. The frames are those of the code under test, as the
// compiler emitted its functions: an inline helper's frame counts as the
// function it was inlined into, and ctest's own frames (the runner that
// called the fuzz function) are left out.
#define _GNU_SOURCE // memmem
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/crashes.h"
#include "internal/std/std.h"

// maxFrames is how many frames of the code under test make a cause.
enum { maxFrames = 3 };

typedef struct span {
    const char *p;
    size_t n;
} span;

// nextLine sets *l to the line at *s and moves *s past it.
static bool nextLine(const char **s, span *l) {
    if (**s == '\0') {
        return false;
    }
    const char *e = strchr(*s, '\n');
    l->p = *s;
    l->n = e != NULL ? (size_t)(e - *s) : strlen(*s);
    *s += l->n + (e != NULL);
    return true;
}

static span trim(span l) {
    while (l.n > 0 && isspace((unsigned char)l.p[0])) {
        l.p++;
        l.n--;
    }
    while (l.n > 0 && isspace((unsigned char)l.p[l.n - 1])) {
        l.n--;
    }
    return l;
}

static const char *find(span l, const char *needle) {
    return memmem(l.p, l.n, needle, strlen(needle));
}

static bool hasPrefix(span l, const char *prefix) {
    size_t n = strlen(prefix);
    return l.n >= n && memcmp(l.p, prefix, n) == 0;
}

// after is the part of l after at (a pointer into l) and n more bytes.
static span after(span l, const char *at, size_t n) {
    size_t skip = (size_t)(at - l.p) + n;
    return (span){ l.p + skip, l.n - skip };
}

// word returns the word at the start of *l (up to a space) and moves *l
// past it and the spaces after it.
static span word(span *l) {
    size_t i = 0;
    while (i < l->n && l->p[i] != ' ') {
        i++;
    }
    span w = { l->p, i };
    while (i < l->n && l->p[i] == ' ') {
        i++;
    }
    l->p += i;
    l->n -= i;
    return w;
}

static bool hasDigit(span w) {
    for (size_t i = 0; i < w.n; i++) {
        if (isdigit((unsigned char)w.p[i])) {
            return true;
        }
    }
    return false;
}

// kindWords is the start of a report's description, up to the first word
// that carries a value (an address, a size, a quoted type) or says where
// ("on address ..."): "heap-buffer-overflow on address 0x..." is
// "heap-buffer-overflow". A trailing colon is dropped.
static void kindWords(strings_Builder *b, span desc) {
    bool first = true;
    while (desc.n > 0) {
        span w = word(&desc);
        if (hasDigit(w) || w.p[0] == '(' || w.p[0] == '\'' ||
            (w.n == 2 && memcmp(w.p, "on", 2) == 0)) {
            break;
        }
        if (w.p[w.n - 1] == ':') {
            w.n--;
        }
        if (!first) {
            strings_Builder_WriteByte(b, ' ');
        }
        strings_Builder_Write(b, w.p, w.n);
        first = false;
    }
}

// writeNormalized writes l with each number (decimal or 0x hex) as N.
static void writeNormalized(strings_Builder *b, span l) {
    for (size_t i = 0; i < l.n;) {
        if (!isdigit((unsigned char)l.p[i])) {
            strings_Builder_WriteByte(b, l.p[i++]);
            continue;
        }
        if (l.p[i] == '0' && i + 1 < l.n && (l.p[i + 1] == 'x' || l.p[i + 1] == 'X')) {
            i += 2;
        }
        while (i < l.n && isxdigit((unsigned char)l.p[i])) {
            i++;
        }
        strings_Builder_WriteByte(b, 'N');
    }
}

// frames collects the first frames of the code under test: those whose
// file is an absolute path (the code the driver compiled, with its debug
// info), not the C library's, a sanitizer runtime's or ctest's.
typedef struct frames {
    span fn[maxFrames], loc[maxFrames];
    int n;
    bool done; // a frame of ctest's after those of the code under test
} frames;

static bool runtimeFunc(span fn) {
    static const char *const prefixes[] = { "__asan",  "__interceptor", "__sanitizer", "__lsan",
                                            "__ubsan", "__msan",        "__tsan" };
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        if (hasPrefix(fn, prefixes[i])) {
            return true;
        }
    }
    // The allocator's own entry points, ctest's malloc among them (its file
    // has an absolute path): where memory was asked for is their caller.
    static const char *const allocators[] = {
        "malloc",        "calloc", "realloc", "memalign",
        "aligned_alloc", "valloc", "pvalloc", "posix_memalign"
    };
    for (size_t i = 0; i < sizeof allocators / sizeof allocators[0]; i++) {
        if (fn.n == strlen(allocators[i]) && memcmp(fn.p, allocators[i], fn.n) == 0) {
            return true;
        }
    }
    return false;
}

// ctestFrame reports whether loc is in ctest's own sources, its testing
// library or its engine: the directories testing/ and internal/ beside
// this file's internal/fuzz/, whose absolute name the compiler gave
// __FILE__ as it gives it to the debug info of ctest's libraries.
static bool ctestFrame(span loc) {
    static const char self[] = __FILE__, tail[] = "internal/fuzz/crash_signature.c";
    size_t root = sizeof self - sizeof tail;
    if (sizeof self < sizeof tail || self[0] != '/' || strcmp(self + root, tail) != 0) {
        return false; // a relative name: ctest's frames cannot be told
    }
    if (loc.n <= root || memcmp(loc.p, self, root) != 0) {
        return false;
    }
    span rel = after(loc, loc.p, root);
    return hasPrefix(rel, "testing/") || hasPrefix(rel, "internal/");
}

// frames_add adds a frame of the code under test; go_panic's frame names
// the place of the call, wherever its file is. The first frame of ctest's
// after them is the runner that called the fuzz function: the frames
// beyond it (the engine, the F function that started it) are not the
// crash's.
static void frames_add(frames *f, span fn, span loc) {
    bool panicCall = fn.n == 8 && memcmp(fn.p, "go_panic", 8) == 0;
    if (f->n > 0 && !panicCall && ctestFrame(loc)) {
        f->done = true;
    }
    if (!f->done && f->n < maxFrames && loc.n > 0 &&
        ((loc.p[0] == '/' && !ctestFrame(loc)) || panicCall) && !runtimeFunc(fn)) {
        f->fn[f->n] = fn;
        f->loc[f->n] = loc;
        f->n++;
    }
}

// sanitizerFrames reads the first stack after a sanitizer's report line:
// "#0 0x55d0 in parse /src/parse.c:12:5", up to the blank line after it.
// The symbolizer writes a frame for each function inlined at an address,
// innermost first, all with that address: the last of them is the
// function the compiler emitted, the one frame taken for them.
static void sanitizerFrames(const char *s, frames *f) {
    span l, pc = { 0 }, fn = { 0 }, loc = { 0 };
    bool started = false;
    while (nextLine(&s, &l)) {
        l = trim(l);
        if (!hasPrefix(l, "#")) {
            if (started && l.n == 0) {
                break;
            }
            continue;
        }
        started = true;
        span rest = l;
        word(&rest); // #N
        span addr = word(&rest);
        span in = word(&rest);
        if (in.n != 2 || memcmp(in.p, "in", 2) != 0) {
            continue;
        }
        if (fn.p != NULL && !(addr.n == pc.n && memcmp(addr.p, pc.p, pc.n) == 0)) {
            frames_add(f, fn, loc); // the frame before, at another address
        }
        pc = addr;
        fn = word(&rest);
        loc = word(&rest);
    }
    if (fn.p != NULL) {
        frames_add(f, fn, loc);
    }
}

// accessKind is "READ" or "WRITE" from a report's "READ of size 2 at ..."
// line, which comes before its stack; "" for none.
static const char *accessKind(const char *s) {
    span l;
    while (nextLine(&s, &l)) {
        l = trim(l);
        if (hasPrefix(l, "#")) {
            break;
        }
        if (hasPrefix(l, "READ of size ")) {
            return "READ";
        }
        if (hasPrefix(l, "WRITE of size ")) {
            return "WRITE";
        }
    }
    return "";
}

// reportFrames reads the stack of ctest's crash report or panic, after its
// "goroutine N [running]:" line (or from s on, when started):
// "parse(...)" then "\t/src/parse.c:12 +0x1f".
static void reportFrames(const char *s, frames *f, bool started) {
    span l, call = { 0 };
    while (nextLine(&s, &l)) {
        l = trim(l);
        if (!started) {
            started = hasPrefix(l, "goroutine ") && find(l, "[running]:") != NULL;
            continue;
        }
        if (l.n >= 5 && memcmp(l.p + l.n - 5, "(...)", 5) == 0) {
            call = (span){ l.p, l.n - 5 };
            continue;
        }
        if (call.p == NULL || l.n == 0) {
            return;
        }
        frames_add(f, call, word(&l));
        call = (span){ 0 };
    }
}

// finish writes kind and the frames into the key, and kind with the first
// frame into the title.
static crashSig finish(strings_Builder *key, const char *kind, const frames *f, bool locInTitle) {
    strings_Builder title = { 0 };
    strings_Builder_WriteString(&title, kind);
    for (int i = 0; i < f->n; i++) {
        strings_Builder_WriteByte(key, '|');
        strings_Builder_Write(key, f->fn[i].p, f->fn[i].n);
    }
    if (f->n > 0) {
        span loc = locInTitle ? f->loc[0] : f->fn[0];
        const char *slash = locInTitle ? memrchr(loc.p, '/', loc.n) : NULL;
        if (slash != NULL) {
            loc = after(loc, slash, 1);
        }
        strings_Builder_WriteString(&title, locInTitle ? " at " : " in ");
        strings_Builder_Write(&title, loc.p, loc.n);
    }
    return (crashSig){ strings_Builder_Detach(key), strings_Builder_Detach(&title) };
}

// sanitizerCause is the cause of a report such as
// "==12==ERROR: AddressSanitizer: heap-buffer-overflow on address ...".
static crashSig sanitizerCause(const char *rest, span l, const char *at) {
    const char *name = at;
    while (name > l.p && name[-1] != ' ') {
        name--;
    }
    const char *colon = find(after(l, at, 0), ": ");
    strings_Builder kind = { 0 }, key = { 0 };
    strings_Builder_Write(&kind, name, (size_t)(colon - name));
    strings_Builder_WriteString(&kind, ": ");
    kindWords(&kind, after(l, colon, 2));
    frames f = { 0 };
    sanitizerFrames(rest, &f);
    if (strcmp(strings_Builder_String(&kind), "AddressSanitizer: unknown-crash") == 0 &&
        strstr(rest, "-byte region [") != NULL) {
        // A bad access just past a heap block that ends where the
        // allocator's region does: ASan reads the next region's shadow and
        // cannot name it, but the block is there, and the bug is a heap
        // overflow, as the same access is elsewhere in the heap.
        strings_Builder_WriteString(&key, "AddressSanitizer: heap-buffer-overflow");
    } else if (strcmp(strings_Builder_String(&kind),
                      "AddressSanitizer: requested allocation size") == 0) {
        // The report's first line has no name for the bug before its
        // numbers; its summary's name is the one to give.
        strings_Builder_Reset(&kind);
        strings_Builder_WriteString(&kind, "AddressSanitizer: allocation-size-too-big");
        strings_Builder_WriteString(&key, strings_Builder_String(&kind));
    } else {
        strings_Builder_WriteString(&key, strings_Builder_String(&kind));
    }
    // A read past a buffer and a write past it are two bugs.
    const char *access = accessKind(rest);
    if (access[0] != '\0') {
        strings_Builder_WriteByte(&key, ' ');
        strings_Builder_WriteString(&key, access);
    }
    crashSig s = finish(&key, strings_Builder_String(&kind), &f, false);
    strings_Builder_Reset(&kind);
    return s;
}

// ubsanCause is the cause of "/src/x.c:12:5: runtime error: ...": the kind
// of error and its place.
static crashSig ubsanCause(span l, const char *at) {
    span loc = { l.p, (size_t)(at - l.p) };
    strings_Builder key = { 0 }, title = { 0 };
    strings_Builder_WriteString(&key, "runtime error: ");
    kindWords(&key, after(l, at, strlen(": runtime error: ")));
    strings_Builder_WriteByte(&key, '|');
    strings_Builder_Write(&key, loc.p, loc.n);
    span msg = trim(after(l, at, 2));
    strings_Builder_Write(&title, msg.p, msg.n);
    const char *slash = memrchr(loc.p, '/', loc.n);
    if (slash != NULL) {
        loc = after(loc, slash, 1);
    }
    strings_Builder_WriteString(&title, " at ");
    strings_Builder_Write(&title, loc.p, loc.n);
    return (crashSig){ strings_Builder_Detach(&key), strings_Builder_Detach(&title) };
}

// signalCause is the cause of ctest's crash report, "[signal SIGSEGV: ...".
// SIGABRT is the program stopping itself (abort(), a failed assert), as a
// panic does: its cause is the place of the call, the first frame's
// file:line, however the program got there (one check reached through
// two callers is one bug). Another signal's cause is the first frames.
static crashSig signalCause(const char *rest, span l) {
    span name = after(l, l.p, 1);
    const char *colon = memchr(name.p, ':', name.n);
    if (colon != NULL) {
        name.n = (size_t)(colon - name.p);
    }
    char *kind = runtime_sprintf("%.*s", (int)name.n, name.p);
    strings_Builder key = { 0 };
    strings_Builder_WriteString(&key, kind);
    frames f = { 0 };
    reportFrames(rest, &f, false);
    if (strcmp(kind, "signal SIGABRT") == 0 && f.n > 0) {
        strings_Builder_WriteByte(&key, '@');
        strings_Builder_Write(&key, f.loc[0].p, f.loc[0].n);
        f.n = 1;
    }
    crashSig s = finish(&key, kind, &f, false);
    free(kind);
    return s;
}

// oomCause is the cause of a worker's end past a memory limit,
// "==12== ERROR: ctest: out-of-memory (malloc(268435456))" and the stack of
// the allocation, or "(used: 212Mb; exceeds: 200Mb)", which has none
// (memlimit.c): the limit passed, and where.
static crashSig oomCause(const char *rest, span l, const char *at) {
    span what = after(l, at, strlen("ctest: out-of-memory ("));
    bool isMalloc = hasPrefix(what, "malloc(");
    const char *kind = isMalloc ? "ctest: out-of-memory (malloc)" : "ctest: out-of-memory (rss)";
    strings_Builder key = { 0 };
    strings_Builder_WriteString(&key, kind);
    frames f = { 0 };
    // The stack starts at its first "fn(...)" line, after the report's
    // lines of text.
    span line;
    for (const char *start = rest; isMalloc && nextLine(&rest, &line); start = rest) {
        line = trim(line);
        if (line.n >= 5 && memcmp(line.p + line.n - 5, "(...)", 5) == 0) {
            reportFrames(start, &f, true);
            break;
        }
    }
    return finish(&key, kind, &f, false);
}

// panicCause is the cause of "panic: msg": where it was raised when the
// stack after it says, else the message.
static crashSig panicCause(const char *rest, span msg) {
    const char *rec = find(msg, " [recovered]");
    if (rec != NULL) {
        msg.n = (size_t)(rec - msg.p);
    }
    frames f = { 0 };
    reportFrames(rest, &f, false);
    strings_Builder key = { 0 };
    char *kind = runtime_sprintf("panic: %.*s", (int)msg.n, msg.p);
    if (f.n > 0) {
        strings_Builder_WriteString(&key, "panic");
        strings_Builder_WriteByte(&key, '@');
        strings_Builder_Write(&key, f.loc[0].p, f.loc[0].n);
        f.n = 1;
    } else {
        strings_Builder_WriteString(&key, "panic: ");
        writeNormalized(&key, msg);
    }
    frames none = { 0 };
    crashSig s = finish(&key, kind, f.n > 0 ? &f : &none, true);
    free(kind);
    return s;
}

// failureLoc reports whether l is a test's log line, "file.c:12: text",
// and sets *loc to its "file.c:12".
static bool failureLoc(span l, span *loc) {
    const char *colon = memchr(l.p, ':', l.n);
    if (colon == NULL || colon == l.p || memchr(l.p, ' ', (size_t)(colon - l.p)) != NULL ||
        memchr(l.p, '.', (size_t)(colon - l.p)) == NULL) {
        return false;
    }
    size_t i = (size_t)(colon - l.p) + 1, digits = 0;
    while (i < l.n && isdigit((unsigned char)l.p[i])) {
        i++;
        digits++;
    }
    if (digits == 0 || i >= l.n || l.p[i] != ':') {
        return false;
    }
    *loc = (span){ l.p, i };
    return true;
}

static crashSig lineCause(const char *keyPrefix, span loc, span l) {
    strings_Builder key = { 0 };
    strings_Builder_WriteString(&key, keyPrefix);
    strings_Builder_Write(&key, loc.p, loc.n);
    char *title = runtime_sprintf("%.*s", (int)l.n, l.p);
    return (crashSig){ strings_Builder_Detach(&key), title };
}

crashSig fuzz_crashSignature(const char *msg) {
    // The most telling report first: a sanitizer's, then a memory limit's,
    // ctest's crash report, a panic, a failed check.
    const char *s = msg;
    span l;
    while (nextLine(&s, &l)) {
        const char *at = find(l, "Sanitizer: ");
        if (at != NULL && find(l, "ERROR: ") != NULL) {
            return sanitizerCause(s, l, at);
        }
        at = find(l, ": runtime error: ");
        if (at != NULL) {
            return ubsanCause(trim(l), find(trim(l), ": runtime error: "));
        }
    }
    for (s = msg; nextLine(&s, &l);) {
        const char *at = find(l, "ERROR: ctest: out-of-memory (");
        if (at != NULL) {
            return oomCause(s, l, at + strlen("ERROR: "));
        }
    }
    for (s = msg; nextLine(&s, &l);) {
        span t = trim(l);
        if (hasPrefix(t, "[signal SIG")) {
            return signalCause(s, t);
        }
    }
    for (s = msg; nextLine(&s, &l);) {
        span t = trim(l), loc;
        const char *p = find(t, "panic: ");
        if (p != NULL && (p == t.p || (failureLoc(t, &loc) && p == loc.p + loc.n + 2))) {
            return panicCause(s, trim(after(t, p, strlen("panic: "))));
        }
    }
    span first = { "", 0 };
    for (s = msg; nextLine(&s, &l);) {
        span t = trim(l), loc;
        if (failureLoc(t, &loc)) {
            return lineCause("failure@", loc, t);
        }
        if (first.n == 0 && t.n > 0) {
            first = t;
        }
    }
    return lineCause("", first, first);
}

bool fuzz_crashHasCause(const char *msg, const char *key) {
    crashSig s = fuzz_crashSignature(msg);
    bool same = strcmp(s.key, key) == 0;
    fuzz_crashSig_clear(&s);
    return same;
}

void fuzz_crashSig_clear(crashSig *s) {
    free(s->key);
    free(s->title);
    *s = (crashSig){ 0 };
}
