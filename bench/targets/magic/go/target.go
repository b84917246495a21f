// Package magic is the Go twin of bench/targets/magic/target.c.
package magic

// depth counts the matched bytes, as magic_depth does.
var depth int

// Target reports whether data begins with "FUZZ", checked byte by byte.
func Target(data []byte) bool {
	if len(data) >= 4 {
		if data[0] == 'F' {
			depth = 1
			if data[1] == 'U' {
				depth = 2
				if data[2] == 'Z' {
					depth = 3
					if data[3] == 'Z' {
						depth = 4
						return true
					}
				}
			}
		}
	}
	return false
}
