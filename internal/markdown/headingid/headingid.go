// Package headingid gives headings Docusaurus-compatible ids ({#custom-id} or a github-slugger slug)
// and renders them with a "direct link" anchor.
package headingid

import (
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/plaintext"
)

// customID matches a trailing Docusaurus explicit id, "{#id}", on the heading's last line.
var customID = regexp.MustCompile(`[ \t]*\\?\{#([^\s{}]+?)\\?\}[ \t]*$`)

type transformer struct{}

// Transform assigns every heading its id and plain text. It runs once per document with a fresh
// slugger, so ids are unique within the page, in document order, as Docusaurus numbers them.
func (transformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	slugger := NewSlugger()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		id := stripCustomID(h, source)
		txt := strings.TrimSpace(plaintext.Inline(h, source))
		if id == "" {
			id = slugger.Slug(txt)
		}
		h.SetAttributeString(ext.HeadingID, []byte(id))
		h.SetAttributeString(ext.HeadingText, []byte(txt))
		return ast.WalkSkipChildren, nil
	})
}

// stripCustomID removes a trailing {#id} from h's inline text and returns the id, or "" if none.
func stripCustomID(h *ast.Heading, source []byte) string {
	lines := h.Lines()
	if lines.Len() == 0 {
		return ""
	}
	last := lines.At(lines.Len() - 1)
	m := customID.FindSubmatchIndex(last.Value(source))
	if m == nil {
		return ""
	}
	cut := last.Start + m[0]
	id := string(last.Value(source)[m[2]:m[3]])
	var drop []ast.Node
	_ = ast.Walk(h, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		t, ok := n.(*ast.Text)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		switch {
		case t.Segment.Start >= cut:
			drop = append(drop, t)
		case t.Segment.Stop > cut:
			t.Segment = t.Segment.WithStop(cut)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range drop {
		p := n.Parent()
		p.RemoveChild(p, n)
		// An emphasis or link left empty by the cut would render as empty tags; remove it too.
		for p != h && p.ChildCount() == 0 {
			gp := p.Parent()
			gp.RemoveChild(gp, p)
			p = gp
		}
	}
	// The text before "{#id}" usually ends with a space that should not reach the page.
	if t, ok := h.LastChild().(*ast.Text); ok {
		v := t.Segment.Value(source)
		t.Segment = t.Segment.WithStop(t.Segment.Stop - (len(v) - len(strings.TrimRight(string(v), " \t"))))
	}
	return id
}

// nodeRenderer writes headings as <hN id="x">Text<a class="tz-heading__anchor" …>#</a></hN>.
type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (r nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, r.renderHeading)
}

func (nodeRenderer) renderHeading(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	h := node.(*ast.Heading)
	tag := "h" + strconv.Itoa(h.Level)
	id := ext.HeadingAttr(h, ext.HeadingID)
	if entering {
		_, _ = w.WriteString("<" + tag)
		if id != "" {
			_, _ = w.WriteString(` id="` + html.EscapeString(id) + `"`)
		}
		_ = w.WriteByte('>')
		return ast.WalkContinue, nil
	}
	if id != "" {
		_, _ = w.WriteString(`<a class="tz-heading__anchor" href="#` + html.EscapeString(id) +
			`" aria-label="Direct link to ` + html.EscapeString(ext.HeadingAttr(h, ext.HeadingText)) + `">#</a>`)
	}
	_, _ = w.WriteString("</" + tag + ">\n")
	return ast.WalkContinue, nil
}

// Extension is the goldmark extension for heading ids and heading rendering.
type Extension struct{}

// Declare declares nothing: headings are CommonMark's, and the converter reads the ids and texts
// this extension sets (ext.HeadingID, ext.HeadingText).
func (Extension) Declare(*ext.Declarations) {}

// Extend adds heading ids and the heading renderer to m.
func (Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(transformer{}, 100)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}
