// Package tutorialcard renders the <TutorialCardContainer> and <TutorialCard … /> components as a
// grid of link cards.
package tutorialcard

import (
	"html"
	"io"
	"regexp"
	"strings"

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

// KindContainer is the node kind of *Container.
var KindContainer = ast.NewNodeKind("TutorialCardContainer")

// Container is a <TutorialCardContainer> block; its children are cards (or any Markdown).
type Container struct {
	ast.BaseBlock
	jsxtag.Container
}

// Kind implements ast.Node.
func (n *Container) Kind() ast.NodeKind { return KindContainer }

// Dump implements ast.Node.
func (n *Container) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// KindCard is the node kind of *Card.
var KindCard = ast.NewNodeKind("TutorialCard")

// Props are what a card shows; Href is the link as it is rendered.
type Props struct {
	Title, Emoji, Href, Description, LinkText string
}

// Card is a <TutorialCard> component. The page converter resolves Href.
type Card struct {
	jsxtag.TagBlock
	Props
}

// Kind implements ast.Node.
func (n *Card) Kind() ast.NodeKind { return KindCard }

// Dump implements ast.Node.
func (n *Card) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Title": n.Title, "Href": n.Href}, nil)
}

var containerClose = regexp.MustCompile(`^[ \t]*</TutorialCardContainer>[ \t]*\r?\n?$`)

var containerParser = jsxtag.ContainerParser{Name: "TutorialCardContainer", Closing: containerClose,
	Inner:   func(b ast.Node) bool { return b.Kind() == ast.KindFencedCodeBlock },
	OpenTag: openContainer}

// openContainer reads a <TutorialCardContainer> tag.
func openContainer(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	indent, ok := jsxtag.StartsTag(line, "TutorialCardContainer")
	if !ok || diag.TooDeep(pc, seg.Start+indent, "<TutorialCardContainer>") {
		return nil, parser.NoChildren
	}
	tag, n, ok := jsxtag.Parse(line[indent:])
	if !ok || tag.SelfClose || !util.IsBlank(line[indent+n:]) {
		return nil, parser.NoChildren
	}
	reader.AdvanceToEOL()
	return &Container{Container: jsxtag.Container{Start: seg.Start + indent}}, parser.HasChildren
}

// cardParser reads <TutorialCard title="…" href="…" … />.
var cardParser = jsxtag.SelfClosing{
	Names: []string{"TutorialCard"},
	New:   func(string) ast.Node { return &Card{} },
	Read: func(node ast.Node, t jsxtag.Tag, pc parser.Context) {
		n := node.(*Card)
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
	},
}

type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindContainer, func(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(gridOpen)
		} else {
			_, _ = w.WriteString(gridClose)
		}
		return ast.WalkContinue, nil
	})
	reg.Register(KindCard, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkSkipChildren, nil
		}
		n := node.(*Card)
		if !n.Pending.Done {
			_, _ = w.WriteString("<p>" + html.EscapeString(string(n.Pending.Source())) + "</p>\n")
			return ast.WalkSkipChildren, nil
		}
		writeCard(w, n.Props)
		return ast.WalkSkipChildren, nil
	})
}

const (
	gridOpen  = "<div class=\"tz-tutorial-cards\">\n"
	gridClose = "</div>\n"
)

// writeCard writes one card as a link holding its emoji, title, description and call to action.
func writeCard(w io.StringWriter, c Props) {
	_, _ = w.WriteString(`<a class="tz-tutorial-card" href="` + html.EscapeString(c.Href) + `">`)
	if c.Emoji != "" {
		_, _ = w.WriteString(`<span class="tz-tutorial-card__emoji" aria-hidden="true">` + html.EscapeString(c.Emoji) + `</span>`)
	}
	_, _ = w.WriteString(`<span class="tz-tutorial-card__title">` + html.EscapeString(c.Title) + `</span>`)
	if c.Description != "" {
		_, _ = w.WriteString(`<span class="tz-tutorial-card__description">` + html.EscapeString(c.Description) + `</span>`)
	}
	if c.LinkText != "" {
		_, _ = w.WriteString(`<span class="tz-tutorial-card__link">` + html.EscapeString(c.LinkText) + `</span>`)
	}
	_, _ = w.WriteString("</a>\n")
}

// HTML returns cards as <TutorialCardContainer> renders them: a grid of link cards.
func HTML(cards []Props) string {
	var b strings.Builder
	b.WriteString(gridOpen)
	for _, c := range cards {
		writeCard(&b, c)
	}
	b.WriteString(gridClose)
	return b.String()
}

// Markdown returns cards as a Markdown list of links, each followed by its description.
func Markdown(cards []Props) string {
	lines := make([]string, len(cards))
	for i, c := range cards {
		lines[i] = "- " + cardMarkdown(c)
	}
	return strings.Join(lines, "\n")
}

func cardMarkdown(c Props) string {
	var parts []string
	switch {
	case c.Href == "" && c.Title != "":
		parts = append(parts, ext.Escape(c.Title))
	case c.Href != "" && c.Title == "":
		parts = append(parts, ext.LinkMarkdown(c.Href, c.Href))
	case c.Href != "":
		parts = append(parts, ext.LinkMarkdown(c.Title, c.Href))
	}
	if c.Description != "" {
		parts = append(parts, ext.Escape(c.Description))
	}
	return strings.Join(parts, ": ")
}

// Declare tells the converter the components' names, that a card's link is resolved like a
// Markdown link, that its title and description are searchable, and how cards read as
// Markdown: a list of links with their descriptions.
func (Extension) Declare(d *ext.Declarations) {
	d.Components("TutorialCard", "TutorialCardContainer")
	d.Collect(KindCard, func(p ext.Page, node ast.Node) {
		if n := node.(*Card); n.Href != "" {
			n.Href = p.Link(n.Href, n.Offset)
		}
	})
	d.Text(KindCard, func(t ext.Text, node ast.Node) ast.WalkStatus {
		n := node.(*Card)
		t.Prose(n.Title)
		t.Prose(n.Description)
		return ast.WalkSkipChildren
	})
	d.Markdown(KindContainer, writeContainer)
	d.Markdown(KindCard, func(w *ext.MarkdownWriter, node ast.Node) {
		if n := node.(*Card); n.Pending.Done {
			w.WriteString(cardMarkdown(n.Props))
		} else {
			w.WriteText(strings.TrimSpace(string(n.Pending.Source())))
		}
	})
}

// writeContainer writes the cards of a container as one list; other content stays as it is.
func writeContainer(w *ext.MarkdownWriter, n ast.Node) {
	var cards []Props
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if card, ok := c.(*Card); ok && card.Pending.Done {
			cards = append(cards, card.Props)
			continue
		}
		if len(cards) > 0 {
			w.WriteString(Markdown(cards))
			w.EndBlock()
			cards = nil
		}
		w.Block(c)
	}
	w.WriteString(Markdown(cards))
}

// Extension is the goldmark extension for tutorial cards.
type Extension struct{}

// Extend adds the parsers, ahead of the HTML block parser, and the renderer to m.
func (Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(containerParser, 840), util.Prioritized(cardParser, 841)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}
