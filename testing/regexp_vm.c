// (none) ctest's own: runs a regexp_prog (internal/std/regexp_prog.c), the
// program of a -test.run or -test.fuzz pattern too large for PCRE2, on a
// name, as Go's regexp does with its NFA (regexp/exec.go's pike VM, here
// without submatches: a name matches or not). The runes are read by the
// program's atoms, each compiled by PCRE2 once, anchored at the rune.
#define PCRE2_CODE_UNIT_WIDTH 8

#include "testing/regexp_vm.h"

#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/match.h"

// A list of threads: the instructions reached at one position, each once
// (stamp[pc] == gen says pc is in it).
typedef struct threads {
    uint32_t *pc;
    size_t n;
} threads;

struct testing_regexpVM {
    regexp_prog prog;
    pcre2_code **atoms; // compiled on first use
    // seen[k] == gen when atom k has been tried on the rune at the current
    // position, and hit[k] says how that went: each atom is tried once per
    // rune, however many threads wait on it.
    uint32_t *seen;
    bool *hit;
    uint32_t *stamp;
    uint32_t gen;
    threads cur, next;
    uint32_t *stack;      // the instructions left to follow, in add
    pcre2_match_data *md; // for the atoms' matches
};

testing_regexpVM *testing_newRegexpVM(regexp_prog *prog) {
    testing_regexpVM *vm = runtime_calloc(1, sizeof *vm);
    vm->prog = *prog;
    *prog = (regexp_prog){ 0 };
    size_t n = vm->prog.ninst;
    vm->atoms = runtime_calloc(vm->prog.natoms > 0 ? vm->prog.natoms : 1, sizeof *vm->atoms);
    vm->seen = runtime_calloc(vm->prog.natoms > 0 ? vm->prog.natoms : 1, sizeof *vm->seen);
    vm->hit = runtime_calloc(vm->prog.natoms > 0 ? vm->prog.natoms : 1, sizeof *vm->hit);
    vm->stamp = runtime_calloc(n, sizeof *vm->stamp);
    vm->cur.pc = runtime_malloc(n * sizeof *vm->cur.pc);
    vm->next.pc = runtime_malloc(n * sizeof *vm->next.pc);
    vm->stack = runtime_malloc(n * sizeof *vm->stack);
    vm->md = pcre2_match_data_create(1, NULL);
    return vm;
}

void testing_freeRegexpVM(testing_regexpVM *vm) {
    if (vm == NULL) {
        return;
    }
    for (size_t i = 0; i < vm->prog.natoms; i++) {
        pcre2_code_free(vm->atoms[i]);
    }
    free(vm->atoms);
    free(vm->seen);
    free(vm->hit);
    regexp_prog_free(&vm->prog);
    free(vm->stamp);
    free(vm->cur.pc);
    free(vm->next.pc);
    free(vm->stack);
    pcre2_match_data_free(vm->md);
    free(vm);
}

static bool isWordByte(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

// emptyOK reports whether the position i of s (n bytes) is what the empty
// instruction kind (regexp_Empty...) asks for. Go's \b is ASCII's.
static bool emptyOK(int kind, const char *s, size_t n, size_t i) {
    bool before = i > 0 && isWordByte((unsigned char)s[i - 1]);
    bool after = i < n && isWordByte((unsigned char)s[i]);
    switch (kind) {
    case regexp_EmptyBeginLine:
        return i == 0 || s[i - 1] == '\n';
    case regexp_EmptyEndLine:
        return i == n || s[i] == '\n';
    case regexp_EmptyBeginText:
        return i == 0;
    case regexp_EmptyEndText:
        return i == n;
    case regexp_EmptyWordBoundary:
        return before != after;
    default: // regexp_EmptyNoWordBoundary
        return before == after;
    }
}

// add puts pc, and every instruction it leads to without reading a rune at
// position i, on t; it reports whether one of them is Match.
static bool add(testing_regexpVM *vm, threads *t, uint32_t pc, const char *s, size_t n, size_t i) {
    size_t sp = 0;
    vm->stack[sp++] = pc;
    bool matched = false;
    while (sp > 0) {
        pc = vm->stack[--sp];
        if (vm->stamp[pc] == vm->gen) {
            continue;
        }
        vm->stamp[pc] = vm->gen;
        const regexp_inst *in = &vm->prog.inst[pc];
        switch (in->op) {
        case regexp_InstNop:
            vm->stack[sp++] = in->out;
            break;
        case regexp_InstSplit:
            vm->stack[sp++] = in->arg;
            vm->stack[sp++] = in->out;
            break;
        case regexp_InstEmpty:
            if (emptyOK(in->empty, s, n, i)) {
                vm->stack[sp++] = in->out;
            }
            break;
        case regexp_InstRune:
            t->pc[t->n++] = pc;
            break;
        case regexp_InstMatch:
            matched = true;
            break;
        default: // Fail
            break;
        }
    }
    return matched;
}

// atomMatches reports whether the atom k matches the rune at i of s, the
// position whose runes are being read (gen).
static bool atomMatches(testing_regexpVM *vm, uint32_t k, const char *s, size_t n, size_t i) {
    if (vm->seen[k] == vm->gen) {
        return vm->hit[k];
    }
    vm->seen[k] = vm->gen;
    vm->hit[k] = false;
    if (vm->atoms[k] == NULL) {
        vm->atoms[k] = testing_compilePCRE2(vm->prog.atoms[k], &(int){ 0 }, &(PCRE2_SIZE){ 0 });
        if (vm->atoms[k] == NULL) {
            return false; // an atom of a class PCRE2 took whole before
        }
    }
    int rc = pcre2_match(vm->atoms[k], (PCRE2_SPTR)s, n, i, PCRE2_ANCHORED | PCRE2_NO_UTF_CHECK,
                         vm->md, NULL);
    vm->hit[k] = rc >= 0;
    return vm->hit[k];
}

bool testing_regexpVMMatch(testing_regexpVM *vm, const char *s, size_t n) {
    vm->cur.n = 0;
    for (size_t i = 0;;) {
        // A new thread at every position: the search is unanchored.
        vm->gen++;
        for (size_t k = 0; k < vm->cur.n; k++) {
            vm->stamp[vm->cur.pc[k]] = vm->gen;
        }
        if (add(vm, &vm->cur, vm->prog.start, s, n, i)) {
            return true;
        }
        if (i == n) {
            return false;
        }
        size_t width;
        utf8_DecodeRune(s + i, n - i, &width);
        vm->gen++;
        vm->next.n = 0;
        bool matched = false;
        for (size_t k = 0; k < vm->cur.n && !matched; k++) {
            const regexp_inst *in = &vm->prog.inst[vm->cur.pc[k]];
            if (atomMatches(vm, in->arg, s, n, i)) {
                matched = add(vm, &vm->next, in->out, s, n, i + width);
            }
        }
        if (matched) {
            return true;
        }
        threads t = vm->cur;
        vm->cur = vm->next;
        vm->next = t;
        i += width;
    }
}
