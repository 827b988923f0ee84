package ext

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// MarkdownWriter writes parsed pages back as plain Markdown: CommonMark with GFM tables, task
// lists, strikethrough and footnotes, and no MDX. It writes the nodes of CommonMark and of
// goldmark's GFM extensions itself, and asks the declarations for every other node kind.
//
// A block's writer writes the block without a final newline; the writer puts a blank line
// between blocks (a line break inside a tight list item). Containers (quotes, list items) write
// their content through Container, which prefixes every line.
type MarkdownWriter struct {
	d       *Declarations
	source  []byte
	b       strings.Builder
	pending string // owed before the next content: "", "\n" or "\n\n"
	sep     string // what ending a block owes
	wrote   bool   // content written since the current block began
	root    *MarkdownWriter
	missing []ast.NodeKind // on the root: kinds written by the fallback
}

// NewMarkdownWriter returns a writer for a page parsed from source with the extensions that
// made d.
func NewMarkdownWriter(d *Declarations, source []byte) *MarkdownWriter {
	w := &MarkdownWriter{d: d, source: source, sep: "\n\n"}
	w.root = w
	return w
}

// Markdown returns doc, a parsed page, as plain Markdown ending in a newline ("" when empty).
func Markdown(d *Declarations, doc ast.Node, source []byte) string {
	w := NewMarkdownWriter(d, source)
	w.b.Grow(len(source) + len(source)/8)
	w.Blocks(doc)
	if w.b.Len() == 0 {
		return ""
	}
	w.b.WriteByte('\n')
	return w.b.String()
}

// String returns what was written, ending in a newline ("" when nothing was).
func (w *MarkdownWriter) String() string {
	if w.b.Len() == 0 {
		return ""
	}
	return w.b.String() + "\n"
}

// Missing returns the node kinds that neither this package nor a declaration knows how to write;
// the writer wrote their children only. Golden tests check it stays empty.
func (w *MarkdownWriter) Missing() []ast.NodeKind { return w.root.missing }

// Source returns the page's source, which the nodes' segments point into.
func (w *MarkdownWriter) Source() []byte { return w.source }

// WriteString writes s, Markdown, as part of the current block.
func (w *MarkdownWriter) WriteString(s string) {
	if s == "" {
		return
	}
	w.startContent()
	w.b.WriteString(s)
}

// write is WriteString for text the source holds, without copying it to a string first.
func (w *MarkdownWriter) write(v []byte) {
	if len(v) == 0 {
		return
	}
	w.startContent()
	w.b.Write(v)
}

// startContent pays what is owed before new content: the separator after the previous block.
func (w *MarkdownWriter) startContent() {
	if w.pending != "" && w.b.Len() > 0 {
		w.b.WriteString(w.pending)
	}
	w.pending, w.wrote = "", true
}

// WriteText writes s, plain text, escaped so that it reads as itself.
func (w *MarkdownWriter) WriteText(s string) { w.WriteString(Escape(s)) }

// EndBlock ends the current block: what comes next starts a new one.
func (w *MarkdownWriter) EndBlock() {
	if w.wrote {
		w.pending, w.wrote = w.sep, false
	}
}

// Block writes n, a block, and ends it.
func (w *MarkdownWriter) Block(n ast.Node) {
	w.node(n)
	w.EndBlock()
}

// Blocks writes the children of n as blocks.
func (w *MarkdownWriter) Blocks(n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		w.Block(c)
	}
}

// Inline writes the inline children of n.
func (w *MarkdownWriter) Inline(n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		w.node(c)
	}
}

// InlineString returns the inline children of n as Markdown, for a writer that needs them
// inside text of its own (a label, a table cell).
func (w *MarkdownWriter) InlineString(n ast.Node) string {
	sub := w.sub()
	sub.Inline(n)
	return sub.b.String()
}

