// (none) ctest's own, after the shape of go1.19.8 src/regexp/syntax/compile.go:
// a parsed pattern as a program of instructions, for the patterns PCRE2
// cannot hold in one program and that cannot be cut into parts (a
// concatenation of thousands of classes, a literal of tens of thousands
// of runes, which Go accepts). Each instruction that reads a rune reads it
// with an "atom", a PCRE2 pattern of one rune written by the same emitter
// as the whole patterns (regexp_syntax_pcre2.c); the caller runs the
// program (testing/regexp_vm.c). Go compiles the simplified tree, where a
// repetition is already spelled out; here the compiler spells it out.
#include <stdlib.h>
#include <string.h>

#include "internal/std/regexp_syntax.h"

// A fragment of the program being built: its first instruction and the
// holes (instruction*2, +1 for arg) still to point at what follows it.
typedef struct frag {
    uint32_t start;
    uint32_t *holes;
    size_t nholes;
} frag;

typedef struct compiler {
    regexp_prog *p;
    size_t capInst, capAtoms;
    // atomIndex is an open-addressing table of the atoms' indexes + 1 by
    // their text's hash (a literal of 30,000 runes has one atom).
    uint32_t *atomIndex;
    size_t capIndex;
} compiler;

static uint32_t inst(compiler *c, uint8_t op, uint8_t empty, uint32_t arg) {
    regexp_prog *p = c->p;
    if (p->ninst == c->capInst) {
        c->capInst = c->capInst > 0 ? 2 * c->capInst : 64;
        p->inst = runtime_realloc(p->inst, c->capInst * sizeof p->inst[0]);
    }
    p->inst[p->ninst] = (regexp_inst){ op, empty, 0, arg };
    return (uint32_t)p->ninst++;
}

static uint64_t hashText(const char *s) {
    uint64_t h = 14695981039346656037u;
    for (; *s != '\0'; s++) {
        h = (h ^ (uint8_t)*s) * 1099511628211u;
    }
    return h;
}

// atom returns the index of the atom of text (taken), added if new.
static uint32_t atom(compiler *c, char *text) {
    regexp_prog *p = c->p;
    if (2 * (p->natoms + 1) > c->capIndex) {
        size_t cap = c->capIndex > 0 ? 2 * c->capIndex : 64;
        uint32_t *t = runtime_calloc(cap, sizeof *t);
        for (size_t i = 0; i < p->natoms; i++) {
            size_t h = hashText(p->atoms[i]) & (cap - 1);
            while (t[h] != 0) {
                h = (h + 1) & (cap - 1);
            }
            t[h] = (uint32_t)i + 1;
        }
        free(c->atomIndex);
        c->atomIndex = t;
        c->capIndex = cap;
    }
    size_t h = hashText(text) & (c->capIndex - 1);
    for (; c->atomIndex[h] != 0; h = (h + 1) & (c->capIndex - 1)) {
        if (strcmp(p->atoms[c->atomIndex[h] - 1], text) == 0) {
            free(text);
            return c->atomIndex[h] - 1;
        }
    }
    if (p->natoms == c->capAtoms) {
        c->capAtoms = c->capAtoms > 0 ? 2 * c->capAtoms : 16;
        p->atoms = runtime_realloc(p->atoms, c->capAtoms * sizeof p->atoms[0]);
    }
    p->atoms[p->natoms] = text;
    c->atomIndex[h] = (uint32_t)p->natoms + 1;
    return (uint32_t)p->natoms++;
}

static void addHole(frag *f, uint32_t hole) {
    if ((f->nholes & (f->nholes - 1)) == 0) { // 0, 1, 2, 4, ...: grow
        f->holes = runtime_realloc(f->holes, (f->nholes ? 2 * f->nholes : 1) * sizeof *f->holes);
    }
    f->holes[f->nholes++] = hole;
}

// patch points every hole of f at target, and empties the list.
static void patch(compiler *c, frag *f, uint32_t target) {
    for (size_t i = 0; i < f->nholes; i++) {
        regexp_inst *in = &c->p->inst[f->holes[i] / 2];
        if (f->holes[i] % 2 == 0) {
            in->out = target;
        } else {
            in->arg = target;
        }
    }
    free(f->holes);
    f->holes = NULL;
    f->nholes = 0;
}

// append moves g's holes to f's.
static void appendHoles(frag *f, frag *g) {
    for (size_t i = 0; i < g->nholes; i++) {
        addHole(f, g->holes[i]);
    }
    free(g->holes);
    g->holes = NULL;
    g->nholes = 0;
}

// one is a fragment of a single instruction whose out is its hole.
static frag one(compiler *c, uint8_t op, uint8_t empty, uint32_t arg) {
    frag f = { inst(c, op, empty, arg), NULL, 0 };
    addHole(&f, f.start * 2);
    return f;
}

