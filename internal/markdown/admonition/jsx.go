package admonition

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/jsxtag"
)

// Docusaurus pages can also write an admonition as the theme component
//
//	<Admonition type="tip" title="Before you start">Markdown content</Admonition>
//
// (imported from '@theme/Admonition'). It renders exactly like ":::tip Before you start".

var jsxClose = regexp.MustCompile(`^[ \t]*</Admonition>[ \t]*\r?\n?$`)

// jsxParser reads <Admonition> components with the keywords k; a closing tag belongs to the
// innermost open <Admonition>, and never to a code fence's text.
func jsxParser(k keywords) jsxtag.ContainerParser {
	return jsxtag.ContainerParser{Name: "Admonition", Closing: jsxClose,
		Inner: func(b ast.Node) bool {
			a, ok := b.(*Admonition)
			return b.Kind() == ast.KindFencedCodeBlock || (ok && a.jsx)
		},
		OpenTag: jsxOpener{keywords: k}.open}
}

// jsxOpener reads an <Admonition> tag, and the whole component when it is written on one line.
type jsxOpener struct{ keywords keywords }

func (j jsxOpener) open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	trimmed := bytes.TrimLeft(line, " \t")
	indent := len(line) - len(trimmed)
	if _, ok := jsxtag.StartsTag(line, "Admonition"); !ok {
		return nil, parser.NoChildren
	}
	tag, n, ok := jsxtag.Parse(trimmed)
	// The one-line form: <Admonition …>text</Admonition>.
	var inline []byte
	if ok && !tag.SelfClose && !util.IsBlank(trimmed[n:]) {
		rest := bytes.TrimRight(trimmed[n:], " \t\r\n")
		if body, found := bytes.CutSuffix(rest, []byte("</Admonition>")); found && !bytes.Contains(body, []byte("</Admonition>")) {
			inline = body
		}
	}
	if !ok || tag.Name != "Admonition" || tag.Closing || tag.SelfClose || (!util.IsBlank(trimmed[n:]) && inline == nil) {
		// Only the block form is supported: the opening tag alone on its line.
		diag.Warn(pc, seg.Start+indent, "write <Admonition …> alone on its line with </Admonition> on a line after the content, or the whole component on one line")
		return nil, parser.NoChildren
	}
	if diag.TooDeep(pc, seg.Start+indent, "<Admonition>") {
		return nil, parser.NoChildren
	}
	typ, _ := tag.Get("type")
	typ = strings.ToLower(typ)
	if !j.keywords.known(typ) {
		diag.Warn(pc, seg.Start+indent, fmt.Sprintf("<Admonition> type %q is not one of %s; shown as a note", typ, strings.Join(j.keywords, ", ")))
		typ = "note"
	}
	node := &Admonition{Keyword: typ, Container: jsxtag.Container{Start: seg.Start + indent}, jsx: true}
	// The title is inline Markdown: point the Title at the attribute's text in the source.
	if start, stop, ok := titleBoundsJSX(trimmed[:n]); ok {
		title := &Title{}
		title.Lines().Append(text.NewSegment(seg.Start+indent+start, seg.Start+indent+stop))
		node.AppendChild(node, title)
	}
	if inline != nil {
		lead := len(inline) - len(bytes.TrimLeft(inline, " \t"))
		start := seg.Start + indent + n
		body := ast.NewParagraph()
		body.Lines().Append(text.NewSegment(start+lead, start+len(inline)))
		node.AppendChild(node, body)
		node.Closed = true
	}
	reader.AdvanceToEOL()
	return node, parser.HasChildren
}

// titleValue finds a quoted title attribute in a tag's source.
var titleValue = regexp.MustCompile(`\stitle\s*=\s*(?:"([^"]*)"|'([^']*)')`)

// titleBoundsJSX returns the bounds of the title attribute's text between its quotes in a tag's
// source. It is not found for {expression} values.
func titleBoundsJSX(tag []byte) (start, stop int, ok bool) {
	m := titleValue.FindSubmatchIndex(tag)
	if m == nil {
		return 0, 0, false
	}
	if m[2] >= 0 {
		start, stop = m[2], m[3]
	} else {
		start, stop = m[4], m[5]
	}
	return start, stop, stop > start
}
