// Package ext is the contract between the page converter (package markdown) and its extensions:
// each extension package tells the converter, node kind by node kind, what its nodes put into the
// searchable text, which links, images and embeds they hold, and how they read as plain Markdown,
// and names the MDX components it renders. The converter learns all of it from the extensions it
// is built with, so it never names one of their node types.
package ext

import (
	"fmt"
	"slices"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
)

// Extension is one Markdown convention. Extend adds its parsers and HTML renderers to goldmark;
// Declare tells the converter about its nodes.
type Extension interface {
	goldmark.Extender
	Declare(d *Declarations)
}

// TextFunc adds n's reader-visible text to t. It returns ast.WalkContinue when the converter
// should also visit n's children, ast.WalkSkipChildren when n's text is complete.
type TextFunc func(t Text, n ast.Node) ast.WalkStatus

// CollectFunc records what n links to or loads, through p, before the page is rendered. It may
// change n (a resolved link destination, an image size) so the renderers write the final values.
type CollectFunc func(p Page, n ast.Node)

// MarkdownFunc writes n, children included, as plain Markdown.
type MarkdownFunc func(w *MarkdownWriter, n ast.Node)

// Handlers are what the extensions declared for one node kind; a nil func means the converter's
// default: visit the children.
type Handlers struct {
	Text     TextFunc
	Collect  CollectFunc
	Markdown MarkdownFunc
	// Invisible nodes render nothing, carry no text and are left out of the Markdown export (MDX
	// statements and comments); a block after them still counts as the page's first.
	Invisible bool
}

// Declarations are what a converter's extensions declared, by node kind. A converter fills one
// while it is built and only reads it afterwards, so conversions running at once can share it.
type Declarations struct {
	components []string
	byKind     []Handlers // indexed by ast.NodeKind
}

// Components declares the MDX components (capitalised JSX tags) the extension renders, so the
// component check lets them through.
func (d *Declarations) Components(names ...string) {
	for _, n := range names {
		if !slices.Contains(d.components, n) {
			d.components = append(d.components, n)
		}
	}
}

// Text declares the searchable text of nodes of kind k.
func (d *Declarations) Text(k ast.NodeKind, f TextFunc) {
	d.entry(k, "text", func(h *Handlers) bool { ok := h.Text == nil; h.Text = f; return ok })
}

// Collect declares what the converter records for nodes of kind k.
func (d *Declarations) Collect(k ast.NodeKind, f CollectFunc) {
	d.entry(k, "collect", func(h *Handlers) bool { ok := h.Collect == nil; h.Collect = f; return ok })
}

// Markdown declares how nodes of kind k read as plain Markdown.
func (d *Declarations) Markdown(k ast.NodeKind, f MarkdownFunc) {
	d.entry(k, "markdown", func(h *Handlers) bool { ok := h.Markdown == nil; h.Markdown = f; return ok })
}

// Invisible declares node kinds that render nothing (see Handlers.Invisible).
func (d *Declarations) Invisible(kinds ...ast.NodeKind) {
	for _, k := range kinds {
		d.entry(k, "invisible", func(h *Handlers) bool { ok := !h.Invisible; h.Invisible = true; return ok })
	}
}

// entry sets one handler of kind k. Two extensions declaring the same thing for one kind is a
// wiring mistake: which one wins would depend on the order of the list, so it panics instead.
func (d *Declarations) entry(k ast.NodeKind, what string, set func(*Handlers) bool) {
	if int(k) >= len(d.byKind) {
		d.byKind = append(d.byKind, make([]Handlers, int(k)+1-len(d.byKind))...)
	}
	if !set(&d.byKind[k]) {
		panic(fmt.Sprintf("ext: the %s of %v is declared twice", what, k))
	}
}

// KnownComponents returns the components declared so far, in order of declaration.
func (d *Declarations) KnownComponents() []string { return slices.Clone(d.components) }

// For returns what was declared for node kind k.
func (d *Declarations) For(k ast.NodeKind) Handlers {
	if int(k) < len(d.byKind) {
		return d.byKind[k]
	}
	return Handlers{}
}

// Declare returns the declarations of exts.
func Declare(exts ...Extension) *Declarations {
	d := &Declarations{}
	for _, e := range exts {
		e.Declare(d)
	}
	return d
}

// Text receives the searchable text of a page, section by section; sections start at headings.
type Text interface {
	// Source returns the page's source, which the nodes' segments point into.
	Source() []byte
	// Prose adds reader-visible text; white space is normalised later.
	Prose(s string)
	// Code adds a code block as written, with its language ("" when the fence names none).
	Code(lang, code string)
	// Inline adds the plain text of n's inline content, a paragraph of its own.
	Inline(n ast.Node)
	// Aside adds a block set apart from the text around it, which holds blocks of its own: an
	// admonition, a <details> block. kind names it ("note", "details"); title, when not nil, is
	// the node whose inline content titles it (searchable text too); its content is first and
	// the nodes after it.
	Aside(kind string, title ast.Node, first ast.Node)
}

// InlineText is the TextFunc of blocks whose content is inline Markdown, such as a title.
func InlineText(t Text, n ast.Node) ast.WalkStatus {
	t.Inline(n)
	return ast.WalkSkipChildren
}

// Embed kinds: what a page loads from another site.
const (
	EmbedImage = "img"   // <img>, Markdown images, <Figure>
	EmbedFrame = "frame" // <iframe>
	EmbedMedia = "media" // <video>, <audio>, <source>
)

// Image is a resolved image.
type Image struct {
	URL           string
	Width, Height int
}

// Page is what a CollectFunc can record about the page being converted. Offsets are byte offsets
// in the converted source; the converter turns them into file, line and column.
type Page interface {
	// Source returns the page's source, which the nodes' segments point into.
	Source() []byte
	// Link records a link destination as written at offset and returns the href to render: an
	// internal destination resolved to its route, anything else as written.
	Link(dest string, offset int) string
	// Ref records a destination that is rendered as written (an autolink).
	Ref(dest string, offset int)
	// Image records an image source as written and resolves it; ok is false when it cannot be
	// resolved, which the converter reports as an error at offset.
	Image(src string, offset int) (img Image, ok bool)
	// Embed records a resource the page loads (kind is EmbedImage, EmbedFrame or EmbedMedia);
	// only those of other sites are kept.
	Embed(kind, url string)
	// Mermaid records that the page holds a diagram the browser draws.
	Mermaid()
}

// Heading attributes: the extension that names headings sets them on every *ast.Heading, and the
// converter reads them for the title, the table of contents and the sections.
const (
	// HeadingID holds the heading's final id ([]byte).
	HeadingID = "id"
	// HeadingText holds the heading's plain text without any {#id} ([]byte).
	HeadingText = "tz-text"
)

// HeadingAttr returns the attribute name (HeadingID or HeadingText) of h as a string.
func HeadingAttr(h ast.Node, name string) string {
	v, _ := h.AttributeString(name)
	b, _ := v.([]byte)
	return string(b)
}

// Offset is the source offset of n, or of the nearest enclosing node that knows its position.
func Offset(n ast.Node) int {
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
