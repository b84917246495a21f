// (none) tests of crash_signature.c, ctest's own: the cause read from each
// kind of crash message the coordinator sees, and which messages share one.
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/crashes.h"
#include "internal/std/std.h"
#include "testing/testing.h"

static const char asanOverflow[] =
        "fuzzing process hung or terminated unexpectedly: exit status 1\n"
        "=================================================================\n"
        "==9376==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000002014 at pc "
        "0x55df9d82aafa bp 0x7ff9bf1fcb50 sp 0x7ff9bf1fc320\n"
        "WRITE of size 15 at 0x602000002014 thread T3\n"
        "    #0 0x55df9d82aaf9 in __asan_memcpy (/tmp/b/multi.test+0xaaaf9) (BuildId: e4ba)\n"
        "    #1 0x55df9d866ab0 in parse_header /src/lib/parse.c:25:9\n"
        "    #2 0x55df9d86f79d in parse /src/lib/parse.c:70:9\n"
        "    #3 0x55df9d868ea6 in fuzz_parse /src/lib/parse_test.c:12:5\n"
        "    #4 0x55df9d86b800 in tRunner /ctest/testing/testing.c:698:9\n"
        "    #5 0x7ff9c27ef1f4 in start_thread nptl/./nptl/pthread_create.c:442:8\n"
        "\n"
        "0x602000002014 is located 0 bytes to the right of 4-byte region\n"
        "allocated by thread T3 here:\n"
        "    #0 0x55df9d82b71e in __interceptor_malloc (/tmp/b/multi.test+0xab71e)\n"
        "    #1 0x55df9d866a33 in other_function /src/lib/other.c:24:19\n";

// The same bug met through another input: other addresses, sizes, pid.
static const char asanOverflow2[] =
        "fuzzing process hung or terminated unexpectedly: exit status 1\n"
        "==511==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6030000000a4 at pc "
        "0x55aa bp 0x7ff0 sp 0x7fe0\n"
        "WRITE of size 90 at 0x6030000000a4 thread T3\n"
        "    #0 0x55aa in __asan_memcpy (/tmp/c/multi.test+0xaaaf9) (BuildId: e4ba)\n"
        "    #1 0x55ab in parse_header /src/lib/parse.c:25:9\n"
        "    #2 0x55ac in parse /src/lib/parse.c:70:9\n"
        "    #3 0x55ad in fuzz_parse /src/lib/parse_test.c:12:5\n";

static const char asanSegv[] =
        "fuzzing process hung or terminated unexpectedly: exit status 1\n"
        "==7==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x55 bp 0x7 "
        "sp 0x7 T3)\n"
        "    #0 0x55 in parse_header /src/lib/parse.c:31:9\n";

// ASan's refusal of an allocation over its max_allocation_size_mb, which
// a worker's malloc limit sets; the first line names no bug.
static const char asanTooBig[] =
        "fuzzing process hung or terminated unexpectedly: exit status 1\n"
        "==8122==ERROR: AddressSanitizer: requested allocation size 0x10000000 (0x10001000 after "
        "adjustments for alignment, red zones etc.) exceeds maximum supported size of 0xc800000 "
        "(thread T1)\n"
        "    #0 0x55686c3cb83e in __interceptor_malloc (/tmp/m.test+0xac83e) (BuildId: 0156)\n"
        "    #1 0x55686c406d9a in bigMalloc /src/memlimit_test.c:62:24\n"
        "    #2 0x55686c410eea in tRunner /ctest/testing/testing.c:744:9\n"
        "SUMMARY: AddressSanitizer: allocation-size-too-big (/tmp/m.test+0xac83e) (BuildId: 0156) "
        "in __interceptor_malloc\n";

static const char asanTooBig2[] =
        "==90==ERROR: AddressSanitizer: requested allocation size 0xc0000000 (0xc0001000 after "
        "adjustments for alignment, red zones etc.) exceeds maximum supported size of 0x80000000 "
        "(thread T1)\n"
        "    #0 0x5571 in __interceptor_malloc (/tmp/n.test+0x12a84e) (BuildId: 5da7)\n"
        "    #1 0x5572 in bigMalloc /src/memlimit_test.c:62:24\n"
        "    #2 0x5573 in tRunner /ctest/testing/testing.c:744:9\n";

