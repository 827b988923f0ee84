// Package jsx checks MDX component tags: known components (those the other extensions render, or a
// Markdown partial the page imports) pass through as markup; any other capitalised tag, including a React component the page
// imports or defines, which tzdocs cannot run, is shown as literal text with a warning, as an
// unrendered component would otherwise vanish silently.
package jsx

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/mdx"
	"tzdocs/internal/markdown/sitecomp"
)

// KindLiteral is the node kind of *Literal.
var KindLiteral = ast.NewNodeKind("JSXLiteral")

// Literal is markup shown as text, inline.
type Literal struct {
	ast.BaseInline
	Value []byte
}

// Kind implements ast.Node.
func (n *Literal) Kind() ast.NodeKind { return KindLiteral }

// Dump implements ast.Node.
func (n *Literal) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Value": string(n.Value)}, nil)
}

// KindLiteralBlock is the node kind of *LiteralBlock.
var KindLiteralBlock = ast.NewNodeKind("JSXLiteralBlock")

// LiteralBlock is a block of markup shown as a paragraph of text.
type LiteralBlock struct {
	ast.BaseBlock
	Value []byte
}

// Kind implements ast.Node.
func (n *LiteralBlock) Kind() ast.NodeKind { return KindLiteralBlock }

// Dump implements ast.Node.
func (n *LiteralBlock) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Value": string(n.Value)}, nil)
}

var (
	// tag finds a capitalised (component) tag name, opening or closing.
	tag = regexp.MustCompile(`<(/?)([A-Z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)`)
	// importClause finds the names bound by an import statement, and the module.
	importClause = regexp.MustCompile(`(?s)import\s+(.*?)\s+from\s+['"]([^'"]*)['"]`)
	// exported finds components a page defines itself: export const X = …, export function X.
	exported = regexp.MustCompile(`export\s+(?:const|let|var|function)\s+([A-Z][\w$]*)`)
)

// pageNames returns the local names bound by the page's import statements, each with its module,
// and the components the page exports.
func pageNames(doc *ast.Document, source []byte) (imports map[string]string, exports map[string]bool) {
	imports, exports = map[string]string{}, map[string]bool{}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if n.Kind() != mdx.KindESM {
			continue
		}
		var b strings.Builder
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			b.Write(seg.Value(source))
		}
		for _, m := range importClause.FindAllStringSubmatch(b.String(), -1) {
			clause := strings.NewReplacer("{", ",", "}", ",", "* as ", "").Replace(m[1])
			for _, part := range strings.Split(clause, ",") {
				fields := strings.Fields(part)
				if len(fields) > 0 {
					imports[fields[len(fields)-1]] = m[2] // "A as B" binds B
				}
			}
		}
		for _, m := range exported.FindAllStringSubmatch(b.String(), -1) {
			exports[m[1]] = true
		}
	}
	return imports, exports
}

// isPartial reports whether an import's module is a Markdown file, which the page inlines.
func isPartial(module string) bool {
	return strings.HasSuffix(module, ".md") || strings.HasSuffix(module, ".mdx")
}

// checker turns unknown component tags into literals. components are the names every page may use
// without importing them, sorted, so messages list them in a stable order.
type checker struct{ components []string }

