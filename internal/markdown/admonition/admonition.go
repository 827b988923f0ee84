// Package admonition parses and renders Docusaurus admonitions (":::note [Title]" … ":::").
package admonition

import (
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/ext"
)

// nodeRenderer writes <div class="tz-admonition tz-admonition--TYPE"> with a title paragraph and a body div.
type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (r nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindAdmonition, r.renderAdmonition)
	reg.Register(KindTitle, r.renderTitle)
}

const bodyOpen = "<div class=\"tz-admonition__body\">\n"

func (nodeRenderer) renderAdmonition(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*Admonition)
	if !entering {
		_, _ = w.WriteString("</div>\n</div>\n")
		return ast.WalkContinue, nil
	}
	class := "tz-admonition tz-admonition--" + n.Keyword
	if style := styleOf(n.Keyword); style != n.Keyword {
		class += " tz-admonition--" + style
	}
	_, _ = w.WriteString(`<div class="` + class + "\">\n")
	if _, titled := n.FirstChild().(*Title); !titled {
		_, _ = w.WriteString(`<p class="tz-admonition__title">` + strings.ToUpper(n.Keyword[:1]) + n.Keyword[1:] + "</p>\n" + bodyOpen)
	}
	return ast.WalkContinue, nil
}

func (nodeRenderer) renderTitle(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		_, _ = w.WriteString(`<p class="tz-admonition__title">`)
	} else {
		_, _ = w.WriteString("</p>\n" + bodyOpen)
	}
	return ast.WalkContinue, nil
}

// Extension is the goldmark extension for admonitions.
type Extension struct {
	// Keywords are the site's own admonition keywords (docs.admonitions.keywords), accepted
	// besides Types unless Replace is set; they are drawn as info.
	Keywords []string
	// Replace makes Keywords the only ones accepted (Docusaurus's extendDefaults: false).
	Replace bool
}

func (e Extension) keywords() keywords {
	if e.Replace && len(e.Keywords) > 0 {
		return keywords(e.Keywords)
	}
	k := append(keywords{}, Types...)
	for _, w := range e.Keywords {
		if w = strings.ToLower(w); !k.known(w) {
			k = append(k, w)
		}
	}
	return k
}

// Declare tells the converter that an admonition is an aside whose title's text is searchable,
// that <Admonition> is a component, and how an admonition reads as Markdown: a block quote led
// by its type in bold.
func (Extension) Declare(d *ext.Declarations) {
	d.Components("Admonition")
	d.Text(KindTitle, ext.InlineText)
	d.Text(KindAdmonition, func(t ext.Text, node ast.Node) ast.WalkStatus {
		n := node.(*Admonition)
		body := n.FirstChild()
		var title ast.Node
		if ti, ok := body.(*Title); ok {
			title, body = ti, ti.NextSibling()
		}
		t.Aside(n.Keyword, title, body)
		return ast.WalkSkipChildren
	})
	d.Markdown(KindAdmonition, writeMarkdown)
	d.Markdown(KindTitle, func(w *ext.MarkdownWriter, n ast.Node) { w.Inline(n) })
}

func writeMarkdown(w *ext.MarkdownWriter, node ast.Node) {
	n := node.(*Admonition)
	w.Quote(func(w *ext.MarkdownWriter) {
		kind := strings.ToUpper(n.Keyword[:1]) + n.Keyword[1:]
		body := n.FirstChild()
		if title, ok := body.(*Title); ok {
			w.WriteString("**" + kind + ":** ")
			w.Block(title)
			body = title.NextSibling()
		} else {
			w.WriteString("**" + kind + "**")
			w.EndBlock()
		}
		for ; body != nil; body = body.NextSibling() {
			w.Block(body)
		}
	})
}

// Extend adds the admonition parser and renderer to m.
func (e Extension) Extend(m goldmark.Markdown) {
	k := e.keywords()
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(blockParser{keywords: k}, 90), util.Prioritized(jsxParser(k), 840)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}
