// Command worker prints encoding/json's encoding of worker.go's RPC
// messages (go1.19.8 src/internal/fuzz/worker.go), with the same field
// names, types and order, as json.Encoder writes them to fuzz_in and
// fuzz_out. Run: go run main.go > rpc.txt
package main

import (
	"encoding/json"
	"os"
	"time"
)

type call struct {
	Ping     *pingArgs
	Fuzz     *fuzzArgs
	Minimize *minimizeArgs
}

type minimizeArgs struct {
	Timeout      time.Duration
	Limit        int64
	KeepCoverage []byte
	Index        int
}

type minimizeResponse struct {
	WroteToMem   bool
	Err          string
	CoverageData []byte
	Duration     time.Duration
	Count        int64
}

type fuzzArgs struct {
	Timeout      time.Duration
	Limit        int64
	Warmup       bool
	CoverageData []byte
}

type fuzzResponse struct {
	TotalDuration       time.Duration
	InterestingDuration time.Duration
	Count               int64
	CoverageData        []byte
	Err                 string
	InternalErr         string
}

type pingArgs struct{}
type pingResponse struct{}

func main() {
	enc := json.NewEncoder(os.Stdout)
	enc.Encode(call{Ping: &pingArgs{}})
	enc.Encode(call{Fuzz: &fuzzArgs{Timeout: 100 * time.Millisecond, Limit: 0, Warmup: true}})
	enc.Encode(call{Fuzz: &fuzzArgs{Timeout: 100 * time.Millisecond, Limit: 2500, CoverageData: []byte{0, 1, 2, 0xff, 0x80}}})
	enc.Encode(call{Minimize: &minimizeArgs{Timeout: time.Minute, Limit: 7, KeepCoverage: []byte{4, 0, 0, 16}, Index: 1}})
	enc.Encode(call{Minimize: &minimizeArgs{}})
	enc.Encode(fuzzResponse{TotalDuration: 100123456, InterestingDuration: 1234, Count: 98765, CoverageData: []byte("ab\x00c"), Err: "--- FAIL: FuzzX (0.00s)\n    x_test.c:9: bad \"\\x00\" <&>\n"})
	enc.Encode(fuzzResponse{InternalErr: "unexpected size for CoverageData: got 3, expected 4"})
	enc.Encode(minimizeResponse{WroteToMem: true, Err: "bad [1 1 1]", Duration: 5, Count: 12})
	enc.Encode(minimizeResponse{CoverageData: []byte{1}})
	enc.Encode(pingResponse{})
}
