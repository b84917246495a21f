// Command bad prints, for each answer a worker could send that is not a
// valid fuzzResponse, the error encoding/json's Decoder gives when the
// coordinator reads it (go1.19.8 src/internal/fuzz/worker.go's
// workerClient.callLocked): one "message<TAB>error" line each, the message
// quoted. Run: go run . > ../bad.txt
package main

import (
	"fmt"

	"bad/fuzz"
)

func main() {
	msgs := []string{
		`[1,2]`,
		`"x"`,
		`{"Count":"x"}`,
		`{"Count":true}`,
		`{"TotalDuration":{}}`,
		`{"CoverageData":5}`,
		`{"Err":7}`,
		`{"InternalErr":[1]}`,
	}
	for _, m := range msgs {
		fmt.Printf("%q\t%v\n", m, fuzz.DecodeResponse(m))
	}
}
