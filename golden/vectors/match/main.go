// Command match prints the runes for which Go 1.19.8's unicode.IsSpace is
// true, one %U per line, for TestIsSpace in testing/match_test.c.
//
// Run: go run main.go > isspace.txt
package main

import (
	"fmt"
	"unicode"
)

func main() {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.IsSpace(r) {
			fmt.Printf("%U\n", r)
		}
	}
}
