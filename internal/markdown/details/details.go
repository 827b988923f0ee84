// Package details renders <details>/<summary> blocks as in MDX: the tags pass through and the
// Markdown between them is rendered, with or without blank lines around it.
package details

import (
	"bytes"
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/jsxtag"
	"tzdocs/internal/markdown/plaintext"
)

// KindDetails is the node kind of *Details.
var KindDetails = ast.NewNodeKind("Details")

// Details is a <details> element whose content is Markdown. A *Summary, if any, is its first child.
type Details struct {
	ast.BaseBlock
	// OpenTag is the opening tag as written, attributes included.
	OpenTag []byte
	jsxtag.Container
}

// Kind implements ast.Node.
func (n *Details) Kind() ast.NodeKind { return KindDetails }

// Dump implements ast.Node.
func (n *Details) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"OpenTag": string(n.OpenTag)}, nil)
}

// KindSummary is the node kind of *Summary.
var KindSummary = ast.NewNodeKind("Summary")

// Summary is a one-line <summary>…</summary>; its content is inline Markdown.
type Summary struct {
	ast.BaseBlock
}

// Kind implements ast.Node.
func (n *Summary) Kind() ast.NodeKind { return KindSummary }

// Dump implements ast.Node.
func (n *Summary) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

var (
	openTag   = regexp.MustCompile(`^[ ]{0,3}(<details(?:\s[^>]*)?>)[ \t]*`)
	summary   = regexp.MustCompile(`^[ \t]*<summary>(.*?)</summary>[ \t]*\r?\n?$`)
	closeTag  = regexp.MustCompile(`^[ ]{0,3}</details>[ \t]*\r?\n?$`)
	blankLine = regexp.MustCompile(`^[ \t]*\r?\n?$`)
)

// blockParser reads <details> blocks: their lines up to the closing tag that belongs to them (the
// innermost open block that can take it does: a code fence, or a nested <details>).
type blockParser struct{ jsxtag.ContainerParser }

var detailsParser = blockParser{jsxtag.ContainerParser{Name: "details", Closing: closeTag, NoIndentedLines: true,
	Inner: func(b ast.Node) bool {
		switch b.(type) {
		case *ast.FencedCodeBlock, *Details:
			return true
		}
		return false
	},
	OpenTag: open}}

// open reads a <details> tag, and a <summary> on the same line.
func open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	m := openTag.FindSubmatchIndex(line)
	if m == nil || diag.TooDeep(pc, seg.Start+m[2], "<details>") {
		return nil, parser.NoChildren
	}
	n := &Details{OpenTag: bytes.Clone(line[m[2]:m[3]]), Container: jsxtag.Container{Start: seg.Start + m[2]}}
	rest := line[m[1]:]
	switch {
	case blankLine.Match(rest):
	case summary.Match(rest):
		addSummary(n, rest, seg.Start+m[1])
	default:
		return nil, parser.NoChildren // not a form we restructure; the HTML block parser takes it
	}
	reader.AdvanceToEOL()
	return n, parser.HasChildren
}

func addSummary(n *Details, line []byte, start int) {
	m := summary.FindSubmatchIndex(line)
	s := &Summary{}
	s.Lines().Append(text.NewSegment(start+m[2], start+m[3]))
	n.AppendChild(n, s)
}

// Continue takes a <summary> line as the first child, then the lines up to the closing tag.
func (p blockParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n := node.(*Details)
	line, seg := reader.PeekLine()
	if n.ChildCount() == 0 && summary.Match(line) {
		addSummary(n, line, seg.Start)
		reader.AdvanceToEOL()
		return parser.Continue | parser.NoChildren
	}
	return p.ContainerParser.Continue(node, reader, pc)
}

// nodeRenderer writes the tags around the rendered content.
type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (r nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindDetails, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.Write(node.(*Details).OpenTag)
			_ = w.WriteByte('\n')
		} else {
			_, _ = w.WriteString("</details>\n")
		}
		return ast.WalkContinue, nil
	})
	reg.Register(KindSummary, func(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString("<summary>")
		} else {
			_, _ = w.WriteString("</summary>\n")
		}
		return ast.WalkContinue, nil
	})
}

// Extension is the goldmark extension for <details> blocks.
type Extension struct{}

// Declare tells the converter that a <details> block is an aside whose summary's text is
// searchable, and how it reads as Markdown: its summary in bold, then its content.
func (Extension) Declare(d *ext.Declarations) {
	d.Text(KindSummary, ext.InlineText)
	d.Text(KindDetails, func(t ext.Text, n ast.Node) ast.WalkStatus {
		body := n.FirstChild()
		var title ast.Node
		if s, ok := body.(*Summary); ok {
			title, body = s, s.NextSibling()
		}
		t.Aside("details", title, body)
		return ast.WalkSkipChildren
	})
	d.Markdown(KindDetails, func(w *ext.MarkdownWriter, n ast.Node) { w.Blocks(n) })
	d.Markdown(KindSummary, func(w *ext.MarkdownWriter, n ast.Node) {
		// Its plain text: emphasis inside the summary would end the bold early.
		if s := plaintext.Normalize(plaintext.Inline(n, w.Source())); s != "" {
			w.WriteString("**" + ext.Escape(s) + "**")
		}
	})
}

// Extend adds the <details> parser, ahead of the HTML block parser, and its renderer to m.
func (Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(detailsParser, 850)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}
