// (none) Tests of ctest's schedule (schedule.c): rare coverage draws more
// calls, fruitless calls lower an entry's weight and a find restores it; a
// smaller input with an entry's unique coverage replaces it, and no
// reduction loses coverage; a reproducible run's schedule goes by counts.
//
#include <string.h>

#include "internal/fuzz/pcg.h"
#include "internal/fuzz/schedule.h"
#include "internal/fuzz/value.h"
#include "testing/testing.h"

enum { counters = 16, draws = 6000 };

static const int64_t second = 1000 * 1000 * 1000;

// addEntry adds an entry named path whose snapshot sets bit 0 of each of
// the counters listed (ended by -1).
static void addEntry(fuzzSchedule *s, const char *path, const int *hit) {
    uint8_t snap[counters] = { 0 };
    for (; *hit >= 0; hit++) {
        snap[*hit] = 1;
    }
    fuzz_CorpusEntry e = { .Path = (char *)path };
    fuzz_schedule_add(s, &e, (go_bytes){ snap, counters }, (go_bytes){ NULL, 0 }, 0);
}

// drawCounts draws n entries at time now and counts those named a, b, c.
static void drawCounts(fuzzSchedule *s, int n, int64_t now, int got[3]) {
    got[0] = got[1] = got[2] = 0;
    for (int i = 0; i < n; i++) {
        size_t k;
        if (!fuzz_schedule_pick(s, now, &k)) {
            return;
        }
        got[fuzz_schedule_entry(s, k)->Path[0] - 'a']++;
    }
}

// TestScheduleRarity: a alone has counter 1; all three have counter 0.
// Weights: a 1+1/3, b and c 1/3 each, so a gets 2/3 of the draws.
void TestScheduleRarity(T *t) {
    fuzzSchedule *s = fuzz_schedule_new(false);
    size_t k;
    if (fuzz_schedule_pick(s, 0, &k)) {
        t_errorf(t, "an empty schedule picked an entry");
    }
    addEntry(s, "a", (const int[]){ 0, 1, -1 });
    addEntry(s, "b", (const int[]){ 0, -1 });
    addEntry(s, "c", (const int[]){ 0, -1 });
    if (fuzz_schedule_len(s) != 3) {
        t_fatalf(t, "len %zu, want 3", fuzz_schedule_len(s));
    }
    int got[3];
    // At time 0 the weights are built once and kept: no decay.
    drawCounts(s, draws, 0, got);
    t_logf(t, "draws: a %d, b %d, c %d", got[0], got[1], got[2]);
    if (got[0] < draws * 60 / 100 || got[0] > draws * 73 / 100) {
        t_errorf(t, "a drawn %d times of %d, want about 2/3", got[0], draws);
    }
    for (int i = 1; i < 3; i++) {
        if (got[i] < draws * 12 / 100) {
            t_errorf(t, "%c drawn %d times of %d, want about 1/6", 'a' + i, got[i], draws);
        }
    }
    fuzz_schedule_free(s);
}

// TestScheduleDecay: entries of equal coverage; a, drawn 160 times before
// b came, has lost weight once the weights are rebuilt, and gets it back
// when it finds something.
void TestScheduleDecay(T *t) {
    fuzzSchedule *s = fuzz_schedule_new(false);
    addEntry(s, "a", (const int[]){ 0, -1 });
    for (int i = 0; i < 160; i++) {
        size_t k;
        if (!fuzz_schedule_pick(s, 0, &k) || strcmp(fuzz_schedule_entry(s, k)->Path, "a") != 0) {
            t_fatalf(t, "pick %d: not a", i);
        }
    }
    addEntry(s, "b", (const int[]){ 0, -1 });
    int got[3];
    // A rebuild (a second later) sees a's many fruitless calls.
    drawCounts(s, draws, second, got);
    t_logf(t, "after a's fruitless calls: a %d, b %d", got[0], got[1]);
    if (got[0] >= got[1]) {
        t_errorf(t, "a drawn %d times, b %d: want a less", got[0], got[1]);
    }
    fuzz_schedule_found(s, 0);
    fuzz_schedule_found(s, 1);
    drawCounts(s, draws, 2 * second, got);
    t_logf(t, "after both found something: a %d, b %d", got[0], got[1]);
    if (got[0] < draws * 40 / 100 || got[1] < draws * 40 / 100) {
        t_errorf(t, "a drawn %d times, b %d of %d: want about half each", got[0], got[1], draws);
    }
    fuzz_schedule_free(s);
}

