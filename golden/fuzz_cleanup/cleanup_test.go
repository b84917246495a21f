package cleanup

import "testing"

func logCleanup(f *testing.F) {
	f.Log("cleanup")
}

func FuzzTargetSkip(f *testing.F) {
	f.Cleanup(func() { logCleanup(f) })
	f.Skip()
}

func FuzzTargetFatal(f *testing.F) {
	f.Cleanup(func() { logCleanup(f) })
	f.Fatal()
}

func FuzzTargetPanic(f *testing.F) {
	f.Cleanup(func() { logCleanup(f) })
	panic("oh no")
}

func logOuter(f *testing.F) {
	f.Log("outer")
}

func logInner(t *testing.T) {
	t.Logf("inner")
}

func fuzzFunction(t *testing.T, b []byte) {
	t.Cleanup(func() { logInner(t) })
}

func FuzzFunction(f *testing.F) {
	f.Add([]byte{0})
	f.Cleanup(func() { logOuter(f) })
	f.Fuzz(fuzzFunction)
}
