package markdown

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"

	"tzdocs/internal/markdown/codeblock"
	"tzdocs/internal/markdown/links"
)

// collect walks the page once: headings for the TOC, links and images (resolved through ctx, and
// recorded as written), and mermaid diagrams.
func (c *Converter) collect(root ast.Node, src []byte, ctx PageContext, pos *positions, doc *Document) {
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if n.Level >= 2 {
				h := Heading{Level: n.Level, ID: headingID(n), Text: headingText(n)}
				doc.Headings = append(doc.Headings, h)
				if n.Level >= c.opts.TOCMinLevel && n.Level <= c.opts.TOCMaxLevel {
					doc.TOC = append(doc.TOC, h)
				}
			}
		case *ast.Link:
			dest := string(n.Destination)
			line, col := pos.lineCol(nodeOffset(n))
			doc.Links = append(doc.Links, Ref{Dest: dest, Line: line, Col: col})
			if ctx.ResolveLink != nil && isInternal(dest) {
				n.Destination = []byte(ctx.ResolveLink(dest))
			}
		case *ast.AutoLink:
			line, col := pos.lineCol(nodeOffset(n))
			doc.Links = append(doc.Links, Ref{Dest: string(n.URL(src)), Line: line, Col: col})
		case *ast.Image:
			dest := string(n.Destination)
			line, col := pos.lineCol(nodeOffset(n))
			doc.Images = append(doc.Images, Ref{Dest: dest, Line: line, Col: col})
			if ctx.ResolveImage != nil {
				img, err := ctx.ResolveImage(dest)
				if err != nil {
					doc.Errors = append(doc.Errors, Diagnostic{Line: line, Col: col, Message: err.Error()})
				} else {
					n.Destination = []byte(img.URL)
					n.SetAttributeString(links.AttrWidth, img.Width)
					n.SetAttributeString(links.AttrHeight, img.Height)
				}
			}
		case *ast.FencedCodeBlock:
			if n.Info != nil && codeblock.Parse(n, src).Lang == codeblock.Mermaid {
				doc.HasMermaid = true
			}
		}
		return ast.WalkContinue, nil
	})
}

// isInternal reports whether dest points into the site: no URL scheme and not protocol-relative.
func isInternal(dest string) bool {
	if strings.HasPrefix(dest, "//") {
		return false
	}
	if i := strings.IndexAny(dest, ":/?#"); i > 0 && dest[i] == ':' {
		return false // "https:", "mailto:", "tel:" …
	}
	return true
}

// nodeOffset is the source offset of n, or of the nearest enclosing node that knows its position.
func nodeOffset(n ast.Node) int {
	for ; n != nil; n = n.Parent() {
		if p := n.Pos(); p >= 0 {
			return p
		}
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			return n.Lines().At(0).Start
		}
	}
	return 0
}

// positions maps byte offsets in a page to 1-based line and column numbers.
type positions struct {
	src   []byte
	start []int // offset of the first byte of each line
}

func newPositions(src []byte) *positions {
	p := &positions{src: src, start: []int{0}}
	for i, b := range src {
		if b == '\n' {
			p.start = append(p.start, i+1)
		}
	}
	return p
}

// lineCol returns the line and column (in characters) of offset.
func (p *positions) lineCol(offset int) (line, col int) {
	offset = max(0, min(offset, len(p.src)))
	i := sort.Search(len(p.start), func(i int) bool { return p.start[i] > offset }) - 1
	return i + 1, utf8.RuneCount(p.src[p.start[i]:offset]) + 1
}
