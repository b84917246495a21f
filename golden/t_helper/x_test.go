package x

import "testing"

func helper(t *testing.T) {
	t.Helper()
	t.Error("from helper")
}

func helper2(t *testing.T) {
	t.Helper()
	helper(t)
}

func notHelper(t *testing.T) {
	helper(t)
}

func helperFatal(t *testing.T) {
	t.Helper()
	t.Fatalf("fatal from %s", "helper")
}

func helperLog(t *testing.T, msg string) {
	t.Helper()
	t.Log(msg)
}

func cleanupHelper(t *testing.T) { helperLog(t, "cleanup via helper") }

func TestHelper(t *testing.T) {
	helper(t)
	helper2(t)
	notHelper(t)
}

func TestHelperFatal(t *testing.T) {
	helperFatal(t)
}

func TestHelperInCleanup(t *testing.T) {
	t.Cleanup(func() { cleanupHelper(t) })
	helperLog(t, "body via helper")
}

func subUsesHelper(t *testing.T) {
	helperLog(t, "sub via helper")
}

func TestHelperSub(t *testing.T) {
	t.Run("sub", subUsesHelper)
}