// TestScheduleReduce: entry 1 brought bit 0 of counter 2 and bit 2 of
// counter 3 in 10 bytes; only a smaller input with both may replace it,
// and never a seed or an entry whose bytes are not held.
void TestScheduleReduce(T *t) {
    fuzzSchedule *s = fuzz_schedule_new(false);
    uint8_t snap[counters] = { 1, 0, 1, 4 }, uniq[counters] = { 0, 0, 1, 4 };
    go_bytes all = { snap, counters }, unique = { uniq, counters };
    uint8_t ten[10] = "0123456789";
    fuzz_CorpusEntry seed = { .Path = "seed", .Data = ten, .DataLen = 10, .IsSeed = true };
    fuzz_CorpusEntry found = { .Path = "found", .Data = ten, .DataLen = 10 };
    fuzz_CorpusEntry cached = { .Path = "cached" };
    size_t is = fuzz_schedule_add(s, &seed, all, unique, 0);
    size_t i = fuzz_schedule_add(s, &found, all, unique, 0);
    size_t ic = fuzz_schedule_add(s, &cached, all, unique, 0);
    if (is != 0 || i != 1 || ic != 2) {
        t_fatalf(t, "indexes %zu %zu %zu, want 0 1 2", is, i, ic);
    }
    byteSlice f = fuzz_schedule_reduceFeatures(s, i);
    const uint8_t want[] = { 16, 0, 0, 0, 26, 0, 0, 0 };
    if (f.len != sizeof want || memcmp(f.ptr, want, sizeof want) != 0) {
        t_errorf(t, "reduceFeatures: %zu bytes, want 8: features 16 and 26", f.len);
    }
    fuzz_byteSlice_free(&f);
    for (size_t k = 0; k < 3; k += 2) {
        f = fuzz_schedule_reduceFeatures(s, k);
        if (f.ptr != NULL || fuzz_schedule_reduces(s, k, all, 1)) {
            t_errorf(t, "entry %zu (%s) may be reduced", k, fuzz_schedule_entry(s, k)->Path);
        }
        fuzz_byteSlice_free(&f);
    }
    if (!fuzz_schedule_reduces(s, i, all, 9)) {
        t_errorf(t, "9 bytes with both features do not reduce 10");
    }
    if (fuzz_schedule_reduces(s, i, all, 10)) {
        t_errorf(t, "10 bytes reduce 10");
    }
    uint8_t partial[counters] = { 1, 0, 1, 2 };
    if (fuzz_schedule_reduces(s, i, (go_bytes){ partial, counters }, 5)) {
        t_errorf(t, "an input without bit 2 of counter 3 reduces the entry");
    }
    fuzz_CorpusEntry smaller = { .Path = "smaller", .Data = ten, .DataLen = 9 };
    fuzz_schedule_replace(s, i, &smaller, 0);
    if (strcmp(fuzz_schedule_entry(s, i)->Path, "smaller") != 0 ||
        fuzz_schedule_entry(s, i)->DataLen != 9) {
        t_errorf(t, "after replace: %s", fuzz_schedule_entry(s, i)->Path);
    }
    if (fuzz_schedule_reduces(s, i, all, 9) || !fuzz_schedule_reduces(s, i, all, 8)) {
        t_errorf(t, "after replace, the size to beat is not 9");
    }
    fuzz_schedule_free(s);
}

