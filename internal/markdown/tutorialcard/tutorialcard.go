// Package tutorialcard renders the <TutorialCardContainer> and <TutorialCard … /> components as a
// grid of link cards.
package tutorialcard

import (
	"html"
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/jsxtag"
)

// KindContainer is the node kind of *Container.
var KindContainer = ast.NewNodeKind("TutorialCardContainer")

// Container is a <TutorialCardContainer> block; its children are cards (or any Markdown).
type Container struct {
	ast.BaseBlock
	start  int
	closed bool
}

// Kind implements ast.Node.
func (n *Container) Kind() ast.NodeKind { return KindContainer }

// Dump implements ast.Node.
func (n *Container) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// KindCard is the node kind of *Card.
var KindCard = ast.NewNodeKind("TutorialCard")

// Card is a <TutorialCard> component. The page converter resolves Href.
type Card struct {
	ast.BaseBlock
	Title, Emoji, Href, Description, LinkText string
	// Offset is the source offset of the tag, for diagnostics.
	Offset  int
	pending jsxtag.Pending
}

// Kind implements ast.Node.
func (n *Card) Kind() ast.NodeKind { return KindCard }

// IsRaw implements ast.Node: the tag is not Markdown.
func (n *Card) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *Card) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Title": n.Title, "Href": n.Href}, nil)
}

var containerClose = regexp.MustCompile(`^[ \t]*</TutorialCardContainer>[ \t]*\r?\n?$`)

type containerParser struct{}

func (containerParser) Trigger() []byte { return []byte{'<'} }

func (containerParser) Open(_ ast.Node, reader text.Reader, _ parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	indent, ok := jsxtag.StartsTag(line, "TutorialCardContainer")
	if !ok {
		return nil, parser.NoChildren
	}
	tag, n, ok := jsxtag.Parse(line[indent:])
	if !ok || tag.SelfClose || !util.IsBlank(line[indent+n:]) {
		return nil, parser.NoChildren
	}
	reader.AdvanceToEOL()
	return &Container{start: seg.Start + indent}, parser.HasChildren
}

func (containerParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	line, _ := reader.PeekLine()
	if !containerClose.Match(line) {
		return parser.Continue | parser.HasChildren
	}
	deeper := false
	for _, b := range pc.OpenedBlocks() {
		if b.Node == node {
			deeper = true
		} else if deeper && b.Node.Kind() == ast.KindFencedCodeBlock {
			return parser.Continue | parser.HasChildren
		}
	}
	reader.AdvanceToEOL()
	node.(*Container).closed = true
	return parser.Close
}

func (containerParser) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	if n := node.(*Container); !n.closed {
		diag.Warn(pc, n.start, "<TutorialCardContainer> is not closed; add a line </TutorialCardContainer> where it ends")
	}
}
func (containerParser) CanInterruptParagraph() bool { return true }
func (containerParser) CanAcceptIndentedLine() bool { return true }

type cardParser struct{}

func (cardParser) Trigger() []byte { return []byte{'<'} }

func (cardParser) Open(_ ast.Node, reader text.Reader, _ parser.Context) (ast.Node, parser.State) {
	n := &Card{}
	offset, ok := jsxtag.OpenBlock(&n.pending, reader, "TutorialCard")
	if !ok {
		return nil, parser.NoChildren
	}
	n.Offset = offset
	return n, parser.NoChildren
}

func (cardParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	return jsxtag.ContinueBlock(&node.(*Card).pending, reader)
}

func (cardParser) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	n := node.(*Card)
	if !n.pending.Done {
		diag.Warn(pc, n.Offset, "<TutorialCard> tag is not complete; end it with />")
		return
	}
	t := n.pending.Tag
	n.Title, _ = t.Get("title")
	n.Emoji, _ = t.Get("emoji")
	n.Href, _ = t.Get("href")
	n.Description, _ = t.Get("description")
	n.LinkText, _ = t.Get("link") // the Tezos docs' component calls the call to action "link"
	if v, ok := t.Get("linkText"); ok {
		n.LinkText = v
	}
	if n.Href == "" || n.Title == "" {
		diag.Warn(pc, n.Offset, "<TutorialCard> needs title and href attributes")
	}
}

func (cardParser) CanInterruptParagraph() bool { return true }
func (cardParser) CanAcceptIndentedLine() bool { return true }

type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindContainer, func(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString("<div class=\"tz-tutorial-cards\">\n")
		} else {
			_, _ = w.WriteString("</div>\n")
		}
		return ast.WalkContinue, nil
	})
	reg.Register(KindCard, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkSkipChildren, nil
		}
		n := node.(*Card)
		if !n.pending.Done {
			_, _ = w.WriteString("<p>" + html.EscapeString(string(n.pending.Source())) + "</p>\n")
			return ast.WalkSkipChildren, nil
		}
		_, _ = w.WriteString(`<a class="tz-tutorial-card" href="` + html.EscapeString(n.Href) + `">`)
		if n.Emoji != "" {
			_, _ = w.WriteString(`<span class="tz-tutorial-card__emoji" aria-hidden="true">` + html.EscapeString(n.Emoji) + `</span>`)
		}
		_, _ = w.WriteString(`<span class="tz-tutorial-card__title">` + html.EscapeString(n.Title) + `</span>`)
		if n.Description != "" {
			_, _ = w.WriteString(`<span class="tz-tutorial-card__description">` + html.EscapeString(n.Description) + `</span>`)
		}
		if n.LinkText != "" {
			_, _ = w.WriteString(`<span class="tz-tutorial-card__link">` + html.EscapeString(n.LinkText) + `</span>`)
		}
		_, _ = w.WriteString("</a>\n")
		return ast.WalkSkipChildren, nil
	})
}

// Extension is the goldmark extension for tutorial cards.
type Extension struct{}

// Extend adds the parsers, ahead of the HTML block parser, and the renderer to m.
func (Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(containerParser{}, 840), util.Prioritized(cardParser{}, 841)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}