static const char ubsan[] =
        "fuzzing process hung or terminated unexpectedly: exit status 1\n"
        "/src/lib/num.c:12:14: runtime error: signed integer overflow: 2147483647 + 1 cannot be "
        "represented in type 'int'\n"
        "SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior /src/lib/num.c:12:14 in\n";

static const char ubsan2[] = "/src/lib/num.c:12:14: runtime error: signed integer overflow: 7 + "
                             "2147483641 cannot be represented in type 'int'\n";

static const char segv[] =
        "fuzzing process hung or terminated unexpectedly: signal: segmentation fault\n"
        "fatal error: unexpected signal in FuzzParse\n"
        "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x561d1afa9bdb]\n"
        "\n"
        "goroutine 2 [running]:\n"
        "parse_header(...)\n"
        "\t/src/lib/parse.c:19 +0x7b\n"
        "parse(...)\n"
        "\t/src/lib/parse.c:70 +0x7b\n"
        "fuzz_parse(...)\n"
        "\t/src/lib/parse_test.c:12 +0x7b\n"
        "tRunner(...)\n"
        "\t/ctest/testing/testing.c:707 +0xad\n";

static const char abortMsg[] = "fuzzing process hung or terminated unexpectedly: signal: aborted\n"
                               "fatal error: unexpected signal in FuzzParse\n"
                               "[signal SIGABRT: abort code=0xfffffffa pc=0x7fa66628ceec]\n"
                               "\n"
                               "goroutine 3 [running]:\n"
                               "__pthread_kill_implementation(...)\n"
                               "\t./nptl/pthread_kill.c:44 +0x10c\n"
                               "raise(...)\n"
                               "\t../sysdeps/posix/raise.c:26 +0x11\n"
                               "abort(...)\n"
                               "\t./stdlib/abort.c:79 +0xd2\n"
                               "check(...)\n"
                               "\t/src/lib/check.c:5 +0xb8\n";

// The same check reached through other callers: one cause.
static const char abortMsg2[] = "fuzzing process hung or terminated unexpectedly: signal: aborted\n"
                                "fatal error: unexpected signal in FuzzParse\n"
                                "[signal SIGABRT: abort code=0xfffffffa pc=0x7fa66628ceec]\n"
                                "\n"
                                "goroutine 3 [running]:\n"
                                "abort(...)\n"
                                "\t./stdlib/abort.c:79 +0xd2\n"
                                "check(...)\n"
                                "\t/src/lib/check.c:5 +0xb8\n"
                                "parse_entity(...)\n"
                                "\t/src/lib/entity.c:31 +0x2a\n"
                                "parse(...)\n"
                                "\t/src/lib/parse.c:70 +0x7b\n";

// Another check of the same function: a cause of its own.
static const char abortOther[] =
        "fuzzing process hung or terminated unexpectedly: signal: aborted\n"
        "[signal SIGABRT: abort code=0xfffffffa pc=0x7fa66628ceec]\n"
        "\n"
        "goroutine 3 [running]:\n"
        "abort(...)\n"
        "\t./stdlib/abort.c:79 +0xd2\n"
        "check(...)\n"
        "\t/src/lib/check.c:9 +0x1c\n";

static const char panicMsg[] = "    testing.go:1356: panic: bad length 12\n"
                               "        goroutine 2 [running]:\n"
                               "        go_panic(...)\n"
                               "        \tlib/parse.c:40\n"
                               "        \n";

static const char panicMsg2[] = "    testing.go:1356: panic: bad length 9 [recovered]\n"
                                "        goroutine 2 [running]:\n"
                                "        go_panic(...)\n"
                                "        \tlib/parse.c:40\n";

static const char panicNoFrame[] = "    testing.go:1356: panic: bad length 12\n"
                                   "        goroutine 2 [running]:\n"
                                   "        \n";

static const char panicNoFrame2[] = "    testing.go:1356: panic: bad length 0x1f\n"
                                    "        goroutine 2 [running]:\n";

