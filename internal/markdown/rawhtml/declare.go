package rawhtml

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"

	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/jsxtag"
	"tzdocs/internal/markdown/links"
)

// Declare tells the converter to resolve the links and images of raw markup like Markdown ones
// and to record what it embeds from other sites, that markup is not searchable text, and that
// it stays HTML in the Markdown export.
func (Extension) Declare(d *ext.Declarations) {
	d.Collect(KindBlock, collect)
	d.Collect(KindInline, collect)
	d.Text(KindBlock, func(ext.Text, ast.Node) ast.WalkStatus { return ast.WalkSkipChildren })
	d.Markdown(KindBlock, func(w *ext.MarkdownWriter, n ast.Node) {
		var b strings.Builder
		for _, p := range n.(*Block).Parts {
			if p.Tag != nil {
				Write(&b, p.Tag)
			} else {
				b.WriteString(ext.EscapeTags(p.Text))
			}
		}
		w.WriteString(strings.TrimRight(b.String(), "\n"))
	})
	d.Markdown(KindInline, func(w *ext.MarkdownWriter, n ast.Node) {
		var b strings.Builder
		Write(&b, n.(*Inline).Tag)
		w.WriteString(b.String())
	})
}

// embedKinds are the elements that load a resource of their src, by kind.
var embedKinds = map[string]string{"iframe": ext.EmbedFrame, "video": ext.EmbedMedia, "audio": ext.EmbedMedia, "source": ext.EmbedMedia, "track": ext.EmbedMedia}

func collect(p ext.Page, n ast.Node) {
	for _, t := range Tags(n) {
		if t.Closing {
			continue
		}
		resolve(p, t)
		if src, ok := jsxtag.Lookup(t.Attrs, "src"); ok && embedKinds[t.Name] != "" {
			p.Embed(embedKinds[t.Name], src)
		}
		if poster, ok := jsxtag.Lookup(t.Attrs, "poster"); ok && t.Name == "video" {
			p.Embed(ext.EmbedImage, poster)
		}
	}
}

// resolve resolves <a href> like a Markdown link and <img src> like a Markdown image, giving the
// image its intrinsic size (unless the author set one) and lazy loading.
func resolve(p ext.Page, t *Tag) {
	switch t.Name {
	case "a":
		href, ok := jsxtag.Lookup(t.Attrs, "href")
		if !ok || href == "" {
			return
		}
		t.Attrs = jsxtag.Set(t.Attrs, "href", p.Link(href, t.Offset))
		if _, hasTarget := jsxtag.Lookup(t.Attrs, "target"); links.IsExternal([]byte(href)) && !hasTarget {
			t.Attrs = jsxtag.Set(t.Attrs, "target", "_blank")
			t.Attrs = jsxtag.Set(t.Attrs, "rel", "noopener noreferrer")
		}
	case "img":
		src, ok := jsxtag.Lookup(t.Attrs, "src")
		if !ok || src == "" {
			return
		}
		img, ok := p.Image(src, t.Offset)
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
