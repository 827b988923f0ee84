package admonition

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/jsxtag"
)

// Types are the admonition keywords Docusaurus 3 accepts without configuration, in the order the
// warning lists them: the six it draws with their own colours and icons, then the three it draws
// as one of them (see styleOf).
var Types = []string{"note", "tip", "info", "warning", "danger", "caution", "important", "success", "secondary"}

// styles are the keywords drawn as another: Docusaurus's theme shows them with that type's colours
// and icon under their own name.
var styles = map[string]string{"important": "info", "success": "tip", "secondary": "note"}

// styleOf is the type whose look keyword takes: its own for the six drawn ones, info for a keyword
// a site adds (docs.admonitions.keywords), as Docusaurus falls back to.
func styleOf(keyword string) string {
	if s, ok := styles[keyword]; ok {
		return s
	}
	for _, t := range Types[:6] {
		if t == keyword {
			return t
		}
	}
	return "info"
}

// keywords are the keywords one converter accepts.
type keywords []string

func (k keywords) known(t string) bool {
	for _, w := range k {
		if w == t {
			return true
		}
	}
	return false
}

type blockParser struct{ keywords keywords }

func (blockParser) Trigger() []byte { return []byte{':'} }

// fence reads a run of at least three colons at the start of line (after up to three spaces of
// indentation) and returns its length and the index just after it, or 0 when there is none.
func fence(line []byte, offset int) (n, end int) {
	w, pos := util.IndentWidth(line, offset)
	if w > 3 {
		return 0, 0
	}
	i := pos
	for i < len(line) && line[i] == ':' {
		i++
	}
	if i-pos < 3 {
		return 0, 0
	}
	return i - pos, i
}

func (b blockParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	n, i := fence(line, reader.LineOffset())
	if n == 0 {
		return nil, parser.NoChildren
	}
	j := i
	for j < len(line) && (line[j] >= 'a' && line[j] <= 'z' || line[j] >= 'A' && line[j] <= 'Z') {
		j++
	}
	typ := string(line[i:j])
	if typ == "" {
		return nil, parser.NoChildren // a bare fence closes nothing here: literal text
	}
	if !b.keywords.known(strings.ToLower(typ)) {
		diag.Warn(pc, seg.Start+i-n, fmt.Sprintf("unknown admonition type %q, left as text; use one of %s, or add it to docs.admonitions.keywords",
			":::"+typ, strings.Join(b.keywords, ", ")))
		return nil, parser.NoChildren
	}
	if diag.TooDeep(pc, seg.Start+i-n, "admonition "+strings.Repeat(":", n)+typ) {
		return nil, parser.NoChildren
	}
	node := &Admonition{Keyword: strings.ToLower(typ), fence: n, Container: jsxtag.Container{Start: seg.Start + i - n}}
	if start, stop, ok := titleBounds(line, j); ok {
		title := &Title{}
		title.Lines().Append(text.NewSegment(seg.Start+start, seg.Start+stop))
		node.AppendChild(node, title)
	}
	reader.AdvanceToEOL()
	return node, parser.HasChildren
}

// titleBounds finds the custom title after the type: "[Title]" (Docusaurus 3) or the rest of the
// line (Docusaurus 2). Attributes in braces after a bracketed title are ignored.
func titleBounds(line []byte, from int) (start, stop int, ok bool) {
	rest := line[from:]
	if len(rest) > 0 && rest[0] == '[' {
		depth := 0
		for k, c := range rest {
			switch c {
			case '[':
				depth++
			case ']':
				depth--
				if depth == 0 {
					start, stop = from+1, from+k
					return trim(line, start, stop)
				}
			}
		}
	}
	return trim(line, from, len(line))
}

func trim(line []byte, start, stop int) (int, int, bool) {
	v := line[start:stop]
	l := len(v) - len(bytes.TrimLeft(v, " \t"))
	r := len(v) - len(bytes.TrimRight(v, " \t\r\n"))
	if l+r >= len(v) {
		return 0, 0, false
	}
	return start + l, stop - r, true
}

func (blockParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	line, _ := reader.PeekLine()
	n, end := fence(line, reader.LineOffset())
	if n == 0 || !util.IsBlank(line[end:]) {
		return parser.Continue | parser.HasChildren
	}
	me := node.(*Admonition)
	if me.jsx {
		return parser.Continue | parser.HasChildren // closed by </Admonition>, see jsxParser
	}
	// A fence belongs to the innermost open block that can take it: a fenced code block keeps it,
	// a nested admonition closes first.
	if jsxtag.OpenInside(pc, node, func(b ast.Node) bool {
		switch d := b.(type) {
		case *ast.FencedCodeBlock:
			return true
		case *Admonition:
			return !d.jsx && n >= d.fence
		}
		return false
	}) {
		return parser.Continue | parser.HasChildren
	}
	if n < me.fence {
		return parser.Continue | parser.HasChildren
	}
	reader.AdvanceToEOL()
	me.Closed = true
	return parser.Close
}

// Close warns when the admonition ends without its closing fence: at the end of the page or of the
// list item or quote around it. The content is kept, but the author likely lost a ":::".
func (blockParser) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	if n := node.(*Admonition); !n.Closed {
		diag.Warn(pc, n.Start, fmt.Sprintf("admonition %q is not closed; add a line %q where it ends",
			strings.Repeat(":", n.fence)+n.Keyword, strings.Repeat(":", n.fence)))
	}
}

func (blockParser) CanInterruptParagraph() bool { return true }

func (blockParser) CanAcceptIndentedLine() bool { return false }
