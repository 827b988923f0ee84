package build

import (
	"encoding/json"
	"strings"

	"tzdocs/internal/content"
	"tzdocs/internal/markdown"
	"tzdocs/internal/search"
)

// searchRecords turns every listed page into DocSearch records for dist/_search/records.json.
func searchRecords(site *content.Site, docs map[*content.Doc]*markdown.Document) ([]byte, error) {
	positions, sections := sidebarOrder(site)
	pages := make([]search.Page, 0, len(site.Docs))
	for _, d := range site.Docs {
		md := docs[d]
		pos, ok := positions[d]
		if !ok {
			pos = len(positions) + len(pages)
		}
		pages = append(pages, search.Page{URL: d.Route, Lvl0: lvl0(site, d, sections), Title: d.Title, Sections: md.Sections,
			Position: pos, Unlisted: d.FrontMatter.Unlisted})
	}
	return json.Marshal(search.Records(pages))
}

// sidebarOrder numbers docs in sidebar order and maps each top-level route segment to the label of
// the top-level sidebar category that holds it ("architecture" → "Architecture").
func sidebarOrder(site *content.Site) (map[*content.Doc]int, map[string]string) {
	positions := map[*content.Doc]int{}
	sections := map[string]string{}
	var walk func(items []*content.SidebarItem, top string)
	walk = func(items []*content.SidebarItem, top string) {
		for _, it := range items {
			if it.Doc != nil {
				if _, seen := positions[it.Doc]; !seen {
					positions[it.Doc] = len(positions)
				}
				if seg := firstSegment(it.Doc.Route); seg != "" && top != "" {
					if _, ok := sections[seg]; !ok {
						sections[seg] = top
					}
				}
			}
			walk(it.Items, top)
		}
	}
	for _, id := range site.SidebarIDs() {
		for _, it := range site.Sidebars[id] {
			top := it.Label
			if id == "tutorials" {
				top = "Tutorials"
			}
			walk([]*content.SidebarItem{it}, top)
		}
	}
	return positions, sections
}

// lvl0 is the top-level section a page belongs to, the group its search results appear under.
func lvl0(site *content.Site, d *content.Doc, sections map[string]string) string {
	seg := firstSegment(d.Route)
	if seg == "" {
		return site.Config.Title
	}
	if s, ok := sections[seg]; ok {
		return s
	}
	words := strings.Fields(strings.ReplaceAll(seg, "-", " "))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

func firstSegment(route string) string {
	seg, _, _ := strings.Cut(strings.Trim(route, "/"), "/")
	return seg
}
