// Package rawhtml lets raw HTML in pages be written the JSX way, as MDX allows: className= and
// htmlFor= become class= and for=, style={{width: 300}} becomes style="width:300px", literal
// {expressions} become values, and self-closing tags close. Tags keep their position so the page
// converter can resolve <img src> and <a href> like Markdown images and links.
package rawhtml

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/jsxtag"
)

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// newTag converts a parsed tag, warning about attributes it had to drop.
func newTag(t jsxtag.Tag, offset int, pc parser.Context) *Tag {
	attrs, skipped := t.HTML()
	for _, name := range skipped {
		diag.Warn(pc, offset, fmt.Sprintf("attribute %s of <%s> is a JavaScript expression tzdocs cannot evaluate, so it is left out; write a plain value", name, t.Name))
	}
	return &Tag{Name: t.Name, Attrs: attrs, Closing: t.Closing, SelfClose: t.SelfClose, Offset: offset}
}

// inlineParser reads HTML tags in paragraphs, including those goldmark cannot read as HTML because
// of JSX attribute values.
type inlineParser struct{}

func (inlineParser) Trigger() []byte { return []byte{'<'} }

func (inlineParser) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if len(line) < 2 || !(isLower(line[1]) || line[1] == '/' && len(line) > 2 && isLower(line[2])) {
		return nil
	}
	t, n, ok := jsxtag.Parse(line)
	if !ok {
		return nil
	}
	block.Advance(n)
	return &Inline{Tag: newTag(t, seg.Start, pc)}
}

// multiLineParser reads a tag that starts a line and spans several, as JSX allows
// (<img\n  src="…"\n  style={{…}}\n/>), which CommonMark's HTML blocks do not take. The tag must
// end its last line.
type multiLineParser struct{}

func (multiLineParser) Trigger() []byte { return []byte{'<'} }

func (multiLineParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	trimmed := bytes.TrimLeft(line, " \t")
	if len(trimmed) < 2 || !isLower(trimmed[1]) {
		return nil, parser.NoChildren
	}
	if _, _, ok := jsxtag.Parse(trimmed); ok {
		return nil, parser.NoChildren // one line: an HTML block or a paragraph
	}
	start := seg.Start + len(line) - len(trimmed)
	t, n, ok := jsxtag.Parse(reader.Source()[start:])
	if !ok {
		return nil, parser.NoChildren
	}
	end := start + n
	rest := reader.Source()[end:]
	if eol := bytes.IndexByte(rest, '\n'); eol >= 0 {
		rest = rest[:eol]
	}
	if !util.IsBlank(rest) || bytes.Count(reader.Source()[start:end], []byte("\n")) > 50 {
		return nil, parser.NoChildren
	}
	b := &Block{Parts: []Part{{Tag: newTag(t, start, pc)}}, end: end}
	reader.AdvanceToEOL()
	return b, parser.NoChildren
}

func (multiLineParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	_, seg := reader.PeekLine()
	if seg.Start >= node.(*Block).end {
		return parser.Close
	}
	reader.AdvanceToEOL()
	return parser.Continue | parser.NoChildren
}

func (multiLineParser) Close(ast.Node, text.Reader, parser.Context) {}
func (multiLineParser) CanInterruptParagraph() bool                 { return false }
func (multiLineParser) CanAcceptIndentedLine() bool                 { return false }

// blockTransformer turns HTML blocks into parts, converting each lower-case tag.
type blockTransformer struct{}

func (blockTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	source := reader.Source()
	var swaps [][2]ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if b, ok := n.(*ast.HTMLBlock); ok && entering {
			swaps = append(swaps, [2]ast.Node{b, &Block{Parts: split(b, source, pc)}})
		}
		return ast.WalkContinue, nil
	})
	for _, s := range swaps {
		s[0].Parent().ReplaceChild(s[0].Parent(), s[0], s[1])
	}
}

