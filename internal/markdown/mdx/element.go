package mdx

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/jsxtag"
)

// An MDX expression whose value is one element, alone on its lines:
//
//	{<table>
//	  <tr><td>…</td></tr>
//	</table>}
//
// renders as the element: the braces are dropped and the markup becomes an HTML block, which the
// raw HTML extension then reads the JSX way.
type elementParser struct{}

func (elementParser) Trigger() []byte { return []byte{'{'} }

func (elementParser) Open(_ ast.Node, reader text.Reader, _ parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	trimmed := bytes.TrimLeft(line, " \t")
	if len(trimmed) < 3 || trimmed[0] != '{' {
		return nil, parser.NoChildren
	}
	inner := bytes.TrimLeft(trimmed[1:], " \t")
	if len(inner) < 2 || inner[0] != '<' || !(inner[1] >= 'a' && inner[1] <= 'z' || inner[1] >= 'A' && inner[1] <= 'Z') {
		return nil, parser.NoChildren
	}
	src := reader.Source()
	open := seg.Start + len(line) - len(trimmed)
	end := jsxtag.MatchBrace(src, open)
	if end < 0 {
		return nil, parser.NoChildren
	}
	rest := src[end+1:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	if !util.IsBlank(rest) {
		return nil, parser.NoChildren // more follows the expression on its line: leave it to the paragraph
	}
	node := ast.NewHTMLBlock(ast.HTMLBlockType7)
	for start := open + 1; start < end; {
		stop := bytes.IndexByte(src[start:end], '\n')
		if stop < 0 {
			node.Lines().Append(text.NewSegment(start, end))
			break
		}
		node.Lines().Append(text.NewSegment(start, start+stop+1))
		start += stop + 1
	}
	for range bytes.Count(src[open:end], []byte("\n")) {
		reader.AdvanceLine()
	}
	reader.AdvanceToEOL()
	return node, parser.NoChildren
}

// Continue closes the block: Open consumed all of its lines.
func (elementParser) Continue(ast.Node, text.Reader, parser.Context) parser.State {
	return parser.Close
}

func (elementParser) Close(ast.Node, text.Reader, parser.Context) {}

func (elementParser) CanInterruptParagraph() bool { return true }

func (elementParser) CanAcceptIndentedLine() bool { return false }
