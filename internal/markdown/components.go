package markdown

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/yuin/goldmark/parser"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/sitecomp"
)

// bindComponents reads the page's import statements (outside code fences) and tells the parser
// which of the names they bind are site components. An import of a component path that names no
// file (a misspelt name, a moved file) is a component error at the statement, and the only one:
// its uses are not reported again as components tzdocs does not run. Like the other component
// errors, it does not stop the build (the uses show as text) but fails it.
//
// An import that names no file but binds only built-in components (a Docusaurus site's
// '@site/src/components/QuizQuestion', which tzdocs renders itself) is no error: the built-in
// renders its uses.
func bindComponents(pc parser.Context, src []byte, resolve func(string) (string, error), builtins []string) {
	bound := map[string]sitecomp.Target{}
	unresolved := map[string]bool{}
	for _, imp := range sitecomp.ParseImports(outsideFences(src)) {
		if isMarkdownModule(imp.Module) {
			continue
		}
		component, err := resolve(imp.Module)
		if err != nil && bindsOnly(imp.Bindings, builtins) {
			continue
		}
		if err != nil {
			sitecomp.Fail(pc, imp.Offset, fmt.Sprintf("cannot resolve import %q: %v; fix the path, or add the component (its uses show as text)", imp.Module, err))
			for _, b := range imp.Bindings {
				unresolved[b.Local] = true
			}
			continue
		}
		if component == "" {
			continue
		}
		for _, b := range imp.Bindings {
			if b.Export == "*" {
				diag.Warn(pc, imp.Offset, fmt.Sprintf("import * as %s from %q: use <%s.X> is not supported; import the components by name", b.Local, imp.Module, b.Local))
				continue
			}
			bound[b.Local] = sitecomp.Target{Component: component, Export: b.Export}
		}
	}
	if len(bound) > 0 {
		sitecomp.SetBindings(pc, bound)
	}
	if len(unresolved) > 0 {
		sitecomp.SetUnresolved(pc, unresolved)
	}
}

// bindsOnly reports whether every name bindings bind is one of names.
func bindsOnly(bindings []sitecomp.Binding, names []string) bool {
	for _, b := range bindings {
		if !slices.Contains(names, b.Local) {
			return false
		}
	}
	return len(bindings) > 0
}

func isMarkdownModule(m string) bool {
	return bytes.HasSuffix([]byte(m), []byte(".md")) || bytes.HasSuffix([]byte(m), []byte(".mdx"))
}

// outsideFences returns src with the lines of fenced code blocks blanked (kept as newlines, so
// offsets stay those of src): an import in a code sample binds nothing.
func outsideFences(src []byte) []byte {
	if !bytes.Contains(src, []byte("```")) && !bytes.Contains(src, []byte("~~~")) {
		return src
	}
	out := bytes.Clone(src)
	var fence []byte
	for start := 0; start < len(out); {
		end := bytes.IndexByte(out[start:], '\n')
		if end < 0 {
			end = len(out)
		} else {
			end += start
		}
		line := bytes.TrimLeft(out[start:end], " \t")
		switch {
		case fence == nil && (bytes.HasPrefix(line, []byte("```")) || bytes.HasPrefix(line, []byte("~~~"))):
			n := 0
			for n < len(line) && line[n] == line[0] {
				n++
			}
			fence = bytes.Clone(line[:n])
			blank(out[start:end])
		case fence != nil:
			if bytes.HasPrefix(line, fence) && len(bytes.TrimSpace(bytes.TrimLeft(line, string(fence[:1])))) == 0 {
				fence = nil
			}
			blank(out[start:end])
		}
		start = end + 1
	}
	return out
}

func blank(b []byte) {
	for i := range b {
		if b[i] != '\r' {
			b[i] = ' '
		}
	}
}