// split reads an HTML block into text and tags. Comments, and the content of <script>, <style>
// and <pre>, stay as written.
func split(b *ast.HTMLBlock, source []byte, pc parser.Context) []Part {
	var value []byte
	var starts []int // source offset of value[i] at each line start
	var at []int     // value index of each line start
	add := func(seg text.Segment) {
		at = append(at, len(value))
		starts = append(starts, seg.Start)
		value = append(value, seg.Value(source)...)
	}
	for i := 0; i < b.Lines().Len(); i++ {
		add(b.Lines().At(i))
	}
	if b.HasClosure() {
		add(b.ClosureLine)
	}
	offset := func(i int) int {
		k := len(at) - 1
		for k > 0 && at[k] > i {
			k--
		}
		return starts[k] + i - at[k]
	}
	var parts []Part
	text := 0
	flush := func(end int) {
		if end > text {
			parts = append(parts, Part{Text: string(value[text:end])})
		}
	}
	for i := 0; i < len(value); i++ {
		if value[i] != '<' || i+1 >= len(value) {
			continue
		}
		if bytes.HasPrefix(value[i:], []byte("<!--")) {
			end := bytes.Index(value[i:], []byte("-->"))
			if end < 0 {
				break
			}
			i += end + 2
			continue
		}
		c := value[i+1]
		if !(isLower(c) || c == '/' && i+2 < len(value) && isLower(value[i+2])) {
			continue
		}
		t, n, ok := jsxtag.Parse(value[i:])
		if !ok {
			if problem := jsxtag.Problem(value[i:]); problem != "" {
				// Shown as written, the tag would reach the browser mangled (style={{…} becomes
				// attributes named after its pieces): an error, at the tag.
				diag.Fail(pc, offset(i), problem)
				markBroken(pc, tagName(value[i+1:]))
			} else if c != '/' {
				// Markup a browser reads but JSX syntax does not, such as two attributes without
				// a space between them (<iframe a="1"b="2">, which MDX accepts): it reaches the
				// page as written, and its closing tag closes it there.
				markBroken(pc, tagName(value[i+1:]))
			}
			continue
		}
		flush(i)
		parts = append(parts, Part{Tag: newTag(t, offset(i), pc)})
		i += n
		text = i
		if !t.Closing && !t.SelfClose {
			switch t.Name {
			case "script", "style", "pre", "textarea":
				if end := bytes.Index(value[i:], []byte("</"+t.Name)); end >= 0 {
					i += end
				} else {
					i = len(value)
				}
			}
		}
		i--
	}
	flush(len(value))
	return parts
}

// tagName returns the name at the start of s.
func tagName(s []byte) string {
	n := 0
	for n < len(s) && (isLower(s[n]) || s[n] >= 'A' && s[n] <= 'Z' || s[n] >= '0' && s[n] <= '9' || s[n] == '-') {
		n++
	}
	return string(s[:n])
}

// void elements never have content or a closing tag.
var void = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true,
	"img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// Write writes t as HTML; a self-closed non-void JSX element (<div />) gets its closing tag.
func Write(b *strings.Builder, t *Tag) {
	if t.Closing {
		b.WriteString("</" + t.Name + ">")
		return
	}
	jsxtag.WriteTag(b, t.Name, t.Attrs, false)
	if t.SelfClose && !void[t.Name] {
		b.WriteString("</" + t.Name + ">")
	}
}

type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindBlock, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkSkipChildren, nil
		}
		var b strings.Builder
		for _, p := range node.(*Block).Parts {
			if p.Tag != nil {
				Write(&b, p.Tag)
			} else {
				b.WriteString(p.Text)
			}
		}
		s := b.String()
		if !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		_, _ = w.WriteString(s)
		return ast.WalkSkipChildren, nil
	})
	reg.Register(KindInline, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			var b strings.Builder
			Write(&b, node.(*Inline).Tag)
			_, _ = w.WriteString(b.String())
		}
		return ast.WalkSkipChildren, nil
	})
}

// Extension is the goldmark extension for JSX-style raw HTML. It runs after the MDX comment filter
// and the component check, so comments are gone and unknown components are already literal text.
type Extension struct{}

// Extend adds the multi-line tag parser (ahead of goldmark's HTML blocks), the inline tag parser
// (ahead of goldmark's raw HTML), the block conversion and the renderer to m.
func (Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(multiLineParser{}, 880)),
		parser.WithInlineParsers(util.Prioritized(inlineParser{}, 350)),
		parser.WithASTTransformers(util.Prioritized(blockTransformer{}, 300), util.Prioritized(balance{}, 900)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}
