package components

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// CompileError is a site component that does not compile (a syntax error, an import that
// resolves to nothing), told in the writer's terms: the file, line and column, and the compiler's
// one-line reason, without its colours, code frame or Node's stack.
//
// It also stands for a component module that compiled but throws when it is loaded, before any
// page renders it (code outside its function that needs a browser, such as window.innerWidth).
type CompileError struct {
	File      string // the component's file, the site folder's name first ("site/src/components/X.tsx"); "" if unknown
	Line, Col int
	Reason    string
	// Loading says the module compiled and threw when Node loaded it.
	Loading bool
}

// Problem is the error without its position.
func (e *CompileError) Problem() string {
	if e.Loading {
		return "a site component throws when it is loaded, before rendering: " + e.Reason +
			"; code outside the component's function runs at build time, in Node, where window and document do not exist: move it into the function or an effect"
	}
	return "a site component does not compile: " + e.Reason + "; fix it and save (pages that use it cannot be built until then)"
}

func (e *CompileError) Error() string {
	msg := e.Problem()
	switch {
	case e.File != "" && e.Line > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, msg)
	case e.File != "":
		return e.File + ": " + msg
	}
	return msg
}

var (
	// terminalCodes are the escape sequences that colour a terminal's text.
	terminalCodes = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)
	// reasonLine is the compiler's message: "[plugin-or-code] reason".
	reasonLine = regexp.MustCompile(`^\s*\[([\w:./-]+)\]\s+(?:\w*Error:\s*)?(.+)$`)
	// frameLocation is where the code frame under the message points: "╭─[ path:line:col ]".
	frameLocation = regexp.MustCompile(`\[\s*([^\s\[\]]+):(\d+):(\d+)\s*\]`)
)

// compileError reads the output of a failed compilation (run in the folder cwd) into a
// CompileError; siteDir is the site folder, whose name starts the file's.
func compileError(output, cwd, siteDir string) *CompileError {
	text := terminalCodes.ReplaceAllString(output, "")
	e := &CompileError{}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		m := reasonLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		e.Reason = strings.TrimSpace(m[2])
		for _, next := range lines[i+1 : min(i+4, len(lines))] {
			if loc := frameLocation.FindStringSubmatch(next); loc != nil {
				e.File = siteFile(loc[1], cwd, siteDir)
				e.Line, _ = strconv.Atoi(loc[2])
				e.Col, _ = strconv.Atoi(loc[3])
				break
			}
		}
		return e
	}
	// Not the compiler's usual report: keep its words, without Node's internals and stack.
	var kept []string
	for _, line := range lines {
		t := strings.TrimSpace(line)
		if t == "" || t == "^" || strings.HasPrefix(t, "at ") || strings.HasPrefix(t, "node:") || strings.HasPrefix(t, "triggerUncaughtException") {
			continue
		}
		kept = append(kept, t)
	}
	e.Reason = strings.Join(kept, " ")
	if e.Reason == "" {
		e.Reason = "the compiler stopped without saying why"
	}
	return e
}

// siteFile names the file at p (relative to cwd, or absolute) from the site folder's parent:
// "site/src/components/X.tsx". A file outside the site keeps its path.
func siteFile(p, cwd, siteDir string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	rel, err := filepath.Rel(siteDir, p)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(filepath.Join(filepath.Base(siteDir), rel))
}

// stackFrame is a frame of a Node stack trace: "at f (/path/file.tsx:1:15)" or "at /path/file.tsx:1:15".
var stackFrame = regexp.MustCompile(`^\s*at (?:.*?\()?(?:file://)?(/[^()]+?):(\d+):(\d+)\)?$`)

// loadError reads what the components worker says when the server bundle throws as Node loads it
// (the error's stack): the error's first line, at the first frame in the site's own files.
func loadError(stack, siteDir string) *CompileError {
	lines := strings.Split(terminalCodes.ReplaceAllString(stack, ""), "\n")
	e := &CompileError{Reason: strings.TrimSpace(lines[0]), Loading: true}
	for _, line := range lines[1:] {
		m := stackFrame.FindStringSubmatch(line)
		if m == nil || strings.Contains(m[1], "/node_modules/") {
			continue
		}
		if rel, err := filepath.Rel(siteDir, m[1]); err == nil && !strings.HasPrefix(rel, "..") {
			e.File = filepath.ToSlash(filepath.Join(filepath.Base(siteDir), rel))
			e.Line, _ = strconv.Atoi(m[2])
			e.Col, _ = strconv.Atoi(m[3])
			break
		}
	}
	return e
}
