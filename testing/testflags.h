// testflags.h: the test binary's flags that the driver also takes, by their
// short names (ctest -run=X), and passes on as -test.<name>=<value>: Go's
// passFlagToTest (cmd/go/internal/test/flagdefs.go), which Go generates
// from package testing's flag set. Here one list is read by both sides:
// cmd/ctest/testflag.c makes its rows for these flags from it, and
// testing's TestPassedFlagsAreTestFlags checks that each is one of the test
// binary's flags, of the same kind.
#ifndef CTEST_TESTING_TESTFLAGS_H
#define CTEST_TESTING_TESTFLAGS_H

// TESTING_PASSED_FLAGS(X) calls X(name, kind) for each, in name order.
// kind is how the driver reads the value before passing it on: Bool (a flag
// that takes no value), Int, Duration (a time.Duration), Path (a file or
// directory, made absolute) or String (passed as written, as -fuzztime's
// duration or count is).
#define TESTING_PASSED_FLAGS(X)                                                                    \
    X(count, Int)                                                                                  \
    X(failfast, Bool)                                                                              \
    X(fuzz, String)                                                                                \
    X(fuzzcacheseeds, Bool)                                                                        \
    X(fuzzcmp, Bool)                                                                               \
    X(fuzzdict, Path)                                                                              \
    X(fuzzkeepgoing, Bool)                                                                         \
    X(fuzzmalloclimit, Int)                                                                        \
    X(fuzzminimizetime, String)                                                                    \
    X(fuzzrsslimit, Int)                                                                           \
    X(fuzzstats, Bool)                                                                             \
    X(fuzztime, String)                                                                            \
    X(fuzztimeout, String)                                                                         \
    X(list, String)                                                                                \
    X(outputdir, Path)                                                                             \
    X(parallel, Int)                                                                               \
    X(run, String)                                                                                 \
    X(short, Bool)                                                                                 \
    X(timeout, Duration)                                                                           \
    X(v, Bool)

#endif // CTEST_TESTING_TESTFLAGS_H
