// Package magic32 is the Go twin of bench/targets/magic32/target.c.
package magic32

import "encoding/binary"

// Magic is "FUZZ" read as a little-endian uint32.
const Magic = 0x5a5a5546

// Target reports whether the first four bytes of data, read as a
// little-endian uint32, are Magic.
func Target(data []byte) bool {
	if len(data) < 4 {
		return false
	}
	return binary.LittleEndian.Uint32(data) == Magic
}