static const char fatalMsg[] = "    parse_test.c:13: round trip failed for 12 bytes\n";
static const char fatalMsg2[] = "    parse_test.c:13: round trip failed for 3 bytes\n";
static const char fatalOther[] = "    parse_test.c:20: round trip failed for 12 bytes\n";

static const char hang[] = "fuzzing process hung or terminated unexpectedly: exit status 2\n"
                           "panic: deadlocked!\n"
                           "ctest: the fuzz function ran for 10s\n";

// A worker ended by its memory limits (memlimit.c): one allocation, with
// its stack (from ctest's malloc on), or its resident memory, without.
static const char mallocOOM[] =
        "fuzzing process hung or terminated unexpectedly: exit status 2\n"
        "==7096== ERROR: ctest: out-of-memory (malloc(268435456))\n"
        "ctest: the fuzz function asked for more than -test.fuzzmalloclimit (200 MB) in one "
        "allocation\n"
        "malloc(...)\n"
        "\t/ctest/internal/fuzz/malloc_interpose.c:46 +0x9\n"
        "bigMalloc(...)\n"
        "\t/src/lib/mem_test.c:62 +0x3d\n"
        "tRunner(...)\n"
        "\t/ctest/testing/testing.c:709 +0xad\n"
        "SUMMARY: ctest: out-of-memory\n";

static const char mallocOOM2[] = "==12== ERROR: ctest: out-of-memory (malloc(300000000))\n"
                                 "malloc(...)\n"
                                 "\t/ctest/internal/fuzz/malloc_interpose.c:46 +0x9\n"
                                 "bigMalloc(...)\n"
                                 "\t/src/lib/mem_test.c:62 +0x3d\n"
                                 "tRunner(...)\n"
                                 "\t/ctest/testing/testing.c:709 +0xad\n";

static const char rssOOM[] =
        "fuzzing process hung or terminated unexpectedly: exit status 2\n"
        "==7100== ERROR: ctest: out-of-memory (used: 212Mb; exceeds: 200Mb)\n"
        "ctest: the fuzz worker's resident memory passed -test.fuzzrsslimit while the fuzz "
        "function ran on this input (0 turns the limit off)\n"
        "SUMMARY: ctest: out-of-memory\n";

static const char rssOOM2[] = "==9== ERROR: ctest: out-of-memory (used: 2049Mb; exceeds: 2048Mb)\n";

static const char exit3[] = "fuzzing process hung or terminated unexpectedly: exit status 3\n";
static const char exit4[] = "fuzzing process hung or terminated unexpectedly: exit status 4\n";

// Real reports of causepkg (testdata/causepkg), one bug met through each
// of its inline helpers, as ASan's symbolizer writes them: a frame for
// each function inlined at the address, all with that address. $CTEST
// stands for the directory of ctest's sources (withRoot).
// FuzzOneBug: the bad read in read16.
static const char oneBugRead16[] =
        "fuzzing process hung or terminated unexpectedly: exit status 1\n"
        "==19925==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000002091 at pc 0x55eb03ddc9cd bp 0x7f6663bfca90 sp 0x7f6663bfca88\n"
        "READ of size 1 at 0x602000002091 thread T2\n"
        "    #0 0x55eb03ddc9cc in read16 /src/causepkg/decoder.c:13:23\n"
        "    #1 0x55eb03ddc9cc in decode_generic /src/causepkg/decoder.c:46:22\n"
        "    #2 0x55eb03ddc9cc in decode_fast /src/causepkg/decoder.c:59:12\n"
        "    #3 0x55eb03ddcd15 in decode /src/causepkg/decoder_test.c:24:22\n"
        "    #4 0x55eb03ddcd15 in oneBug /src/causepkg/decoder_test.c:42:5\n"
        "    #5 0x55eb03de52ea in tRunner $CTEST/testing/testing.c:741:9\n"
        "    #6 0x55eb03ddd977 in seedLoop_run $CTEST/testing/fuzz.c:225:9\n"
        "    #7 0x55eb03ddd977 in seedLoopThread $CTEST/testing/fuzz.c:237:5\n"
        "    #8 0x55eb03de1430 in poolThread $CTEST/testing/goroutine.c:188:9\n"
        "    #9 0x7f66669241f4 in start_thread nptl/./nptl/pthread_create.c:442:8\n"
        "    #10 0x7f66669a48eb in clone3 misc/../sysdeps/unix/sysv/linux/x86_64/clone3.S:81\n";
