package markdown

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"

	"tzdocs/internal/markdown/codeblock"
	"tzdocs/internal/markdown/conref"
	"tzdocs/internal/markdown/embed"
	"tzdocs/internal/markdown/figure"
	"tzdocs/internal/markdown/jsxtag"
	"tzdocs/internal/markdown/links"
	"tzdocs/internal/markdown/rawhtml"
	"tzdocs/internal/markdown/tutorialcard"
)

// collect walks the page once: headings for the TOC, links and images (resolved through ctx, and
// recorded as written) in Markdown, raw HTML and components, and mermaid diagrams.
func (c *Converter) collect(root ast.Node, src []byte, ctx PageContext, pos *positions, doc *Document) {
	// Relative paths written in a partial are relative to the partial's file: rebase them onto the
	// page before they are recorded and resolved.
	link := func(dest string, offset int) string {
		dest = conref.Rebase(pos.base(offset), dest)
		doc.Links = append(doc.Links, pos.ref(dest, offset))
		if ctx.ResolveLink != nil && isInternal(dest) {
			return ctx.ResolveLink(dest)
		}
		return dest
	}
	addEmbed := func(kind, url string) {
		if !isInternal(url) && (strings.HasPrefix(url, "//") || strings.HasPrefix(url, "http://") || strings.HasPrefix(url, "https://")) {
			doc.Embeds = append(doc.Embeds, Embed{Kind: kind, URL: url})
		}
	}
	image := func(dest string, offset int) (Image, bool) {
		dest = conref.Rebase(pos.base(offset), dest)
		addEmbed(EmbedImage, dest)
		doc.Images = append(doc.Images, pos.ref(dest, offset))
		if ctx.ResolveImage == nil {
			return Image{URL: dest}, true
		}
		img, err := ctx.ResolveImage(dest)
		if err != nil {
			d := pos.diag(offset, err.Error())
			d.Cause = CauseImage
			doc.Errors = append(doc.Errors, d)
			return Image{URL: dest}, false
		}
		return img, true
	}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if n.Level >= 2 {
				h := Heading{Level: n.Level, ID: headingID(n), Text: headingText(n)}
				doc.Headings = append(doc.Headings, h)
			}
		case *ast.Link:
			n.Destination = []byte(link(string(n.Destination), nodeOffset(n)))
		case *ast.AutoLink:
			doc.Links = append(doc.Links, pos.ref(string(n.URL(src)), nodeOffset(n)))
		case *ast.Image:
			if img, ok := image(string(n.Destination), nodeOffset(n)); ok {
				n.Destination = []byte(img.URL)
				n.SetAttributeString(links.AttrWidth, img.Width)
				n.SetAttributeString(links.AttrHeight, img.Height)
			}
		case *embed.Diagram:
			if n.Src != "" {
				addEmbed(EmbedFrame, n.Src)
			}
		case *figure.Figure:
			if n.Src != "" {
				if img, ok := image(n.Src, n.Offset); ok {
					n.URL, n.Width, n.Height = img.URL, img.Width, img.Height
				}
			}
		case *tutorialcard.Card:
			if n.Href != "" {
				n.Href = link(n.Href, n.Offset)
			}
		case *rawhtml.Block, *rawhtml.Inline:
			for _, t := range rawhtml.Tags(n) {
				resolveTag(t, link, image)
				if t.Closing {
					continue
				}
				kind := map[string]string{"iframe": EmbedFrame, "video": EmbedMedia, "audio": EmbedMedia, "source": EmbedMedia, "track": EmbedMedia}[t.Name]
				if src, ok := jsxtag.Lookup(t.Attrs, "src"); ok && kind != "" {
					addEmbed(kind, src)
				}
				if poster, ok := jsxtag.Lookup(t.Attrs, "poster"); ok && t.Name == "video" {
					addEmbed(EmbedImage, poster)
				}
			}
		case *ast.FencedCodeBlock:
			if n.Info != nil && codeblock.Parse(n, src).Lang == codeblock.Mermaid {
				doc.HasMermaid = true
			}
		case *codeblock.JSX:
			if n.Block.Lang == codeblock.Mermaid {
				doc.HasMermaid = true
			}
		}
		return ast.WalkContinue, nil
	})
}

// resolveTag resolves <a href> like a Markdown link and <img src> like a Markdown image, giving the
// image its intrinsic size (unless the author set one) and lazy loading.
func resolveTag(t *rawhtml.Tag, link func(string, int) string, image func(string, int) (Image, bool)) {
	if t.Closing {
		return
	}
	switch t.Name {
	case "a":
		href, ok := jsxtag.Lookup(t.Attrs, "href")
		if !ok || href == "" {
			return
		}
		t.Attrs = jsxtag.Set(t.Attrs, "href", link(href, t.Offset))
		if _, hasTarget := jsxtag.Lookup(t.Attrs, "target"); links.IsExternal([]byte(href)) && !hasTarget {
			t.Attrs = jsxtag.Set(t.Attrs, "target", "_blank")
			t.Attrs = jsxtag.Set(t.Attrs, "rel", "noopener noreferrer")
		}
	case "img":
		src, ok := jsxtag.Lookup(t.Attrs, "src")
		if !ok || src == "" {
			return
		}
		img, ok := image(src, t.Offset)
		if !ok {
			return
		}
		t.Attrs = jsxtag.Set(t.Attrs, "src", img.URL)
		_, w := jsxtag.Lookup(t.Attrs, "width")
		_, h := jsxtag.Lookup(t.Attrs, "height")
		if !w && !h && img.Width > 0 && img.Height > 0 {
			t.Attrs = jsxtag.Set(t.Attrs, "width", strconv.Itoa(img.Width))
			t.Attrs = jsxtag.Set(t.Attrs, "height", strconv.Itoa(img.Height))
		}
		for _, a := range [][2]string{{"loading", "lazy"}, {"decoding", "async"}} {
			if _, ok := jsxtag.Lookup(t.Attrs, a[0]); !ok {
				t.Attrs = jsxtag.Set(t.Attrs, a[0], a[1])
			}
		}
	}
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
