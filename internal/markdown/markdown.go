// Package markdown compiles Docusaurus-flavoured Markdown pages to HTML plus the data the site needs
// about them: title, headings, table of contents, plain-text sections for search, links, images and
// diagnostics, and a plain Markdown version of the page. It is the only package that knows
// goldmark. Each Docusaurus/MDX convention is a sub-package (admonition, codeblock, tabs, figure,
// tutorialcard, details, rawhtml, mdx, jsx, …) that declares through package ext what its nodes
// mean for search, links and the Markdown export; New lists them, and nothing else here names
// one. conref includes content references before parsing.
package markdown

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/highlight"
	"tzdocs/internal/markdown/admonition"
	"tzdocs/internal/markdown/codeblock"
	"tzdocs/internal/markdown/conref"
	"tzdocs/internal/markdown/details"
	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/embed"
	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/figure"
	"tzdocs/internal/markdown/headingid"
	"tzdocs/internal/markdown/jsx"
	"tzdocs/internal/markdown/links"
	"tzdocs/internal/markdown/math"
	"tzdocs/internal/markdown/mdx"
	"tzdocs/internal/markdown/rawhtml"
	"tzdocs/internal/markdown/sitecomp"
	"tzdocs/internal/markdown/tablewrap"
	"tzdocs/internal/markdown/tabs"
	"tzdocs/internal/markdown/tutorialcard"
)

// Options configures a Converter.
type Options struct {
	Highlighter *highlight.Highlighter // nil → highlight.New()
	// Math reads $…$ and $$ blocks as TeX (site.yaml markdown.math), as remark-math does.
	Math bool
	// AdmonitionKeywords are the site's own admonition keywords (docs.admonitions.keywords),
	// accepted besides Docusaurus's unless AdmonitionKeywordsOnly is set.
	AdmonitionKeywords     []string
	AdmonitionKeywordsOnly bool
}

// PageContext carries per-page callbacks; any may be nil.
type PageContext struct {
	// ResolveLink maps a link destination as written (e.g. "../x.md#a", "/dApps", "https://…") to the
	// href to render. It is called for internal destinations only (paths and "#fragment" links);
	// URLs with a scheme render as written.
	ResolveLink func(dest string) string
	// ResolveImage maps an image src to its final URL and intrinsic size; an error becomes a
	// Document.Errors entry at the image's line.
	ResolveImage func(src string) (Image, error)
	// ReadPartial reads a content reference (a partial the page imports with
	// "import X from '…/_partial.md'" and includes with <X />). importPath is as written in the
	// page: "@site/…" (relative to the site folder, e.g. "@site/docs/conrefs/_x.md"), "/…" (also
	// relative to the site folder), or relative to the page's own folder ("./_x.md", "_x.md",
	// "../conrefs/_x.mdx"); relative imports inside a partial arrive already rewritten relative to
	// the page's folder. It returns the partial's source (front matter allowed), its file as
	// messages should name it (e.g. "site/docs/conrefs/_x.md"; also used to detect cycles), or an
	// error, which becomes a Document.Errors entry at the <X /> line. With ReadPartial nil, every
	// inclusion is such an error.
	ReadPartial func(importPath string) (src []byte, file string, err error)
	// ResolveComponent maps a module a page imports (as written: '@site/src/components/X', a path
	// relative to the page) to the site component it is, named by its path under the components
	// folder without extension ("Counter", "cards/Card"). It returns "" and no error for a module
	// that is no site component (a package, a Markdown partial, '@theme/…'), and an error, which
	// becomes an error at the import, for a component path that names no file. With it nil,
	// pages use no site component.
	ResolveComponent func(importPath string) (component string, err error)
}

// ComponentUse is one use of a site component in a page, rendered by the build in place of the
// placeholder sitecomp.Placeholder(i) of HTML, where i is its index in Document.Components.
type ComponentUse struct {
	Component string // the component's module, see PageContext.ResolveComponent
	Export    string // "default", or the named export the page imports
	Name      string // the tag name as written
	// Props is a JSON object of the props written on the tag; the children, when Children is set,
	// are the HTML between the placeholder's tags.
	Props     json.RawMessage
	Children  bool
	Inline    bool // inside a paragraph
	Line, Col int
}

// Image is a resolved image.
type Image = ext.Image

// Heading is a heading of the page.
type Heading struct {
	Level int
	ID    string
	Text  string // plain text
}

// TOC returns the headings a table of contents lists: those from level lo to level hi.
func TOC(headings []Heading, lo, hi int) []Heading {
	var out []Heading
	for _, h := range headings {
		if h.Level >= lo && h.Level <= hi {
			out = append(out, h)
		}
	}
	return out
}

// Section is the text between one heading and the next, for search.
type Section struct {
	Level int    // 1 for text before the first heading (the page intro), else the heading level
	ID    string // heading id, "" for the intro
	Title string // heading plain text, "" for the intro
	// Text is the plain text of paragraphs, list items, table cells, admonitions and blockquotes in
	// this section (not code), whitespace-normalised.
	Text string
	Code []CodeBlock // code blocks of this section, in page order
	// Blocks are the section's blocks in page order, code blocks and asides included, each
	// whole: what an answer quoting this section quotes.
	Blocks []Block
}

