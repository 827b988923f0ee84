package rawhtml

import (
	"fmt"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"tzdocs/internal/markdown/diag"
)

// balance checks that every element the page opens is closed, as MDX requires of JSX (browsers
// forgive HTML, MDX does not, and a forgotten </b> would make the rest of the page bold). An
// element opened in a block of markup may close in a later one, with Markdown between them; one
// opened inside a paragraph, a heading or a summary must close there. Each problem is an error at
// the tag that opens the element, or at a closing tag that closes nothing.
type balance struct{}

// open is an element waiting for its closing tag.
type open struct {
	tag *Tag
}

func (balance) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	var blocks []open      // elements opened by blocks of markup, across the page
	var inline []open      // elements opened in the current paragraph-like block
	var container ast.Node // that block
	endInline := func() {
		for i := len(inline) - 1; i >= 0; i-- {
			t := inline[i].tag
			diag.Fail(pc, t.Offset, fmt.Sprintf("<%s> is not closed; add </%s> %s", t.Name, t.Name, blockEnd(container)))
		}
		inline, container = nil, nil
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			if n == container {
				endInline()
			}
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *Block:
			for _, p := range n.Parts {
				if p.Tag != nil {
					blocks = match(pc, blocks, p.Tag, nil)
				}
			}
			return ast.WalkSkipChildren, nil
		case *Inline:
			if c := blockOf(n); c != container {
				endInline()
				container = c
			}
			if n.Tag.Closing && !opens(inline, n.Tag.Name) && opens(blocks, n.Tag.Name) {
				// Closes an element a block of markup opened: <div>, a paragraph, then text</div>.
				blocks = match(pc, blocks, n.Tag, nil)
				return ast.WalkContinue, nil
			}
			inline = match(pc, inline, n.Tag, blocks)
		}
		return ast.WalkContinue, nil
	})
	endInline()
	for i := len(blocks) - 1; i >= 0; i-- {
		t := blocks[i].tag
		diag.Fail(pc, t.Offset, fmt.Sprintf("<%s> is never closed; add </%s> where the element ends", t.Name, t.Name))
	}
}

// match applies tag to the stack of open elements and returns the new stack. A closing tag closes
// the innermost element of its name; elements opened after that one and still open are errors.
// A closing tag that closes nothing (in stack, or in outer) is an error.
func match(pc parser.Context, stack []open, t *Tag, outer []open) []open {
	switch {
	case t.SelfClose || void[t.Name]:
		return stack
	case !t.Closing:
		return append(stack, open{tag: t})
	}
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i].tag.Name != t.Name {
			continue
		}
		for j := len(stack) - 1; j > i; j-- {
			inner := stack[j].tag
			diag.Fail(pc, inner.Offset, fmt.Sprintf("<%s> is not closed; add </%s> before </%s>", inner.Name, inner.Name, t.Name))
		}
		return stack[:i]
	}
	if !opens(outer, t.Name) && !takeBroken(pc, t.Name) {
		diag.Fail(pc, t.Offset, fmt.Sprintf("</%s> closes no open <%s>; remove it, or open the element before it", t.Name, t.Name))
	}
	return stack
}

// opens reports whether an element named name is open in stack.
func opens(stack []open, name string) bool {
	for _, o := range stack {
		if o.tag.Name == name {
			return true
		}
	}
	return false
}

// blockOf returns the block holding inline node n.
func blockOf(n ast.Node) ast.Node {
	for n != nil && n.Type() != ast.TypeBlock {
		n = n.Parent()
	}
	return n
}

// blockEnd says, for a message, where an inline element must close: before the end of n.
func blockEnd(n ast.Node) string {
	switch n.Kind() {
	case ast.KindHeading:
		return "before the end of the heading"
	case ast.KindParagraph, ast.KindTextBlock:
		return "before the end of the paragraph"
	}
	switch n.Kind().String() {
	case "Summary":
		return "before </summary>"
	case "TableCell":
		return "before the end of the table cell"
	}
	return "before the end of the block"
}

var brokenKey = parser.NewContextKey()

// markBroken records that a tag named name could not be read (an error already says why), so
// that its closing tag is not reported as closing nothing.
func markBroken(pc parser.Context, name string) {
	m, _ := pc.Get(brokenKey).(map[string]int)
	if m == nil {
		m = map[string]int{}
		pc.Set(brokenKey, m)
	}
	m[name]++
}

// takeBroken reports whether a closing tag named name belongs to a tag that could not be read.
func takeBroken(pc parser.Context, name string) bool {
	m, _ := pc.Get(brokenKey).(map[string]int)
	if m[name] == 0 {
		return false
	}
	m[name]--
	return true
}