// Container writes what body writes with first in front of its first line and rest in front of
// the others, as a block quote ("> ") or a list item ("- ", "  ") is written.
func (w *MarkdownWriter) Container(first, rest string, body func(w *MarkdownWriter)) {
	sub := w.sub()
	body(sub)
	w.WriteString(prefixLines(sub.b.String(), first, rest))
}

// Quote writes what body writes as a block quote.
func (w *MarkdownWriter) Quote(body func(w *MarkdownWriter)) { w.Container("> ", "> ", body) }

// Fence writes code as a fenced code block; info is the language, optionally followed by
// attributes such as title="app.ts".
func (w *MarkdownWriter) Fence(info, code string) {
	fence := strings.Repeat("`", max(3, longestRun(code, '`')+1))
	info = strings.ReplaceAll(info, "`", "")
	if code != "" && !strings.HasSuffix(code, "\n") {
		code += "\n"
	}
	w.WriteString(fence + info + "\n" + code + fence)
}

func (w *MarkdownWriter) sub() *MarkdownWriter {
	return &MarkdownWriter{d: w.d, source: w.source, sep: "\n\n", root: w.root}
}

func (w *MarkdownWriter) node(n ast.Node) {
	switch h := w.d.For(n.Kind()); {
	case h.Invisible:
	case h.Markdown != nil:
		h.Markdown(w, n)
	default:
		w.core(n)
	}
}

// core writes the nodes of CommonMark and of goldmark's GFM extensions.
func (w *MarkdownWriter) core(n ast.Node) {
	switch n := n.(type) {
	case *ast.Document:
		w.Blocks(n)
	case *ast.Paragraph, *ast.TextBlock:
		w.Inline(n)
	case *ast.Heading:
		w.WriteString(strings.Repeat("#", n.Level))
		if n.HasChildren() {
			w.WriteString(" ")
			w.Inline(n)
		}
	case *ast.ThematicBreak:
		w.WriteString("***") // "---" under a line of text would make it a heading
	case *ast.Blockquote:
		w.Quote(func(w *MarkdownWriter) { w.Blocks(n) })
	case *ast.List:
		w.list(n)
	case *ast.FencedCodeBlock:
		lang := ""
		if n.Info != nil {
			lang, _, _ = strings.Cut(strings.TrimSpace(string(n.Info.Value(w.source))), " ")
		}
		w.Fence(lang, string(n.Lines().Value(w.source)))
	case *ast.CodeBlock:
		w.Fence("", string(n.Lines().Value(w.source)))
	case *ast.HTMLBlock:
		v := string(n.Lines().Value(w.source))
		if n.HasClosure() {
			v += string(n.ClosureLine.Value(w.source))
		}
		w.WriteString(EscapeTags(strings.TrimRight(v, "\n")))
	case *ast.LinkReferenceDefinition:
		// links are written with their destinations
	case *east.Table:
		w.table(n)
	case *east.FootnoteList:
		for f := n.FirstChild(); f != nil; f = f.NextSibling() {
			label := "[^" + strconv.Itoa(f.(*east.Footnote).Index) + "]: "
			w.Container(label, "    ", func(w *MarkdownWriter) { w.Blocks(f) })
			w.EndBlock()
		}
	case *ast.Text:
		if v := n.Segment.Value(w.source); bytes.IndexByte(v, '<') < 0 {
			w.write(v)
		} else {
			w.WriteString(EscapeTags(string(v)))
		}
		switch {
		case n.HardLineBreak():
			w.WriteString("\\\n")
		case n.SoftLineBreak():
			w.WriteString("\n")
		}
	case *ast.String:
		w.WriteString(string(n.Value))
	case *ast.CodeSpan:
		w.codeSpan(n)
	case *ast.Emphasis:
		mark := strings.Repeat("*", n.Level)
		w.WriteString(mark)
		w.Inline(n)
		w.WriteString(mark)
	case *ast.Link:
		w.WriteString("[")
		w.Inline(n)
		w.WriteString("](" + Destination(string(n.Destination)) + title(n.Title) + ")")
	case *ast.Image:
		w.WriteString("![")
		w.Inline(n)
		w.WriteString("](" + Destination(string(n.Destination)) + title(n.Title) + ")")
	case *ast.AutoLink:
		w.WriteString("<" + string(n.URL(w.source)) + ">")
	case *ast.RawHTML:
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			w.WriteString(string(seg.Value(w.source)))
		}
	case *east.Strikethrough:
		w.WriteString("~~")
		w.Inline(n)
		w.WriteString("~~")
	case *east.TaskCheckBox:
		if n.IsChecked {
			w.WriteString("[x] ")
		} else {
			w.WriteString("[ ] ")
		}
	case *east.FootnoteLink:
		w.WriteString("[^" + strconv.Itoa(n.Index) + "]")
	case *east.FootnoteBacklink:
		// the reader's way back to the text: nothing to write
	default:
		w.root.missing = append(w.root.missing, n.Kind())
		if n.Type() == ast.TypeInline {
			w.Inline(n)
		} else {
			w.Blocks(n)
		}
	}
}