func (c checker) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	source := reader.Source()
	imports, exports := pageNames(doc, source)
	known := map[string]bool{}
	for name, module := range imports {
		if isPartial(module) {
			known[name] = true
		}
	}
	for _, b := range c.components {
		known[b] = true
	}
	isKnown := func(name string) bool {
		head, _, _ := strings.Cut(name, ".") // <Tabs.Item> is known when Tabs is
		return known[head] || sitecomp.Bound(pc, head)
	}
	builtins := strings.Join(c.components, ", ")
	warn := func(offset int, name string) {
		head, _, _ := strings.Cut(name, ".")
		if sitecomp.Unresolved(pc, head) {
			return // its import is an error already
		}
		var msg string
		switch module, imported := imports[head]; {
		case imported:
			msg = fmt.Sprintf("component <%s> comes from %q, a React component tzdocs does not run: only the site's own components (src/components/) run; shown as text. Use one of %s, a site component, a Markdown partial, or plain Markdown and HTML", name, module, builtins)
		case exports[head]:
			msg = fmt.Sprintf("component <%s> is defined in the page with export, which tzdocs does not run; shown as text. Use one of %s, or plain Markdown and HTML", name, builtins)
		default:
			msg = fmt.Sprintf("unknown JSX component <%s>, shown as text; use one of %s, or a Markdown partial", name, builtins)
		}
		diag.Warn(pc, offset, msg)
	}
	type swap struct{ old, new ast.Node }
	var swaps []swap
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.CodeSpan, *ast.FencedCodeBlock, *ast.CodeBlock:
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock:
			value := blockValue(n, source)
			start := n.Lines().At(0).Start
			m := tag.FindSubmatchIndex(value)
			if m == nil || m[0] != leadingSpace(value) || isKnown(string(value[m[4]:m[5]])) {
				return ast.WalkContinue, nil
			}
			if m[3] == m[2] { // an opening tag
				warn(start+m[0], string(value[m[4]:m[5]]))
			}
			swaps = append(swaps, swap{n, &LiteralBlock{Value: []byte(strings.TrimRight(string(value), "\n"))}})
		case *ast.RawHTML:
			var value []byte
			for i := 0; i < n.Segments.Len(); i++ {
				seg := n.Segments.At(i)
				value = append(value, seg.Value(source)...)
			}
			m := tag.FindSubmatchIndex(value)
			if m == nil || m[0] != 0 || isKnown(string(value[m[4]:m[5]])) {
				return ast.WalkContinue, nil
			}
			if m[3] == m[2] {
				warn(n.Segments.At(0).Start, string(value[m[4]:m[5]]))
			}
			swaps = append(swaps, swap{n, &Literal{Value: value}})
		case *ast.Text:
			// Tags goldmark could not read as HTML (JSX attributes such as style={{…}}) are
			// already plain text; they only need the warning.
			v := n.Segment.Value(source)
			for _, m := range tag.FindAllSubmatchIndex(v, -1) {
				escaped := m[0] > 0 && v[m[0]-1] == '\\'
				if m[3] == m[2] && !escaped && !isKnown(string(v[m[4]:m[5]])) {
					warn(n.Segment.Start+m[0], string(v[m[4]:m[5]]))
				}
			}
		}
		return ast.WalkContinue, nil
	})
	for _, s := range swaps {
		s.old.Parent().ReplaceChild(s.old.Parent(), s.old, s.new)
	}
}

func blockValue(n *ast.HTMLBlock, source []byte) []byte {
	var v []byte
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		v = append(v, seg.Value(source)...)
	}
	if n.HasClosure() {
		closure := n.ClosureLine
		v = append(v, closure.Value(source)...)
	}
	return v
}

func leadingSpace(v []byte) int {
	i := 0
	for i < len(v) && (v[i] == ' ' || v[i] == '\t') {
		i++
	}
	return i
}

// nodeRenderer writes literals as escaped text.
type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindLiteral, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.Write(util.EscapeHTML(n.(*Literal).Value))
		}
		return ast.WalkContinue, nil
	})
	reg.Register(KindLiteralBlock, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString("<p>")
			_, _ = w.Write(util.EscapeHTML(n.(*LiteralBlock).Value))
			_, _ = w.WriteString("</p>\n")
		}
		return ast.WalkContinue, nil
	})
}

// Extension is the goldmark extension for the component check. It expects mdx.Extension too, which
// parses the import statements it reads.
type Extension struct {
	// Components are the components the page converter renders, which every page may use: the
	// names the other extensions declared.
	Components []string
}

// Extend adds the check and the literal renderer to m.
func (e Extension) Extend(m goldmark.Markdown) {
	components := slices.Clone(e.Components)
	slices.Sort(components)
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(checker{components}, 200)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}

// Declare tells the converter how literals read as Markdown: as the text they show, escaped so
// that they stay text.
func (Extension) Declare(d *ext.Declarations) {
	d.Markdown(KindLiteral, func(w *ext.MarkdownWriter, n ast.Node) { w.WriteText(string(n.(*Literal).Value)) })
	d.Markdown(KindLiteralBlock, func(w *ext.MarkdownWriter, n ast.Node) { w.WriteText(string(n.(*LiteralBlock).Value)) })
}
