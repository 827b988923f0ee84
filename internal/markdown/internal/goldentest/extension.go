package goldentest

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/ext"
)

// Converter is goldmark with a few extensions, and what those of them that are ext.Extensions
// declare, for an extension's golden files.
type Converter struct {
	md   goldmark.Markdown
	decl *ext.Declarations
}

// New returns a Converter with exts (raw HTML passes through, as in the page converter).
func New(exts ...goldmark.Extender) *Converter {
	c := &Converter{decl: &ext.Declarations{}}
	for _, e := range exts {
		if e, ok := e.(ext.Extension); ok {
			e.Declare(c.decl)
		}
	}
	c.md = goldmark.New(goldmark.WithExtensions(exts...), goldmark.WithRendererOptions(html.WithUnsafe()))
	return c
}

// Parse parses src.
func (c *Converter) Parse(src []byte) (ast.Node, parser.Context) {
	pc := parser.NewContext()
	return c.md.Parser().Parse(text.NewReader(src), parser.WithContext(pc)), pc
}

// Outputs renders a parsed document: "output.html", the Markdown export "output.md",
// "warnings.txt", one "line N: message" per warning the extensions recorded, and "errors.txt",
// the same for errors. A node kind that
// has no Markdown export fails the test.
func (c *Converter) Outputs(t *testing.T, src []byte, doc ast.Node, pc parser.Context) map[string]string {
	t.Helper()
	var out bytes.Buffer
	if err := c.md.Renderer().Render(&out, src, doc); err != nil {
		t.Fatal(err)
	}
	w := ext.NewMarkdownWriter(c.decl, src)
	w.Blocks(doc)
	for _, k := range w.Missing() {
		t.Errorf("node kind %v has no Markdown export: declare one", k)
	}
	var warnings, errs strings.Builder
	for _, w := range diag.Warnings(pc) {
		fmt.Fprintf(&warnings, "line %d: %s\n", bytes.Count(src[:w.Offset], []byte("\n"))+1, w.Message)
	}
	for _, e := range diag.Errors(pc) {
		fmt.Fprintf(&errs, "line %d: %s\n", bytes.Count(src[:e.Offset], []byte("\n"))+1, e.Message)
	}
	return map[string]string{"output.html": out.String(), "output.md": w.String(), "warnings.txt": warnings.String(), "errors.txt": errs.String()}
}

// RunExtensions checks every dir/*.txtar against goldmark with exts: see Converter.Outputs.
func RunExtensions(t *testing.T, dir string, exts ...goldmark.Extender) {
	t.Helper()
	c := New(exts...)
	Run(t, dir, func(t *testing.T, src []byte) map[string]string {
		doc, pc := c.Parse(src)
		return c.Outputs(t, src, doc, pc)
	})
}
