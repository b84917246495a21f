// Package parser is the Go twin of bench/targets/parser/target.c: the same
// INI-style parser, whose planted bug is an index out of range here.
package parser

const sectionMax = 8

// Result is what a successful parse found.
type Result struct {
	Pairs    int    // key-value pairs
	Sections int    // section headers
	Hash     uint32 // FNV-1a of each pair's "section.key"
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r'
}

func fnv(h uint32, p []byte) uint32 {
	for _, c := range p {
		h = (h ^ uint32(c)) * 16777619
	}
	return h
}

// Target parses data into r and returns 0, or -1 on a syntax error.
func Target(data []byte, r *Result) int {
	var section [sectionMax]byte // the current section, NUL-terminated
	section[0] = 0
	*r = Result{0, 0, 2166136261}
	i := 0
	for i < len(data) {
		start := i
		for i < len(data) && data[i] != '\n' {
			i++
		}
		end := i
		if i < len(data) {
			i++ // the newline
		}
		for start < end && isSpace(data[start]) {
			start++
		}
		for end > start && isSpace(data[end-1]) {
			end--
		}
		if start == end || data[start] == '#' || data[start] == ';' {
			continue
		}
		if data[start] == '[' {
			if end-start < 2 || data[end-1] != ']' {
				return -1
			}
			n := end - start - 2
			if n > sectionMax { // the bug: the NUL needs n < sectionMax
				return -1
			}
			copy(section[:], data[start+1:end-1])
			section[n] = 0 // out of range when n == sectionMax
			r.Sections++
			continue
		}
		eq := start
		for eq < end && data[eq] != '=' {
			eq++
		}
		if eq == end || eq == start {
			return -1
		}
		keyEnd := eq
		for keyEnd > start && isSpace(data[keyEnd-1]) {
			keyEnd--
		}
		sectionLen := 0
		for section[sectionLen] != 0 {
			sectionLen++
		}
		r.Hash = fnv(r.Hash, section[:sectionLen])
		r.Hash = fnv(r.Hash, []byte("."))
		r.Hash = fnv(r.Hash, data[start:keyEnd])
		r.Pairs++
	}
	return 0
}
