package content

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"go.yaml.in/yaml/v3"
)

// SidebarItem is one resolved entry of a sidebar.
type SidebarItem struct {
	Type        string // doc, category, link or html
	Label       string
	Doc         *Doc   // the doc of a doc item, or a category's own page
	Href        string // link items
	Value       string // html items
	ClassName   string
	Collapsed   bool
	Collapsible bool
	Items       []*SidebarItem
}

// loadSidebars reads the sidebars file (YAML; see site/sidebars.yaml) and attaches sidebar,
// breadcrumbs and previous/next to every doc it lists.
func (s *Site) loadSidebars() []error {
	file := filepath.Join(s.Config.Dir, s.Config.Docs.SidebarPath)
	display := s.displayPath(file)
	s.Sidebars = map[string][]*SidebarItem{}
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil // no sidebars: every doc is a standalone page
	}
	if err != nil {
		return []error{err}
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return []error{yamlFileDiag(display, err)}
	}
	if len(root.Content) == 0 {
		return nil
	}
	top := root.Content[0]
	if top.Kind != yaml.MappingNode {
		return []error{&Diagnostic{File: display, Line: top.Line, Message: "the sidebars file must map sidebar ids to lists of items"}}
	}
	p := &sidebarParser{site: s, file: display}
	var order []string
	for i := 0; i+1 < len(top.Content); i += 2 {
		id := top.Content[i].Value
		if top.Content[i+1].Kind != yaml.SequenceNode {
			p.errf(top.Content[i+1], "sidebar %q must be a list of items", id)
			continue
		}
		s.Sidebars[id] = p.items(top.Content[i+1])
		order = append(order, id)
	}
	for _, id := range order {
		s.attach(id)
	}
	return p.errs
}

type sidebarParser struct {
	site *Site
	file string
	errs []error
}

func (p *sidebarParser) errf(n *yaml.Node, format string, args ...any) {
	p.errs = append(p.errs, &Diagnostic{File: p.file, Line: n.Line, Col: n.Column, Message: fmt.Sprintf(format, args...)})
}

func (p *sidebarParser) items(seq *yaml.Node) []*SidebarItem {
	var out []*SidebarItem
	for _, n := range seq.Content {
		if it := p.item(n); it != nil {
			out = append(out, it)
		}
	}
	return out
}

// doc resolves a doc id; drafts and unlisted docs give nil without an error (SPEC §5: drafts render nothing).
func (p *sidebarParser) doc(n *yaml.Node, id string) (*Doc, bool) {
	if d, ok := p.site.ByID[id]; ok {
		return d, !d.FrontMatter.Unlisted
	}
	if _, draft := p.site.Drafts[id]; draft {
		return nil, false
	}
	p.errf(n, "doc id %q does not exist; create docs/%s.md or fix the id", id, id)
	return nil, false
}

func (p *sidebarParser) item(n *yaml.Node) *SidebarItem {
	if n.Kind == yaml.ScalarNode {
		d, ok := p.doc(n, n.Value)
		if !ok {
			return nil
		}
		return &SidebarItem{Type: "doc", Label: d.Label, Doc: d}
	}
	if n.Kind != yaml.MappingNode {
		p.errf(n, "a sidebar item must be a doc id or a mapping with a type")
		return nil
	}
	fields := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		fields[n.Content[i].Value] = n.Content[i+1]
	}
	str := func(k string) string {
		if v, ok := fields[k]; ok {
			return v.Value
		}
		return ""
	}
	boolean := func(k string, def bool) bool {
		if v, ok := fields[k]; ok {
			var b bool
			if err := v.Decode(&b); err == nil {
				return b
			}
			p.errf(v, "%s must be true or false", k)
		}
		return def
	}
	typ := str("type")
	if typ == "" && len(fields) == 1 {
		// Docusaurus shorthand: {Label: [items]}
		for label, v := range fields {
			if v.Kind == yaml.SequenceNode {
				return &SidebarItem{Type: "category", Label: label, Collapsed: true, Collapsible: true, Items: p.items(v)}
			}
		}
	}
	switch typ {
	case "doc", "ref":
		d, ok := p.doc(n, str("id"))
		if !ok {
			return nil
		}
		label := str("label")
		if label == "" {
			label = d.Label
		}
		return &SidebarItem{Type: "doc", Label: label, Doc: d}
	case "link":
		if str("href") == "" || str("label") == "" {
			p.errf(n, "a link item needs label and href")
			return nil
		}
		return &SidebarItem{Type: "link", Label: str("label"), Href: str("href")}
	case "html":
		return &SidebarItem{Type: "html", Value: str("value"), ClassName: str("className")}
	case "category":
		it := &SidebarItem{Type: "category", Label: str("label"), Collapsed: boolean("collapsed", true), Collapsible: boolean("collapsible", true)}
		if link, ok := fields["link"]; ok {
			id := link.Value
			if link.Kind == yaml.MappingNode {
				var l struct {
					Type string `yaml:"type"`
					ID   string `yaml:"id"`
				}
				_ = link.Decode(&l)
				if l.Type != "doc" {
					p.errf(link, "category link type %q is not supported; use {type: doc, id: …}", l.Type)
				}
				id = l.ID
			}
			if d, ok := p.doc(link, id); ok {
				it.Doc = d
				if it.Label == "" {
					it.Label = d.Label
				}
			}
		}
		if it.Label == "" {
			p.errf(n, "a category needs a label (or a linked doc)")
			return nil
		}
		if items, ok := fields["items"]; ok && items.Kind == yaml.SequenceNode {
			it.Items = p.items(items)
		}
		if it.Doc == nil && len(it.Items) == 0 {
			return nil // nothing to show, e.g. a category of drafts
		}
		return it
	case "":
		p.errf(n, "sidebar item has no type; use a doc id, or type: doc, category, link or html")
	default:
		p.errf(n, "unknown sidebar item type %q; use doc, category, link or html", typ)
	}
	return nil
}