// list writes a list with "-" or "1." markers; a list right after another of the same type takes
// "*" or "1)", so the two stay apart.
func (w *MarkdownWriter) list(l *ast.List) {
	other := false
	for p := l.PreviousSibling(); p != nil; p = p.PreviousSibling() {
		prev, ok := p.(*ast.List)
		if !ok || prev.IsOrdered() != l.IsOrdered() {
			break
		}
		other = !other
	}
	bullet, delim := "-", "."
	if other {
		bullet, delim = "*", ")"
	}
	num := l.Start
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		marker := bullet
		if l.IsOrdered() {
			marker = strconv.Itoa(num) + delim
			num++
		}
		w.Container(marker+" ", strings.Repeat(" ", len(marker)+1), func(w *MarkdownWriter) {
			if l.IsTight {
				w.sep = "\n"
			}
			w.Blocks(item)
		})
		if l.IsTight {
			w.pending = "\n"
		} else {
			w.pending = "\n\n"
		}
	}
}

func (w *MarkdownWriter) table(t *east.Table) {
	var b strings.Builder
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("|")
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			b.WriteString(" " + w.InlineString(cell) + " |")
		}
		if _, header := row.(*east.TableHeader); !header {
			continue
		}
		b.WriteString("\n|")
		for _, a := range t.Alignments {
			switch a {
			case east.AlignLeft:
				b.WriteString(" :-- |")
			case east.AlignRight:
				b.WriteString(" --: |")
			case east.AlignCenter:
				b.WriteString(" :-: |")
			default:
				b.WriteString(" --- |")
			}
		}
	}
	w.WriteString(b.String())
}

func (w *MarkdownWriter) codeSpan(n *ast.CodeSpan) {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch t := c.(type) {
		case *ast.Text:
			b.WriteString(strings.ReplaceAll(string(t.Segment.Value(w.source)), "\n", " "))
		case *ast.String:
			b.Write(t.Value)
		}
	}
	code := b.String()
	ticks := strings.Repeat("`", longestRun(code, '`')+1)
	pad := ""
	if strings.HasPrefix(code, "`") || strings.HasSuffix(code, "`") ||
		(strings.HasPrefix(code, " ") && strings.HasSuffix(code, " ") && strings.TrimSpace(code) != "") {
		pad = " "
	}
	w.WriteString(ticks + pad + code + pad + ticks)
}

func title(t []byte) string {
	if len(t) == 0 {
		return ""
	}
	return ` "` + strings.ReplaceAll(string(t), `"`, `\"`) + `"`
}

func prefixLines(s, first, rest string) string {
	if s == "" {
		return strings.TrimRight(first, " ")
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i, line := range strings.Split(s, "\n") {
		p := rest
		if i == 0 {
			p = first
		} else {
			b.WriteByte('\n')
		}
		if line == "" {
			b.WriteString(strings.TrimRight(p, " "))
			continue
		}
		b.WriteString(p)
		b.WriteString(line)
	}
	return b.String()
}

func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}
