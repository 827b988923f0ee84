package sitecomp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strconv"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/jsxtag"
)

// Target is what a page's name for a site component stands for.
type Target struct {
	// Component names the component's module: its path under the components folder without the
	// extension or /index ("Counter", "Lib", "cards/Card").
	Component string
	// Export is the module's export the page uses: "default" or a named export.
	Export string
}

var bindingsKey = parser.NewContextKey()
var usesKey = parser.NewContextKey()

// SetBindings tells the parser which tag names of the page are site components, before the page
// is parsed.
func SetBindings(pc parser.Context, b map[string]Target) { pc.Set(bindingsKey, b) }

// Bound reports whether name (or, for <A.B>, A) is a site component of the page.
func Bound(pc parser.Context, name string) bool {
	b, _ := pc.Get(bindingsKey).(map[string]Target)
	_, ok := b[name]
	return ok
}

var unresolvedKey = parser.NewContextKey()

// SetUnresolved records the names the page imports from component paths that name no file (an
// error at the import already says so).
func SetUnresolved(pc parser.Context, names map[string]bool) { pc.Set(unresolvedKey, names) }

// Unresolved reports whether name was imported from a component path that names no file.
func Unresolved(pc parser.Context, name string) bool {
	m, _ := pc.Get(unresolvedKey).(map[string]bool)
	return m[name]
}

func bindings(pc parser.Context) map[string]Target {
	b, _ := pc.Get(bindingsKey).(map[string]Target)
	return b
}

// Use is one use of a site component in a page, as the parser found it.
type Use struct {
	Target
	Name   string          // the tag name as written
	Props  json.RawMessage // a JSON object of the props written on the tag, children excluded
	Offset int             // of the tag in the page source
	Inline bool            // inside a paragraph: rendered in a <span>, not a <div>
	// Children reports whether the use has children (Markdown between its tags), which the
	// renderer passes as the children prop.
	Children bool
}

// Uses returns the uses recorded while the page was parsed, in page order: the renderer's
// placeholders are numbered by their index here.
func Uses(pc parser.Context) []*Use {
	u, _ := pc.Get(usesKey).([]*Use)
	return u
}

// KindBlock and KindInline are the node kinds of *Block and *Inline.
var (
	KindBlock  = ast.NewNodeKind("SiteComponent")
	KindInline = ast.NewNodeKind("SiteComponentInline")
)

// Block is a site component used as a block: self-closing, or with Markdown children up to its
// closing tag on a line of its own.
type Block struct {
	ast.BaseBlock
	Use     *Use
	Index   int
	pending jsxtag.Pending
	self    bool // self-closing: no children
	closed  bool
	name    string
	raw     []byte // the opening tag as written, shown as text when the use cannot be rendered
}

// Kind implements ast.Node.
func (n *Block) Kind() ast.NodeKind { return KindBlock }

// Dump implements ast.Node.
func (n *Block) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Name": n.name}, nil)
}

// Inline is a self-closing site component inside a paragraph.
type Inline struct {
	ast.BaseInline
	Use   *Use
	Index int
}

// Kind implements ast.Node.
func (n *Inline) Kind() ast.NodeKind { return KindInline }

// Dump implements ast.Node.
func (n *Inline) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Name": n.Use.Name}, nil)
}

// startName reads a capitalised tag name at the start of line (after indentation).
var startName = regexp.MustCompile(`^[ \t]*<([A-Z][A-Za-z0-9_$]*)`)

type blockParser struct{}

func (blockParser) Trigger() []byte { return []byte{'<'} }

