package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"tzdocs/internal/markdown/admonition"
	"tzdocs/internal/markdown/codeblock"
	"tzdocs/internal/markdown/details"
	"tzdocs/internal/markdown/embed"
	"tzdocs/internal/markdown/figure"
	"tzdocs/internal/markdown/math"
	"tzdocs/internal/markdown/plaintext"
	"tzdocs/internal/markdown/rawhtml"
	"tzdocs/internal/markdown/tutorialcard"
)

// sections splits the page's reader-visible text at headings.
func sections(root ast.Node, src []byte) []Section {
	s := &sectioner{src: src, cur: &Section{Level: 1}}
	s.visit(root)
	s.flush()
	return s.out
}

type sectioner struct {
	src   []byte
	out   []Section
	cur   *Section
	parts []string
}

func (s *sectioner) flush() {
	s.cur.Text = plaintext.Normalize(strings.Join(s.parts, " "))
	s.parts = s.parts[:0]
	// An empty intro is no section at all; a heading always is one, even with no text under it.
	if s.cur.ID != "" || s.cur.Level > 1 || s.cur.Text != "" || len(s.cur.Code) > 0 {
		s.out = append(s.out, *s.cur)
	}
}

func (s *sectioner) visit(n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Heading:
			s.flush()
			s.cur = &Section{Level: c.Level, ID: headingID(c), Title: headingText(c)}
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			b := codeblock.Parse(c, s.src)
			if b.Lang != codeblock.Mermaid {
				s.cur.Code = append(s.cur.Code, b.Code)
			}
		case *codeblock.JSX:
			if c.Block.Lang != codeblock.Mermaid {
				s.cur.Code = append(s.cur.Code, c.Block.Code)
			}
		case *ast.Paragraph, *ast.TextBlock, *east.TableCell, *admonition.Title, *details.Summary:
			s.parts = append(s.parts, plaintext.Inline(c, s.src))
		case *figure.Figure:
			s.parts = append(s.parts, c.Caption)
		case *math.Block:
			s.parts = append(s.parts, string(c.Lines().Value(s.src)))
		case *embed.Quiz:
			s.parts = append(append(s.parts, c.Question), c.Options...)
		case *tutorialcard.Card:
			s.parts = append(s.parts, c.Title, c.Description)
		case *ast.HTMLBlock, *rawhtml.Block:
			// markup, not prose
		default:
			s.visit(c)
		}
	}
}
