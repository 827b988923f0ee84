// Package conref includes content references, as Docusaurus pages do with MDX: a page imports a
// Markdown partial (import Intro from '@site/docs/conrefs/_intro.md') and writes <Intro /> on a
// line of its own where the partial's content belongs.
//
// Inclusion is a source transformation done before parsing, not a goldmark extension: goldmark's
// nodes point into one source buffer, so the partial's text has to be part of that buffer for its
// headings, links and code to become the page's own. Expand records where every line came from so
// diagnostics still name the right file and line.
package conref

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"
)

// Reader reads a partial. importPath is "@site/…" (from the site folder), "/…" (also from the site
// folder), or relative to the page's folder: Expand rewrites a nested partial's relative imports
// to be relative to the page. file names the partial in messages and identifies it for cycle
// detection.
type Reader func(importPath string) (src []byte, file string, err error)

// Origin is where a line of the expanded source comes from.
type Origin struct {
	File   string // "" for the page itself, else the partial's file as the Reader named it
	Line   int    // 1-based line in that file
	Indent int    // bytes of indentation added in front of the line
	// Base is the import path the partial was read with ("" for the page): relative links and
	// images written in the partial are relative to it.
	Base string
}

// Problem is a content reference that could not be included.
type Problem struct {
	File    string // "" for the page itself
	Line    int
	Message string
}

// Expansion is a page with its partials included.
type Expansion struct {
	Source []byte
	// Lines has the origin of every line of Source; nil when nothing was included, so lines are
	// the page's own.
	Lines    []Origin
	Problems []Problem
	// Partials are the files included, in order of first inclusion, so a build can watch them.
	Partials []string
}

var (
	importLine = regexp.MustCompile(`^import\s+([A-Za-z_$][\w$]*)\s+from\s+['"]([^'"]+\.mdx?)['"]\s*;?\s*$`)
	esmLine    = regexp.MustCompile(`^(import|export)[\s{*]`)
	usage      = regexp.MustCompile(`^([ \t>]*)<([A-Za-z_$][\w$]*)\s*/>\s*$`)
)

// maxDepth bounds nesting even when a cycle goes through files the Reader names differently.
const maxDepth = 16

type expander struct {
	read     Reader
	out      bytes.Buffer
	lines    []Origin
	problems []Problem
	partials []string
	seen     map[string]bool
	included bool
}

// Expand includes the partials src uses. When it includes nothing, Source is src itself.
func Expand(src []byte, read Reader) *Expansion {
	if !bytes.Contains(src, []byte("import")) {
		return &Expansion{Source: src}
	}
	e := &expander{read: read, seen: map[string]bool{}}
	e.expand(src, "", "", "", nil)
	if !e.included && len(e.problems) == 0 {
		return &Expansion{Source: src}
	}
	return &Expansion{Source: e.out.Bytes(), Lines: e.lines, Problems: e.problems, Partials: e.partials}
}

// expand writes src (from file, imported as importPath) with prefix before every line, including
// the partials it uses. stack holds the files being included, outermost first.
func (e *expander) expand(src []byte, file, importPath, prefix string, stack []string) {
	lines := splitLines(src)
	imports := map[string]string{}
	var fence fenceState
	for _, l := range lines {
		if !fence.inside() {
			if m := importLine.FindStringSubmatch(l); m != nil {
				imports[m[1]] = m[2]
			}
		}
		fence.next(l)
	}
	fence = fenceState{}
	for i, l := range lines {
		n := i + 1
		wasInside := fence.inside()
		fence.next(l)
		if wasInside || fence.inside() {
			e.emit(prefix, l, file, importPath, n)
			continue
		}
		if file != "" && esmLine.MatchString(l) {
			e.emit(prefix, "", file, importPath, n) // a partial's own imports are not part of the page
			continue
		}
		m := usage.FindStringSubmatch(l)
		if m == nil || imports[m[2]] == "" {
			e.emit(prefix, l, file, importPath, n)
			continue
		}
		inner := prefix + m[1]
		target := join(importPath, imports[m[2]])
		e.include(m[2], target, inner, file, importPath, n, stack)
	}
}