// FuzzOneBug: the same bad read in read_long_length.
static const char oneBugLongLength[] =
        "fuzzing process hung or terminated unexpectedly: exit status 1\n"
        "==19931==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000002071 at pc 0x562d42a989a9 bp 0x7f2fe8dfca90 sp 0x7f2fe8dfca88\n"
        "READ of size 1 at 0x602000002071 thread T2\n"
        "    #0 0x562d42a989a8 in read_long_length /src/causepkg/decoder.c:22:13\n"
        "    #1 0x562d42a989a8 in decode_generic /src/causepkg/decoder.c:38:20\n"
        "    #2 0x562d42a989a8 in decode_fast /src/causepkg/decoder.c:59:12\n"
        "    #3 0x562d42a98d15 in decode /src/causepkg/decoder_test.c:24:22\n"
        "    #4 0x562d42a98d15 in oneBug /src/causepkg/decoder_test.c:42:5\n"
        "    #5 0x562d42aa12ea in tRunner $CTEST/testing/testing.c:741:9\n"
        "    #6 0x562d42a99977 in seedLoop_run $CTEST/testing/fuzz.c:225:9\n"
        "    #7 0x562d42a99977 in seedLoopThread $CTEST/testing/fuzz.c:237:5\n"
        "    #8 0x562d42a9d430 in poolThread $CTEST/testing/goroutine.c:188:9\n"
        "    #9 0x7f2feb9fa1f4 in start_thread nptl/./nptl/pthread_create.c:442:8\n"
        "    #10 0x7f2feba7a8eb in clone3 misc/../sysdeps/unix/sysv/linux/x86_64/clone3.S:81\n";
// FuzzOneBug: the same bad read in decode_generic itself.
static const char oneBugLiteral[] =
        "fuzzing process hung or terminated unexpectedly: exit status 1\n"
        "==19937==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000002051 at pc 0x5649e90d199f bp 0x7f77687fca90 sp 0x7f77687fca88\n"
        "READ of size 1 at 0x602000002051 thread T2\n"
        "    #0 0x5649e90d199e in decode_generic /src/causepkg/decoder.c:41:21\n"
        "    #1 0x5649e90d199e in decode_fast /src/causepkg/decoder.c:59:12\n"
        "    #2 0x5649e90d1d15 in decode /src/causepkg/decoder_test.c:24:22\n"
        "    #3 0x5649e90d1d15 in oneBug /src/causepkg/decoder_test.c:42:5\n"
        "    #4 0x5649e90da2ea in tRunner $CTEST/testing/testing.c:741:9\n"
        "    #5 0x5649e90d2977 in seedLoop_run $CTEST/testing/fuzz.c:225:9\n"
        "    #6 0x5649e90d2977 in seedLoopThread $CTEST/testing/fuzz.c:237:5\n"
        "    #7 0x5649e90d6430 in poolThread $CTEST/testing/goroutine.c:188:9\n"
        "    #8 0x7f776b4231f4 in start_thread nptl/./nptl/pthread_create.c:442:8\n"
        "    #9 0x7f776b4a38eb in clone3 misc/../sysdeps/unix/sysv/linux/x86_64/clone3.S:81\n";
// FuzzTwoBugs: checksum's bug, another one.
static const char twoBugsChecksum[] =
        "fuzzing process hung or terminated unexpectedly: exit status 1\n"
        "==19943==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000002053 at pc 0x56128b238a2a bp 0x7f09bb3fcb00 sp 0x7f09bb3fcaf8\n"
        "READ of size 1 at 0x602000002053 thread T2\n"
        "    #0 0x56128b238a29 in checksum /src/causepkg/decoder.c:66:26\n"
        "    #1 0x56128b23905d in twoBugs /src/causepkg/decoder_test.c:55:16\n"
        "    #2 0x56128b2412ea in tRunner $CTEST/testing/testing.c:741:9\n"
        "    #3 0x56128b239977 in seedLoop_run $CTEST/testing/fuzz.c:225:9\n"
        "    #4 0x56128b239977 in seedLoopThread $CTEST/testing/fuzz.c:237:5\n"
        "    #5 0x56128b23d430 in poolThread $CTEST/testing/goroutine.c:188:9\n"
        "    #6 0x7f09be11d1f4 in start_thread nptl/./nptl/pthread_create.c:442:8\n"
        "    #7 0x7f09be19d8eb in clone3 misc/../sysdeps/unix/sysv/linux/x86_64/clone3.S:81\n";
