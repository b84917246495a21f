// harness.c: upstream's libFuzzer harness of pcre2 (pcre2_fuzzsupport.c),
// unchanged: the one LLVMFuzzerTestOneInput that every build of the suite
// runs. Its first 8 bytes choose the compile and match options, the rest is
// the pattern and the subject. With -DCTEST_PLANTED_BUGS (../planted.h),
// its calls of pcre2_match go through one that holds a planted bug.
#ifdef CTEST_PLANTED_BUGS
#include "../planted.h"
#include "pcre2.h"

static int planted_match(const pcre2_code *code, PCRE2_SPTR subject, PCRE2_SIZE length,
                         PCRE2_SIZE start, uint32_t options, pcre2_match_data *match_data,
                         pcre2_match_context *mcontext);
#undef pcre2_match
#define pcre2_match planted_match
#endif

#include "pcre2_fuzzsupport.c"

#ifdef CTEST_PLANTED_BUGS
#undef pcre2_match
#define pcre2_match PCRE2_SUFFIX(pcre2_match_)

void (*planted_failer)(const char *bug);

// planted_match is pcre2_match with pcre2's planted bug, pcre2-shift: a
// match that sets a third capture group or a later one (pcre2_match
// returns the highest pair set plus one) weighs it as 1 << (8 * pairs),
// a shift past int's 32 bits, which UBSan reports.
static int planted_match(const pcre2_code *code, PCRE2_SPTR subject, PCRE2_SIZE length,
                         PCRE2_SIZE start, uint32_t options, pcre2_match_data *match_data,
                         pcre2_match_context *mcontext) {
    int rc = pcre2_match(code, subject, length, start, options, match_data, mcontext);
    if (rc >= 4) {
        planted_hit("pcre2-shift");
        volatile int weight = 1 << (8 * rc);
        (void)weight;
    }
    return rc;
}
#endif
