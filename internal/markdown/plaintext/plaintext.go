// Package plaintext extracts the reader-visible text of Markdown nodes, for ids, labels and search.
package plaintext

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"
)

// Texter is an inline node that says itself what a reader sees of it in plain text, such as a
// formula whose text is its TeX.
type Texter interface {
	PlainText(source []byte) []byte
}

// Inline returns the text of n's inline content as a reader sees it: emphasis and links reduced to
// their text, code spans to their code, nodes that are Texters to their plain text, raw HTML
// dropped, soft breaks as spaces.
func Inline(n ast.Node, source []byte) string {
	var b strings.Builder
	writeInline(&b, n, source)
	return b.String()
}

func writeInline(b *strings.Builder, n ast.Node, source []byte) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			v := c.Value(source)
			if !c.IsRaw() {
				v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
			}
			b.Write(v)
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			for t := c.FirstChild(); t != nil; t = t.NextSibling() {
				switch t := t.(type) {
				case *ast.Text:
					b.Write(t.Value(source))
				case *ast.String:
					b.Write(t.Value)
				}
			}
		case *ast.AutoLink:
			b.Write(c.Label(source))
		case Texter:
			b.Write(c.PlainText(source))
		case *ast.RawHTML, *east.FootnoteLink:
			// not visible text
		default:
			writeInline(b, c, source)
		}
	}
}

// Normalize collapses runs of white space to single spaces and trims the ends.
func Normalize(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
