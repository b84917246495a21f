// Command main records what Go 1.19.8's test2json (go tool test2json -t)
// makes of test output with the cases its own testdata lacks: HTML and
// control characters, invalid UTF-8, U+2028, long lines, Elapsed floats.
// It writes input.txt and output.json, the latter with the "Time" fields
// removed and the package-level Elapsed set to 0 (both are clocks).
//
// It also writes gojson.json: what go test -json -p 1 printed for the Go
// twins under gojson/ of cmd/ctest/testdata's pass, notests and fail
// packages, normalized as cmd/ctest/testdata/e2e.sh normalizes ctest's:
// no Time, every Elapsed 0, durations 0.000s, file:line as _test.X:N.
//
//	go run main.go
package main

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strings"
)

func main() {
	var in bytes.Buffer
	in.WriteString("=== RUN   TestHTML\n")
	in.WriteString("    html_test.c:5: got <nil> & <b>, want \"x\" \\ y\n")
	in.WriteString("--- FAIL: TestHTML (0.50s)\n")
	in.WriteString("=== RUN   TestCtl\n")
	in.WriteString("    ctl: \b \f \x01 \x1f \x7f tab\there \r\n")
	in.WriteString("--- PASS: TestCtl (0.0000001s)\n")
	in.WriteString("=== RUN   TestBad\n")
	in.WriteString("    bad: \xff \xc3\x28 \xed\xa0\x80 \xf4\x90\x80\x80 \xe0\x80\x80 \xc3 U+2028:\u2028 U+2029:\u2029 \u263a\n")
	in.WriteString("--- SKIP: TestBad (12345678901234567890123.5s)\n")
	in.WriteString("=== RUN   TestLong\n")
	in.WriteString("    " + strings.Repeat("\u263a", 400) + "\n")
	in.WriteString(strings.Repeat("a\u00e9\U0001F602", 700) + "\n")
	in.WriteString("--- PASS: TestLong (3.00s)\n")
	in.WriteString("=== RUN   TestSub\n")
	in.WriteString("=== RUN   TestSub/a<b>&c\n")
	in.WriteString("=== PAUSE TestSub/a<b>&c\n")
	in.WriteString("=== CONT  TestSub/a<b>&c\n")
	in.WriteString("        sub_test.c:9: nested\n")
	in.WriteString("    --- FAIL: TestSub/a<b>&c (1.25s)\n")
	in.WriteString("--- FAIL: TestSub (1.25s)\n")
	in.WriteString("FAIL\n")
	in.WriteString("FAIL\texample.com/p\t1.750s\n")
	in.WriteString("no newline at the end")
	if err := os.WriteFile("input.txt", in.Bytes(), 0666); err != nil {
		panic(err)
	}
	cmd := exec.Command("go", "tool", "test2json", "-t", "-p", "example.com/p")
	cmd.Stdin = bytes.NewReader(in.Bytes())
	out, err := cmd.Output()
	if err != nil {
		panic(err)
	}
	out = regexp.MustCompile(`"Time":"[^"]*",`).ReplaceAll(out, nil)
	out = regexp.MustCompile(`("Action":"(pass|fail|skip)","Package":"example.com/p","Elapsed":)[0-9.e-]+}`).ReplaceAll(out, []byte("${1}0}"))
	if err := os.WriteFile("output.json", out, 0666); err != nil {
		panic(err)
	}

	cmd = exec.Command("go", "test", "-count=1", "-p", "1", "-json", "./pass", "./notests", "./fail")
	cmd.Dir = "gojson"
	out, _ = cmd.Output() // fail fails
	out = regexp.MustCompile(`"Time":"[^"]*",`).ReplaceAll(out, nil)
	out = regexp.MustCompile(`"Elapsed":[0-9.e+-]+`).ReplaceAll(out, []byte(`"Elapsed":0`))
	out = regexp.MustCompile(`[0-9]+\.[0-9]{3}s`).ReplaceAll(out, []byte("0.000s"))
	out = regexp.MustCompile(`_test\.(go|c):[0-9]+`).ReplaceAll(out, []byte("_test.X:N"))
	if err := os.WriteFile("gojson.json", out, 0666); err != nil {
		panic(err)
	}
}
