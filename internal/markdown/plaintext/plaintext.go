// Package plaintext extracts the reader-visible text of Markdown nodes, for ids, labels and search.
package plaintext

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/math"
)

// Inline returns the text of n's inline content as a reader sees it: emphasis and links reduced to
// their text, code spans to their code, formulas to their TeX, raw HTML dropped, soft breaks as
// spaces.
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
		case *math.Inline:
			b.Write(c.TeX) // a formula reads as its TeX source
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
