// Package mdx handles the MDX syntax that renders nothing: top-level import/export statements,
// {/* … */} comments and <!-- … --> comments.
package mdx

import (
	"bytes"
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/ext"
)

// esmStart matches the first line of an import or export statement.
var esmStart = regexp.MustCompile(`^(import|export)[\s{*]`)

type esmParser struct{}

func (esmParser) Trigger() []byte { return []byte{'i', 'e'} }

// Open starts an ESM block; like MDX, it only exists at the top level and runs to a blank line.
func (esmParser) Open(parent ast.Node, reader text.Reader, _ parser.Context) (ast.Node, parser.State) {
	if parent.Kind() != ast.KindDocument || reader.LineOffset() != 0 {
		return nil, parser.NoChildren
	}
	line, seg := reader.PeekLine()
	if !esmStart.Match(line) {
		return nil, parser.NoChildren
	}
	n := &ESM{}
	n.Lines().Append(seg)
	reader.AdvanceToEOL()
	return n, parser.NoChildren
}

func (esmParser) Continue(n ast.Node, reader text.Reader, _ parser.Context) parser.State {
	line, seg := reader.PeekLine()
	if util.IsBlank(line) {
		return parser.Close
	}
	n.Lines().Append(seg)
	reader.AdvanceToEOL()
	return parser.Continue | parser.NoChildren
}

func (esmParser) Close(ast.Node, text.Reader, parser.Context) {}
func (esmParser) CanInterruptParagraph() bool                 { return false }
func (esmParser) CanAcceptIndentedLine() bool                 { return false }

var (
	commentOpen  = []byte("{/*")
	commentClose = []byte("*/}")
)

type commentParser struct{}

func (commentParser) Trigger() []byte { return []byte{'{'} }

// Open starts a comment block on a line that begins with "{/*"; it ends at the line holding "*/}",
// which must end that line (otherwise the comment is inline and the paragraph keeps the rest).
func (commentParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	rest := bytes.TrimLeft(line, " \t")
	if !bytes.HasPrefix(rest, commentOpen) {
		return nil, parser.NoChildren
	}
	n := &Comment{}
	if i := bytes.Index(rest[len(commentOpen):], commentClose); i >= 0 {
		if !util.IsBlank(rest[len(commentOpen)+i+len(commentClose):]) {
			return nil, parser.NoChildren
		}
		n.closed = true
	}
	n.Lines().Append(seg)
	reader.AdvanceToEOL()
	return n, parser.NoChildren
}

func (commentParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	n := node.(*Comment)
	if n.closed {
		return parser.Close
	}
	line, seg := reader.PeekLine()
	n.Lines().Append(seg)
	reader.AdvanceToEOL()
	if bytes.Contains(line, commentClose) {
		n.closed = true
	}
	return parser.Continue | parser.NoChildren
}

func (commentParser) Close(ast.Node, text.Reader, parser.Context) {}
func (commentParser) CanInterruptParagraph() bool                 { return true }
func (commentParser) CanAcceptIndentedLine() bool                 { return false }

type inlineCommentParser struct{}

func (inlineCommentParser) Trigger() []byte { return []byte{'{'} }

// Parse consumes "{/* … */}" within one paragraph line.
func (inlineCommentParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, _ := block.PeekLine()
	if !bytes.HasPrefix(line, commentOpen) {
		return nil
	}
	i := bytes.Index(line[len(commentOpen):], commentClose)
	if i < 0 {
		return nil
	}
	block.Advance(len(commentOpen) + i + len(commentClose))
	return &InlineComment{}
}

// htmlComments drops <!-- … --> comments, which Docusaurus never shows.
type htmlComments struct{}

func (htmlComments) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	var drop []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.HTMLBlock:
			var all []byte
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				all = append(all, seg.Value(source)...)
			}
			if n.HasClosure() {
				closure := n.ClosureLine
				all = append(all, closure.Value(source)...)
			}
			all = bytes.TrimSpace(all)
			if bytes.HasPrefix(all, []byte("<!--")) && bytes.HasSuffix(all, []byte("-->")) && bytes.Count(all, []byte("<!--")) == 1 {
				drop = append(drop, n)
			}
		case *ast.RawHTML:
			if n.Segments.Len() == 0 {
				break
			}
			if first := n.Segments.At(0); bytes.HasPrefix(first.Value(source), []byte("<!--")) {
				drop = append(drop, n)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, n := range drop {
		n.Parent().RemoveChild(n.Parent(), n)
	}
}

// nodeRenderer renders MDX statements and comments as nothing.
type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	nothing := func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkSkipChildren, nil
	}
	reg.Register(KindESM, nothing)
	reg.Register(KindComment, nothing)
	reg.Register(KindInlineComment, nothing)
}

// Declare tells the converter that statements and comments are invisible: no text, no Markdown,
// and the heading after them is still the page's first block.
func (Extension) Declare(d *ext.Declarations) {
	d.Invisible(KindESM, KindComment, KindInlineComment)
}

// Extension is the goldmark extension for MDX statements and comments.
type Extension struct{}

// Extend adds the parsers, the HTML comment filter and the renderer to m.
func (Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(esmParser{}, 850), util.Prioritized(commentParser{}, 850), util.Prioritized(elementParser{}, 850)),
		parser.WithInlineParsers(util.Prioritized(inlineCommentParser{}, 100)),
		parser.WithASTTransformers(util.Prioritized(htmlComments{}, 100), util.Prioritized(openExpressions{}, 900)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}
