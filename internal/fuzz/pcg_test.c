// Tests pcg.c against go1.19.8's pcg.go: Go has no pcg_test.go, so these
// check every row of golden/vectors/mutator/pcg.txt (Go's outputs).
//
#include "internal/fuzz/mutator_vectors_test.h"
#include "internal/fuzz/pcg.h"

// TestPcgRand checks sequences of uint32, intn, uint32n, exp2 and bool from
// given states (pcg.txt S rows), and the state after them.
void TestPcgRand(T *t) {
    vecFile f;
    vecFile_open(t, &f, "pcg.txt");
    char *fld[64];
    int n, rows = 0;
    while ((n = vecFile_next(&f, fld, 64)) >= 0) {
        if (n == 0 || strcmp(fld[0], "S") != 0) {
            continue;
        }
        rows++;
        uint64_t state = vecU64(fld[1]), inc = vecU64(fld[2]);
        const char *method = fld[3];
        uint32_t arg = (uint32_t)vecU64(fld[4]);
        int count = (int)vecI64(fld[5]);
        if (n != 7 + count) {
            t_fatalf(t, "pcg.txt:%d: malformed row", f.lineno);
        }
        pcgRand r;
        fuzz_pcgRand_restore(&r, state, inc);
        for (int i = 0; i < count; i++) {
            uint64_t got = 0;
            if (strcmp(method, "uint32") == 0) {
                got = fuzz_pcgRand_uint32(&r);
            } else if (strcmp(method, "intn") == 0) {
                got = (uint64_t)fuzz_pcgRand_intn(&r, (go_int)arg);
            } else if (strcmp(method, "uint32n") == 0) {
                got = fuzz_pcgRand_uint32n(&r, arg);
            } else if (strcmp(method, "exp2") == 0) {
                got = (uint64_t)fuzz_pcgRand_exp2(&r);
            } else if (strcmp(method, "bool") == 0) {
                got = fuzz_pcgRand_bool(&r);
            } else {
                t_fatalf(t, "pcg.txt:%d: unknown method %s", f.lineno, method);
            }
            uint64_t want = vecU64(fld[6 + i]);
            if (got != want) {
                t_errorf(t,
                         "pcg.txt:%d: %s(%" PRIu32 ") #%d from state %" PRIu64 ": got %" PRIu64
                         ", want %" PRIu64,
                         f.lineno, method, arg, i, state, got, want);
                break;
            }
        }
        uint64_t gotState, gotInc;
        fuzz_pcgRand_save(&r, &gotState, &gotInc);
        uint64_t wantState = vecU64(fld[6 + count]);
        if (gotState != wantState || gotInc != inc) {
            t_errorf(t,
                     "pcg.txt:%d: saved state: got %" PRIu64 " %" PRIu64 ", want %" PRIu64
                     " %" PRIu64,
                     f.lineno, gotState, gotInc, wantState, inc);
        }
    }
    vecFile_close(&f);
    if (rows < 100) {
        t_errorf(t, "pcg.txt: got %d S rows, want at least 100", rows);
    }
}

// TestNewPcgRand checks newPcgRand's seeding from GODEBUG=fuzzseed=N on a
// given stream (pcg.txt N rows).
void TestNewPcgRand(T *t) {
    vecFile f;
    vecFile_open(t, &f, "pcg.txt");
    char *fld[8];
    int n, rows = 0;
    uint64_t saveInc = fuzz_globalInc;
    while ((n = vecFile_next(&f, fld, 8)) >= 0) {
        if (n != 5 || strcmp(fld[0], "N") != 0) {
            continue;
        }
        rows++;
        char env[64];
        snprintf(env, sizeof env, "fuzzseed=%s", fld[1]);
        t_setenv(t, "GODEBUG", env);
        fuzz_globalInc = vecU64(fld[2]);
        pcgRand r;
        fuzz_newPcgRand(&r);
        if (r.state != vecU64(fld[3]) || r.inc != vecU64(fld[4])) {
            t_errorf(t,
                     "pcg.txt:%d: newPcgRand with %s, globalInc %s: got state %" PRIu64
                     " inc %" PRIu64 ", want %s %s",
                     f.lineno, env, fld[2], r.state, r.inc, fld[3], fld[4]);
        }
    }
    fuzz_globalInc = saveInc;
    vecFile_close(&f);
    if (rows == 0) {
        t_errorf(t, "pcg.txt: no N rows");
    }
}

static void callGodebugSeed(void *arg) {
    (void)arg;
    go_int seed;
    fuzz_godebugSeed(&seed);
}

