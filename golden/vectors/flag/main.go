// Command flag writes the expected values of internal/std's flag tests by
// running Go 1.19.8's package flag: PrintDefaults output for
// flag_test.go's TestPrintDefaults set (minus the rows ctest does not port)
// and for a set shaped like testing's flags, and, for a table of command
// lines, what Parse printed, returned and left in each flag.
//
// Run from this directory: go run main.go (writes *.inc, C initializers that
// internal/std/flag_test.c includes). The flag definitions here and in
// flag_test.c must stay the same.
package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

import "flag"

// flagVar is flag_test.go's user-defined flag type.
type flagVar []string

func (f *flagVar) String() string { return fmt.Sprint([]string(*f)) }

func (f *flagVar) Set(value string) error {
	*f = append(*f, value)
	return nil
}

// boolFlagVar is flag_test.go's user-defined boolean flag type.
type boolFlagVar struct{ count int }

func (b *boolFlagVar) String() string { return fmt.Sprintf("%d", b.count) }

func (b *boolFlagVar) Set(value string) error {
	if value == "true" {
		b.count++
	}
	return nil
}

func (b *boolFlagVar) IsBoolFlag() bool { return b.count < 4 }

// durationOrCountFlag is testing/benchmark.go's.
type durationOrCountFlag struct {
	d         time.Duration
	n         int
	allowZero bool
}

func (f *durationOrCountFlag) String() string {
	if f.n > 0 {
		return fmt.Sprintf("%dx", f.n)
	}
	return f.d.String()
}

