package mdx

import "github.com/yuin/goldmark/ast"

// KindESM is the node kind of *ESM.
var KindESM = ast.NewNodeKind("MDXESM")

// ESM is a top-level block of import or export statements. It is never rendered; its lines stay in
// the tree so other passes can read what the page imports.
type ESM struct {
	ast.BaseBlock
}

// Kind implements ast.Node.
func (n *ESM) Kind() ast.NodeKind { return KindESM }

// IsRaw implements ast.Node: statements are JavaScript, not Markdown.
func (n *ESM) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *ESM) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// KindComment is the node kind of *Comment.
var KindComment = ast.NewNodeKind("MDXComment")

// Comment is a {/* … */} comment spanning whole lines. It renders nothing.
type Comment struct {
	ast.BaseBlock
	closed bool
}

// Kind implements ast.Node.
func (n *Comment) Kind() ast.NodeKind { return KindComment }

// IsRaw implements ast.Node.
func (n *Comment) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *Comment) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// KindInlineComment is the node kind of *InlineComment.
var KindInlineComment = ast.NewNodeKind("MDXInlineComment")

// InlineComment is a {/* … */} comment inside a paragraph. It renders nothing.
type InlineComment struct {
	ast.BaseInline
}

// Kind implements ast.Node.
func (n *InlineComment) Kind() ast.NodeKind { return KindInlineComment }

// Dump implements ast.Node.
func (n *InlineComment) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }
