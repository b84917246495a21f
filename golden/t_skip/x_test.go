package x

import "testing"

func TestSkip(t *testing.T) {
	t.Skip("skipping")
}

func TestSkipf(t *testing.T) {
	t.Skipf("skip %d of %s", 3, "them")
}

func TestSkipNow(t *testing.T) {
	t.Log("before SkipNow")
	t.SkipNow()
}

func TestSkipAfterError(t *testing.T) {
	t.Error("an error first")
	t.Skip("then skip")
}

func skipper(t *testing.T) {
	t.Skip("sub skipped")
}

func passer(t *testing.T) {
	t.Log("sub passes")
}

func TestSkipSub(t *testing.T) {
	t.Run("skip", skipper)
	t.Run("pass", passer)
	if t.Skipped() {
		t.Error("parent skipped")
	}
}

func allSkip(t *testing.T) {
	t.Skip("all skip")
}

func TestAllSubsSkip(t *testing.T) {
	t.Run("a", allSkip)
	t.Run("b", allSkip)
}
