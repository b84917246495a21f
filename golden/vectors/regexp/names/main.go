// Command names prints Go 1.19's \p{...} names (unicode.Categories and
// unicode.Scripts keys, sorted) with the number of runes regexp/syntax's
// parser holds for each (its class ranges, lo and hi), the rows of
// internal/std/regexp_syntax_names.c's table.
package main

import (
	"fmt"
	"regexp/syntax"
	"sort"
	"unicode"
)

func main() {
	var names []string
	for k := range unicode.Categories {
		names = append(names, k)
	}
	for k := range unicode.Scripts {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, n := range names {
		re, err := syntax.Parse(`\p{`+n+`}`, syntax.Perl)
		if err != nil {
			panic(err)
		}
		fmt.Printf("    { %q, %d },\n", n, len(re.Rune))
	}
}
