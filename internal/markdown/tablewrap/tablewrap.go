// Package tablewrap renders GFM tables inside <div class="tz-table">, so wide tables scroll on their
// own instead of widening the page, and aligns columns with classes (tz-align-left, -center,
// -right) rather than inline styles, which the site's content security policy refuses.
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
	table, cell renderer.NodeRendererFunc
}

func newRenderer() nodeRenderer {
	f := funcs{}
	extension.NewTableHTMLRenderer(extension.WithTableCellAlignMethod(extension.TableCellAlignNone)).RegisterFuncs(f)
	return nodeRenderer{table: f[east.KindTable], cell: f[east.KindTableCell]}
}

// RegisterFuncs implements renderer.NodeRenderer.
func (r nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(east.KindTable, r.render)
	reg.Register(east.KindTableCell, r.renderCell)
}

// renderCell gives an aligned cell its class, then lets goldmark write it (with no style).
func (r nodeRenderer) renderCell(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if c, ok := n.(*east.TableCell); ok && entering && c.Alignment != east.AlignNone {
		c.SetAttributeString("class", []byte("tz-align-"+c.Alignment.String()))
	}
	return r.cell(w, source, n, entering)
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
