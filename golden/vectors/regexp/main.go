// Command regexp records what Go 1.19.8's regexp.Compile and MatchString
// say about a few hundred patterns, for testing/testdeps_test.c.
//
// Output (regexp.txt): a line "subjects N", N lines each a quoted subject,
// then one line per pattern: the quoted pattern, a tab, the quoted error
// text ("" when it compiles), a tab, and for a valid pattern one 0/1 per
// subject (MatchString), "-" otherwise.
//
// Run: go run main.go > regexp.txt
package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

var subjects = []string{
	"", "a", "A", "b", "ab", "abc", "ABC", "aaa", "x", "xy", "xyz", "TestFoo",
	"TestFooBar", "Test", "foo", "bar", "baz", "Foo_Bar", "a\nb", "\n", "a\n",
	"\nb", "\t", " ", "\v", "\f", "\r", "0", "123", "1a2b", "_", "-", "a-b",
	"[", "]", "(", ")", "{", "}", "a{", "a{1}", "a{,2}", "x{2}", "xx", "xxx",
	"k", "K", "\u212a", "s", "S", "\u017f", "é", "É", "ß", "αβγ", "ΑΒΓ", "日本語",
	"Σ", "σ", "ς", "\x00", "\x7f", "\u00a0", "\U0010ffff", "#", "#01",
	"a#01", "x/y", "a|b", "\\", "$", "^", ".", "*", "+", "?", "word word",
	"Fuzz", "FuzzX", "BenchmarkA", "a.b", "1.5", "café", "ñ", "Ñ", "\u2028",
	"\xff", "a\xffb",
}

