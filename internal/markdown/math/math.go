// Package math reads TeX math the way remark-math does, for sites that turn it on (site.yaml
// markdown.math): $…$ and $$…$$ inside a paragraph, and a $$ … $$ block for display math. The TeX
// is written HTML-escaped into <span class="tz-math"> or <div class="tz-math tz-math--display">,
// readable as it is; the theme typesets it in the browser with KaTeX.
package math

import (
	"bytes"
	"html"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/ext"
)

// KindInline is the node kind of *Inline.
var KindInline = ast.NewNodeKind("MathInline")

// Inline is math inside a paragraph.
type Inline struct {
	ast.BaseInline
	TeX []byte
}

// Kind implements ast.Node.
func (n *Inline) Kind() ast.NodeKind { return KindInline }

// PlainText is what a reader sees of the formula in plain text: its TeX.
func (n *Inline) PlainText([]byte) []byte { return n.TeX }

// Dump implements ast.Node.
func (n *Inline) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"TeX": string(n.TeX)}, nil)
}

// KindBlock is the node kind of *Block.
var KindBlock = ast.NewNodeKind("MathBlock")

// Block is display math between $$ lines; its lines are the TeX.
type Block struct {
	ast.BaseBlock
	fence  int // number of dollars that opened it
	start  int
	closed bool
}

// Kind implements ast.Node.
func (n *Block) Kind() ast.NodeKind { return KindBlock }

// IsRaw implements ast.Node.
func (n *Block) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *Block) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

type inlineParser struct{}

func (inlineParser) Trigger() []byte { return []byte{'$'} }

// Parse reads $…$ or $$…$$ on one line. A single-dollar span follows the rule that keeps prices
// from turning into math: no space after the opening dollar, none before the closing one, and no
// digit right after it ("costs $5 or $10" stays text).
func (inlineParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, _ := block.PeekLine()
	n := 0
	for n < len(line) && line[n] == '$' {
		n++
	}
	if n > 2 {
		return nil
	}
	for i := n; i < len(line); i++ {
		switch {
		case line[i] == '\\':
			i++ // \$ inside math is an escaped dollar, not the end
		case line[i] == '$':
			j := i
			for j < len(line) && line[j] == '$' {
				j++
			}
			if j-i != n {
				i = j - 1
				continue
			}
			tex := line[n:i]
			if len(bytes.TrimSpace(tex)) == 0 {
				return nil
			}
			if n == 1 && (isSpace(tex[0]) || isSpace(tex[len(tex)-1]) || (j < len(line) && line[j] >= '0' && line[j] <= '9')) {
				return nil
			}
			block.Advance(j)
			return &Inline{TeX: append([]byte(nil), tex...)}
		}
	}
	return nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

type blockParser struct{}

func (blockParser) Trigger() []byte { return []byte{'$'} }

// fenceOf reads a line of two or more dollars (after up to three spaces), returning the count.
func fenceOf(line []byte) int {
	t := bytes.TrimLeft(line, " ")
	if len(line)-len(t) > 3 {
		return 0
	}
	n := 0
	for n < len(t) && t[n] == '$' {
		n++
	}
	if n < 2 || !util.IsBlank(t[n:]) {
		return 0
	}
	return n
}

func (blockParser) Open(_ ast.Node, reader text.Reader, _ parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	n := fenceOf(line)
	if n == 0 {
		return nil, parser.NoChildren
	}
	reader.AdvanceToEOL()
	return &Block{fence: n, start: seg.Start}, parser.NoChildren
}

func (blockParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	b := node.(*Block)
	line, seg := reader.PeekLine()
	if n := fenceOf(line); n >= b.fence {
		reader.AdvanceToEOL()
		b.closed = true
		return parser.Close
	}
	b.Lines().Append(seg)
	reader.AdvanceToEOL()
	return parser.Continue | parser.NoChildren
}

func (blockParser) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	if b := node.(*Block); !b.closed {
		diag.Warn(pc, b.start, "math block is not closed; add a line $$ where it ends")
	}
}

func (blockParser) CanInterruptParagraph() bool { return true }

func (blockParser) CanAcceptIndentedLine() bool { return false }

type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindInline, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(`<span class="tz-math">` + html.EscapeString(string(node.(*Inline).TeX)) + `</span>`)
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(KindBlock, func(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkSkipChildren, nil
		}
		_, _ = w.WriteString(`<div class="tz-math tz-math--display">` + html.EscapeString(tex(node, source)) + "</div>\n")
		return ast.WalkSkipChildren, nil
	})
}

// tex returns a display formula's TeX.
func tex(n ast.Node, source []byte) string {
	return string(bytes.TrimSpace(n.Lines().Value(source)))
}

// Declare tells the converter that a display formula's TeX is searchable and that formulas keep
// their dollars in the Markdown export.
func (Extension) Declare(d *ext.Declarations) {
	d.Text(KindBlock, func(t ext.Text, n ast.Node) ast.WalkStatus {
		t.Prose(tex(n, t.Source()))
		return ast.WalkSkipChildren
	})
	d.Markdown(KindInline, func(w *ext.MarkdownWriter, n ast.Node) {
		w.WriteString("$" + string(n.(*Inline).TeX) + "$")
	})
	d.Markdown(KindBlock, func(w *ext.MarkdownWriter, n ast.Node) {
		w.WriteString("$$\n" + tex(n, w.Source()) + "\n$$")
	})
}

// Extension is the goldmark extension for math.
type Extension struct{}

// Extend adds the math parsers and renderers to m.
func (Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(blockParser{}, 690)),
		parser.WithInlineParsers(util.Prioritized(inlineParser{}, 150)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}
