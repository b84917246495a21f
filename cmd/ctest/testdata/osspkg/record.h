// record.h: the library of the build contract's tests (oss_e2e.sh,
// seedcover_e2e.sh).
#ifndef OSSPKG_RECORD_H
#define OSSPKG_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// record_score scores a record: its body, its tag, its version, whether
// it is read strictly, its mode and its weight. A negative score is a
// record refused, each for its own reason.
int record_score(const uint8_t *body, size_t n, const char *tag, size_t tagLen, int64_t version,
                 bool strict, uint8_t mode, double weight);

#endif
