// Package tabs renders MDX <Tabs>/<TabItem> blocks as accessible tab panels that read well without
// JavaScript (every panel is in the page; the unselected ones are hidden) and that the web app
// makes interactive (docs/brief html-contract "Tabs").
package tabs

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"strconv"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/headingid"
	"tzdocs/internal/markdown/jsxtag"
)

var (
	tabsClose = regexp.MustCompile(`^[ \t]*</Tabs>[ \t]*\r?\n?$`)
	itemClose = regexp.MustCompile(`^[ \t]*</TabItem>[ \t]*\r?\n?$`)
	// oldValue reads one {label: '…', value: '…'} entry of the values={[…]} form, in either order.
	oldValue = regexp.MustCompile(`\{\s*(?:label:\s*(['"])(.*?)['"]\s*,\s*value:\s*(['"])(.*?)['"]|value:\s*(['"])(.*?)['"]\s*,\s*label:\s*(['"])(.*?)['"])\s*,?\s*\}`)
)

// oneLineItem matches "<TabItem …>text</TabItem>" on one line; group 1 is the text.
var oneLineItem = regexp.MustCompile(`^[ \t]*<TabItem(?:\s[^>]*)?>(.*?)</TabItem>[ \t]*\r?\n?$`)

var tabsParser = jsxtag.ContainerParser{Name: "Tabs", Closing: tabsClose, Inner: inner(KindTabs), OpenTag: openTabs}

// openTabs reads a <Tabs> tag.
func openTabs(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	// Items sit right inside their <Tabs>, so bounding <Tabs> bounds them too.
	if line, seg := reader.PeekLine(); len(line) > 0 {
		if indent, starts := jsxtag.StartsTag(line, "Tabs"); starts && diag.TooDeep(pc, seg.Start+indent, "<Tabs>") {
			return nil, parser.NoChildren
		}
	}
	tag, offset, ok := jsxtag.OpenContainer(reader, "Tabs")
	if !ok {
		if line, seg := reader.PeekLine(); !bytes.Contains(line, []byte("/>")) {
			if indent, starts := jsxtag.StartsTag(line, "Tabs"); starts {
				diag.Warn(pc, seg.Start+indent, "<Tabs> tag is not complete, or has text after it on its line; end the tag with > and start the content on the next line")
			}
		}
		return nil, parser.NoChildren
	}
	n := &Tabs{Container: jsxtag.Container{Start: offset}}
	n.GroupID, _ = tag.Get("groupId")
	if q, ok := tag.Get("queryString"); ok && q != "false" {
		n.QueryString = q
		if q == "true" {
			n.QueryString = n.GroupID
		}
		if n.QueryString == "" {
			diag.Warn(pc, offset, "<Tabs queryString> needs a groupId or a name: write queryString=\"os\"")
		}
	}
	n.defaultValue, _ = tag.Get("defaultValue")
	for _, a := range tag.Attrs {
		if a.Name == "values" && a.Expr {
			n.labels = map[string]string{}
			for _, m := range oldValue.FindAllStringSubmatch(a.Value, -1) {
				if m[2] != "" || m[4] != "" {
					n.labels[m[4]] = m[2]
				} else {
					n.labels[m[6]] = m[8]
				}
			}
		}
	}
	return n, parser.HasChildren
}

// inner matches the blocks that take a closing line before a block of kind: a fenced code block,
// or another block of the same kind.
func inner(kind ast.NodeKind) func(ast.Node) bool {
	return func(b ast.Node) bool { return b.Kind() == ast.KindFencedCodeBlock || b.Kind() == kind }
}

var itemParser = jsxtag.ContainerParser{Name: "TabItem", Closing: itemClose, Inner: inner(KindTabItem), OpenTag: openItem}

// openItem reads a <TabItem> tag inside <Tabs>, and the whole item when it is written on one line.
func openItem(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	var inline []int
	var tag jsxtag.Tag
	var offset int
	if parent.Kind() != KindTabs {
		indent, ok := jsxtag.StartsTag(line, "TabItem")
		switch {
		case !ok:
		case parent.Kind() == KindTabItem:
			// The item before was not closed: that is the mistake, where it opens.
			diag.Fail(pc, parent.(*TabItem).Start, fmt.Sprintf("<TabItem> is not closed; add a line </TabItem> before the next <TabItem> (line %d)", lineOf(reader.Source(), seg.Start)))
		default:
			diag.Warn(pc, seg.Start+indent, "<TabItem> outside <Tabs>; put it inside a <Tabs> block")
		}
		return nil, parser.NoChildren
	}
	if inline = oneLineItem.FindSubmatchIndex(line); inline != nil {
		trimmed := bytes.TrimLeft(line, " \t")
		offset = seg.Start + len(line) - len(trimmed)
		var ok bool
		if tag, _, ok = jsxtag.Parse(trimmed); !ok {
			return nil, parser.NoChildren
		}
		reader.AdvanceToEOL()
	} else {
		var ok bool
		if tag, offset, ok = jsxtag.OpenContainer(reader, "TabItem"); !ok {
			return nil, parser.NoChildren
		}
	}
	n := &TabItem{Container: jsxtag.Container{Start: offset}}
	n.Value, _ = tag.Get("value")
	n.Label, _ = tag.Get("label")
	if n.Label == "" {
		n.Label = parent.(*Tabs).labels[n.Value]
	}
	if v, ok := tag.Get("default"); ok && v != "false" {
		n.Default = true
	}
	if inline != nil {
		n.Closed = true
		if inline[3] > inline[2] {
			p := ast.NewParagraph()
			p.Lines().Append(text.NewSegment(seg.Start+inline[2], seg.Start+inline[3]))
			n.AppendChild(n, p)
		}
		return n, parser.NoChildren
	}
	return n, parser.HasChildren
}