// FuzzTwoBugs: the decoder's bug.
static const char twoBugsDecode[] =
        "fuzzing process hung or terminated unexpectedly: exit status 1\n"
        "==19949==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000002071 at pc 0x55d7fe0909cd bp 0x7fb7acdfca90 sp 0x7fb7acdfca88\n"
        "READ of size 1 at 0x602000002071 thread T2\n"
        "    #0 0x55d7fe0909cc in read16 /src/causepkg/decoder.c:13:23\n"
        "    #1 0x55d7fe0909cc in decode_generic /src/causepkg/decoder.c:46:22\n"
        "    #2 0x55d7fe0909cc in decode_fast /src/causepkg/decoder.c:59:12\n"
        "    #3 0x55d7fe091094 in decode /src/causepkg/decoder_test.c:24:22\n"
        "    #4 0x55d7fe091094 in twoBugs /src/causepkg/decoder_test.c:57:9\n"
        "    #5 0x55d7fe0992ea in tRunner $CTEST/testing/testing.c:741:9\n"
        "    #6 0x55d7fe091977 in seedLoop_run $CTEST/testing/fuzz.c:225:9\n"
        "    #7 0x55d7fe091977 in seedLoopThread $CTEST/testing/fuzz.c:237:5\n"
        "    #8 0x55d7fe095430 in poolThread $CTEST/testing/goroutine.c:188:9\n"
        "    #9 0x7fb7af9731f4 in start_thread nptl/./nptl/pthread_create.c:442:8\n"
        "    #10 0x7fb7af9f38eb in clone3 misc/../sysdeps/unix/sysv/linux/x86_64/clone3.S:81\n";

// FuzzOneBug's bad read in a worker (of causepkg before its harness read
// through a helper), past a block that ends where the allocator's region
// does: ASan names it unknown-crash.
static const char oneBugUnknown[] =
        "fuzzing process hung or terminated unexpectedly: exit status 1\n"
        "=================================================================\n"
        "==17124==ERROR: AddressSanitizer: unknown-crash on address 0x60300011ffff at pc 0x55929ee4e99f bp 0x7fd8d25fd390 sp 0x7fd8d25fd388\n"
        "READ of size 1 at 0x60300011ffff thread T1\n"
        "    #0 0x55929ee4e99e in decode_generic /src/causepkg/decoder.c:41:21\n"
        "    #1 0x55929ee4e99e in decode_fast /src/causepkg/decoder.c:59:12\n"
        "    #2 0x55929ee4ed15 in oneBug /src/causepkg/decoder_test.c:25:22\n"
        "    #3 0x55929ee572ea in tRunner $CTEST/testing/testing.c:741:9\n"
        "    #4 0x55929ee4fcc9 in workerRun_run $CTEST/testing/fuzz.c:330:15\n"
        "    #5 0x55929ee4fcc9 in workerFuzzFn $CTEST/testing/fuzz.c:373:9\n"
        "    #6 0x55929ee763df in workerServer_invoke $CTEST/internal/fuzz/worker_server.c:96:23\n"
        "    #7 0x55929ee753e0 in workerServer_call $CTEST/internal/fuzz/worker_server.c:106:23\n"
        "    #8 0x55929ee753e0 in workerServer_fuzzOnce $CTEST/internal/fuzz/worker_server.c:131:26\n"
        "    #9 0x55929ee753e0 in workerServer_fuzzSampled $CTEST/internal/fuzz/worker_server.c:165:26\n"
        "    #10 0x55929ee753e0 in fuzz_workerServer_fuzz $CTEST/internal/fuzz/worker_server.c:389:30\n"
        "    #11 0x55929ee761d5 in workerServer_serve $CTEST/internal/fuzz/worker_server.c:627:13\n"
        "    #12 0x55929ee761d5 in fuzz_RunFuzzWorker $CTEST/internal/fuzz/worker_server.c:717:11\n"
        "    #13 0x55929ee55a93 in testing_deps_RunFuzzWorker $CTEST/testing/testdeps.c:289:12\n"
        "    #14 0x55929ee50156 in runWorker $CTEST/testing/fuzz.c:617:21\n"
        "    #15 0x55929ee50156 in testing_F_Fuzz $CTEST/testing/fuzz.c:733:9\n"
        "    #16 0x55929ee4eb8f in FuzzOneBug /src/causepkg/decoder_test.c:31:5\n"
        "    #17 0x55929ee5ad74 in fRunner $CTEST/testing/frunner.c:93:9\n"
        "    #18 0x55929ee5ad0f in fRunnerThread $CTEST/testing/frunner.c:155:5\n"
        "    #19 0x55929ee53430 in poolThread $CTEST/testing/goroutine.c:188:9\n"
        "    #20 0x7fd8d458c1f4 in start_thread nptl/./nptl/pthread_create.c:442:8\n"
        "    #21 0x7fd8d460c8eb in clone3 misc/../sysdeps/unix/sysv/linux/x86_64/clone3.S:81\n"
        "\n"
        "0x60300011ffff is located 0 bytes to the right of 31-byte region [0x60300011ffe0,0x60300011ffff)\n"
        "allocated by thread T1 here:\n"
        "    #0 0x55929ee1382e in __interceptor_malloc (/tmp/b/causepkg.test+0xab82e) (BuildId: e145fbbff8ae2c5dd52275ecf1322ccd0ab90a3d)\n"
        "    #1 0x55929ee4ecd2 in copyInput /src/causepkg/decoder_test.c:14:18\n"
        "    #2 0x55929ee4ecd2 in oneBug /src/causepkg/decoder_test.c:23:19\n"
        "    #3 0x55929ee572ea in tRunner $CTEST/testing/testing.c:741:9\n";

