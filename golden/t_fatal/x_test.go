package x

import "testing"

func TestError(t *testing.T) {
	t.Error("first error")
	t.Errorf("second error %d", 2)
	t.Log("still running")
}

func TestFatal(t *testing.T) {
	t.Fatal("stop here")
	t.Log("not reached")
}

func TestFatalf(t *testing.T) {
	t.Fatalf("stop %s", "there")
}

func TestFailNow(t *testing.T) {
	t.Log("before FailNow")
	t.FailNow()
}

func TestFail(t *testing.T) {
	t.Logf("failed=%v", t.Failed())
	t.Fail()
	t.Logf("failed=%v", t.Failed())
}

func fatalSub(t *testing.T) {
	t.Fatal("sub fatal")
}

func TestFatalInSub(t *testing.T) {
	ok := t.Run("sub", fatalSub)
	t.Logf("parent continues, sub ok=%v", ok)
}

func TestPasses(t *testing.T) {
	t.Log("passing test log")
}
