package markdown

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"

	"tzdocs/internal/markdown/conref"
	"tzdocs/internal/markdown/ext"
)

// collect walks the page once: headings for the TOC, and what the extensions declared they
// record for their nodes (links and images, resolved through ctx and recorded as written, embeds
// and diagrams).
func (c *Converter) collect(root ast.Node, src []byte, ctx PageContext, pos *positions, doc *Document) {
	p := &page{src: src, ctx: ctx, pos: pos, doc: doc}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if h, ok := n.(*ast.Heading); ok && h.Level >= 2 {
			doc.Headings = append(doc.Headings, Heading{Level: h.Level, ID: ext.HeadingAttr(h, ext.HeadingID), Text: ext.HeadingAttr(h, ext.HeadingText)})
		}
		if f := c.decl.For(n.Kind()).Collect; f != nil {
			f(p, n)
		}
		return ast.WalkContinue, nil
	})
}

// page is what collect functions record into: the Document being built.
type page struct {
	src []byte
	ctx PageContext
	pos *positions
	doc *Document
}

func (p *page) Source() []byte { return p.src }

// Link records and resolves a link. Relative paths written in a partial are relative to the
// partial's file: they are rebased onto the page first.
func (p *page) Link(dest string, offset int) string {
	dest = conref.Rebase(p.pos.base(offset), dest)
	p.doc.Links = append(p.doc.Links, p.pos.ref(dest, offset))
	if p.ctx.ResolveLink != nil && isInternal(dest) {
		return p.ctx.ResolveLink(dest)
	}
	return dest
}

func (p *page) Ref(dest string, offset int) {
	p.doc.Links = append(p.doc.Links, p.pos.ref(dest, offset))
}

func (p *page) Image(src string, offset int) (Image, bool) {
	src = conref.Rebase(p.pos.base(offset), src)
	p.Embed(EmbedImage, src)
	p.doc.Images = append(p.doc.Images, p.pos.ref(src, offset))
	if p.ctx.ResolveImage == nil {
		return Image{URL: src}, true
	}
	img, err := p.ctx.ResolveImage(src)
	if err != nil {
		d := p.pos.diag(offset, err.Error())
		d.Cause = CauseImage
		p.doc.Errors = append(p.doc.Errors, d)
		return Image{URL: src}, false
	}
	return img, true
}

func (p *page) Embed(kind, url string) {
	if !isInternal(url) && (strings.HasPrefix(url, "//") || strings.HasPrefix(url, "http://") || strings.HasPrefix(url, "https://")) {
		p.doc.Embeds = append(p.doc.Embeds, Embed{Kind: kind, URL: url})
	}
}

func (p *page) Mermaid() { p.doc.HasMermaid = true }

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

// positions maps byte offsets in the converted source to files, lines and columns: the page's own,
// or a partial's when content references were included.
type positions struct {
	src     []byte
	start   []int // offset of the first byte of each line
	origins []conref.Origin
}

func newPositions(src []byte, origins []conref.Origin) *positions {
	p := &positions{src: src, start: []int{0}, origins: origins}
	for i, b := range src {
		if b == '\n' {
			p.start = append(p.start, i+1)
		}
	}
	return p
}

// locate returns the file ("" for the page), line and column (in characters) of offset.
func (p *positions) locate(offset int) (file string, line, col int) {
	offset = max(0, min(offset, len(p.src)))
	i := sort.Search(len(p.start), func(i int) bool { return p.start[i] > offset }) - 1
	line, col = i+1, utf8.RuneCount(p.src[p.start[i]:offset])+1
	if i < len(p.origins) {
		o := p.origins[i]
		return o.File, o.Line, max(1, col-o.Indent)
	}
	return "", line, col
}

// base is the import path of the partial holding offset, "" in the page's own text.
func (p *positions) base(offset int) string {
	if len(p.origins) == 0 {
		return ""
	}
	offset = max(0, min(offset, len(p.src)))
	i := sort.Search(len(p.start), func(i int) bool { return p.start[i] > offset }) - 1
	if i < len(p.origins) {
		return p.origins[i].Base
	}
	return ""
}

func (p *positions) ref(dest string, offset int) Ref {
	file, line, col := p.locate(offset)
	return Ref{Dest: dest, File: file, Line: line, Col: col}
}

func (p *positions) diag(offset int, message string) Diagnostic {
	file, line, col := p.locate(offset)
	return Diagnostic{File: file, Line: line, Col: col, Message: message}
}