// A bad read in the fuzz function itself, in a worker and in a seed's
// run: ctest's frames after it differ, the cause does not.
static const char inFuzzFnWorker[] =
        "fuzzing process hung or terminated unexpectedly: exit status 1\n"
        "==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6020 at pc 0x55 bp 0x7 "
        "sp 0x7\n"
        "READ of size 1 at 0x6020 thread T1\n"
        "    #0 0x55f9658fc05d in twoBugs /src/causepkg/decoder_test.c:38:16\n"
        "    #1 0x55f96590421d in tRunner $CTEST/testing/testing.c:741:9\n"
        "    #2 0x55f965904300 in workerRun_run $CTEST/testing/fuzz.c:330:15\n"
        "    #3 0x55f965904300 in workerFuzzFn $CTEST/testing/fuzz.c:373:9\n"
        "    #4 0x55f965905000 in workerServer_call $CTEST/internal/fuzz/worker_server.c:89:23\n";

static const char inFuzzFnSeed[] =
        "==9==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6031 at pc 0x56 bp 0x7 "
        "sp 0x7\n"
        "READ of size 4 at 0x6031 thread T2\n"
        "    #0 0x56f9658fc05d in twoBugs /src/causepkg/decoder_test.c:38:16\n"
        "    #1 0x56f96590421d in tRunner $CTEST/testing/testing.c:741:9\n"
        "    #2 0x56f9658fc977 in seedLoop_run $CTEST/testing/fuzz.c:225:9\n"
        "    #3 0x56f9658fc977 in seedLoopThread $CTEST/testing/fuzz.c:237:5\n";

// asanOverflow's bug, but a read: another bug.
static const char asanOverflowRead[] =
        "==9376==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000002014 at pc "
        "0x55df9d82aafa bp 0x7ff9bf1fcb50 sp 0x7ff9bf1fc320\n"
        "READ of size 15 at 0x602000002014 thread T3\n"
        "    #0 0x55df9d82aaf9 in __asan_memcpy (/tmp/b/multi.test+0xaaaf9) (BuildId: e4ba)\n"
        "    #1 0x55df9d866ab0 in parse_header /src/lib/parse.c:25:9\n"
        "    #2 0x55df9d86f79d in parse /src/lib/parse.c:70:9\n"
        "    #3 0x55df9d868ea6 in fuzz_parse /src/lib/parse_test.c:12:5\n";

