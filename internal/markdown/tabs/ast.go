package tabs

import (
	"strconv"

	"github.com/yuin/goldmark/ast"

	"tzdocs/internal/markdown/jsxtag"
)

// KindTabs is the node kind of *Tabs.
var KindTabs = ast.NewNodeKind("Tabs")

// Tabs is a <Tabs> block; its *TabItem children are the panels.
type Tabs struct {
	ast.BaseBlock
	GroupID string
	// QueryString is the URL query parameter that mirrors the chosen tab (queryString="os", or the
	// group id for a bare queryString); "" when the block has none.
	QueryString string
	// Index numbers the page's tabs blocks from 1, for unique ids.
	Index int
	// labels are the value → label pairs of the older values={[…]} form.
	labels       map[string]string
	defaultValue string
	jsxtag.Container
}

// Kind implements ast.Node.
func (n *Tabs) Kind() ast.NodeKind { return KindTabs }

// Dump implements ast.Node.
func (n *Tabs) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"GroupID": n.GroupID, "Index": strconv.Itoa(n.Index)}, nil)
}

// KindTabItem is the node kind of *TabItem.
var KindTabItem = ast.NewNodeKind("TabItem")

// TabItem is one <TabItem> panel; its children are Markdown blocks.
type TabItem struct {
	ast.BaseBlock
	Value, Label string
	Default      bool
	// ID is the panel's element id, set once the page is parsed; the tab button's is ID + "-tab".
	ID       string
	Selected bool
	jsxtag.Container
}

// Kind implements ast.Node.
func (n *TabItem) Kind() ast.NodeKind { return KindTabItem }

// Dump implements ast.Node.
func (n *TabItem) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Value": n.Value, "Label": n.Label, "ID": n.ID}, nil)
}
