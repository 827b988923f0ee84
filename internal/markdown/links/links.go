// Package links renders links and images the way the theme expects: external links open in a new
// tab with a screen-reader hint, images carry their size and load lazily.
package links

import (
	"bytes"
	"strconv"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/plaintext"
)

// Image size attributes: set them on an *ast.Image (as int) and the renderer writes width and height.
const (
	AttrWidth  = "tz-width"
	AttrHeight = "tz-height"
)

// IsExternal reports whether dest leaves the site: an absolute http or https URL.
func IsExternal(dest []byte) bool {
	d := bytes.ToLower(dest)
	return bytes.HasPrefix(d, []byte("http://")) || bytes.HasPrefix(d, []byte("https://"))
}

// nodeRenderer renders *ast.Link, *ast.AutoLink and *ast.Image.
type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (r nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindLink, r.renderLink)
	reg.Register(ast.KindAutoLink, r.renderAutoLink)
	reg.Register(ast.KindImage, r.renderImage)
}

const newTab = ` target="_blank" rel="noopener noreferrer"`
const newTabHint = `<span class="tz-sr-only"> (opens in new tab)</span>`

func writeHref(w util.BufWriter, dest []byte) {
	_, _ = w.WriteString(`<a href="`)
	_, _ = w.Write(util.EscapeHTML(util.URLEscape(dest, true)))
	_ = w.WriteByte('"')
}

func (nodeRenderer) renderLink(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Link)
	external := IsExternal(n.Destination)
	if !entering {
		if external {
			_, _ = w.WriteString(newTabHint)
		}
		_, _ = w.WriteString("</a>")
		return ast.WalkContinue, nil
	}
	writeHref(w, n.Destination)
	if len(n.Title) > 0 {
		_, _ = w.WriteString(` title="`)
		_, _ = w.Write(util.EscapeHTML(n.Title))
		_ = w.WriteByte('"')
	}
	if external {
		_, _ = w.WriteString(newTab)
	}
	_ = w.WriteByte('>')
	return ast.WalkContinue, nil
}

func (nodeRenderer) renderAutoLink(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.AutoLink)
	url := n.URL(source)
	label := n.Label(source)
	if n.AutoLinkType == ast.AutoLinkEmail && !bytes.HasPrefix(bytes.ToLower(url), []byte("mailto:")) {
		url = append([]byte("mailto:"), url...)
	}
	writeHref(w, url)
	external := IsExternal(url)
	if external {
		_, _ = w.WriteString(newTab)
	}
	_ = w.WriteByte('>')
	_, _ = w.Write(util.EscapeHTML(label))
	if external {
		_, _ = w.WriteString(newTabHint)
	}
	_, _ = w.WriteString("</a>")
	return ast.WalkContinue, nil
}

func (nodeRenderer) renderImage(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Image)
	_, _ = w.WriteString(`<img src="`)
	_, _ = w.Write(util.EscapeHTML(util.URLEscape(n.Destination, true)))
	_, _ = w.WriteString(`" alt="`)
	_, _ = w.Write(util.EscapeHTML([]byte(plaintext.Inline(n, source))))
	_ = w.WriteByte('"')
	if len(n.Title) > 0 {
		_, _ = w.WriteString(` title="`)
		_, _ = w.Write(util.EscapeHTML(n.Title))
		_ = w.WriteByte('"')
	}
	for _, a := range [][2]string{{AttrWidth, "width"}, {AttrHeight, "height"}} {
		if v, ok := n.AttributeString(a[0]); ok {
			if px, ok := v.(int); ok && px > 0 {
				_, _ = w.WriteString(` ` + a[1] + `="` + strconv.Itoa(px) + `"`)
			}
		}
	}
	_, _ = w.WriteString(` loading="lazy" decoding="async">`)
	return ast.WalkSkipChildren, nil
}

// Declare tells the converter to record every link and image, to resolve link destinations and
// images, and to give images their size for the renderer.
func (Extension) Declare(d *ext.Declarations) {
	d.Collect(ast.KindLink, func(p ext.Page, node ast.Node) {
		n := node.(*ast.Link)
		n.Destination = []byte(p.Link(string(n.Destination), ext.Offset(n)))
	})
	d.Collect(ast.KindAutoLink, func(p ext.Page, node ast.Node) {
		p.Ref(string(node.(*ast.AutoLink).URL(p.Source())), ext.Offset(node))
	})
	d.Collect(ast.KindImage, func(p ext.Page, node ast.Node) {
		n := node.(*ast.Image)
		if img, ok := p.Image(string(n.Destination), ext.Offset(n)); ok {
			n.Destination = []byte(img.URL)
			n.SetAttributeString(AttrWidth, img.Width)
			n.SetAttributeString(AttrHeight, img.Height)
		}
	})
}

// Extension is the goldmark extension for link and image rendering.
type Extension struct{}

// Extend adds the link and image renderer to m.
func (Extension) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}
