package x

import (
	"os"
	"path/filepath"
	"testing"
)

var saved string

func TestTempDir(t *testing.T) {
	d1 := t.TempDir()
	d2 := t.TempDir()
	if d1 == d2 {
		t.Error("TempDir returned the same directory twice")
	}
	if err := os.WriteFile(filepath.Join(d1, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal("cannot write in TempDir")
	}
	saved = d1
	t.Log("TempDir ok")
}

func TestTempDirRemoved(t *testing.T) {
	if _, err := os.Stat(saved); err == nil {
		t.Error("TempDir not removed after the test")
	}
}

func TestSetenv(t *testing.T) {
	t.Setenv("CTEST_COMPAT_A", "set")
	if os.Getenv("CTEST_COMPAT_A") != "set" {
		t.Error("Setenv did not set")
	}
}

func TestSetenvRestored(t *testing.T) {
	if v, ok := os.LookupEnv("CTEST_COMPAT_A"); ok {
		t.Errorf("Setenv not restored: %s", v)
	}
	if os.Getenv("CTEST_COMPAT_B") != "outer" {
		t.Error("CTEST_COMPAT_B changed")
	}
}

func TestSetenvOverride(t *testing.T) {
	t.Setenv("CTEST_COMPAT_B", "inner")
	t.Log(os.Getenv("CTEST_COMPAT_B"))
}

func TestSetenvOverrideRestored(t *testing.T) {
	t.Log(os.Getenv("CTEST_COMPAT_B"))
}