// lineOf returns the 1-based line of offset in source.
func lineOf(source []byte, offset int) int {
	return bytes.Count(source[:offset], []byte("\n")) + 1
}

// numberer gives every tabs block its index, and every panel its id and selection.
type numberer struct{}

func (numberer) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	index := 0
	_ = ast.Walk(doc, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		n, ok := node.(*Tabs)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		index++
		n.Index = index
		var items []*TabItem
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if it, ok := c.(*TabItem); ok {
				items = append(items, it)
			}
		}
		seen := map[string]bool{}
		selected := -1
		for i, it := range items {
			if it.Value == "" {
				it.Value = headingid.Slug(it.Label)
			}
			if it.Label == "" {
				it.Label = it.Value
			}
			if it.Label == "" {
				it.Label = "Tab " + strconv.Itoa(i+1)
			}
			slug := headingid.Slug(it.Value)
			if slug == "" {
				slug = strconv.Itoa(i + 1)
			}
			id := fmt.Sprintf("tz-tabs-%d-%s", index, slug)
			for k := 2; seen[id]; k++ {
				id = fmt.Sprintf("tz-tabs-%d-%s-%d", index, slug, k)
			}
			seen[id] = true
			it.ID = id
			if (it.Default || it.Value == n.defaultValue) && selected < 0 {
				selected = i
			}
		}
		if selected < 0 {
			selected = 0
		}
		if len(items) > 0 {
			items[selected].Selected = true
		}
		return ast.WalkContinue, nil
	})
}

// nodeRenderer writes the tab list and the panels.
type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindTabs, renderTabs)
	reg.Register(KindTabItem, renderItem)
}

func renderTabs(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		_, _ = w.WriteString("</div>\n")
		return ast.WalkContinue, nil
	}
	n := node.(*Tabs)
	_, _ = w.WriteString(`<div class="tz-tabs"`)
	if n.GroupID != "" {
		_, _ = w.WriteString(` data-group-id="` + html.EscapeString(n.GroupID) + `"`)
	}
	if n.QueryString != "" {
		_, _ = w.WriteString(` data-query-string="` + html.EscapeString(n.QueryString) + `"`)
	}
	_, _ = w.WriteString(">\n" + `<div class="tz-tabs__list" role="tablist">` + "\n")
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		it, ok := c.(*TabItem)
		if !ok {
			continue
		}
		selected, tabindex := "false", "-1"
		if it.Selected {
			selected, tabindex = "true", "0"
		}
		fmt.Fprintf(w, `<button type="button" class="tz-tabs__tab" role="tab" id="%s-tab" aria-controls="%s" aria-selected="%s" tabindex="%s" data-value="%s">%s</button>`+"\n",
			it.ID, it.ID, selected, tabindex, html.EscapeString(it.Value), html.EscapeString(it.Label))
	}
	_, _ = w.WriteString("</div>\n")
	return ast.WalkContinue, nil
}

func renderItem(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		_, _ = w.WriteString("</div>\n")
		return ast.WalkContinue, nil
	}
	it := node.(*TabItem)
	fmt.Fprintf(w, `<div class="tz-tabs__panel" role="tabpanel" id="%s" aria-labelledby="%s-tab" data-value="%s"`, it.ID, it.ID, html.EscapeString(it.Value))
	if !it.Selected {
		_, _ = w.WriteString(" hidden")
	}
	_, _ = w.WriteString(">\n")
	return ast.WalkContinue, nil
}

// Declare tells the converter the components' names and how tabs read as Markdown: every panel
// in turn, each led by its label in bold.
func (Extension) Declare(d *ext.Declarations) {
	d.Components("Tabs", "TabItem")
	d.Markdown(KindTabs, func(w *ext.MarkdownWriter, n ast.Node) { w.Blocks(n) })
	d.Markdown(KindTabItem, func(w *ext.MarkdownWriter, n ast.Node) {
		w.WriteString("**" + ext.Escape(n.(*TabItem).Label) + "**")
		w.EndBlock()
		w.Blocks(n)
	})
}

// Extension is the goldmark extension for <Tabs> and <TabItem>.
type Extension struct{}

// Extend adds the parsers, ahead of the HTML block parser, the numbering and the renderer to m.
func (Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(tabsParser, 840), util.Prioritized(itemParser, 840)),
		parser.WithASTTransformers(util.Prioritized(numberer{}, 300)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}