// TestScheduleReduceKeepsCoverage: however reductions go, the entries'
// own coverage still reaches every bit of the coverage mask, so a corpus
// never ends with less coverage than it had. Random inputs (random bits of
// 8 counters, random sizes) are offered as a coordinator offers results:
// one with a bit the mask lacks joins the corpus with those bits as its
// unique ones; one without may replace the entry it came from, when the
// schedule says it reduces it.
void TestScheduleReduceKeepsCoverage(T *t) {
    enum { n = 8, offers = 20000, maxEntries = 64 };
    fuzzSchedule *s = fuzz_schedule_new(true);
    pcgRand r;
    fuzz_pcgRand_restore(&r, 42, 54);
    uint8_t mask[n] = { 0 }, cov[maxEntries][n];
    uint8_t data[256] = { 0 };
    size_t entries = 0, reduced = 0;
    for (int k = 0; k < offers; k++) {
        uint8_t snap[n], uniq[n];
        bool isNew = false;
        for (int i = 0; i < n; i++) {
            // Sparse bits, so that most offers bring nothing new.
            snap[i] = (uint8_t)(fuzz_pcgRand_uint32(&r) & fuzz_pcgRand_uint32(&r) &
                                fuzz_pcgRand_uint32(&r));
            uniq[i] = (uint8_t)(snap[i] & ~mask[i]);
            isNew |= uniq[i] != 0;
        }
        size_t len = 1 + fuzz_pcgRand_uint32n(&r, 255);
        if (isNew && entries < maxEntries) {
            fuzz_CorpusEntry e = { .Path = "e", .Data = data, .DataLen = len };
            fuzz_schedule_add(s, &e, (go_bytes){ snap, n }, (go_bytes){ uniq, n }, 0);
            memcpy(cov[entries++], snap, n);
            for (int i = 0; i < n; i++) {
                mask[i] |= snap[i];
            }
        } else if (!isNew && entries > 0) {
            size_t from = fuzz_pcgRand_uint32n(&r, (uint32_t)entries);
            if (fuzz_schedule_reduces(s, from, (go_bytes){ snap, n }, len)) {
                fuzz_CorpusEntry e = { .Path = "r", .Data = data, .DataLen = len };
                fuzz_schedule_replace(s, from, &e, 0);
                memcpy(cov[from], snap, n);
                reduced++;
            }
        }
        uint8_t have[n] = { 0 };
        for (size_t e = 0; e < entries; e++) {
            for (int i = 0; i < n; i++) {
                have[i] |= cov[e][i];
            }
        }
        for (int i = 0; i < n; i++) {
            if ((mask[i] & ~have[i]) != 0) {
                t_fatalf(t, "offer %d: the entries lost bits %02x of counter %d", k,
                         mask[i] & ~have[i], i);
            }
        }
    }
    if (reduced == 0 || entries < 2) {
        t_errorf(t, "%zu entries and %zu reductions: the test made no case", entries, reduced);
    }
    fuzz_schedule_free(s);
}

// TestScheduleCountClock: with the count clock, an entry added is drawn
// once the weights are rebuilt, which takes rebuildSpacing (50) times a
// rebuild's cost, here its minimum of one execution; and two schedules
// made and fed alike under one fuzzseed draw alike, whatever the time.
void TestScheduleCountClock(T *t) {
    t_setenv(t, "GODEBUG", "fuzzseed=3");
    // Each run's coordinator makes its schedule on the same stream.
    uint64_t saveInc = fuzz_globalInc;
    fuzzSchedule *s[2];
    for (int k = 0; k < 2; k++) {
        fuzz_globalInc = 0;
        s[k] = fuzz_schedule_new(true);
    }
    fuzz_globalInc = saveInc;
    for (int k = 0; k < 2; k++) {
        addEntry(s[k], "a", (const int[]){ 0, -1 });
        size_t i;
        if (!fuzz_schedule_pick(s[k], 0, &i) || i != 0) {
            t_fatalf(t, "schedule %d: first pick not a", k);
        }
        addEntry(s[k], "b", (const int[]){ 0, 1, -1 });
    }
    for (int k = 0; k < 2; k++) {
        int got[3];
        drawCounts(s[k], 100, 49, got);
        if (got[1] != 0) {
            t_errorf(t, "schedule %d: b drawn %d times before 50 executions", k, got[1]);
        }
        drawCounts(s[k], 100, 50, got);
        if (got[1] == 0) {
            t_errorf(t, "schedule %d: b never drawn after 50 executions", k);
        }
    }
    int same = 0;
    for (int n = 0; n < 1000; n++) {
        size_t i0, i1;
        fuzz_schedule_pick(s[0], 100 + n, &i0);
        fuzz_schedule_pick(s[1], 100 + n, &i1);
        same += i0 == i1;
    }
    if (same != 1000) {
        t_errorf(t, "the schedules drew alike %d times of 1000", same);
    }
    fuzz_schedule_free(s[0]);
    fuzz_schedule_free(s[1]);
}
