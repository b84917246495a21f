package x

import "testing"

var f0 *testing.F


func fuzzFail(t *testing.T, b []byte) {
	f0.Fail()
}

func FuzzFail(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzFail)
}

func fuzzFailNow(t *testing.T, b []byte) {
	f0.FailNow()
}

func FuzzFailNow(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzFailNow)
}

func fuzzLog(t *testing.T, b []byte) {
	f0.Log("msg")
}

func FuzzLog(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzLog)
}

func fuzzLogf(t *testing.T, b []byte) {
	f0.Logf("msg %d", 1)
}

func FuzzLogf(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzLogf)
}

func fuzzError(t *testing.T, b []byte) {
	f0.Error("msg")
}

func FuzzError(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzError)
}

func fuzzErrorf(t *testing.T, b []byte) {
	f0.Errorf("msg %d", 1)
}

func FuzzErrorf(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzErrorf)
}

func fuzzFatal(t *testing.T, b []byte) {
	f0.Fatal("msg")
}

func FuzzFatal(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzFatal)
}

func fuzzFatalf(t *testing.T, b []byte) {
	f0.Fatalf("msg %d", 1)
}

func FuzzFatalf(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzFatalf)
}

func fuzzSkip(t *testing.T, b []byte) {
	f0.Skip("msg")
}

func FuzzSkip(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzSkip)
}

func fuzzSkipf(t *testing.T, b []byte) {
	f0.Skipf("msg %d", 1)
}

func FuzzSkipf(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzSkipf)
}

func fuzzSkipNow(t *testing.T, b []byte) {
	f0.SkipNow()
}

func FuzzSkipNow(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzSkipNow)
}

func fuzzSkipped(t *testing.T, b []byte) {
	_ = f0.Skipped()
}

func FuzzSkipped(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzSkipped)
}

func fuzzHelper(t *testing.T, b []byte) {
	f0.Helper()
}

func FuzzHelper(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzHelper)
}

func fuzzCleanup(t *testing.T, b []byte) {
	f0.Cleanup(func() {})
}

func FuzzCleanup(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzCleanup)
}

func fuzzTempDir(t *testing.T, b []byte) {
	_ = f0.TempDir()
}

func FuzzTempDir(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzTempDir)
}

func fuzzSetenv(t *testing.T, b []byte) {
	f0.Setenv("CTEST_COMPAT_X", "1")
}

func FuzzSetenv(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzSetenv)
}

func fuzzFailed(t *testing.T, b []byte) {
	_ = f0.Failed()
}

func FuzzFailed(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzFailed)
}

func fuzzName(t *testing.T, b []byte) {
	t.Log(f0.Name())
}

func FuzzName(f *testing.F) {
	f0 = f
	f.Add([]byte("x"))
	f.Fuzz(fuzzName)
}

