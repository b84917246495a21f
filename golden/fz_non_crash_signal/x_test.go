package x

import (
	"syscall"
	"testing"
)

func FuzzNonCrash(f *testing.F) {
	f.Fuzz(fuzzNonCrash)
}

func fuzzNonCrash(t *testing.T, b bool) {
	pid := syscall.Getpid()
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		panic(err)
	}
	// signal may not be received immediately. Wait for it.
	select {}
}

func FuzzKill(f *testing.F) {
	f.Fuzz(fuzzKill)
}

func fuzzKill(t *testing.T, b bool) {
	pid := syscall.Getpid()
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		panic(err)
	}
	// signal may not be received immediately. Wait for it.
	select {}
}
