// sys_posix.h: worker processes, their descriptors and how they end
// (sys_posix.c).
#ifndef CTEST_INTERNAL_FUZZ_SYS_POSIX_H
#define CTEST_INTERNAL_FUZZ_SYS_POSIX_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "internal/fuzz/mem.h"

// "exit status 2", "signal: segmentation fault (core dumped)". Caller frees.
char *fuzz_exitStatusString(int status);
// fuzz_isInterruptStatus is isInterruptError for a wait status: killed by
// SIGINT.
bool fuzz_isInterruptStatus(int status);
// fuzz_isCrashSignal is isCrashSignal.
bool fuzz_isCrashSignal(int sig);
// ctest: the flags a worker sets in its shared memory's header before it
// ends (hung, engineFailed, interrupted) are in memory the fuzz function
// can write as well, so each is believed only when the process ended as a
// worker that set it does: a hang with exit status 2 (the watchdog's
// panic), an engine failure with workerExitCode, an interrupt with 0 or by
// SIGINT. Any other end of a call is a crash, whatever the header says.
bool fuzz_endedHung(const sharedMemHeader *hdr, int status);
bool fuzz_endedEngineFailed(const sharedMemHeader *hdr, int status);
bool fuzz_endedInterrupted(const sharedMemHeader *hdr, int status);
// fuzz_startProcess starts binPath with args (NULL-terminated), env (NULL:
// ours) and the worker's descriptors as its fds 3, 4 and 5 (sys_posix.go
// setWorkerComm): fuzzIn is read by the child, fuzzOut written by it, mem
// its shared memory; errFd (if >= 0) becomes its stderr. Its stdout (and
// without errFd, its stderr) is /dev/null, as Go's.
go_error *fuzz_startProcess(const char *binPath, char *const *args, char *const *env, int fuzzIn,
                            int fuzzOut, int memFd, int errFd, pid_t *pid);
// fuzz_processFd returns a descriptor that polls readable once process pid
// has ended (Linux's pidfd), or -1 where there is none. ctest: a worker's
// end is seen even when a process it forked keeps its pipes open, where
// Go waits for the pipe's EOF.
int fuzz_processFd(pid_t pid);
// fuzz_workerEnv is our environment with the sanitizer options and the
// malloc tunables workers run with (sys_posix.c), for workers whose limit
// on one allocation is allocLimitMB (0: none); free it with fuzz_freeEnv.
char **fuzz_workerEnv(int64_t allocLimitMB);
void fuzz_freeEnv(char **env);
// fuzz_reportStackOverflow makes a stack overflow of the calling thread
// (the one that runs the fuzz function) print Go's "fatal error: stack
// overflow" before the process dies of its SIGSEGV, using an alternate
// signal stack. It does nothing if SIGSEGV already has a handler (ASan's).
// ctest: a C stack overflow is otherwise a bare SIGSEGV.
void fuzz_reportStackOverflow(void);
// fuzz_getWorkerComm is getWorkerComm: in a worker, fds 3 and 4 and the
// shared memory mapped from fd 5.
go_error *fuzz_getWorkerComm(int *fuzzIn, int *fuzzOut, sharedMem **mem);

// fuzz_spawnWorker starts binPath with new fuzz_in and fuzz_out pipes, as
// its fds 3 and 4, memFd as its fd 5, and a pipe for its stderr when one
// can be made (else *errFd is -1: the process keeps ours). It returns the
// coordinator's ends: *inFd to write calls to, *outFd (non-blocking if
// asked) and *errFd to read.
go_error *fuzz_spawnWorker(const char *binPath, char **args, char **env, int memFd,
                           bool nonblockOut, pid_t *pid, int *inFd, int *outFd, int *errFd);

#endif // CTEST_INTERNAL_FUZZ_SYS_POSIX_H