func (e *expander) include(name, target, prefix, file, base string, line int, stack []string) {
	fail := func(format string, args ...any) {
		e.problems = append(e.problems, Problem{File: file, Line: line, Message: fmt.Sprintf(format, args...)})
		e.emit(prefix, "", file, base, line)
	}
	if e.read == nil {
		fail("<%s /> cannot be included: this converter reads no partials", name)
		return
	}
	src, pfile, err := e.read(target)
	if err != nil {
		fail("<%s /> cannot be included from %s: %v; fix the import path or create the file", name, target, err)
		return
	}
	for _, f := range stack {
		if f == pfile {
			chain := append(append([]string{"this page"}, stack...), pfile)
			fail("content reference cycle: %s; remove one of these imports", strings.Join(chain, " → "))
			return
		}
	}
	if len(stack) >= maxDepth {
		fail("content references nested more than %d deep at <%s />; check for a cycle", maxDepth, name)
		return
	}
	if !e.seen[pfile] {
		e.seen[pfile] = true
		e.partials = append(e.partials, pfile)
	}
	e.included = true
	body, skipped := stripFrontMatter(src)
	e.emit(strings.TrimRight(prefix, " \t"), "", file, base, line)
	start := len(e.lines)
	e.expand(body, pfile, target, prefix, append(stack, pfile))
	for i := start; i < len(e.lines); i++ {
		if e.lines[i].File == pfile {
			e.lines[i].Line += skipped
		}
	}
	e.emit(strings.TrimRight(prefix, " \t"), "", file, base, line)
}

func (e *expander) emit(prefix, line, file, base string, n int) {
	if line == "" {
		prefix = strings.TrimRight(prefix, " \t")
	}
	e.out.WriteString(prefix)
	e.out.WriteString(line)
	e.out.WriteByte('\n')
	e.lines = append(e.lines, Origin{File: file, Line: n, Indent: len(prefix), Base: base})
}

// Rebase makes p, a relative path written in the partial imported as base, relative to the page
// (or "@site/…"-rooted when base is). Paths that are absolute, fragments or URLs are returned as
// they are, and so is everything when base is "" (the page's own lines).
func Rebase(base, p string) string {
	if base == "" || p == "" || p[0] == '#' || p[0] == '/' || strings.HasPrefix(p, "@site/") {
		return p
	}
	if i := strings.IndexAny(p, ":/?#"); i > 0 && p[i] == ':' {
		return p // a URL
	}
	rest := ""
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p, rest = p[:i], p[i:]
	}
	out := path.Join(path.Dir(base), p)
	if strings.HasSuffix(p, "/") {
		out += "/"
	}
	return out + rest
}

// join makes a nested import path relative to what the page can name.
func join(base, p string) string {
	if base == "" || strings.HasPrefix(p, "@site/") || strings.HasPrefix(p, "/") {
		return p
	}
	return path.Join(path.Dir(base), p)
}

func splitLines(src []byte) []string {
	s := strings.TrimSuffix(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// stripFrontMatter drops a partial's front matter; skipped is the number of lines dropped.
func stripFrontMatter(src []byte) ([]byte, int) {
	if !bytes.HasPrefix(src, []byte("---\n")) && !bytes.HasPrefix(src, []byte("---\r\n")) {
		return src, 0
	}
	lines := splitLines(src)
	for i := 1; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) == "---" {
			return []byte(strings.Join(lines[i+1:], "\n") + "\n"), i + 1
		}
	}
	return src, 0
}

// fenceState follows fenced code blocks line by line, so imports and tags in code are left alone.
type fenceState struct {
	char byte
	n    int
}

func (f *fenceState) inside() bool { return f.n > 0 }

func (f *fenceState) next(line string) {
	t := strings.TrimLeft(line, " \t>")
	if t == "" || (t[0] != '`' && t[0] != '~') {
		return
	}
	c := t[0]
	n := 0
	for n < len(t) && t[n] == c {
		n++
	}
	if n < 3 {
		return
	}
	switch {
	case f.n == 0:
		f.char, f.n = c, n
	case c == f.char && n >= f.n && strings.TrimSpace(t[n:]) == "":
		f.n = 0
	}
}
