// Package codeblock renders fenced and indented code blocks with syntax highlighting, titles, line
// numbers and highlighted lines, and mermaid fences as diagram sources.
package codeblock

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/highlight"
	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/ext"
)

// Mermaid is the fence language of diagrams rendered in the browser.
const Mermaid = "mermaid"

// Extension renders code blocks with Highlighter and warns about unknown languages.
type Extension struct {
	Highlighter *highlight.Highlighter // nil → highlight.New()
}

// Extend adds the code block renderer and the language check to m.
func (e Extension) Extend(m goldmark.Markdown) {
	if e.Highlighter == nil {
		e.Highlighter = highlight.New()
	}
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(jsxParser{}, 840)),
		parser.WithASTTransformers(util.Prioritized(checker{e.Highlighter}, 100)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{e.Highlighter}, 100)))
}

// Declare tells the converter that code is searchable (diagrams are not), that a diagram needs
// the browser's renderer, that <CodeBlock> is a component, and how code reads as Markdown: a
// fence with its language and title, the highlight directives gone.
func (Extension) Declare(d *ext.Declarations) {
	d.Components("CodeBlock")
	for _, k := range []ast.NodeKind{ast.KindFencedCodeBlock, ast.KindCodeBlock, KindJSX} {
		d.Text(k, searchText)
		d.Collect(k, collect)
		d.Markdown(k, writeMarkdown)
	}
}

// attrBlock holds the *Block of a fenced or indented code block, parsed once by the checker for
// the renderer, the search text and the Markdown export.
const attrBlock = "tz-code-block"

// block returns what a code node shows.
func block(n ast.Node, source []byte) Block {
	if n, ok := n.(*JSX); ok {
		return n.Block
	}
	if b, ok := n.AttributeString(attrBlock); ok {
		return *b.(*Block)
	}
	return Parse(n, source)
}

func searchText(t ext.Text, n ast.Node) ast.WalkStatus {
	if b := block(n, t.Source()); b.Lang != Mermaid {
		t.Code(b.Lang, b.Code)
	}
	return ast.WalkSkipChildren
}

func collect(p ext.Page, n ast.Node) {
	if f, ok := n.(*ast.FencedCodeBlock); ok && f.Info == nil {
		return // no language, so no diagram
	}
	if block(n, p.Source()).Lang == Mermaid {
		p.Mermaid()
	}
}

func writeMarkdown(w *ext.MarkdownWriter, n ast.Node) {
	b := block(n, w.Source())
	info := b.Lang
	if b.Title != "" {
		info += ` title="` + strings.ReplaceAll(b.Title, `"`, "'") + `"`
	}
	w.Fence(info, b.Code)
}

type checker struct{ h *highlight.Highlighter }

// Transform reads every code block's fence and warns about languages that have no lexer; they
// still render, as plain text.
func (c checker) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	source := reader.Source()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var lang string
		var offset int
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			b := Parse(n, source)
			n.SetAttributeString(attrBlock, &b)
			f, fenced := n.(*ast.FencedCodeBlock)
			if !fenced || f.Info == nil {
				return ast.WalkContinue, nil
			}
			lang, offset = b.Lang, f.Info.Segment.Start
		case *JSX:
			lang, offset = n.Block.Lang, n.Offset
		default:
			return ast.WalkContinue, nil
		}
		if lang != Mermaid && !c.h.Supports(lang) {
			diag.Warn(pc, offset, fmt.Sprintf("unknown code language %q, shown as plain text; use a known language such as ts, bash or michelson, or text", lang))
		}
		return ast.WalkContinue, nil
	})
}

// nodeRenderer writes code blocks as <div class="tz-code"> wrappers around a highlighted <pre>.
type nodeRenderer struct {
	Highlighter *highlight.Highlighter
}

// RegisterFuncs implements renderer.NodeRenderer.
func (r nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, r.render)
	reg.Register(ast.KindCodeBlock, r.render)
	reg.Register(KindJSX, r.render)
}

func (r nodeRenderer) render(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	b := block(node, source)
	if b.Lang == Mermaid {
		_, _ = w.WriteString(`<pre class="tz-mermaid">` + html.EscapeString(b.Code) + "</pre>\n")
		return ast.WalkSkipChildren, nil
	}
	lines, _ := r.Highlighter.Lines(b.Lang, b.Code)
	_, _ = w.WriteString(`<div class="tz-code"`)
	if b.Lang != "" {
		_, _ = w.WriteString(` data-language="` + html.EscapeString(b.Lang) + `"`)
	}
	_ = w.WriteByte('>')
	if b.Title != "" {
		_, _ = w.WriteString(`<div class="tz-code__title">` + html.EscapeString(b.Title) + `</div>`)
	}
	_, _ = w.WriteString(`<pre class="tz-code__pre chroma" tabindex="0"`)
	if b.LineNumbers > 0 {
		// The theme numbers lines with a CSS counter from 1; a block that starts elsewhere carries
		// each line's number (no inline style, which the content security policy refuses).
		_, _ = w.WriteString(` data-line-numbers="` + strconv.Itoa(b.LineNumbers) + `"`)
	}
	_, _ = w.WriteString(`><code`)
	if b.Lang != "" {
		_, _ = w.WriteString(` class="language-` + html.EscapeString(b.Lang) + `"`)
	}
	_ = w.WriteByte('>')
	var sb strings.Builder
	for i, l := range lines {
		sb.WriteString(`<span class="tz-code__line`)
		if b.Highlighted[i+1] {
			sb.WriteString(` tz-code__line--hl`)
		}
		sb.WriteByte('"')
		if b.LineNumbers > 1 {
			sb.WriteString(` data-line="` + strconv.Itoa(b.LineNumbers+i) + `"`)
		}
		sb.WriteByte('>')
		sb.WriteString(l)
		sb.WriteString("\n</span>")
	}
	_, _ = w.WriteString(sb.String())
	_, _ = w.WriteString("</code></pre></div>\n")
	return ast.WalkSkipChildren, nil
}
