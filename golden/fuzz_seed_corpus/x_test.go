package x

import "testing"

func FuzzWithAdd(f *testing.F) {
	f.Add(10)
	f.Fuzz(fuzzBadIf10)
}

func FuzzWithGoodAdd(f *testing.F) {
	f.Add(10)
	f.Fuzz(fuzzBadIfNot10)
}

func FuzzWithTestdata(f *testing.F) {
	f.Fuzz(fuzzBadIf10)
}

func FuzzWithNoCache(f *testing.F) {
	f.Fuzz(fuzzAlwaysBad)
}

func FuzzWithMinimizableCache(f *testing.F) {
	f.Fuzz(fuzzNonZero)
}

func fuzzBadIf10(t *testing.T, i int) {
	if i == 10 {
		t.Error("bad thing here")
	}
}

func fuzzBadIfNot10(t *testing.T, i int) {
	if i != 10 {
		t.Error("bad thing here")
	}
}

func fuzzAlwaysBad(t *testing.T, i int) {
	t.Error("bad thing here")
}

func fuzzNonZero(t *testing.T, b []byte) {
	if len(b) < 10 {
		return
	}
	for _, n := range b {
		if n != 0 {
			if len(b) == 10 {
				t.Log("got the minimum size!")
			}
			t.Fatalf("contains a non-zero byte of length %d", len(b))
		}
	}
}
