// Package nop is the Go twin of bench/targets/nop/target.c.
package nop

// Target does nothing with its input.
func Target(data []byte) {}
