# replay_causes.sh: what the replay matrix (replay_e2e.sh and
# replay_cmake_e2e.sh) knows of each kind of crash of replay/, sourced.

# sanitizer KIND: the -sanitize flag KIND's crash needs, if any.
sanitizer() {
    case $1 in
    Overflow) echo "-sanitize=address" ;;
    Undefined) echo "-sanitize=undefined" ;;
    *) echo "" ;;
    esac
}

# cause KIND: an extended regular expression every mode's report of
# KIND's crash matches: ctest's words where ctest reports it, libFuzzer's
# (or the stack it prints) where libFuzzer does. Under UBSan, FuzzPack's
# read through NULL is reported as the null pointer's arithmetic, before
# it faults. afl-showmap, AFL++'s runner of one input, says "killed by
# signal N" and "Program timed off".
cause() {
    case $1 in
    Fatal) echo 'replay_test.c:[0-9]+: fatal: the planted failure' ;;
    Panic) echo 'panic: the planted panic' ;;
    Abort) echo 'SIGABRT|signal: aborted|in abort |killed by signal 6 ' ;;
    Pack) echo 'SIGSEGV|segmentation fault|SEGV on unknown address|zero offset to null pointer|killed by signal 11 ' ;;
    Overflow) echo 'AddressSanitizer: heap-buffer-overflow' ;;
    Undefined) echo 'runtime error: signed integer overflow' ;;
    Hang) echo 'test timed out|-test.fuzztimeout|ERROR: (libFuzzer|ctest): timeout|Program timed off' ;;
    Memory) echo 'out-of-memory|out of memory' ;;
    Exit) echo 'unexpected call to os.Exit\(0\) during test|fuzz target exited' ;;
    esac
}