func (blockParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	m := startName.FindSubmatch(line)
	if m == nil {
		return nil, parser.NoChildren
	}
	name := string(m[1])
	target, ok := bindings(pc)[name] // nil map when the page uses no site component: ok is false
	if !ok {
		return nil, parser.NoChildren
	}
	indent, _ := jsxtag.StartsTag(line, name)
	if diag.TooDeep(pc, seg.Start+indent, "<"+name+">") {
		return nil, parser.NoChildren
	}
	// <Name …> with children: the tag ends its line, the children follow.
	if tag, offset, ok := jsxtag.OpenContainer(reader, name); ok {
		end := bytes.IndexByte(reader.Source()[offset:], '>')
		n := &Block{name: name, raw: reader.Source()[offset : offset+end+1]}
		n.Use = newUse(pc, tag, target, offset, false)
		n.Use.Children = true
		return n, parser.HasChildren
	}
	// <Name …>text</Name> on one line.
	if tag, k, ok := jsxtag.Parse(line[indent:]); ok && !tag.SelfClose && !tag.Closing {
		closing := []byte("</" + name + ">")
		rest := bytes.TrimRight(line[indent+k:], " \t\r\n")
		if bytes.HasSuffix(rest, closing) {
			n := &Block{name: name, closed: true, raw: line[indent : indent+k]}
			n.Use = newUse(pc, tag, target, seg.Start+indent, false)
			if body := bytes.TrimSpace(rest[:len(rest)-len(closing)]); len(body) > 0 {
				start := seg.Start + indent + k + bytes.Index(line[indent+k:], body)
				p := ast.NewParagraph()
				p.Lines().Append(text.NewSegment(start, start+len(body)))
				n.AppendChild(n, p)
				n.Use.Children = true
			}
			reader.AdvanceToEOL()
			return n, parser.NoChildren
		}
		return nil, parser.NoChildren
	}
	// Self-closing, possibly over several lines.
	n := &Block{name: name, self: true}
	offset, ok := jsxtag.OpenBlock(&n.pending, reader, name)
	if !ok {
		return nil, parser.NoChildren
	}
	n.Use = &Use{Target: target, Name: name, Offset: offset}
	return n, parser.NoChildren
}

var closeLine = regexp.MustCompile(`^[ \t]*</([A-Z][A-Za-z0-9_$]*)>[ \t]*\r?\n?$`)

func (blockParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n := node.(*Block)
	if n.self {
		return jsxtag.ContinueBlock(&n.pending, reader, pc)
	}
	if n.closed {
		return parser.Close
	}
	line, _ := reader.PeekLine()
	if m := closeLine.FindSubmatch(line); m != nil && string(m[1]) == n.name && !jsxtag.OpenInside(pc, n, func(b ast.Node) bool {
		return b.Kind() == ast.KindFencedCodeBlock || b.Kind() == KindBlock
	}) {
		reader.AdvanceToEOL()
		n.closed = true
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

func (blockParser) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	n := node.(*Block)
	if n.self {
		if !n.pending.Done || !n.pending.Tag.SelfClose || !util.IsBlank(n.pending.Rest) {
			diag.Warn(pc, n.Use.Offset, fmt.Sprintf("<%s> is not a complete self-closing tag on lines of its own; end it with />, or put its children on the next lines and close it with </%s>", n.name, n.name))
			n.Use = nil
			return
		}
		n.Use = newUse(pc, n.pending.Tag, n.Use.Target, n.Use.Offset, false)
		return
	}
	if !n.closed {
		diag.Warn(pc, n.Use.Offset, fmt.Sprintf("<%s> is not closed; add a line </%s> where its children end", n.name, n.name))
	}
}

func (blockParser) CanInterruptParagraph() bool { return true }
func (blockParser) CanAcceptIndentedLine() bool { return true }

type inlineParser struct{}

func (inlineParser) Trigger() []byte { return []byte{'<'} }

// Parse reads a self-closing site component inside a paragraph: <Badge status="ok" />.
func (inlineParser) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	m := startName.FindSubmatch(line)
	if m == nil || len(m[0]) != len(m[1])+1 {
		return nil
	}
	target, ok := bindings(pc)[string(m[1])]
	if !ok {
		return nil
	}
	tag, k, ok := jsxtag.Parse(line)
	if !ok || !tag.SelfClose {
		return nil
	}
	block.Advance(k)
	return &Inline{Use: newUse(pc, tag, target, seg.Start, true)}
}