// CodeBlock is a code block as written: its lines and indentation kept, for answers that quote it.
type CodeBlock struct {
	Lang string // the fence's language, "" when it names none
	Text string
}

// Ref is a link or image destination as written, with its 1-based position in the source.
type Ref struct {
	Dest string
	// File is "" when the ref is in the page itself, else the partial that holds it, as
	// PageContext.ReadPartial named it. Line and Col are in that file.
	File      string
	Line, Col int
}

// Diagnostic is a problem found in the page, with its 1-based position in the source.
type Diagnostic struct {
	// File is "" for the page itself, else the partial the problem is in (see Ref.File).
	File      string
	Line, Col int
	Message   string
	// Cause tells errors apart, so a build can apply its policies: CauseImage for ResolveImage
	// failures, CausePartial for content references that cannot be included; "" otherwise.
	Cause string
}

// Causes of Document.Errors entries.
const (
	CauseImage   = "image"
	CausePartial = "partial"
	// CauseComponent marks a use of a site component that cannot be rendered (props that are not
	// literals): the build reports it but goes on, showing the use as text.
	CauseComponent = "component"
)

// String formats d as "line:col: message", to be prefixed with the page's file name; a problem in
// a partial is "partial-file:line:col: message".
func (d Diagnostic) String() string {
	if d.File != "" {
		return fmt.Sprintf("%s:%d:%d: %s", d.File, d.Line, d.Col, d.Message)
	}
	return fmt.Sprintf("%d:%d: %s", d.Line, d.Col, d.Message)
}

// Embed kinds: what a page loads from another site.
const (
	EmbedImage = ext.EmbedImage // <img>, Markdown images, <Figure>
	EmbedFrame = ext.EmbedFrame // <iframe>
	EmbedMedia = ext.EmbedMedia // <video>, <audio>, <source>
)

// Embed is a resource of another site a page loads.
type Embed struct {
	Kind string // EmbedImage, EmbedFrame or EmbedMedia
	URL  string
}

// Document is a converted page.
type Document struct {
	Title      string // plain text of a leading level-1 heading, which is then left out of HTML; "" if none
	HTML       string
	Headings   []Heading // every heading of level 2..6 in order, with final ids
	Sections   []Section
	Links      []Ref // every link destination as written (before ResolveLink), with position
	Images     []Ref
	Warnings   []Diagnostic // e.g. unknown code language, unknown JSX component
	Errors     []Diagnostic // e.g. ResolveImage failures, partials that cannot be included
	HasMermaid bool
	// Components are the uses of site components, in page order.
	Components []ComponentUse
	// Head holds the <meta> and <link> elements site components put in @docusaurus/Head, as HTML;
	// the build fills it when it renders the uses.
	Head []string
	// Embeds are the resources of other sites the page loads (external images, frames, audio and
	// video), so the server's content security policy can allow exactly their origins.
	Embeds []Embed
	// Partials are the files of the content references included (as ReadPartial named them), so
	// a build can rebuild the page when one of them changes.
	Partials []string
	// Markdown is the page for programs that read Markdown (llms-full.txt, <route>.md): plain
	// CommonMark with GFM tables, task lists, strikethrough and footnotes. Components become
	// their Markdown equivalents, MDX statements and comments are gone, and links point where
	// the HTML's do. Like HTML, it leaves out the leading title heading.
	Markdown string
}

// Converter converts pages. It is safe for concurrent Convert calls.
type Converter struct {
	opts Options
	md   goldmark.Markdown
	// decl is what the extensions declared about their nodes: the converter learns from it how
	// to collect, index and export them, so it names none of their node types.
	decl *ext.Declarations
}

// New returns a Converter for opts.
func New(opts Options) *Converter {
	if opts.Highlighter == nil {
		opts.Highlighter = highlight.New()
	}
	// The extensions of this converter, and so the syntax it reads: this list is the one place
	// that names them.
	exts := []ext.Extension{
		tablewrap.Extension{},
		headingid.Extension{},
		admonition.Extension{Keywords: opts.AdmonitionKeywords, Replace: opts.AdmonitionKeywordsOnly},
		codeblock.Extension{Highlighter: opts.Highlighter},
		links.Extension{},
		mdx.Extension{},
		details.Extension{},
		tabs.Extension{},
		figure.Extension{},
		embed.Extension{},
		tutorialcard.Extension{},
		rawhtml.Extension{},
		sitecomp.Extension{},
	}
	if opts.Math {
		exts = append(exts, math.Extension{})
	}
	decl := ext.Declare(exts...)
	// The component check lets through the components the extensions above render.
	check := jsx.Extension{Components: decl.KnownComponents()}
	check.Declare(decl)
	exts = append(exts, check)

	gm := []goldmark.Extender{extension.Strikethrough, extension.TaskList, extension.Linkify, extension.Footnote}
	for _, e := range exts {
		gm = append(gm, e)
	}
	md := goldmark.New(
		goldmark.WithParser(mdxParser()),
		goldmark.WithExtensions(gm...),
		// Pages are trusted content from the docs repository, and Docusaurus passes HTML through too.
		goldmark.WithRendererOptions(html.WithUnsafe()),
	)
	return &Converter{opts: opts, md: md, decl: decl}
}