// TestGodebugSeed checks godebugSeed on GODEBUG values (pcg.txt G rows):
// the seed, none, or the panic "malformed fuzzseed".
void TestGodebugSeed(T *t) {
    vecFile f;
    vecFile_open(t, &f, "pcg.txt");
    char *fld[8];
    int n;
    while ((n = vecFile_next(&f, fld, 8)) >= 0) {
        if (n < 3 || strcmp(fld[0], "G") != 0) {
            continue;
        }
        size_t len;
        uint8_t *env = vecHex(fld[1], &len, strlen(fld[1]) / 2 + 1); // room for a NUL
        env[len] = '\0';
        t_setenv(t, "GODEBUG", (const char *)env);
        if (strcmp(fld[2], "panic") == 0) {
            char *msg = vecPanic(callGodebugSeed, NULL);
            if (msg == NULL || strcmp(msg, "malformed fuzzseed") != 0) {
                t_errorf(t, "pcg.txt:%d: godebugSeed with GODEBUG=%s: got panic %s, want %s",
                         f.lineno, (const char *)env, msg ? msg : "none", "malformed fuzzseed");
            }
            free(msg);
            free(env);
            continue;
        }
        go_int seed = 0;
        bool ok = fuzz_godebugSeed(&seed);
        bool wantOK = strcmp(fld[2], "seed") == 0;
        go_int wantSeed = wantOK ? vecI64(fld[3]) : 0;
        if (ok != wantOK || (wantOK && seed != wantSeed)) {
            t_errorf(t,
                     "pcg.txt:%d: godebugSeed with GODEBUG=%s: got %d %" PRId64
                     ", want %d %" PRId64,
                     f.lineno, (const char *)env, ok, seed, wantOK, wantSeed);
        }
        free(env);
    }
    vecFile_close(&f);
}

// TestMixSeed (ctest's own): under fuzzseed, mix 0 leaves a generator as
// newPcgRand made it, and other mixes give other states on the same
// stream, the same for the same mix; without fuzzseed nothing changes.
void TestMixSeed(T *t) {
    uint64_t saveInc = fuzz_globalInc;
    t_setenv(t, "GODEBUG", "fuzzseed=5");
    pcgRand base, r[3];
    fuzz_globalInc = 0;
    fuzz_newPcgRand(&base);
    for (uint64_t mix = 0; mix < 3; mix++) {
        fuzz_pcgRand_restore(&r[mix], base.state, base.inc);
        fuzz_pcgRand_mixSeed(&r[mix], mix);
        if (r[mix].inc != base.inc) {
            t_errorf(t, "mix %" PRIu64 ": inc %" PRIu64 ", want %" PRIu64, mix, r[mix].inc,
                     base.inc);
        }
    }
    if (r[0].state != base.state) {
        t_errorf(t, "mix 0 changed the state: %" PRIu64 ", want %" PRIu64, r[0].state, base.state);
    }
    if (r[1].state == base.state || r[2].state == base.state || r[1].state == r[2].state) {
        t_errorf(t, "states %" PRIu64 " (mix 0), %" PRIu64 " (1), %" PRIu64 " (2): want three",
                 base.state, r[1].state, r[2].state);
    }
    pcgRand again = base;
    fuzz_pcgRand_mixSeed(&again, 1);
    if (again.state != r[1].state) {
        t_errorf(t, "mix 1 twice: %" PRIu64 ", then %" PRIu64, r[1].state, again.state);
    }
    t_setenv(t, "GODEBUG", "");
    again = base;
    fuzz_pcgRand_mixSeed(&again, 1);
    if (again.state != base.state) {
        t_errorf(t, "without fuzzseed, mix 1 changed the state");
    }
    fuzz_globalInc = saveInc;
}

// TestFuzzseedGiven (ctest's own): a fuzzseed field, well formed or not,
// and none.
void TestFuzzseedGiven(T *t) {
    static const struct {
        const char *godebug;
        bool want;
    } tests[] = {
        { "", false },                // an empty GODEBUG
        { "fuzzdebug=1", false },     // another field
        { "fuzzseed=7", true },       // a seed
        { "x=1,fuzzseed=bad", true }, // a malformed one, after another field
        { "fuzzseed=", true },        // an empty one
        { "xfuzzseed=1", false },     // another name, ending so
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        t_setenv(t, "GODEBUG", tests[i].godebug);
        if (fuzz_fuzzseedGiven() != tests[i].want) {
            t_errorf(t, "fuzzseedGiven with GODEBUG=%s: got %d, want %d", tests[i].godebug,
                     !tests[i].want, tests[i].want);
        }
    }
}
