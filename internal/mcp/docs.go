package mcp

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"tzdocs/internal/assistant"
	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// Docs is one build of the site as the MCP server reads it: its pages' Markdown, its search index
// and where it lives. A rebuild makes a new Docs; one Docs never changes.
type Docs struct {
	// Title is the site's title, e.g. "Tezos Documentation".
	Title string
	// Origin is the site's absolute URL with its base path and without the final slash; page URLs
	// are Origin + route. Empty when site.yaml has no url: URLs are then paths.
	Origin string
	Index  *search.Index
	Code   []output.CodeBlock
	Corpus *assistant.Corpus // the answer corpus
	// Pages are the pages that have Markdown, by route.
	Pages []*Page
	// Sections are the top-level sections search hits are grouped under (hierarchy.lvl0), in
	// the order of the search records.
	Sections []string

	byKey map[string]*Page
}

// Page is one page of the site.
type Page struct {
	Route       string // canonical route, "/architecture/smart-rollups"
	URL         string // absolute URL (Origin + Route)
	Title       string
	Description string
	Markdown    string // the page's Markdown export (output.MarkdownFile)
}

// Source is what a Docs is made of: a built site as the server holds it in memory, or as
// output.Load reads it.
type Source struct {
	// Routes are the canonical routes of the build (output.Manifest).
	Routes []string
	// File returns a file of the build by URL path ("/_data/site.json"), or nil.
	File  func(urlPath string) []byte
	Index *search.Index
	Code  []output.CodeBlock
	// Corpus is the answer corpus ask_docs answers from.
	Corpus *assistant.Corpus
}

// FromDist makes the Docs of a built site read with output.Load.
func FromDist(s *output.Site) (*Docs, error) {
	return NewDocs(Source{
		Routes: s.Manifest.Routes,
		File: func(p string) []byte {
			if f := s.Files[p]; f != nil {
				return f.Data
			}
			return nil
		},
		Index:  search.NewIndex(s.Records),
		Code:   s.Code,
		Corpus: assistant.NewCorpus(s.Answers),
	})
}

// NewDocs reads the site data, every page's data and Markdown out of src.
func NewDocs(src Source) (*Docs, error) {
	var site output.SiteData
	if err := readJSON(src.File, "/"+output.SiteDataFile, &site); err != nil {
		return nil, err
	}
	d := &Docs{Title: site.Title, Origin: output.Origin(site.URL, site.BaseURL), Index: src.Index, Code: src.Code, Corpus: src.Corpus,
		byKey: map[string]*Page{}}
	routes := slices.Clone(src.Routes)
	slices.Sort(routes)
	for _, r := range routes {
		md := src.File("/" + output.MarkdownFile(r))
		if md == nil {
			continue // a generated index or the search page: no Markdown of its own
		}
		p := &Page{Route: r, URL: d.Origin + r, Markdown: string(md)}
		var data output.PageData
		if readJSON(src.File, "/"+output.DataFile(r), &data) == nil {
			p.Title, p.Description = data.Title, data.Description
		}
		if p.Title == "" {
			p.Title = markdownTitle(p.Markdown, r)
		}
		d.Pages = append(d.Pages, p)
		d.byKey[routeKey(r)] = p
	}
	if d.Index != nil {
		recs := d.Index.Records()
		for i := range recs {
			if s := recs[i].Hierarchy[0]; s != "" && !slices.Contains(d.Sections, s) {
				d.Sections = append(d.Sections, s)
			}
		}
	}
	return d, nil
}

// readJSON decodes the build's file at urlPath into v.
func readJSON(file func(string) []byte, urlPath string, v any) error {
	data := file(urlPath)
	if data == nil {
		return fmt.Errorf("the build has no %s; rebuild the site (tzdocs build)", urlPath)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w; rebuild the site (tzdocs build)", urlPath, err)
	}
	return nil
}

// markdownTitle is the "# Title" a page's Markdown starts with, else its route.
func markdownTitle(md, route string) string {
	first, _, _ := strings.Cut(md, "\n")
	if t, ok := strings.CutPrefix(first, "# "); ok {
		return strings.TrimSpace(t)
	}
	return route
}

// routeKey is what spellings of one route share: "/overview/", "overview" → "overview".
func routeKey(route string) string { return strings.Trim(route, "/") }

// maxRefLength bounds a route or URL given to get_page.
const maxRefLength = 2048

// Lookup finds the page a reference names: a route ("/architecture/smart-rollups",
// "architecture/smart-rollups/"), its Markdown file ("/architecture/smart-rollups.md"), its HTML
// file, or an absolute URL of the site, with or without a #fragment or ?query.
func (d *Docs) Lookup(ref string) (*Page, error) {
	ref = strings.TrimSpace(ref)
	switch {
	case ref == "":
		return nil, fmt.Errorf("give a page's route (such as /overview/) or its URL")
	case len(ref) > maxRefLength:
		return nil, fmt.Errorf("the route or URL is %d bytes long; the limit is %d", len(ref), maxRefLength)
	}
	p := ref
	if strings.Contains(ref, "://") {
		u, err := url.Parse(ref)
		if err != nil {
			return nil, fmt.Errorf("%q is not a valid URL: %v", ref, err)
		}
		p = u.Path
		if d.Origin != "" {
			o, _ := url.Parse(d.Origin)
			if !strings.EqualFold(u.Host, o.Host) {
				return nil, fmt.Errorf("%s is not a page of this site: its pages are under %s/", ref, d.Origin)
			}
			p = strings.TrimPrefix(p, strings.TrimRight(o.Path, "/"))
		}
	}
	if i := strings.IndexAny(p, "#?"); i >= 0 {
		p = p[:i]
	}
	switch {
	case strings.HasSuffix(p, "/index.html"):
		p = strings.TrimSuffix(p, "index.html")
	case strings.HasSuffix(p, ".html"):
		p = strings.TrimSuffix(p, ".html")
	case p == "/index.md" || p == "index.md":
		p = "/"
	case strings.HasSuffix(p, ".md"):
		p = strings.TrimSuffix(p, ".md")
	}
	if page := d.byKey[routeKey(p)]; page != nil {
		return page, nil
	}
	return nil, fmt.Errorf("no page of this site is at %q; search_docs finds pages by topic", ref)
}

// pageByURL is the page whose URL is exactly uri (a resource URI).
func (d *Docs) pageByURL(uri string) *Page {
	route := strings.TrimPrefix(uri, d.Origin)
	if route == uri && d.Origin != "" {
		return nil
	}
	if p := d.byKey[routeKey(route)]; p != nil && p.URL == uri {
		return p
	}
	return nil
}

// absolute makes a site path ("/architecture/bakers#rights") an absolute URL of the site; other
// URLs are returned as they are.
func (d *Docs) absolute(u string) string {
	if strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") {
		return d.Origin + u
	}
	return u
}