func (f *durationOrCountFlag) Set(s string) error {
	if strings.HasSuffix(s, "x") {
		n, err := strconv.ParseInt(s[:len(s)-1], 10, 0)
		if err != nil || n < 0 || (!f.allowZero && n == 0) {
			return fmt.Errorf("invalid count")
		}
		*f = durationOrCountFlag{n: int(n)}
		return nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 || (!f.allowZero && d == 0) {
		return fmt.Errorf("invalid duration")
	}
	*f = durationOrCountFlag{d: d}
	return nil
}

// printDefaultsSet is TestPrintDefaults' set without the Float64 (F, G) and
// zeroPanicker (ZP0, ZP1) rows, which ctest does not port.
func printDefaultsSet(fs *flag.FlagSet) {
	fs.Bool("A", false, "for bootstrapping, allow 'any' type")
	fs.Bool("Alongflagname", false, "disable bounds checking")
	fs.Bool("C", true, "a boolean defaulting to true")
	fs.String("D", "", "set relative `path` for local imports")
	fs.String("E", "0", "issue 23543")
	fs.String("M", "", "a multiline\nhelp\nstring")
	fs.Int("N", 27, "a non-zero int")
	fs.Bool("O", true, "a flag\nmultiline help string")
	fs.Var(&flagVar{"a", "b"}, "V", "a `list` of strings")
	fs.Int("Z", 0, "an int that defaults to zero")
	fs.Duration("maxT", 0, "set `timeout` for dial")
}

// testingSet is shaped like testing's flags, with ctest's extra rows: every
// kind of value, defaults zero and not, back-quoted names, a lone back
// quote, quotes and non-ASCII in a string default, one-letter names.
func testingSet(fs *flag.FlagSet) {
	fs.Bool("test.v", false, "verbose: print additional output")
	fs.Uint("test.count", 1, "run tests and benchmarks `n` times")
	fs.String("test.run", "", "run only tests and examples matching `regexp`")
	fs.Duration("test.timeout", 0, "panic test binary after duration `d` (default 0, timeout disabled)")
	fs.Int("test.parallel", 2, "run at most `n` tests in parallel")
	fs.String("test.shuffle", "off", "randomize the execution order of tests and benchmarks")
	fs.Var(&durationOrCountFlag{}, "test.fuzztime", "time to spend fuzzing; default is to run indefinitely")
	fs.Var(&durationOrCountFlag{d: 60 * time.Second, allowZero: true}, "test.fuzzminimizetime", "time to spend minimizing a value after finding a failing input")
	fs.Int64("i64", -5, "an int64 with a `lone back quote")
	fs.Uint64("u64", 0, "a uint64")
	fs.Duration("d", 90*time.Minute, "a non-zero duration")
	fs.String("s", "say \"hé\"\t", "a string with quotes")
	fs.Func("test.func", "a func flag: `fails` on \"bad\"", func(s string) error {
		if s == "bad" {
			return fmt.Errorf("test error")
		}
		return nil
	})
	fs.Var(&boolFlagVar{}, "b", "a user-defined boolean")
	fs.Bool("é", false, "a one-rune name of two bytes")
}

// parseTests are the command lines; each is parsed by a fresh "test" set
// with ContinueOnError.
var parseTests = [][]string{
	{},
	{"-test.v"},
	{"--test.v"},
	{"-test.v=false"},
	{"-test.v=x"},
	{"-test.v", "false"},
	{"-test.v=true", "-test.v=0"},
	{"-test.count=3"},
	{"-test.count", "x"},
	{"-test.count=-1"},
	{"-test.count=0x10"},
	{"-test.count=18446744073709551616"},
	{"-test.parallel=9223372036854775808"},
	{"-test.parallel", "-3"},
	{"-i64=0b101"},
	{"-i64=1_000"},
	{"-u64=0o17"},
	{"-test.run"},
	{"-test.run", "^TestX$", "rest", "-test.v"},
	{"-test.run=", "x"},
	{"-test.run=a=b"},
	{"-x"},
	{"-h"},
	{"-help"},
	{"--help"},
	{"-help=1"},
	{"---x"},
	{"-=x"},
	{"--=x"},
	{"-"},
	{"--", "-test.v"},
	{"a", "-test.v"},
	{"-test.timeout=1x"},
	{"-test.timeout", "2m"},
	{"-test.timeout=-1.5h"},
	{"-test.fuzztime=10x"},
	{"-test.fuzztime=0x"},
	{"-test.fuzztime=bad"},
	{"-test.fuzztime", "5s"},
	{"-test.fuzzminimizetime=0"},
	{"-test.func=a", "-test.func", "b"},
	{"-test.func=bad"},
	{"-b", "-b", "-b", "-b=true", "-b=false", "-b", "barg", "-b"},
	{"-b=x"},
	{"-é", "-s", "x"},
	{"-s="},
}

// cString renders s as a C string literal: octal escapes never swallow a
// following hex digit, and '?' could start a trigraph.
func cString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString("\\n")
		case c == '\t':
			b.WriteString("\\t")
		case c < ' ' || c >= 0x7f || c == '?':
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func write(name string, body string) {
	s := fmt.Sprintf("// Generated by golden/vectors/flag/main.go with %s; do not edit.\n%s", runtime.Version(), body)
	if err := os.WriteFile(name, []byte(s), 0o666); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func main() {
	var buf bytes.Buffer
	fs := flag.NewFlagSet("print defaults test", flag.ContinueOnError)
	fs.SetOutput(&buf)
	printDefaultsSet(fs)
	fs.PrintDefaults()
	write("print_defaults.inc", "// TestPrintDefaults' defaultOutput, for printDefaultsSet\n"+cString(buf.String())+"\n")

	buf.Reset()
	fs = flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(&buf)
	testingSet(fs)
	fs.Usage()
	write("usage_output.inc", "// fs.Usage() for testingSet\n"+cString(buf.String())+"\n")

	var b strings.Builder
	b.WriteString("// parseTests: { args, output, err.Error() or NULL, Args() joined by \\n, \"name=value;\" for each flag, Visit's names }\n")
	for _, args := range parseTests {
		buf.Reset()
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(&buf)
		testingSet(fs)
		err := fs.Parse(args)
		e := "NULL"
		if err != nil {
			e = cString(err.Error())
		}
		var values, visited strings.Builder
		fs.VisitAll(func(f *flag.Flag) { fmt.Fprintf(&values, "%s=%s;", f.Name, f.Value.String()) })
		fs.Visit(func(f *flag.Flag) { fmt.Fprintf(&visited, "%s;", f.Name) })
		var cargs []string
		for _, a := range args {
			cargs = append(cargs, cString(a))
		}
		cargs = append(cargs, "NULL")
		fmt.Fprintf(&b, "{ (const char *const[]){ %s },\n  %s,\n  %s,\n  %s,\n  %s,\n  %s },\n",
			strings.Join(cargs, ", "), cString(buf.String()), e, cString(strings.Join(fs.Args(), "\n")),
			cString(values.String()), cString(visited.String()))
	}
	write("parse_tests.inc", b.String())
}
