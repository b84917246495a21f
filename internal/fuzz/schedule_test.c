// (none) Tests of ctest's schedule (schedule.c): rare coverage draws more
// calls, fruitless calls lower an entry's weight and a find restores it.
//
#include <string.h>

#include "internal/fuzz/schedule.h"
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
    fuzz_schedule_add(s, &e, (go_bytes){ snap, counters }, 0);
}

// drawCounts draws n entries at time now and counts those named a, b, c.
static void drawCounts(fuzzSchedule *s, int n, int64_t now, int got[3]) {
    got[0] = got[1] = got[2] = 0;
    for (int i = 0; i < n; i++) {
        const fuzz_CorpusEntry *e = fuzz_schedule_pick(s, now);
        if (e == NULL) {
            return;
        }
        got[e->Path[0] - 'a']++;
    }
}

// TestScheduleRarity: a alone has counter 1; all three have counter 0.
// Weights: a 1+1/3, b and c 1/3 each, so a gets 2/3 of the draws.
void TestScheduleRarity(T *t) {
    fuzzSchedule *s = fuzz_schedule_new();
    if (fuzz_schedule_pick(s, 0) != NULL) {
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
    fuzzSchedule *s = fuzz_schedule_new();
    addEntry(s, "a", (const int[]){ 0, -1 });
    for (int i = 0; i < 160; i++) {
        const fuzz_CorpusEntry *e = fuzz_schedule_pick(s, 0);
        if (e == NULL || strcmp(e->Path, "a") != 0) {
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
    fuzz_schedule_found(s, "a");
    fuzz_schedule_found(s, "b");
    drawCounts(s, draws, 2 * second, got);
    t_logf(t, "after both found something: a %d, b %d", got[0], got[1]);
    if (got[0] < draws * 40 / 100 || got[1] < draws * 40 / 100) {
        t_errorf(t, "a drawn %d times, b %d of %d: want about half each", got[0], got[1], draws);
    }
    fuzz_schedule_free(s);
}