// newUse reads a tag's props into a Use. A prop that is not a literal is an error at the tag:
// the build reports it and shows the use as text.
func newUse(pc parser.Context, tag jsxtag.Tag, target Target, offset int, inline bool) *Use {
	u := &Use{Target: target, Name: tag.Name, Offset: offset, Inline: inline}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, a := range tag.Attrs {
		var v json.RawMessage
		switch {
		case a.Bare:
			v = json.RawMessage("true")
		case a.Expr:
			lit, err := LiteralJSON(a.Value)
			if err != nil {
				Fail(pc, offset, fmt.Sprintf("prop %s of <%s> is not a literal: %v; write the value itself ({42}, {true}, {\"text\"}, {[…]}, {{key: …}}), or compute it inside the component", a.Name, tag.Name, err))
				u.Props = nil
				return u
			}
			v = lit
		default:
			v, _ = json.Marshal(html.UnescapeString(a.Value))
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(a.Name))
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	u.Props = json.RawMessage(b.Bytes())
	return u
}

var errKey = parser.NewContextKey()

// Fail records a component error at offset: the use cannot be rendered, but the page and the
// rest of the build go on.
func Fail(pc parser.Context, offset int, message string) {
	list, _ := pc.Get(errKey).([]diag.Warning)
	pc.Set(errKey, append(list, diag.Warning{Offset: offset, Message: message}))
}

// Errors returns the component errors recorded in pc.
func Errors(pc parser.Context) []diag.Warning {
	list, _ := pc.Get(errKey).([]diag.Warning)
	return list
}

// numberer gives every use with valid props its index, in page order, and records it.
type numberer struct{}

func (numberer) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	var uses []*Use
	_ = ast.Walk(doc, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := node.(type) {
		case *Block:
			if n.Use != nil && n.Use.Props != nil {
				n.Index = len(uses)
				uses = append(uses, n.Use)
			} else {
				n.Index = -1
			}
		case *Inline:
			if n.Use.Props != nil {
				n.Index = len(uses)
				uses = append(uses, n.Use)
			} else {
				n.Index = -1
			}
		}
		return ast.WalkContinue, nil
	})
	pc.Set(usesKey, uses)
}

// Placeholder is the element the converter writes where use number i goes; for a use with
// children, the children's HTML is between its opening and closing tags. The build replaces it
// with the component's server-rendered HTML.
func Placeholder(i int) (open, close string) {
	return `<tz-use data-n="` + strconv.Itoa(i) + `">`, `</tz-use>`
}

type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindBlock, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		n := node.(*Block)
		if n.Index < 0 {
			// Not renderable (an error or warning says why): show the tag as text, as an unknown
			// component is.
			if entering {
				_, _ = w.WriteString("<p>")
				_, _ = w.Write(util.EscapeHTML(n.raw))
				_, _ = w.Write(util.EscapeHTML(bytes.TrimSpace(n.pending.Source())))
				_, _ = w.WriteString("</p>\n")
			}
			return ast.WalkContinue, nil
		}
		open, close := Placeholder(n.Index)
		if entering {
			_, _ = w.WriteString(open)
		} else {
			_, _ = w.WriteString(close + "\n")
		}
		return ast.WalkContinue, nil
	})
	reg.Register(KindInline, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		n := node.(*Inline)
		if entering {
			if n.Index < 0 {
				_, _ = w.WriteString(html.EscapeString("<" + n.Use.Name + " />"))
				return ast.WalkContinue, nil
			}
			open, close := Placeholder(n.Index)
			_, _ = w.WriteString(open + close)
		}
		return ast.WalkContinue, nil
	})
}

// Extension is the goldmark extension for site components. Which names are site components is
// told per page with SetBindings; without bindings it reads nothing.
type Extension struct{}

// Extend adds the parsers and the renderer to m. The block parser comes before those of the
// built-in components, so a site component overrides a built-in of the same name.
func (Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(blockParser{}, 50)),
		parser.WithInlineParsers(util.Prioritized(inlineParser{}, 50)),
		parser.WithASTTransformers(util.Prioritized(numberer{}, 300)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}

// Declare tells the converter how uses read as text and Markdown: as their children, the only
// part written in the page (what the component itself renders is added by the build).
func (Extension) Declare(d *ext.Declarations) {
	d.Markdown(KindBlock, func(w *ext.MarkdownWriter, n ast.Node) { w.Blocks(n) })
	d.Markdown(KindInline, func(*ext.MarkdownWriter, ast.Node) {})
}
