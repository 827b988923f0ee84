package samples

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// checkJSON parses JSON samples with the standard library: one document per sample.
func checkJSON(_ context.Context, _ string, batch []Sample, _ map[string]string) ([]Problem, []Skip, error) {
	var problems []Problem
	for _, s := range batch {
		dec := json.NewDecoder(strings.NewReader(s.Code))
		var v any
		err := dec.Decode(&v)
		if err == nil {
			if _, extra := dec.Token(); extra == nil {
				err = fmt.Errorf("unexpected data after the JSON value at offset %d", dec.InputOffset())
			}
		}
		if err == nil {
			continue
		}
		line := 0
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			line = lineAt(s.Code, int(syn.Offset))
		case errors.As(err, &typ):
			line = lineAt(s.Code, int(typ.Offset))
		case strings.TrimSpace(s.Code) == "":
			err = errors.New("empty JSON sample")
		}
		problems = append(problems, Problem{Page: s.Page, Line: s.Line, CodeLine: line, Message: "invalid JSON: " + err.Error()})
	}
	return problems, nil, nil
}

// lineAt is the 1-based line of byte offset off in s.
func lineAt(s string, off int) int {
	if off > len(s) {
		off = len(s)
	}
	if off < 0 {
		off = 0
	}
	return strings.Count(s[:off], "\n") + 1
}

var (
	bashLine = regexp.MustCompile(`line (\d+): (.*)`)
	// placeholder matches the pages' convention for a value the reader fills in: <rpc-url>,
	// <bob's signature>. It must start with a letter and end with a letter, digit or underscore, so
	// redirections such as "<in.txt >out.txt" and heredocs are left alone.
	placeholder = regexp.MustCompile(`<[A-Za-z][A-Za-z0-9_.,' -]*[A-Za-z0-9_]>`)
)

// checkBash runs `bash -n` on each shell sample, a few at a time (bash reads no batch of scripts,
// and each run takes about a millisecond).
func checkBash(ctx context.Context, _ string, batch []Sample, _ map[string]string) ([]Problem, []Skip, error) {
	if _, err := exec.LookPath("bash"); err != nil {
		return nil, nil, errors.New("bash is not on PATH")
	}
	out := make([][]Problem, len(batch))
	errs := make([]error, len(batch))
	sem := make(chan struct{}, 4)
	var wg sync.WaitGroup
	for i, s := range batch {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			cmd := exec.CommandContext(ctx, "bash", "-n")
			cmd.Stdin = strings.NewReader(ShellCode(s.Code))
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			if err == nil {
				return
			}
			if !errors.As(err, &exit) {
				errs[i] = err
				return
			}
			for _, msg := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
				p := Problem{Page: s.Page, Line: s.Line, Message: strings.TrimPrefix(msg, "bash: ")}
				if m := bashLine.FindStringSubmatch(msg); m != nil {
					p.CodeLine, _ = strconv.Atoi(m[1])
					p.Message = m[2]
				}
				out[i] = append(out[i], p)
				break // bash's later messages repeat the first
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	var problems []Problem
	for _, p := range out {
		problems = append(problems, p...)
	}
	return problems, nil, nil
}

// ShellCode returns the script in a shell sample. When any line starts with a "$ " prompt, the sample
// is a transcript: the prompted commands (and the lines continuing them after a trailing backslash)
// are the script, and every other line is output, blanked so that line numbers stay those of the
// sample.
func ShellCode(code string) string {
	lines := strings.Split(code, "\n")
	transcript := false
	for _, l := range lines {
		if strings.HasPrefix(strings.TrimLeft(l, " "), "$ ") {
			transcript = true
			break
		}
	}
	if !transcript {
		return placeholder.ReplaceAllString(code, "PLACEHOLDER")
	}
	continued := false
	for i, l := range lines {
		t := strings.TrimLeft(l, " ")
		switch {
		case strings.HasPrefix(t, "$ "):
			lines[i] = t[2:]
		case continued:
			// a continuation line of the command above
		default:
			lines[i] = ""
		}
		continued = strings.HasSuffix(lines[i], "\\") && lines[i] != ""
	}
	return placeholder.ReplaceAllString(strings.Join(lines, "\n"), "PLACEHOLDER")
}

// Dedent removes the indentation that every non-blank line of code shares.
func Dedent(code string) string {
	lines := strings.Split(code, "\n")
	prefix := ""
	first := true
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			prefix, first = indent, false
			continue
		}
		for !strings.HasPrefix(indent, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	if prefix == "" {
		return code
	}
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, prefix)
	}
	return strings.Join(lines, "\n")
}