// attach gives every doc of a sidebar its sidebar id, breadcrumbs and previous/next links. A doc
// listed in two sidebars belongs to the first.
func (s *Site) attach(id string) {
	var flat []*Doc
	var walk func(items []*SidebarItem, crumbs []Crumb)
	walk = func(items []*SidebarItem, crumbs []Crumb) {
		for _, it := range items {
			switch it.Type {
			case "doc":
				flat = append(flat, it.Doc)
				if it.Doc.Sidebar == "" {
					it.Doc.Sidebar = id
					it.Doc.Breadcrumbs = append(append([]Crumb{}, crumbs...), Crumb{Label: it.Label})
				}
			case "category":
				c := Crumb{Label: it.Label}
				if it.Doc != nil {
					c.Href = it.Doc.Route
					flat = append(flat, it.Doc)
					if it.Doc.Sidebar == "" {
						it.Doc.Sidebar = id
						it.Doc.Breadcrumbs = append(append([]Crumb{}, crumbs...), Crumb{Label: it.Label})
					}
				}
				walk(it.Items, append(append([]Crumb{}, crumbs...), c))
			}
		}
	}
	walk(s.Sidebars[id], nil)
	for i, d := range flat {
		if d.Sidebar != id {
			continue
		}
		if i > 0 && d.Prev == nil {
			d.Prev = flat[i-1]
		}
		if i+1 < len(flat) && d.Next == nil {
			d.Next = flat[i+1]
		}
	}
}

// FirstDoc is the doc a docSidebar navbar item links to: the first doc of the sidebar.
func (s *Site) FirstDoc(sidebar string) *Doc {
	var find func(items []*SidebarItem) *Doc
	find = func(items []*SidebarItem) *Doc {
		for _, it := range items {
			if it.Doc != nil {
				return it.Doc
			}
			if d := find(it.Items); d != nil {
				return d
			}
		}
		return nil
	}
	return find(s.Sidebars[sidebar])
}

// SidebarIDs returns the sidebar ids in a stable order.
func (s *Site) SidebarIDs() []string {
	ids := make([]string, 0, len(s.Sidebars))
	for id := range s.Sidebars {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func yamlFileDiag(file string, err error) error {
	msg := err.Error()
	line := 0
	if te, ok := err.(*yaml.TypeError); ok && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	if len(msg) > 6 && msg[:6] == "yaml: " {
		msg = msg[6:]
	}
	if _, e := fmt.Sscanf(msg, "line %d:", &line); e == nil {
		for i := range msg {
			if msg[i] == ':' {
				msg = msg[i+2:]
				break
			}
		}
	}
	return &Diagnostic{File: file, Line: line, Message: "invalid YAML: " + msg}
}

// checkConfig makes the configuration checks that need the docs (SPEC §5).
func (s *Site) checkConfig() []error {
	cfg := s.Config
	var errs []error
	if id := cfg.Docs.MainDocID; id != "" {
		if _, ok := s.ByID[id]; !ok {
			errs = append(errs, &Diagnostic{File: cfg.File, Line: cfg.Line("docs", "mainDocId"), Message: fmt.Sprintf("docs.mainDocId: doc id %q does not exist; name an existing doc such as overview/index", id)})
		}
	}
	var check func(items []configItem)
	check = func(items []configItem) {
		for _, ci := range items {
			it := ci.item
			switch it.Type {
			case "docSidebar":
				if _, ok := s.Sidebars[it.SidebarID]; !ok {
					errs = append(errs, &Diagnostic{File: cfg.File, Line: cfg.Line(ci.path...), Message: fmt.Sprintf("%s: sidebar %q does not exist; name one of the sidebars file's ids", ci.key, it.SidebarID)})
				} else if s.FirstDoc(it.SidebarID) == nil {
					errs = append(errs, &Diagnostic{File: cfg.File, Line: cfg.Line(ci.path...), Message: fmt.Sprintf("%s: sidebar %q has no doc to link to; add a doc to it or remove the item", ci.key, it.SidebarID)})
				}
			case "doc":
				if _, ok := s.ByID[it.DocID]; !ok {
					if _, draft := s.Drafts[it.DocID]; !draft {
						errs = append(errs, &Diagnostic{File: cfg.File, Line: cfg.Line(ci.path...), Message: fmt.Sprintf("%s: doc id %q does not exist; name an existing doc", ci.key, it.DocID)})
					}
				}
			}
			check(ci.children())
		}
	}
	check(rootItems(cfg))
	return errs
}
