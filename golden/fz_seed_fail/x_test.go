package x

import "testing"

func FuzzAddFail(f *testing.F) {
	f.Add("fine")
	f.Add("boom")
	f.Fuzz(fuzzAddFail)
}

func fuzzAddFail(t *testing.T, s string) {
	if s == "boom" {
		t.Errorf("failed on %q", s)
	}
}

func FuzzFileFail(f *testing.F) {
	f.Add("fine")
	f.Fuzz(fuzzFileFail)
}

func fuzzFileFail(t *testing.T, s string) {
	if s == "boom" {
		t.Fatalf("fatal on %q", s)
	}
}
