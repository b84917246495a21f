package x

import "testing"

func logMsg(t *testing.T, msg string) {
	t.Log(msg)
}
func first(t *testing.T)     { logMsg(t, "first registered") }
func second(t *testing.T)    { logMsg(t, "second registered") }
func subCleanup(t *testing.T) { logMsg(t, "sub cleanup") }
func afterFatal(t *testing.T) { logMsg(t, "cleanup after fatal") }
func afterSkip(t *testing.T)  { logMsg(t, "cleanup after skip") }
func failing(t *testing.T)    { t.Error("error in cleanup") }
func late(t *testing.T)       { logMsg(t, "registered by a cleanup") }
func registering(t *testing.T) { t.Cleanup(func() { late(t) }); logMsg(t, "registering") }

func sub(t *testing.T) {
	t.Cleanup(func() { subCleanup(t) })
	t.Log("sub body")
}

func TestCleanupOrder(t *testing.T) {
	t.Cleanup(func() { first(t) })
	t.Cleanup(func() { second(t) })
	t.Run("sub", sub)
	t.Log("body done")
}

func TestCleanupAfterFatal(t *testing.T) {
	t.Cleanup(func() { afterFatal(t) })
	t.Fatal("fatal")
}

func TestCleanupAfterSkip(t *testing.T) {
	t.Cleanup(func() { afterSkip(t) })
	t.Skip("skip")
}

func TestCleanupFails(t *testing.T) {
	t.Cleanup(func() { failing(t) })
	t.Log("body passes")
}

func TestCleanupRegistersCleanup(t *testing.T) {
	t.Cleanup(func() { registering(t) })
	t.Cleanup(func() { second(t) })
}
