// Package twoarg is the Go twin of bench/targets/twoarg/target.c.
package twoarg

// Prefix and N are the values that fail.
const (
	Prefix = "key="
	N      = 1000003
)

// Target reports whether s begins with Prefix (checked byte by byte) and x
// is N.
func Target(s string, x int64) bool {
	for i := 0; i < len(Prefix); i++ {
		if i >= len(s) || s[i] != Prefix[i] {
			return false
		}
	}
	return x == N
}
