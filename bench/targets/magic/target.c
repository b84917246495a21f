// target.c: the byte-by-byte magic value (see target.h).
#include "target.h"

volatile int magic_depth;

bool magic_target(const uint8_t *data, size_t len) {
    if (len >= 4) {
        if (data[0] == 'F') {
            magic_depth = 1;
            if (data[1] == 'U') {
                magic_depth = 2;
                if (data[2] == 'Z') {
                    magic_depth = 3;
                    if (data[3] == 'Z') {
                        magic_depth = 4;
                        return true;
                    }
                }
            }
        }
    }
    return false;
}
