// Package fuzz declares fuzzResponse as go1.19.8 src/internal/fuzz/worker.go
// does, in a package of the same name, so that encoding/json's errors name
// the type as they do in a real coordinator.
package fuzz

import (
	"encoding/json"
	"strings"
	"time"
)

type fuzzResponse struct {
	TotalDuration       time.Duration
	InterestingDuration time.Duration
	Count               int64
	CoverageData        []byte
	Err                 string
	InternalErr         string
}

// DecodeResponse reads msg as the coordinator reads a worker's answer.
func DecodeResponse(msg string) error {
	var r fuzzResponse
	return json.NewDecoder(strings.NewReader(msg + "\n")).Decode(&r)
}
