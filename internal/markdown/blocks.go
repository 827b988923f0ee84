package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/plaintext"
)

// Block kinds: what a block of a section is, for answers that quote whole blocks.
const (
	BlockParagraph = "paragraph"
	BlockList      = "list"
	BlockTable     = "table"
	BlockCode      = "code"
	// BlockAside is a block set apart from the text around it, holding blocks of its own: an
	// admonition (Block.Kind "note", "tip", …) or a <details> block ("details").
	BlockAside = "aside"
	BlockQuote = "quote"
)

// Block is one block of a section as the page shows it: a paragraph, a list with all its items, a
// table with its header and rows, a code block as written, or an aside or quote with the blocks
// inside. Text is inline Markdown (emphasis, code spans and links as the page's Markdown export
// writes them, white space normalised), so an answer can quote a block whole and render it.
type Block struct {
	Type string // one of the Block… kinds
	// Text is a paragraph's inline Markdown; an aside's title as plain text ("" when it has none).
	Text string
	// Ordered and Start describe a list; Items are its items, each its blocks.
	Ordered bool
	Start   int
	Items   [][]Block
	// Header and Rows are a table's cells, inline Markdown.
	Header []string
	Rows   [][]string
	// Lang and Code are a code block's language ("" when the fence names none) and its lines
	// as written, without the final line break.
	Lang, Code string
	// Kind is an aside's kind: the admonition's keyword ("note", "warning", …) or "details".
	Kind string
	// Blocks are an aside's or a quote's content.
	Blocks []Block
}

// blockBuilder collects the blocks of one page, section by section, as the sectioner walks it.
// Blocks go into the innermost open container: the section, a list item, an aside, a quote.
type blockBuilder struct {
	md    *ext.MarkdownWriter
	stack []*[]Block
}

// reset starts the blocks of a new section.
func (b *blockBuilder) reset(into *[]Block) { b.stack = append(b.stack[:0], into) }

func (b *blockBuilder) add(blk Block) *Block {
	top := b.stack[len(b.stack)-1]
	*top = append(*top, blk)
	return &(*top)[len(*top)-1]
}

// open makes into the container later blocks go to, and returns what close needs to end it.
func (b *blockBuilder) open(into *[]Block) int {
	n := len(b.stack)
	b.stack = append(b.stack, into)
	return n
}

// close ends the container open returned n for. A heading inside it started a new section in
// between (reset), which closed it already.
func (b *blockBuilder) close(n int) { b.stack = b.stack[:min(n, len(b.stack))] }

// inline is n's inline content as Markdown on one line.
func (b *blockBuilder) inline(n ast.Node) string {
	s := b.md.InlineString(n)
	if strings.ContainsRune(s, '\n') {
		s = strings.ReplaceAll(s, "\\\n", " ")
	}
	return plaintext.Normalize(s)
}

func (b *blockBuilder) paragraph(text string) {
	if text != "" {
		b.add(Block{Type: BlockParagraph, Text: text})
	}
}

// list adds a list and visits its items, each into its own container.
func (s *sectioner) list(l *ast.List) {
	blk := s.blocks.add(Block{Type: BlockList, Ordered: l.IsOrdered(), Start: l.Start})
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		blk.Items = append(blk.Items, nil)
		n := s.blocks.open(&blk.Items[len(blk.Items)-1])
		s.visit(item)
		s.blocks.close(n)
	}
}

// table adds a table, its header and rows, and its cells' text to the section's prose.
func (s *sectioner) table(t *east.Table) {
	blk := s.blocks.add(Block{Type: BlockTable})
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		var cells []string
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			s.parts = append(s.parts, plaintext.Inline(cell, s.src))
			cells = append(cells, s.blocks.inline(cell))
		}
		if _, header := row.(*east.TableHeader); header {
			blk.Header = cells
		} else {
			blk.Rows = append(blk.Rows, cells)
		}
	}
}

// container adds a quote or aside and visits the blocks from first on into it.
func (s *sectioner) container(blk Block, first ast.Node) {
	into := s.blocks.add(blk)
	n := s.blocks.open(&into.Blocks)
	for c := first; c != nil; c = c.NextSibling() {
		s.visitNode(c)
	}
	s.blocks.close(n)
}

// TextBlock is a paragraph of plain text s (white space normalised, Markdown syntax escaped), for
// text that does not come from a page's Markdown: a generated page's description, what a site
// component renders.
func TextBlock(s string) Block {
	return Block{Type: BlockParagraph, Text: ext.Escape(plaintext.Normalize(s))}
}
