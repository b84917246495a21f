// Tests of coverprofile.c: reading profiles (sorting, merging, Go's error
// texts) and placing blocks in a source.
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/coverprofile.h"
#include "testing/testing.h"

void TestParseProfilesMerge(T *t) {
    // Two files out of order; a.c's blocks out of order, two of one place.
    const char text[] = "mode: count\n"
                        "b.c:1.2,2.3 1 4\n"
                        "a.c:3.1,3.5 2 0\r\n"
                        "a.c:1.1,2.1 1 1\n"
                        "a.c:1.1,2.1 1 2\n";
    profile *ps;
    size_t n;
    go_error *err = parseProfilesFromText(text, strlen(text), &ps, &n);
    if (err != NULL) {
        t_fatalf(t, "parse: %s", go_error_Error(err));
    }
    if (n != 2 || strcmp(ps[0].FileName, "a.c") != 0 || strcmp(ps[1].FileName, "b.c") != 0) {
        t_fatalf(t, "got %zu profiles, want a.c and b.c", n);
    }
    if (ps[0].nBlocks != 2 || ps[0].Blocks[0].StartLine != 1 || ps[0].Blocks[0].Count != 3 ||
        ps[0].Blocks[1].StartLine != 3 || ps[0].Blocks[1].NumStmt != 2) {
        t_errorf(t, "a.c: got %zu blocks, want 1.1 (count 1+2) then 3.1 (2 statements)",
                 ps[0].nBlocks);
    }
    if (strcmp(ps[1].Mode, "count") != 0) {
        t_errorf(t, "mode: got %s, want count", ps[1].Mode);
    }
    profiles_free(ps, n);

    // In set mode the counts of one place are or'ed.
    const char set[] = "mode: set\na.c:1.1,2.1 1 1\na.c:1.1,2.1 1 1\n";
    if ((err = parseProfilesFromText(set, strlen(set), &ps, &n)) != NULL) {
        t_fatalf(t, "parse: %s", go_error_Error(err));
    }
    if (ps[0].nBlocks != 1 || ps[0].Blocks[0].Count != 1) {
        t_errorf(t, "set mode: got count %lld, want 1", (long long)ps[0].Blocks[0].Count);
    }
    profiles_free(ps, n);
}

void TestParseProfilesErrors(T *t) {
    static const struct {
        const char *text, *want;
    } tests[] = {
        { "mode set\n", "bad mode line: mode set" },
        { "mode: \n", "bad mode line: mode: " },
        { "mode: set\nx.c:1.2,3.4 5\n",
          "line \"x.c:1.2,3.4 5\" doesn't match expected format: couldn't find a   before "
          "NumStmt" },
        { "mode: set\nx.c:1.2,3.4 5 -1\n",
          "line \"x.c:1.2,3.4 5 -1\" doesn't match expected format: negative values are not "
          "allowed for Count, found -1" },
        { "mode: set\nx.c:1.2,3.x 5 1\n",
          "line \"x.c:1.2,3.x 5 1\" doesn't match expected format: couldn't parse \"EndCol\": "
          "strconv.Atoi: parsing \"x\": invalid syntax" },
        { "mode: set\n:1.2,3.4 5 1\n",
          "line \":1.2,3.4 5 1\" doesn't match expected format: a FileName cannot be blank" },
        { "mode: set\nx.c:1.2,3.4 5 1\nx.c:1.2,3.4 6 1\n",
          "inconsistent NumStmt: changed from 5 to 6" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        profile *ps = NULL;
        size_t n = 0;
        go_error *err = parseProfilesFromText(tests[i].text, strlen(tests[i].text), &ps, &n);
        if (err == NULL) {
            t_errorf(t, "%s: no error, want %s", tests[i].text, tests[i].want);
            profiles_free(ps, n);
            continue;
        }
        if (strcmp(go_error_Error(err), tests[i].want) != 0) {
            t_errorf(t, "%s:\ngot  %s\nwant %s", tests[i].text, go_error_Error(err), tests[i].want);
        }
        go_error_free(err);
    }
}

void TestBoundaries(T *t) {
    // "ab\ncd\n": a block over "cd" (2.1 to 2.3), and one at 1.2, which
    // the first line's column, counted from 2, places at offset 0.
    const char text[] = "mode: count\nf.c:1.2,1.3 1 1\nf.c:2.1,2.3 1 9\n";
    profile *ps;
    size_t n;
    go_error *err = parseProfilesFromText(text, strlen(text), &ps, &n);
    if (err != NULL) {
        t_fatalf(t, "parse: %s", go_error_Error(err));
    }
    size_t nb;
    boundary *bs = profile_Boundaries(&ps[0], "ab\ncd\n", 6, &nb);
    static const struct {
        size_t offset;
        bool start;
        long long count;
    } want[] = { { 0, true, 1 }, { 1, false, 0 }, { 3, true, 9 }, { 5, false, 0 } };
    if (nb != 4) {
        t_fatalf(t, "got %zu boundaries, want 4", nb);
    }
    for (size_t i = 0; i < nb; i++) {
        if (bs[i].Offset != want[i].offset || bs[i].Start != want[i].start ||
            bs[i].Count != want[i].count) {
            t_errorf(t, "boundary %zu: got offset %zu start %d count %lld, want %zu %d %lld", i,
                     bs[i].Offset, bs[i].Start, (long long)bs[i].Count, want[i].offset,
                     want[i].start, want[i].count);
        }
    }
    // The largest count is normalized to 1, a count of 1 (log 0) to 0.
    if (bs[2].Norm != 1 || bs[0].Norm != 0) {
        t_errorf(t, "norms: got %g and %g, want 0 and 1", bs[0].Norm, bs[2].Norm);
    }
    free(bs);
    profiles_free(ps, n);
}
