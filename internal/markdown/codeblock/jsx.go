package codeblock

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/jsxtag"
)

// Docusaurus pages also write code blocks as the theme component
//
//	<CodeBlock language="ts" title="app.ts" showLineNumbers>{`const a = 1;`}</CodeBlock>
//
// (imported from '@theme/CodeBlock'). They render exactly like fences.

// KindJSX is the node kind of *JSX.
var KindJSX = ast.NewNodeKind("CodeBlockJSX")

// JSX is a <CodeBlock> component; Block holds what it shows once the parser closes it.
type JSX struct {
	ast.BaseBlock
	Block Block
	// Offset is the source offset of the tag, for diagnostics.
	Offset int
	buf    []byte // the lines gathered so far, from the opening tag on
	closed bool
}

// Kind implements ast.Node.
func (n *JSX) Kind() ast.NodeKind { return KindJSX }

// IsRaw implements ast.Node: the content is code, not Markdown.
func (n *JSX) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *JSX) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Lang": n.Block.Lang, "Code": n.Block.Code}, nil)
}

var closeTag = []byte("</CodeBlock>")

type jsxParser struct{}

func (jsxParser) Trigger() []byte { return []byte{'<'} }

func (jsxParser) Open(_ ast.Node, reader text.Reader, _ parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	indent, ok := jsxtag.StartsTag(line, "CodeBlock")
	if !ok {
		return nil, parser.NoChildren
	}
	n := &JSX{Offset: seg.Start + indent}
	n.buf = append(n.buf, line[indent:]...)
	reader.AdvanceToEOL()
	n.closed = n.complete() // Continue closes it before reading another line
	return n, parser.NoChildren
}

// complete reports whether buf holds the whole component: a self-closing tag, or an opening tag
// and then a closing tag.
func (n *JSX) complete() bool {
	tag, end, ok := jsxtag.Parse(n.buf)
	if !ok {
		return false
	}
	return tag.SelfClose || bytes.Contains(n.buf[end:], closeTag)
}

func (jsxParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	n := node.(*JSX)
	if n.closed {
		return parser.Close
	}
	line, _ := reader.PeekLine()
	n.buf = append(n.buf, line...)
	reader.AdvanceToEOL()
	if n.complete() {
		n.closed = true
		return parser.Close
	}
	return parser.Continue | parser.NoChildren
}

func (jsxParser) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	n := node.(*JSX)
	if !n.closed {
		diag.Warn(pc, n.Offset, "<CodeBlock> is not closed; end it with </CodeBlock>")
	}
	tag, end, ok := jsxtag.Parse(n.buf)
	if !ok {
		// Never closed: show what was written as plain text rather than lose it.
		n.Block = Block{Code: string(n.buf)}
		return
	}
	b := Block{}
	b.Lang, _ = tag.Get("language")
	if b.Lang == "" {
		if cls, ok := tag.Get("className"); ok {
			for _, c := range strings.Fields(cls) {
				if l, ok := strings.CutPrefix(c, "language-"); ok {
					b.Lang = l
				}
			}
		}
	}
	b.Title, _ = tag.Get("title")
	if v, ok := tag.Get("showLineNumbers"); ok && v != "false" {
		b.LineNumbers = 1
		if k, err := strconv.Atoi(v); err == nil && k > 0 {
			b.LineNumbers = k
		}
	}
	meta, _ := tag.Get("metastring")
	var code string
	if !tag.SelfClose {
		body := n.buf[end:]
		if i := bytes.LastIndex(body, closeTag); i >= 0 {
			body = body[:i]
		}
		var warning string
		code, warning = children(string(body))
		if warning != "" {
			diag.Warn(pc, n.Offset, warning)
		}
	}
	lines := strings.Split(strings.TrimSuffix(code, "\n"), "\n")
	if code == "" {
		lines = nil
	}
	if m := lineRanges.FindStringSubmatch(meta); m != nil {
		b.Highlighted = parseRanges(m[1])
	} else {
		lines, b.Highlighted = applyDirectives(lines)
	}
	if m := titleAttr.FindStringSubmatch(meta); m != nil && b.Title == "" {
		b.Title = m[1] + m[2] + m[3]
	}
	if len(lines) > 0 {
		b.Code = strings.Join(lines, "\n") + "\n"
	}
	n.Block = b
}

// children turns the component's children into the code shown. They are a JavaScript string in
// braces ({`…`}, {'…'}, {"…"}) or plain text; the indentation the lines share and blank first and
// last lines are dropped either way. An expression we cannot evaluate (an imported file, say) is
// shown as written, with a warning.
func children(body string) (code, warning string) {
	trimmed := strings.TrimSpace(body)
	if strings.HasPrefix(trimmed, "{") && strings.HasSuffix(trimmed, "}") {
		expr := strings.TrimSpace(trimmed[1 : len(trimmed)-1])
		if s, ok := jsString(expr); ok {
			return dedent(s), ""
		}
		return dedent(body), fmt.Sprintf("<CodeBlock> content {%s} is not a string tzdocs can read; write the code inside {`…`} or use a code fence", expr)
	}
	return dedent(body), ""
}

// jsString evaluates a JavaScript string literal: a template literal without substitutions, or a
// quoted string, with its escapes.
func jsString(e string) (string, bool) {
	if len(e) < 2 || e[len(e)-1] != e[0] || (e[0] != '`' && e[0] != '"' && e[0] != '\'') {
		return "", false
	}
	q := e[0]
	var b strings.Builder
	for i := 1; i < len(e)-1; i++ {
		c := e[i]
		switch {
		case c == '\\' && i+1 < len(e)-1:
			i++
			switch e[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(e[i]) // \` \$ \\ \' \" stand for themselves
			}
		case c == q:
			return "", false // the literal ends early: an expression such as `a` + `b`
		case q == '`' && c == '$' && i+1 < len(e)-1 && e[i+1] == '{':
			return "", false // a substitution needs JavaScript
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// dedent drops blank lines at both ends and the indentation all other lines share.
func dedent(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	common := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		w := len(l) - len(strings.TrimLeft(l, " \t"))
		if common < 0 || w < common {
			common = w
		}
	}
	for i, l := range lines {
		if len(l) >= common && common > 0 {
			lines[i] = l[common:]
		} else if strings.TrimSpace(l) == "" {
			lines[i] = ""
		}
	}
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

func (jsxParser) CanInterruptParagraph() bool { return true }

func (jsxParser) CanAcceptIndentedLine() bool { return true }
