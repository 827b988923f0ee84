package mdx

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/jsxtag"
)

// openExpressions reports a brace in the text of a paragraph (or heading, or table cell) that
// opens an MDX expression and never closes it there. MDX reads "{" in text as the start of
// JavaScript; Docusaurus refuses the page, and tzdocs would print the rest as written. Braces in
// code, math and markup are not text and are not checked; "\{" is a brace shown as itself.
type openExpressions struct{}

func (openExpressions) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	source := reader.Source()
	skipTo := 0 // the end of the last closed expression: braces before it are inside it
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if n.Kind() == ast.KindCodeSpan || n.Kind().String() == "MathInline" {
			return ast.WalkSkipChildren, nil
		}
		t, ok := n.(*ast.Text)
		if !ok {
			return ast.WalkContinue, nil
		}
		seg := t.Segment
		for i := max(seg.Start, skipTo); i < seg.Stop; i++ {
			if source[i] != '{' || i > 0 && source[i-1] == '\\' {
				continue
			}
			end := blockEnd(t, source)
			closing := jsxtag.MatchBrace(source[:end], i)
			if closing < 0 {
				diag.Fail(pc, i, "{ starts an MDX expression that is not closed in its paragraph; add the } that ends it, or write \\{ to show a brace")
				skipTo = end // one error per paragraph
				return ast.WalkContinue, nil
			}
			skipTo = closing + 1
			i = closing
		}
		return ast.WalkContinue, nil
	})
}

// blockEnd returns the source offset where the block holding inline node n ends.
func blockEnd(n ast.Node, source []byte) int {
	for n != nil && n.Type() != ast.TypeBlock {
		n = n.Parent()
	}
	if n == nil || n.Lines().Len() == 0 {
		return len(source)
	}
	return n.Lines().At(n.Lines().Len() - 1).Stop
}