// withRoot is tmpl with each $CTEST/ replaced by the directory of ctest's
// sources, this file's name less internal/fuzz/crash_signature_test.c; the
// caller frees it.
static char *withRoot(const char *tmpl) {
    static const char self[] = __FILE__, tail[] = "internal/fuzz/crash_signature_test.c";
    size_t root = strlen(self) >= strlen(tail) ? strlen(self) - strlen(tail) : 0;
    strings_Builder b = { 0 };
    for (const char *p = tmpl; *p != '\0';) {
        if (strncmp(p, "$CTEST/", 7) == 0) {
            strings_Builder_Write(&b, self, root);
            p += 7;
        } else {
            strings_Builder_WriteByte(&b, *p++);
        }
    }
    return strings_Builder_Detach(&b);
}

// keyOf is the key of tmpl's message (withRoot); the caller frees it.
static char *keyOf(const char *tmpl) {
    char *msg = withRoot(tmpl);
    crashSig s = fuzz_crashSignature(msg);
    char *key = s.key;
    s.key = NULL;
    fuzz_crashSig_clear(&s);
    free(msg);
    return key;
}

// One bug met through each of the inline helpers of the function the
// compiler emitted is one cause, whichever frame is innermost; two bugs in
// two functions are two; ctest's own frames do not count.
void TestCrashSignatureInlined(T *t) {
    static const struct {
        const char *a, *b;
        bool same;
    } tests[] = {
        { oneBugRead16, oneBugLongLength, true },  { oneBugRead16, oneBugLiteral, true },
        { oneBugLongLength, oneBugLiteral, true }, { twoBugsChecksum, twoBugsDecode, false },
        { twoBugsChecksum, inFuzzFnSeed, false },  { inFuzzFnWorker, inFuzzFnSeed, true },
        { asanOverflow, asanOverflowRead, false }, { oneBugUnknown, oneBugLiteral, true },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        char *a = keyOf(tests[i].a), *b = keyOf(tests[i].b);
        if ((strcmp(a, b) == 0) != tests[i].same) {
            t_errorf(t, "pair %zu: keys %s and %s; want %s", i, a, b,
                     tests[i].same ? "one cause" : "two");
        }
        free(a);
        free(b);
    }
    // Each names the function the bad read was inlined into, not the
    // helper; the key names no frame of ctest's.
    static const struct {
        const char *msg, *title, *key;
    } titles[] = {
        { oneBugRead16, "AddressSanitizer: heap-buffer-overflow in decode_fast",
          "AddressSanitizer: heap-buffer-overflow READ|decode_fast|oneBug" },
        { oneBugLongLength, "AddressSanitizer: heap-buffer-overflow in decode_fast",
          "AddressSanitizer: heap-buffer-overflow READ|decode_fast|oneBug" },
        { twoBugsChecksum, "AddressSanitizer: heap-buffer-overflow in checksum",
          "AddressSanitizer: heap-buffer-overflow READ|checksum|twoBugs" },
        { inFuzzFnWorker, "AddressSanitizer: heap-buffer-overflow in twoBugs",
          "AddressSanitizer: heap-buffer-overflow READ|twoBugs" },
    };
    for (size_t i = 0; i < sizeof titles / sizeof titles[0]; i++) {
        char *msg = withRoot(titles[i].msg);
        crashSig s = fuzz_crashSignature(msg);
        if (strcmp(s.title, titles[i].title) != 0 || strcmp(s.key, titles[i].key) != 0) {
            t_errorf(t, "message %zu: title %s, key %s; want %s, %s", i, s.title, s.key,
                     titles[i].title, titles[i].key);
        }
        fuzz_crashSig_clear(&s);
        free(msg);
    }
}

