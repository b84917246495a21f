// Ports go1.19.8 src/internal/fuzz/trace.go: the comparison hooks, no-ops.
//
// Go 1.19's instrumented code calls libfuzzerTraceCmp1..8,
// libfuzzerTraceConstCmp1..8, libfuzzerHookStrCmp and
// libfuzzerHookEqualFold, and internal/fuzz defines them to do nothing: the
// mutator does not use comparison operands yet. Code compiled with
// -fsanitize-coverage=trace-cmp calls SanitizerCoverage's equivalents,
// defined here the same way so that such code links and runs. (Strong
// definitions; a sanitizer runtime's weak ones give way to them.)
//
// Owner: helper "mutator".
#include <stdint.h>

void __sanitizer_cov_trace_cmp1(uint8_t arg0, uint8_t arg1);
void __sanitizer_cov_trace_cmp2(uint16_t arg0, uint16_t arg1);
void __sanitizer_cov_trace_cmp4(uint32_t arg0, uint32_t arg1);
void __sanitizer_cov_trace_cmp8(uint64_t arg0, uint64_t arg1);
void __sanitizer_cov_trace_const_cmp1(uint8_t arg0, uint8_t arg1);
void __sanitizer_cov_trace_const_cmp2(uint16_t arg0, uint16_t arg1);
void __sanitizer_cov_trace_const_cmp4(uint32_t arg0, uint32_t arg1);
void __sanitizer_cov_trace_const_cmp8(uint64_t arg0, uint64_t arg1);
void __sanitizer_cov_trace_switch(uint64_t val, uint64_t *cases);

void __sanitizer_cov_trace_cmp1(uint8_t arg0, uint8_t arg1) {
    (void)arg0, (void)arg1;
}

void __sanitizer_cov_trace_cmp2(uint16_t arg0, uint16_t arg1) {
    (void)arg0, (void)arg1;
}

void __sanitizer_cov_trace_cmp4(uint32_t arg0, uint32_t arg1) {
    (void)arg0, (void)arg1;
}

void __sanitizer_cov_trace_cmp8(uint64_t arg0, uint64_t arg1) {
    (void)arg0, (void)arg1;
}

void __sanitizer_cov_trace_const_cmp1(uint8_t arg0, uint8_t arg1) {
    (void)arg0, (void)arg1;
}

void __sanitizer_cov_trace_const_cmp2(uint16_t arg0, uint16_t arg1) {
    (void)arg0, (void)arg1;
}

void __sanitizer_cov_trace_const_cmp4(uint32_t arg0, uint32_t arg1) {
    (void)arg0, (void)arg1;
}

void __sanitizer_cov_trace_const_cmp8(uint64_t arg0, uint64_t arg1) {
    (void)arg0, (void)arg1;
}

// __sanitizer_cov_trace_switch has no Go counterpart (Go instruments a
// switch as its comparisons); trace-cmp emits it for C's switch.
void __sanitizer_cov_trace_switch(uint64_t val, uint64_t *cases) {
    (void)val, (void)cases;
}
