package jsxtag

import (
	"bytes"
	"fmt"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/diag"
)

// OpenBlock starts a block that holds one JSX tag named name, possibly spread over several lines:
// when the current line starts that tag, it adds the line to p and returns the tag's offset in the
// source. It is the Open of a goldmark block parser for self-closing components.
func OpenBlock(p *Pending, reader text.Reader, name string) (offset int, ok bool) {
	line, seg := reader.PeekLine()
	indent, ok := StartsTag(line, name)
	if !ok {
		return 0, false
	}
	p.name, p.offset = name, seg.Start+indent
	p.Add(line)
	reader.AdvanceToEOL()
	return p.offset, true
}

// Bounds of a tag written over several lines. A tag is read again as each line is added, so an
// unclosed one (<Figure src={ and no closing brace) would cost time with the square of the rest of
// the page and swallow it; past these bounds the tag is given up with an error at its start, and
// the lines after it are read as Markdown again.
const (
	MaxTagLines = 100
	MaxTagBytes = 64 << 10
)

// ContinueBlock gathers the following lines of the tag until it is complete: the Continue of the
// same block parser. A tag still incomplete after MaxTagLines lines or MaxTagBytes bytes is an
// error recorded in pc.
func ContinueBlock(p *Pending, reader text.Reader, pc parser.Context) parser.State {
	if p.Done {
		return parser.Close
	}
	line, _ := reader.PeekLine()
	if p.lines >= MaxTagLines || len(p.buf)+len(line) > MaxTagBytes {
		diag.Fail(pc, p.offset, fmt.Sprintf("<%s> tag is still not closed %d lines (%d bytes) after it starts; close its braces and quotes and end it with />",
			p.name, p.lines, len(p.buf)))
		return parser.Close
	}
	p.Add(line)
	reader.AdvanceToEOL()
	return parser.Continue | parser.NoChildren
}

// OpenInside reports whether a block matching inner is open inside node. Container parsers ask it
// before taking a closing line: the line belongs to the innermost block that can take it, so a code
// fence keeps it as text and a nested component of the same kind closes first.
func OpenInside(pc parser.Context, node ast.Node, inner func(ast.Node) bool) bool {
	deeper := false
	for _, b := range pc.OpenedBlocks() {
		if b.Node == node {
			deeper = true
			continue
		}
		if deeper && inner(b.Node) {
			return true
		}
	}
	return false
}

// OpenContainer reads the opening tag of a container component (one with children, such as
// <Tabs>) that starts the current line, possibly written over several lines as formatters lay out
// long tags:
//
//	<Tabs
//	  groupId="os"
//	  defaultValue="linux">
//
// The tag must end its line. On success the reader is past the tag and offset is the tag's source
// offset; otherwise nothing is consumed.
func OpenContainer(reader text.Reader, name string) (tag Tag, offset int, ok bool) {
	line, seg := reader.PeekLine()
	indent, ok := StartsTag(line, name)
	if !ok {
		return Tag{}, 0, false
	}
	src := reader.Source()
	start := seg.Start + indent
	tag, n, ok := Parse(src[start:])
	if !ok || tag.Name != name || tag.Closing || tag.SelfClose {
		return Tag{}, 0, false
	}
	end := start + n
	rest := src[end:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	if !util.IsBlank(rest) {
		return Tag{}, 0, false
	}
	for range bytes.Count(src[start:end], []byte("\n")) {
		reader.AdvanceLine()
	}
	reader.AdvanceToEOL()
	return tag, start, true
}