void TestCrashSignatureTitles(T *t) {
    static const struct {
        const char *msg, *title;
    } tests[] = {
        { asanOverflow, "AddressSanitizer: heap-buffer-overflow in parse_header" },
        { asanSegv, "AddressSanitizer: SEGV in parse_header" },
        { asanTooBig, "AddressSanitizer: allocation-size-too-big in bigMalloc" },
        { ubsan, "runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in "
                 "type 'int' at num.c:12:14" },
        { segv, "signal SIGSEGV in parse_header" },
        { abortMsg, "signal SIGABRT in check" },
        { abortMsg2, "signal SIGABRT in check" },
        { panicMsg, "panic: bad length 12 at parse.c:40" },
        { panicNoFrame, "panic: bad length 12" },
        { fatalMsg, "parse_test.c:13: round trip failed for 12 bytes" },
        { hang, "panic: deadlocked!" },
        { mallocOOM, "ctest: out-of-memory (malloc) in bigMalloc" },
        { rssOOM, "ctest: out-of-memory (rss)" },
        { exit3, "fuzzing process hung or terminated unexpectedly: exit status 3" },
        { "", "" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        crashSig s = fuzz_crashSignature(tests[i].msg);
        if (strcmp(s.title, tests[i].title) != 0) {
            t_errorf(t, "message %zu: title %s, want %s", i, s.title, tests[i].title);
        }
        fuzz_crashSig_clear(&s);
    }
}

void TestCrashSignatureSameCause(T *t) {
    // Pairs that are one bug met with other values.
    static const char *const same[][2] = {
        { asanOverflow, asanOverflow2 },
        { asanTooBig, asanTooBig2 },
        { ubsan, ubsan2 },
        { panicMsg, panicMsg2 },
        { fatalMsg, fatalMsg2 },
        { panicNoFrame, panicNoFrame2 },
        { mallocOOM, mallocOOM2 },
        { rssOOM, rssOOM2 },
        { abortMsg, abortMsg2 },
    };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        crashSig a = fuzz_crashSignature(same[i][0]);
        if (!fuzz_crashHasCause(same[i][1], a.key)) {
            crashSig b = fuzz_crashSignature(same[i][1]);
            t_errorf(t, "pair %zu: keys %s and %s differ; want one cause", i, a.key, b.key);
            fuzz_crashSig_clear(&b);
        }
        fuzz_crashSig_clear(&a);
    }
}

void TestCrashSignatureDistinct(T *t) {
    // Every message here is a bug of its own.
    static const char *const msgs[] = {
        asanOverflow, asanSegv, ubsan, segv,      abortMsg, panicMsg,   fatalMsg,  fatalOther,
        hang,         exit3,    exit4, mallocOOM, rssOOM,   abortOther, asanTooBig
    };
    enum { n = sizeof msgs / sizeof msgs[0] };
    crashSig sigs[n];
    for (size_t i = 0; i < n; i++) {
        sigs[i] = fuzz_crashSignature(msgs[i]);
    }
    for (size_t i = 0; i < n; i++) {
        for (size_t j = i + 1; j < n; j++) {
            if (strcmp(sigs[i].key, sigs[j].key) == 0) {
                t_errorf(t, "messages %zu and %zu share the cause %s", i, j, sigs[i].key);
            }
        }
    }
    for (size_t i = 0; i < n; i++) {
        fuzz_crashSig_clear(&sigs[i]);
    }
}

void TestCrashList(T *t) {
    crashList l = { 0 };
    crashSig a = fuzz_crashSignature(fatalMsg);
    crashRecord *r = fuzz_crashList_add(&l, &a, "testdata/fuzz/FuzzX/1", fatalMsg);
    if (a.key != NULL) {
        t_errorf(t, "add did not take the signature");
    }
    crashSig b = fuzz_crashSignature(fatalMsg2);
    if (fuzz_crashList_find(&l, b.key) != r) {
        t_errorf(t, "find(%s) did not give the crash added", b.key);
    }
    crashSig c = fuzz_crashSignature(fatalOther);
    if (fuzz_crashList_find(&l, c.key) != NULL) {
        t_errorf(t, "find(%s) found a crash of another cause", c.key);
    }
    go_error *err = fuzz_newCrashesError(&l);
    if (l.len != 0 || strcmp(go_error_Error(err), "fuzzing found 1 distinct crash") != 0) {
        t_errorf(t, "error \"%s\", list left with %zu", go_error_Error(err), l.len);
    }
    go_error_free(err);
    fuzz_crashSig_clear(&b);
    fuzz_crashSig_clear(&c);
}
