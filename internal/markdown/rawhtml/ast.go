package rawhtml

import (
	"github.com/yuin/goldmark/ast"

	"tzdocs/internal/markdown/jsxtag"
)

// Part is a piece of raw markup: text as written, or a tag converted to HTML attributes.
type Part struct {
	Text string // when Tag is nil
	Tag  *Tag
}

// Tag is a tag of raw markup, with attributes already in HTML form. The page converter may change
// Attrs (resolving img src and a href) before rendering.
type Tag struct {
	Name      string
	Attrs     []jsxtag.HTMLAttr
	Closing   bool
	SelfClose bool
	Offset    int // source offset of "<"
}

// KindBlock is the node kind of *Block.
var KindBlock = ast.NewNodeKind("RawHTMLBlock")

// Block replaces an HTML block: markup written on its own lines.
type Block struct {
	ast.BaseBlock
	Parts []Part
	end   int // source offset after a multi-line tag
}

// Kind implements ast.Node.
func (n *Block) Kind() ast.NodeKind { return KindBlock }

// IsRaw implements ast.Node.
func (n *Block) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *Block) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// KindInline is the node kind of *Inline.
var KindInline = ast.NewNodeKind("RawHTMLInline")

// Inline is one tag inside a paragraph.
type Inline struct {
	ast.BaseInline
	Tag *Tag
}

// Kind implements ast.Node.
func (n *Inline) Kind() ast.NodeKind { return KindInline }

// Dump implements ast.Node.
func (n *Inline) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Name": n.Tag.Name}, nil)
}

// Tags returns the tags of n, a *Block or an *Inline, for the page converter to resolve.
func Tags(n ast.Node) []*Tag {
	switch n := n.(type) {
	case *Inline:
		return []*Tag{n.Tag}
	case *Block:
		var out []*Tag
		for _, p := range n.Parts {
			if p.Tag != nil {
				out = append(out, p.Tag)
			}
		}
		return out
	}
	return nil
}
