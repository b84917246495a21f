# shellcheck shell=bash disable=SC2154,SC2034 # variables set by, and for, the sourcing script
# setup.sh: the start the suite's scripts share (run.sh, multi.sh,
# minimize.sh, keepgoing.sh, bugs.sh), sourced once they have set $root (the
# repository), $keep (1: keep the scratch directory) and say. It sets
# $libsrc, where the libraries' sources are (../shared/realworld/src beside
# the clone), and defines:
#
#   need_libraries   exits 77, which CTest reports as a skip, without them
#   make_work NAME   makes the scratch directory $work (ctest-NAME.XXXXXX
#                    under $TMPDIR), which the exit removes (unless $keep)
#                    after ending the processes the script left running
#   kill_tree PID    kills the processes below PID, deepest first
#   llvm_tools       sets $clang_major, and $llvm_profdata and $llvm_cov to
#                    the LLVM tools of clang's version (else those on PATH;
#                    empty when there are none)

libsrc=$root/../shared/realworld/src

need_libraries() {
    if [ ! -d "$libsrc" ]; then
        say "skipped: the libraries are not there ($libsrc; the suite expects shared/realworld beside the clone)"
        exit 77
    fi
}

# kill_tree <pid>: kills the processes below pid, deepest first (an
# engine's workers and forkservers, benchtool's process group leaders).
kill_tree() {
    local c
    for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do
        kill_tree "$c"
        kill -KILL "$c" 2>/dev/null || true
    done
}

# shellcheck disable=SC2317 # called by the trap
cleanup_work() {
    kill_tree $$
    if [ "$keep" -eq 1 ]; then
        say "kept $work"
    else
        rm -rf "$work"
    fi
}

make_work() {
    work=$(mktemp -d "${TMPDIR:-/tmp}/ctest-$1.XXXXXX")
    trap cleanup_work EXIT
    trap 'exit 130' INT TERM
}

# pick_llvm <tool>: the tool of clang's version (llvm-cov-14), else the
# one on PATH, else nothing.
pick_llvm() { command -v "$1-$clang_major" || command -v "$1" || true; }

llvm_tools() {
    clang_major=$(clang -dumpversion 2>/dev/null | cut -d. -f1 || true)
    llvm_profdata=$(pick_llvm llvm-profdata) llvm_cov=$(pick_llvm llvm-cov)
}
