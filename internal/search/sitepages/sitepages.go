// Package sitepages converts a site folder into search pages, for tests and benchmarks that
// need the real docs without running a whole build.
package sitepages

import (
	"fmt"
	"strings"

	"tzdocs/internal/config"
	"tzdocs/internal/content"
	"tzdocs/internal/markdown"
	"tzdocs/internal/search"
)

// Load reads the site in siteDir and returns one search page per doc, in sidebar order
// (docs in no sidebar last).
func Load(siteDir string) ([]search.Page, error) {
	cfg, err := config.Load(siteDir)
	if err != nil {
		return nil, err
	}
	conv := markdown.New(markdown.Options{})
	site, err := content.Load(cfg, func(d *content.Doc) string {
		doc, err := conv.Convert(d.Body, markdown.PageContext{})
		if err != nil {
			return ""
		}
		return doc.Title
	})
	if err != nil {
		return nil, err
	}
	positions := sidebarPositions(site)
	pages := make([]search.Page, 0, len(site.Docs))
	for _, d := range site.Docs {
		doc, err := conv.Convert(d.Body, markdown.PageContext{
			ResolveLink: func(dest string) string { href, _, _ := site.ResolveLink(d, dest); return href },
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %v", d.File, err)
		}
		title := d.Title
		if d.FrontMatter.Title == "" && doc.Title != "" {
			title = doc.Title
		}
		pos, ok := positions[d]
		if !ok {
			pos = len(positions) + len(pages)
		}
		pages = append(pages, search.Page{
			URL: d.Route, Lvl0: lvl0(site, d), Title: title, Sections: doc.Sections,
			Position: pos, Unlisted: d.FrontMatter.Unlisted,
		})
	}
	return pages, nil
}

// lvl0 is the top-level section of a doc: "Tutorials" for the tutorials sidebar, else the first
// breadcrumb, else the title of the doc at the first segment of its route.
func lvl0(site *content.Site, d *content.Doc) string {
	if d.Sidebar == "tutorials" {
		return "Tutorials"
	}
	if len(d.Breadcrumbs) > 0 {
		return d.Breadcrumbs[0].Label
	}
	seg, _, _ := strings.Cut(strings.Trim(d.Route, "/"), "/")
	if top := site.ByRoute["/"+seg]; top != nil && top != d {
		return top.Label
	}
	if d.Kind == content.KindHome || d.Route == "/" {
		return "Home"
	}
	return "Documentation"
}

// sidebarPositions numbers docs in the order the sidebars list them.
func sidebarPositions(site *content.Site) map[*content.Doc]int {
	pos := map[*content.Doc]int{}
	var walk func(items []*content.SidebarItem)
	walk = func(items []*content.SidebarItem) {
		for _, it := range items {
			if it.Doc != nil {
				if _, ok := pos[it.Doc]; !ok {
					pos[it.Doc] = len(pos)
				}
			}
			walk(it.Items)
		}
	}
	for _, id := range site.SidebarIDs() {
		walk(site.Sidebars[id])
	}
	return pos
}