static frag cat(compiler *c, frag a, frag b) {
    patch(c, &a, b.start);
    return (frag){ a.start, b.holes, b.nholes };
}

// split is a choice between a and, through arg, b (or, when b is NULL,
// what follows: a hole).
static frag split(compiler *c, frag a, frag *b) {
    frag f = { inst(c, regexp_InstSplit, 0, 0), NULL, 0 };
    c->p->inst[f.start].out = a.start;
    appendHoles(&f, &a);
    if (b != NULL) {
        c->p->inst[f.start].arg = b->start;
        appendHoles(&f, b);
    } else {
        addHole(&f, f.start * 2 + 1);
    }
    return f;
}

static frag compile(compiler *c, const Regexp *re);

// star is x*: a split that goes into x or on, and x's end loops back to it.
static frag star(compiler *c, frag x) {
    frag f = { inst(c, regexp_InstSplit, 0, 0), NULL, 0 };
    c->p->inst[f.start].out = x.start;
    patch(c, &x, f.start);
    addHole(&f, f.start * 2 + 1);
    return f;
}

static frag emptyFrag(compiler *c) {
    return one(c, regexp_InstNop, 0, 0);
}

// repeat spells out x{min,max} (max -1: no bound), as Go's simplify does.
static frag repeat(compiler *c, const Regexp *sub, int min, int max) {
    frag f = emptyFrag(c);
    for (int i = 0; i < min; i++) {
        f = cat(c, f, compile(c, sub));
    }
    if (max == -1) {
        return cat(c, f, star(c, compile(c, sub)));
    }
    // x{2,5} = xx(x(x(x)?)?)?: built from the inside out.
    if (max > min) {
        frag opt = split(c, compile(c, sub), NULL);
        for (int i = min + 1; i < max; i++) {
            frag x = compile(c, sub);
            x = cat(c, x, opt);
            opt = split(c, x, NULL);
        }
        f = cat(c, f, opt);
    }
    return f;
}

static frag atomFrag(compiler *c, const Regexp *re) {
    strings_Builder b = { 0 };
    regexp_emitAtom(&b, re);
    return one(c, regexp_InstRune, 0, atom(c, strings_Builder_Detach(&b)));
}

static frag compile(compiler *c, const Regexp *re) {
    switch (re->op) {
    case OpNoMatch:
        return one(c, regexp_InstFail, 0, 0);
    case OpLiteral: {
        frag f = emptyFrag(c);
        for (size_t i = 0; i < re->nrunes; i++) {
            Regexp r = *re;
            r.runes = &re->runes[i];
            r.nrunes = 1;
            f = cat(c, f, atomFrag(c, &r));
        }
        return f;
    }
    case OpCharClass:
    case OpAnyCharNotNL:
    case OpAnyChar:
        return atomFrag(c, re);
    case OpBeginLine:
    case OpEndLine:
    case OpBeginText:
    case OpEndText:
    case OpWordBoundary:
    case OpNoWordBoundary:
        // OpBeginLine to OpNoWordBoundary are in regexp_Empty's order.
        return one(c, regexp_InstEmpty, (uint8_t)(re->op - OpBeginLine + regexp_EmptyBeginLine), 0);
    case OpCapture:
        return compile(c, re->sub[0]);
    case OpStar:
        return star(c, compile(c, re->sub[0]));
    case OpPlus: {
        frag x = compile(c, re->sub[0]);
        uint32_t start = x.start;
        frag loop = star(c, x);
        return (frag){ start, loop.holes, loop.nholes };
    }
    case OpQuest:
        return split(c, compile(c, re->sub[0]), NULL);
    case OpRepeat:
        return repeat(c, re->sub[0], re->min, re->max);
    case OpConcat: {
        frag f = emptyFrag(c);
        for (size_t i = 0; i < re->nsub; i++) {
            f = cat(c, f, compile(c, re->sub[i]));
        }
        return f;
    }
    case OpAlternate: {
        frag f = compile(c, re->sub[re->nsub - 1]);
        for (size_t i = re->nsub - 1; i-- > 0;) {
            frag a = compile(c, re->sub[i]);
            f = split(c, a, &f);
        }
        return f;
    }
    default: // OpEmptyMatch
        return emptyFrag(c);
    }
}

void regexp_compileProg(const Regexp *re, regexp_prog *p) {
    *p = (regexp_prog){ 0 };
    compiler c = { p, 0, 0, NULL, 0 };
    frag f = compile(&c, re);
    patch(&c, &f, inst(&c, regexp_InstMatch, 0, 0));
    p->start = f.start;
    free(c.atomIndex);
}

void regexp_prog_free(regexp_prog *p) {
    for (size_t i = 0; i < p->natoms; i++) {
        free(p->atoms[i]);
    }
    free(p->atoms);
    free(p->inst);
    *p = (regexp_prog){ 0 };
}
