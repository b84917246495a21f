// (none) ctest's own: the coverage profile (-cover) of a test binary that
// fuzzes. Go counts coverage in the fuzzing coordinator too, which runs no
// code of the package, so its "coverage:" line is that of the -run phase;
// here the workers run the package in the same binary, built with clang's
// profile counters, and would each write their counts where the driver
// reads the test binary's (LLVM_PROFILE_FILE) when they exit.
#include "testing/internal.h"

// The profile runtime's interface (compiler-rt's InstrProfiling.h),
// declared weak: without -cover the binary has none.
int __llvm_profile_write_file(void) __attribute__((weak));
void __llvm_profile_set_filename(const char *name) __attribute__((weak));

void testing_endProfileRunPhase(void) {
    if (__llvm_profile_write_file == NULL || __llvm_profile_set_filename == NULL) {
        return;
    }
    // The counts of the -run phase, now; the write the runtime makes at
    // exit then goes nowhere.
    __llvm_profile_write_file();
    __llvm_profile_set_filename("/dev/null");
}

void testing_discardProfile(void) {
    if (__llvm_profile_set_filename != NULL) {
        __llvm_profile_set_filename("/dev/null");
    }
}
