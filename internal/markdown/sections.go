package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/plaintext"
)

// sections splits the page's reader-visible text at headings, and keeps each section's blocks.
// The text of CommonMark and GFM blocks is known here; extensions declare that of their own
// nodes.
func sections(root ast.Node, src []byte, decl *ext.Declarations) []Section {
	s := &sectioner{src: src, decl: decl, cur: &Section{Level: 1}}
	s.blocks.md = ext.NewMarkdownWriter(decl, src)
	s.blocks.reset(&s.cur.Blocks)
	s.visit(root)
	s.flush()
	return s.out
}

type sectioner struct {
	src    []byte
	decl   *ext.Declarations
	out    []Section
	cur    *Section
	parts  []string
	blocks blockBuilder
}

func (s *sectioner) flush() {
	s.cur.Text = plaintext.Normalize(strings.Join(s.parts, " "))
	s.parts = s.parts[:0]
	// An empty intro is no section at all; a heading always is one, even with no text under it.
	if s.cur.ID != "" || s.cur.Level > 1 || s.cur.Text != "" || len(s.cur.Code) > 0 {
		s.out = append(s.out, *s.cur)
	}
}

// The sectioner is the ext.Text that extensions write into.
func (s *sectioner) Source() []byte { return s.src }
func (s *sectioner) Prose(t string) {
	s.parts = append(s.parts, t)
	if b := TextBlock(t); b.Text != "" {
		s.blocks.add(b)
	}
}
func (s *sectioner) Code(lang, code string) {
	s.cur.Code = append(s.cur.Code, CodeBlock{Lang: lang, Text: code})
	s.blocks.add(Block{Type: BlockCode, Lang: lang, Code: strings.TrimRight(code, "\n")})
}
func (s *sectioner) Inline(n ast.Node) {
	s.parts = append(s.parts, plaintext.Inline(n, s.src))
	s.blocks.paragraph(s.blocks.inline(n))
}
func (s *sectioner) Aside(kind string, title ast.Node, first ast.Node) {
	blk := Block{Type: BlockAside, Kind: kind}
	if title != nil {
		t := plaintext.Inline(title, s.src)
		s.parts = append(s.parts, t)
		blk.Text = plaintext.Normalize(t)
	}
	s.container(blk, first)
}

func (s *sectioner) visit(n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		s.visitNode(c)
	}
}

func (s *sectioner) visitNode(c ast.Node) {
	switch h := s.decl.For(c.Kind()); {
	case h.Invisible:
		return
	case h.Text != nil:
		if h.Text(s, c) != ast.WalkSkipChildren {
			s.visit(c)
		}
		return
	}
	switch c := c.(type) {
	case *ast.Heading:
		s.flush()
		s.cur = &Section{Level: c.Level, ID: ext.HeadingAttr(c, ext.HeadingID), Title: ext.HeadingAttr(c, ext.HeadingText)}
		s.blocks.reset(&s.cur.Blocks)
	case *ast.Paragraph, *ast.TextBlock:
		s.Inline(c)
	case *ast.List:
		s.list(c)
	case *east.Table:
		s.table(c)
	case *ast.Blockquote:
		s.container(Block{Type: BlockQuote}, c.FirstChild())
	case *ast.HTMLBlock:
		// markup, not prose
	default:
		s.visit(c)
	}
}