var patterns = []string{
	// regexp/syntax parse_test.go invalidRegexps, in order.
	`(`,
	`)`,
	`(a`,
	`a)`,
	`(a))`,
	`(a|b|`,
	`a|b|)`,
	`(a|b|))`,
	`(a|b`,
	`a|b)`,
	`(a|b))`,
	`[a-z`,
	`([a-z)`,
	`[a-z)`,
	`([a-z]))`,
	`x{1001}`,
	`x{9876543210}`,
	`x{2,1}`,
	`x{1,9876543210}`,
	"\xff",
	"[\xff]",
	"[\\\xff]",
	"\\\xff",
	`(?P<name>a`,
	`(?P<name>`,
	`(?P<name`,
	`(?P<x y>a)`,
	`(?P<>a)`,
	`[a-Z]`,
	`(?i)[a-Z]`,
	`\Q\E*`,
	`a{100000}`,
	`a{100000,}`,
	"((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){2})",
	strings.Repeat("(", 1000) + strings.Repeat(")", 1000),
	strings.Repeat("(?:", 1000) + strings.Repeat(")*", 1000),
	"(" + strings.Repeat("(xx?)", 1000) + "){1000}",
	strings.Repeat("(xx?){1000}", 1000),
	strings.Repeat(`\pL`, 27000),
	// onlyPerl and onlyPOSIX.
	`[a-b-c]`, `\Qabc\E`, `\Q*+?{[\E`, `\Q\\E`, `\Q\\\E`, `\Q\\\\E`, `\Q\\\\\E`,
	`(?:a)`, `(?P<name>a)`,
	"a++", "a**", "a?*", "a+*", "a{1}*", ".{1}{2}.{3}",
	// parse_test.go parseTests (a selection, in order).
	`a`, `a.`, `a.b`, `ab`, `a.b.c`, `abc`, `a|^`, `a|b`, `(a)`, `(a)|b`,
	`a*`, `a+`, `a?`, `a{2}`, `a{2,3}`, `a{2,}`, `a*?`, `a+?`, `a??`, `a{2}?`,
	`a{2,3}?`, `a{2,}?`, `x{1001`, `x{9876543210`, `x{9876543210,`, `x{2,1`,
	`x{1,9876543210`, ``, `|`, `|x|`, `.`, `^`, `$`, `\|`, `\(`, `\)`, `\*`,
	`\+`, `\?`, `{`, `}`, `\.`, `\^`, `\$`, `\\`, `[ace]`, `[abc]`, `[a-z]`,
	`[a]`, `\-`, `-`, `\_`, `abc`, `abc|def`, `abc|def|ghi`, `[[:lower:]]`,
	`(?i)[[:lower:]]`, `[[:^lower:]]`, `(?i)[[:^lower:]]`, `(?i)\w`, `(?i)\W`,
	`[[:word:]]`, `[[:^word:]]`, `\d`, `\D`, `\s`, `\S`, `\w`, `\W`, `(?i)\d`,
	`(?i)\D`, `(?i)\s`, `(?i)\S`, `[^\\]`, `\pZ`, `\p{Braille}`, `\PZ`,
	`\P{Braille}`, `\p{^Braille}`, `\P{^Braille}`, `\pZ`, `[\pZ]`, `\p{Lu}`,
	`[\p{Lu}]`, `(?i)[\p{Lu}]`, `\p{Any}`, `\p{^Any}`, `[\p{Braille}]`,
	`[\P{Braille}]`, `[\p{^Braille}]`, `[\P{^Braille}]`, `[\pZ]`, `\p{Lu}`,
	`\p{Greek}`, `\P{Greek}`, `[\p{Greek}]`, `[^\p{Greek}]`, `[\PZ]`,
	`[^\PZ]`, `[^\x{10FFFF}]`, `[^\x{10FFFE}]`, `(?i)\P{Lu}`,
	`a{,2}`, `\.\^\$\\`, `[a-zABC]`, `[^a]`, `[α-ε☺]`, `a*{`, `(?:ab)*`,
	`(ab)*`, `ab|cd`, `a(b|c)d`, `(?:a)`, `(?:ab)(?:cd)`, `(?:a+b+)(?:c+d+)`,
	`(?:a+|b+)|(?:c+|d+)`, `(?:a|b)|(?:c|d)`, `a|.`, `.|a`, `(?:[abc]|A|Z|hello|world)`,
	`(?:[abc]|A|Z)`, `\Q+|*?{[\E`, `\Q+\E+`, `\Qab\E+`, `\Q\\E`, `\Q\\\E`,
	`(?s).`, `(?-s).`, `(?m)^`, `(?m)$`, `^`, `$`, `(?-m)^`, `(?-m)$`, `(?U)a*`,
	`(?U)a*?`, `(?i)k`, `(?i)K`, `(?i)s`, `(?i)S`, `(?i)σ`, `(?i)ß`, `(?i)é`,
	`(?i)[k]`, `(?i)[^k]`, `(?i)[a-z]`, `[[:upper:]]`, `(?i)[[:upper:]]`,
	`abc|abd|aef|bcx|bcy`, `ax+y|ax+z|ay+w`, `(?:.)`, `(?:x|(?:xa))`,
	`(?:.|(?:.a))`, `(?:A(?:A|a))`, `(?:A|a)`, `(?s:.)`, `a\C*`, `a\C*|ba\C`,
	`\x{1fffd}`, `\x00`, `\x{1}`, `\x{00}`, `\x{000}`, `\x{10FFFF}`, `\x{110000}`,
	`\x{}`, `\x{1g}`, `\x`, `\x1`, `\x1g`, `\xg1`, `\0`, `\07`, `\077`, `\0777`,
	`\1`, `\8`, `\12`, `\18`, `\a\f\n\r\t\v`, `\b`, `\B`, `\A`, `\z`, `\Z`,
	`\G`, `\K`, `\R`, `\X`, `\h`, `\cA`, `\e`, `\o{12}`, `\N{U+0041}`, `\k<a>`,
	`\g1`, `\q`, `\é`, `\_`, `\ `, `\#`, `\-`, `\p`, `\pX`, `\p{`, `\p{L`,
	`\p{XYZ}`, `\p{greek}`, `\p{Greek`, `\P`, `\p{}`, `\p{^}`, `\pé`,
	`[\p{Foo}]`, `[\p`, `[\d-z]`, `[a-\d]`, `[z-a]`, `[a-a]`, `[\x{10FFFF}-\x{0}]`,
	`[]`, `[]a]`, `[^]`, `[^]a]`, `[-]`, `[a-]`, `[-a]`, `[a-b-c]`, `[[:alpha:]`,
	`[[:alpha:]]`, `[[:foo:]]`, `[[:^alpha:]]`, `[[:alpha]]`, `[[:]]`, `[[::]]`,
	`[[=a=]]`, `[[.a.]]`, `[\b]`, `[\Q]\E]`, `[\n]`, `[\z]`, `[\A]`, `[\pL-z]`,
	`[a-\pL]`, `[\x{D800}]`, `\x{D800}`, `[\x{D7FF}-\x{E000}]`,
	// Perl syntax Go rejects.
	`(?<name>a)`, `(?'name'a)`, `(?=a)`, `(?!a)`, `(?<=a)`, `(?<!a)`, `(?>a)`,
	`(?#comment)`, `(?|a)`, `(?R)`, `(?1)`, `(?&name)`, `(?P=name)`, `(?P>name)`,
	`(?x)a b`, `(?i`, `(?`, `(?)`, `(?-)`, `(?i-)`, `(?--i)`, `(?i-i)`,
	`(?i-m:a)`, `(?ims-U:a)`, `(?z)`, `(?é)`, "(?\xff)", `(?P`, `(?P<`,
	`(?P<n>`, `(?P<n>a)(?P<n>b)`, `(?P<1>a)`, `(?P<é>a)`, `(?P<a>a`, `(?P=a)`,
	`a*+`, `a++`, `a?+`, `a{2}+`, `a{2}{3}`, `a{2}*`, `a***`, `a*??`, `a**?`,
	`(?:a*)*`, `(a*)+`, `*`, `+`, `?`, `{1}`, `a|*`, `(*)`, `(?:*)`, `(?i)*`,
	`^*`, `$+`, `\b*`, `a(?i)*`, `x{1000}`, `x{0,1000}`, `x{1000,}`, `x{1001,}`,
	`x{0}`, `x{0,0}`, `x{01}`, `x{1,01}`, `x{ 1}`, `x{1 }`, `x{1,2,3}`, `x{-1}`,
	`(x{2}){500}`, `(x{2}){501}`, `((x{10}){10}){10}`, `((x{10}){10}){11}`,
	`(?:x{2}){501}`, `(x{1000}){0}`, `(x{0}){1000}`, `(x*){1000}`,
	`a\`, `\`, `[a\`, `(a\`, "a\\\x00", "\x00", "a\x00b", "[\x00]",
	"\u00e9", "caf\u00e9", "\xe2\x82", "a\xc0\x80", "\xed\xa0\x80", `a\x{FFFD}`,
	// -test.run style patterns.
	`TestFoo`, `^TestFoo$`, `Test.*`, `Foo|Bar`, `^(Foo|Bar)$`, `Test[A-Z]`,
	`^Test$`, `Fuzz`, `^FuzzX$`, `Benchmark`, `.*`, `.+`, `^$`, `^.$`, `#01`,
	`a#\d+`, `[[:space:]]`, `\s+`, `word\b`, `\bword`, `\Bord`, `x/y`, `a\|b`,
	`(?i)test`, `(?i)TESTFOO`, `(?m)^b`, `(?m)a$`, `(?s)a.b`, `a.b`, `a$`,
	`^b`, `(?m)^$`, `\n`, `[^\n]`, `[^a]`, `\v`, `[\s]`, `[\S]`, `\S+`, `\W`,
	`[\W]`, `[^\w]`, `[^\W]`, `\p{Greek}+`, `\p{Han}`, `\pN`, `\pL+`, `\p{L}`,
	`\PL`, `(?i)ΑΒΓ`, `(?i)Σ`, `(?i)ς`, `(?i)[σ]`, `(?i)É`, `(?i)ñ`, `日本`,
	`[日本]`, `.{3}`, `^.{3}$`, `^...$`, `\x{212A}`, `(?i)\x{212A}`, `(?i)[k-k]`,
	`\x{FFFD}`, `^\x{FFFD}$`, `\x{10FFFF}`, `[\x{0}-\x{10FFFF}]`, `\x00`,
	`\x7f`, `[\x00-\x1f]`, `[[:cntrl:]]`, `[[:print:]]+`, `^[[:print:]]+$`,
	`[[:punct:]]`, `[[:xdigit:]]+`, `[[:blank:]]`, `[[:graph:]]`, `[[:ascii:]]`,
	`[^[:ascii:]]`, `[[:^ascii:]]`, `[[:alnum:]_]+`, `(?i)[[:^upper:]]`, `(?U)x+`,
	`a{2}`, `a{1,}`, `x{2,3}$`, `^x{2,3}$`, `(?:xy)+`, `(xy)?z`, `\$`, `\^`, `\.`,
	`\*`, `\+`, `\?`, `\[`, `\]`, `\{`, `\}`, `\(`, `\)`, `\\\\`, `a{`, `a{1`,
	`a{1,`, `a{x}`, `a{,}`, `a\{1\}`, `\Q.\E`, `\Q.`, `\Qa\Eb`, `\E`, `a\E`,
	`(|a)`, `(a|)`, `(|)`, `()`, `(?:)`, `(?i)`, `(?i)(?-i)a`, `(?i:a)b`,
	`(a(?i)b|c)`, `(?i)a|b`, `a(?i:b)c`, `(?i)(a)B`, `((?i)a)B`,
}

func main() {
	fmt.Printf("subjects %d\n", len(subjects))
	for _, s := range subjects {
		fmt.Println(strconv.Quote(s))
	}
	for _, p := range patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			fmt.Printf("%s\t%s\t-\n", strconv.Quote(p), strconv.Quote(err.Error()))
			continue
		}
		var b strings.Builder
		for _, s := range subjects {
			if re.MatchString(s) {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
		fmt.Printf("%s\t\"\"\t%s\n", strconv.Quote(p), b.String())
	}
}
