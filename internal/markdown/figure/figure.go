// Package figure renders the <Figure src caption /> component as a <figure> with a captioned,
// sized, lazily loaded image.
package figure

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/jsxtag"
)

// KindFigure is the node kind of *Figure.
var KindFigure = ast.NewNodeKind("Figure")

// Figure is a <Figure> component. The page converter resolves Src into URL, Width and Height.
type Figure struct {
	jsxtag.TagBlock
	Src, Caption, Alt string
	URL               string // resolved image URL; Src when empty
	Width, Height     int
}

// Kind implements ast.Node.
func (n *Figure) Kind() ast.NodeKind { return KindFigure }

// Dump implements ast.Node.
func (n *Figure) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Src": n.Src, "Caption": n.Caption}, nil)
}

// blockParser reads <Figure src="…" caption="…" alt="…" />.
var blockParser = jsxtag.SelfClosing{
	Names: []string{"Figure"},
	New:   func(string) ast.Node { return &Figure{} },
	Read: func(node ast.Node, tag jsxtag.Tag, pc parser.Context) {
		n := node.(*Figure)
		if !tag.SelfClose {
			diag.Warn(pc, n.Offset, "<Figure> has no content; write it as <Figure src=\"…\" caption=\"…\" />")
		}
		n.Src, _ = tag.Get("src")
		n.Caption, _ = tag.Get("caption")
		n.Alt, _ = tag.Get("alt")
		if n.Src == "" {
			diag.Warn(pc, n.Offset, "<Figure> has no src; add src=\"/img/….png\"")
		}
	},
}

type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindFigure, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkSkipChildren, nil
		}
		n := node.(*Figure)
		if !n.Pending.Done {
			_, _ = w.WriteString("<p>" + html.EscapeString(string(n.Pending.Source())) + "</p>\n")
			return ast.WalkSkipChildren, nil
		}
		fmt.Fprintf(w, `<figure class="tz-figure"><img src="%s" alt="%s"`, html.EscapeString(n.url()), html.EscapeString(n.alt()))
		if n.Width > 0 && n.Height > 0 {
			_, _ = w.WriteString(` width="` + strconv.Itoa(n.Width) + `" height="` + strconv.Itoa(n.Height) + `"`)
		}
		_, _ = w.WriteString(` loading="lazy" decoding="async">`)
		if n.Caption != "" {
			_, _ = w.WriteString("<figcaption>" + html.EscapeString(n.Caption) + "</figcaption>")
		}
		_, _ = w.WriteString("</figure>\n")
		return ast.WalkSkipChildren, nil
	})
}

// Extension is the goldmark extension for <Figure>.
type Extension struct{}

// Declare tells the converter that <Figure> is a component, that its image is resolved like a
// Markdown image, that its caption is searchable, and how it reads as Markdown: the image with
// its caption in italics below.
func (Extension) Declare(d *ext.Declarations) {
	d.Components("Figure")
	d.Collect(KindFigure, func(p ext.Page, node ast.Node) {
		n := node.(*Figure)
		if n.Src == "" {
			return
		}
		if img, ok := p.Image(n.Src, n.Offset); ok {
			n.URL, n.Width, n.Height = img.URL, img.Width, img.Height
		}
	})
	d.Text(KindFigure, func(t ext.Text, n ast.Node) ast.WalkStatus {
		t.Prose(n.(*Figure).Caption)
		return ast.WalkSkipChildren
	})
	d.Markdown(KindFigure, writeMarkdown)
}

func writeMarkdown(w *ext.MarkdownWriter, node ast.Node) {
	n := node.(*Figure)
	if !n.Pending.Done {
		w.WriteText(strings.TrimSpace(string(n.Pending.Source())))
		return
	}
	var lines []string
	if n.Src != "" {
		lines = append(lines, ext.ImageMarkdown(n.alt(), n.url()))
	}
	if n.Caption != "" {
		lines = append(lines, "*"+ext.Escape(n.Caption)+"*")
	}
	w.WriteString(strings.Join(lines, "\n"))
}

// url is where the image is: resolved, or as written.
func (n *Figure) url() string {
	if n.URL == "" {
		return n.Src
	}
	return n.URL
}

// alt is the image's alternative text: the caption unless the author gave one.
func (n *Figure) alt() string {
	if n.Alt == "" {
		return n.Caption
	}
	return n.Alt
}

// Extend adds the <Figure> parser, ahead of the HTML block parser, and its renderer to m.
func (Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(blockParser, 840)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}
