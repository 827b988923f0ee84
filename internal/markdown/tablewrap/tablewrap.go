// Package tablewrap renders GFM tables inside <div class="tz-table">, so wide tables scroll on their
// own instead of widening the page.
package tablewrap

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/ext"
)

// Extension adds GFM tables (parser and renderer) with the scrolling wrapper.
type Extension struct{}

// Declare declares nothing: tables are GFM's, whose text and Markdown the converter knows.
func (Extension) Declare(*ext.Declarations) {}

// Extend adds tables to m and wraps their HTML.
func (Extension) Extend(m goldmark.Markdown) {
	extension.Table.Extend(m)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(newRenderer(), 100)))
}

// funcs captures the render functions another NodeRenderer registers.
type funcs map[ast.NodeKind]renderer.NodeRendererFunc

func (f funcs) Register(k ast.NodeKind, fn renderer.NodeRendererFunc) { f[k] = fn }

// nodeRenderer delegates to goldmark's table renderer and adds the wrapper around each table.
type nodeRenderer struct {
	table renderer.NodeRendererFunc
}

func newRenderer() nodeRenderer {
	f := funcs{}
	extension.NewTableHTMLRenderer().RegisterFuncs(f)
	return nodeRenderer{table: f[east.KindTable]}
}

// RegisterFuncs implements renderer.NodeRenderer.
func (r nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(east.KindTable, r.render)
}

func (r nodeRenderer) render(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		// Focusable, so keyboard users can scroll a table wider than the page.
		_, _ = w.WriteString(`<div class="tz-table" tabindex="0">` + "\n")
	}
	status, err := r.table(w, source, n, entering)
	if !entering {
		_, _ = w.WriteString("</div>\n")
	}
	return status, err
}
