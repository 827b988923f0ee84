package jsxtag

import (
	"bytes"
	"fmt"
	"regexp"

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

// ClosesAt is the test a container parser's Continue makes: whether the current line is node's
// closing tag, a line matching closing that no block open inside node can take (inner: a code
// fence keeps it as text, a nested component of the same kind closes first). When it is, the
// reader moves past the line.
func ClosesAt(node ast.Node, reader text.Reader, pc parser.Context, closing *regexp.Regexp, inner func(ast.Node) bool) bool {
	line, _ := reader.PeekLine()
	if !closing.Match(line) || OpenInside(pc, node, inner) {
		return false
	}
	reader.AdvanceToEOL()
	return true
}

// FailUnclosed is what a container parser's Close says when the component name, whose tag starts
// at start, ended (with the page or the block around it) before its closing tag: an error, since
// the rest of the page would otherwise render inside it.
func FailUnclosed(pc parser.Context, start int, name string) {
	diag.Fail(pc, start, "<"+name+"> is not closed; add a line </"+name+"> where it ends")
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

// TagBlock is the part of a block node that holds one self-closing component tag, <Name … />,
// which may run over several lines. A node embeds it and is parsed by a SelfClosing parser.
type TagBlock struct {
	ast.BaseBlock
	// Offset is the source offset of the tag, for diagnostics.
	Offset int
	// Pending gathers the tag's lines; once Done, Tag is the tag read.
	Pending Pending
}

// IsRaw implements ast.Node: the tag is not Markdown.
func (b *TagBlock) IsRaw() bool { return true }

func (b *TagBlock) tagBlock() *TagBlock { return b }

// tagNode is a node that embeds TagBlock.
type tagNode interface {
	ast.Node
	tagBlock() *TagBlock
}

// SelfClosing is the goldmark block parser of components written as one tag, <Name … />, possibly
// over several lines (<Figure>, <TutorialCard>, <LucidDiagram>…). New returns the node, which
// embeds TagBlock, for a tag named one of Names; Read fills it in from its complete tag and warns
// about what is wrong. A tag that never completes gets a warning here and Read is not called; the
// renderer shows its source as text.
type SelfClosing struct {
	Names []string
	New   func(name string) ast.Node
	Read  func(n ast.Node, tag Tag, pc parser.Context)
}

// Trigger implements parser.BlockParser.
func (SelfClosing) Trigger() []byte { return []byte{'<'} }

// Open implements parser.BlockParser.
func (s SelfClosing) Open(_ ast.Node, reader text.Reader, _ parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	for _, name := range s.Names {
		if _, ok := StartsTag(line, name); !ok {
			continue
		}
		n := s.New(name)
		b := n.(tagNode).tagBlock()
		offset, ok := OpenBlock(&b.Pending, reader, name)
		if !ok {
			return nil, parser.NoChildren
		}
		b.Offset = offset
		return n, parser.NoChildren
	}
	return nil, parser.NoChildren
}

// Continue implements parser.BlockParser.
func (SelfClosing) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	return ContinueBlock(&node.(tagNode).tagBlock().Pending, reader, pc)
}

// Close implements parser.BlockParser.
func (s SelfClosing) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	b := node.(tagNode).tagBlock()
	if !b.Pending.Done {
		diag.Warn(pc, b.Offset, "<"+b.Pending.name+"> tag is not complete; end it with />")
		return
	}
	s.Read(node, b.Pending.Tag, pc)
}

// CanInterruptParagraph implements parser.BlockParser.
func (SelfClosing) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (SelfClosing) CanAcceptIndentedLine() bool { return true }

// Container is the part of a container component's node (one with Markdown children, such as
// <Tabs>) that its ContainerParser keeps. A node embeds it.
type Container struct {
	// Start is the source offset of the opening tag, for diagnostics.
	Start int
	// Closed records that the closing tag was read; an opener sets it for a component written
	// whole on its opening line, content and closing tag included.
	Closed bool
}

func (c *Container) container() *Container { return c }

// containerNode is a node that embeds Container.
type containerNode interface {
	ast.Node
	container() *Container
}

// ContainerParser is the goldmark block parser of a container component named Name. OpenTag reads
// the opening tag on the current line and returns the node, which embeds Container with Start set
// (or nil when the line is not such a tag). The parser then gives the node the lines up to its
// closing tag, a line matching Closing that no block open inside the node takes first (Inner tells
// which blocks do: a code fence keeps the line as text, a nested component of the same kind closes
// first), and fails the page when the node ends without one.
type ContainerParser struct {
	Name    string
	Closing *regexp.Regexp
	Inner   func(ast.Node) bool
	OpenTag func(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State)
	// NoIndentedLines keeps lines indented as code out of the component (HTML blocks, such as
	// <details>, end there).
	NoIndentedLines bool
}

// Trigger implements parser.BlockParser.
func (ContainerParser) Trigger() []byte { return []byte{'<'} }

// Open implements parser.BlockParser.
func (p ContainerParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	return p.OpenTag(parent, reader, pc)
}

// Continue implements parser.BlockParser.
func (p ContainerParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	c := node.(containerNode).container()
	if c.Closed {
		return parser.Close
	}
	if !ClosesAt(node, reader, pc, p.Closing, p.Inner) {
		return parser.Continue | parser.HasChildren
	}
	c.Closed = true
	return parser.Close
}

// Close implements parser.BlockParser.
func (p ContainerParser) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	if c := node.(containerNode).container(); !c.Closed {
		FailUnclosed(pc, c.Start, p.Name)
	}
}

// CanInterruptParagraph implements parser.BlockParser.
func (ContainerParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (p ContainerParser) CanAcceptIndentedLine() bool { return !p.NoIndentedLines }
