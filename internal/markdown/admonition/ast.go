package admonition

import (
	"github.com/yuin/goldmark/ast"

	"tzdocs/internal/markdown/jsxtag"
)

// KindAdmonition is the node kind of *Admonition.
var KindAdmonition = ast.NewNodeKind("Admonition")

// Admonition is a ":::type [title]" … ":::" container. Its first child is a *Title when the author
// gave one; the other children are the body blocks.
type Admonition struct {
	ast.BaseBlock
	// Keyword is the admonition type, one of Types, lower case.
	Keyword string
	// fence is the number of colons that opened it; a closing fence needs at least as many.
	fence int
	// Container holds the source offset of the opening fence or tag, and whether a closing fence
	// or tag closed it.
	jsxtag.Container
	// jsx is set for the <Admonition> component form, closed by </Admonition> instead of a fence.
	jsx bool
}

// Kind implements ast.Node.
func (n *Admonition) Kind() ast.NodeKind { return KindAdmonition }

// Dump implements ast.Node.
func (n *Admonition) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Keyword": n.Keyword}, nil)
}

// KindTitle is the node kind of *Title.
var KindTitle = ast.NewNodeKind("AdmonitionTitle")

// Title holds an admonition's custom title as inline Markdown.
type Title struct {
	ast.BaseBlock
}

// Kind implements ast.Node.
func (n *Title) Kind() ast.NodeKind { return KindTitle }

// Dump implements ast.Node.
func (n *Title) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, nil, nil)
}