// mdxParser is goldmark's CommonMark parser without indented code blocks, as in MDX, which
// Docusaurus uses for every page: text indented by four spaces (inside an admonition, say) is a
// paragraph there, not code. Code is written in fences.
func mdxParser() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(
			util.Prioritized(parser.NewSetextHeadingParser(), 100),
			util.Prioritized(parser.NewThematicBreakParser(), 200),
			util.Prioritized(bounded{parser.NewListParser(), "list"}, 300),
			util.Prioritized(parser.NewListItemParser(), 400),
			util.Prioritized(parser.NewATXHeadingParser(), 600),
			util.Prioritized(parser.NewFencedCodeBlockParser(), 700),
			util.Prioritized(bounded{parser.NewBlockquoteParser(), "quote"}, 800),
			util.Prioritized(parser.NewHTMLBlockParser(), 900),
			// The paragraph parser must now take indented lines, which only the code parser did.
			util.Prioritized(indentedParagraphs{parser.NewParagraphParser()}, 1000),
		),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
}

// bounded is one of goldmark's container parsers (lists, quotes) that opens nothing nested deeper
// than diag.MaxDepth, as our own containers do (see diag.TooDeep).
type bounded struct {
	parser.BlockParser
	what string
}

func (b bounded) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if len(pc.OpenedBlocks()) < diag.MaxDepth {
		return b.BlockParser.Open(parent, reader, pc)
	}
	// Too deep: find out whether the line would open one, then give the line back to the
	// paragraph parser.
	line, pos := reader.Position()
	_, seg := reader.PeekLine()
	node, _ := b.BlockParser.Open(parent, reader, pc)
	reader.SetPosition(line, pos)
	if node != nil {
		diag.TooDeep(pc, seg.Start, "a "+b.what)
	}
	return nil, parser.NoChildren
}

// indentedParagraphs is the paragraph parser, also opened on lines indented by four spaces or more.
type indentedParagraphs struct{ parser.BlockParser }

func (indentedParagraphs) CanAcceptIndentedLine() bool { return true }

// Convert compiles one page. The caller replaces front matter with blank lines, so line numbers in
// diagnostics and refs are file line numbers. Problems in the content are reported in the Document;
// the error is for failures of the converter itself.
func (c *Converter) Convert(src []byte, ctx PageContext) (*Document, error) {
	exp := conref.Expand(src, ctx.ReadPartial)
	src = exp.Source
	pos := newPositions(src, exp.Lines)
	doc := &Document{Partials: exp.Partials}
	for _, p := range exp.Problems {
		doc.Errors = append(doc.Errors, Diagnostic{File: p.File, Line: p.Line, Col: 1, Message: p.Message, Cause: CausePartial})
	}
	pc := parser.NewContext()
	if ctx.ResolveComponent != nil {
		bindComponents(pc, src, ctx.ResolveComponent, c.decl.KnownComponents())
	}
	root := c.md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))

	first := root.FirstChild()
	for first != nil && c.decl.For(first.Kind()).Invisible {
		first = first.NextSibling()
	}
	if h, ok := first.(*ast.Heading); ok && h.Level == 1 {
		doc.Title = ext.HeadingAttr(h, ext.HeadingText)
		root.RemoveChild(root, h)
	}
	c.collect(root, src, ctx, pos, doc)
	doc.Sections = sections(root, src, c.decl)
	doc.Markdown = ext.Markdown(c.decl, root, src)
	for _, e := range diag.Errors(pc) {
		doc.Errors = append(doc.Errors, pos.diag(e.Offset, e.Message))
	}
	for _, w := range diag.Warnings(pc) {
		doc.Warnings = append(doc.Warnings, pos.diag(w.Offset, w.Message))
	}
	for _, e := range sitecomp.Errors(pc) {
		d := pos.diag(e.Offset, e.Message)
		d.Cause = CauseComponent
		doc.Errors = append(doc.Errors, d)
	}
	for _, u := range sitecomp.Uses(pc) {
		d := pos.diag(u.Offset, "")
		doc.Components = append(doc.Components, ComponentUse{Component: u.Component, Export: u.Export, Name: u.Name,
			Props: u.Props, Children: u.Children, Inline: u.Inline, Line: d.Line, Col: d.Col})
	}

	var out bytes.Buffer
	out.Grow(len(src) * 2)
	if err := c.md.Renderer().Render(&out, src, root); err != nil {
		return nil, fmt.Errorf("render markdown: %w", err)
	}
	doc.HTML = out.String()
	return doc, nil
}

// BuiltinComponents are the components the converter renders itself, sorted: a site component of
// the same name, imported by a page, overrides one of them there.
func (c *Converter) BuiltinComponents() []string { return c.decl.KnownComponents() }
