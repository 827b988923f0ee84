package sitebuild

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tzdocs/internal/content"
	"tzdocs/internal/markdown"
	"tzdocs/internal/output"
)

// Record facet values that contextual search filters match: Docusaurus's search bar sends
// language:en and docusaurus_tag:default or docs-default-current.
// The pages' docsearch meta tags carry the same values.
const (
	recordLanguage = "en"
	recordVersion  = "current"
	recordTag      = "docs-default-" + recordVersion
)

// Sizes of content records: prose is cut at sentence ends into blocks of about contentWords
// words, code into blocks of whole lines of about codeWords words, at most maxCodeRecords a block.
const (
	contentWords   = 40
	codeWords      = 60
	maxCodeRecords = 8
)

// searchPage is what the search records of one page are made from.
type searchPage struct {
	url      string // route, e.g. "/architecture/bakers"
	lvl0     string // the section its hits are grouped under, e.g. "Architecture"
	title    string // lvl1
	sections []markdown.Section
	position int      // rank of the page in the sidebars (0 = first)
	unlisted bool     // unlisted pages get no records
	keywords []string // the page's subject besides its title, on its lvl1 record
	tutorial bool     // the page is in the tutorials sidebar
}

// Records converts the site in siteDir as a build does and returns the search records that build
// would write, without writing or prerendering anything (so without Node). Tests and benchmarks
// use it to get the records of a small site; a built site's records are read with
// output.LoadRecords. Warnings are left out; errors stop it as they stop a build.
func Records(ctx context.Context, siteDir string) ([]output.Record, error) {
	return fromSite(ctx, siteDir, siteRecords)
}

// fromSite converts the site in siteDir as a build does, without writing or prerendering, and
// returns what derive makes of the converted pages.
func fromSite[T any](ctx context.Context, siteDir string, derive func(*content.Site, map[*content.Doc]*markdown.Document) T) (T, error) {
	site, docs, _, _, err := New(Options{SiteDir: siteDir}).load(ctx, nil)
	if err != nil {
		var zero T
		return zero, err
	}
	return derive(site, docs), nil
}

// siteRecords turns every listed page into DocSearch records, pages in sidebar order (pages in no
// sidebar after them, in site order).
func siteRecords(site *content.Site, docs map[*content.Doc]*markdown.Document) []output.Record {
	return records(output.Origin(site.Config.URL, site.Config.BaseURL), sitePages(site, docs))
}

// sitePages is what the search records are made from, one searchPage per doc in site order.
func sitePages(site *content.Site, docs map[*content.Doc]*markdown.Document) []searchPage {
	positions, sections, tutorials := sidebarOrder(site)
	pages := make([]searchPage, 0, len(site.Docs))
	for _, d := range site.Docs {
		md := docs[d]
		pos, ok := positions[d]
		if !ok {
			pos = len(positions) + len(pages)
		}
		pages = append(pages, searchPage{url: d.Route, lvl0: lvl0(site, d, sections), title: d.Title,
			sections: md.Sections, position: pos, unlisted: d.FrontMatter.Unlisted,
			keywords: pageKeywords(d.FrontMatter.Keywords, d.FrontMatter.SidebarLabel, d.Title, d.FrontMatter.Description), tutorial: tutorials[d]})
	}
	return pages
}

// pageRecords are one page's search records, as the last build made them, and what they were
// made from.
type pageRecords struct {
	md      *markdown.Document // the page's conversion: kept, so a new one is never taken for it
	key     string             // everything else they were made from (see searchPage)
	page    string             // the records' url_without_anchor
	records []output.Record
	json    []byte // the records marshalled, without the enclosing brackets
}

// RecordsChange numbers a build's search records (To; From is the previous build's of the same
// Builder) and tells, when Pages is not nil, how they differ from the previous ones: replacing,
// in the records numbered From, the records of each page of Pages (by url_without_anchor) with
// the page's records there, in place (none for a page dropped), gives the records numbered To
// (search.Index.Replace does just that). Pages is nil after the first build and when a page came
// or the pages' order changed.
type RecordsChange struct {
	From, To uint64
	Pages    map[string][]output.Record
}

// dropped notes that a page of the previous records is gone, unless another page now has its URL.
func (c *RecordsChange) dropped(page string) {
	if _, ok := c.Pages[page]; !ok {
		c.Pages[page] = nil
	}
}

// searchRecords makes the site's search records and the content of output.RecordsFile: the same
// as records over sitePages, but a page whose conversion and place in the site did not change
// since the last build keeps its records (and their JSON) instead of making them again. It tells
// how they differ from the last build's.
func (b *Builder) searchRecords(site *content.Site, docs map[*content.Doc]*markdown.Document) ([]output.Record, []byte, RecordsChange, error) {
	origin := output.Origin(site.Config.URL, site.Config.BaseURL)
	pages := sitePages(site, docs)
	listed := make([]pageRecords, 0, len(pages))
	live := make(map[string]bool, len(pages))
	count, size := 0, 2
	b.recordsVersion++
	change := RecordsChange{From: b.recordsVersion - 1, To: b.recordsVersion}
	if change.From != 0 {
		change.Pages = map[string][]output.Record{}
	}
	order := make([]string, 0, len(pages)) // the listed pages' routes
	for i, p := range pages {
		if p.unlisted {
			continue
		}
		md := docs[site.Docs[i]]
		key := fmt.Sprintf("%s\x00%s\x00%s\x00%d\x00%q\x00%t", origin, p.lvl0, p.title, p.position, p.keywords, p.tutorial)
		live[p.url] = true
		pr, ok := b.records[p.url]
		order = append(order, p.url)
		if !ok || pr.md != md || pr.key != key {
			recs := appendPageRecords(nil, origin, p)
			js, err := json.Marshal(recs) // a slice, as the whole file is: the same bytes per record
			if err != nil {
				return nil, nil, change, fmt.Errorf("search records of %s: %w", p.url, err)
			}
			if change.Pages != nil && ok {
				change.dropped(pr.page) // under another URL when the site moved
			}
			pr = pageRecords{md: md, key: key, page: origin + p.url, records: recs, json: js[1 : len(js)-1]}
			b.records[p.url] = pr
			if change.Pages != nil {
				change.Pages[pr.page] = recs
			}
		}
		listed = append(listed, pr)
		count, size = count+len(pr.records), size+len(pr.json)+1
	}
	// Sized beforehand: growing thousands of records and megabytes of JSON would cost more than
	// making them.
	all := make([]output.Record, 0, count)
	data := make([]byte, 0, size)
	data = append(data, '[')
	for i, pr := range listed {
		if i > 0 {
			data = append(data, ',')
		}
		all = append(all, pr.records...)
		data = append(data, pr.json...)
	}
	for url, pr := range b.records {
		if !live[url] {
			delete(b.records, url)
			if change.Pages != nil {
				change.dropped(pr.page)
			}
		}
	}
	// Pages dropped leave the others in order; a page that came, or a new order, does not.
	kept := slices.DeleteFunc(b.recordOrder, func(route string) bool { return !live[route] })
	if !slices.Equal(kept, order) {
		change.Pages = nil
	}
	b.recordOrder = order
	if len(all) == 0 {
		return nil, []byte("null"), change, nil // what json.Marshal writes for no records
	}
	return all, append(data, ']'), change, nil
}

// records makes one record per page title, one per heading and one per block of text or code,
// in page order, with URLs under origin. An object ID depends only on the route, the record type
// and its rank among the records of that route and type, so it stays the same across builds while
// the text changes, and does not change when the site moves to another host.
func records(origin string, pages []searchPage) []output.Record {
	var out []output.Record
	for _, p := range pages {
		if !p.unlisted {
			out = appendPageRecords(out, origin, p)
		}
	}
	return out
}

func appendPageRecords(out []output.Record, origin string, p searchPage) []output.Record {
	var h output.Hierarchy
	h[0], h[1] = p.lvl0, p.title
	if h[1] == "" {
		h[1] = p.url
	}
	seen := map[string]int{} // url + type → records so far, for object IDs
	order := 0
	add := func(r output.Record, anchor string) {
		route := p.url
		if anchor != "" {
			route += "#" + anchor
		}
		r.Hierarchy, r.Anchor, r.URLWithoutAnchor, r.URL = h, anchor, origin+p.url, origin+route
		r.Language, r.DocusaurusTag = recordLanguage, recordTag
		if p.tutorial {
			r.Kind = output.KindTutorial
		}
		r.Weight.Position = p.position*1000 + order
		order++
		key := route + "\x00" + r.Type
		r.ObjectID = objectID(key, seen[key])
		seen[key]++
		out = append(out, r)
	}
	add(output.Record{Type: "lvl1", Weight: output.Weight{Level: levelWeight(1)}, Keywords: p.keywords}, "")
	anchor := ""
	for _, s := range p.sections {
		if opensAnchor(s) {
			lvl := min(max(s.Level, 2), 6)
			h[lvl] = s.Title
			clear(h[lvl+1:])
			anchor = s.ID
			add(output.Record{Type: "lvl" + strconv.Itoa(lvl), Weight: output.Weight{Level: levelWeight(lvl)}}, anchor)
		}
		for _, block := range splitProse(s.Text, contentWords) {
			add(output.Record{Type: "content", Content: block}, anchor)
		}
		for _, code := range s.Code {
			blocks := splitCode(code.Text, codeWords)
			for _, block := range blocks[:min(len(blocks), maxCodeRecords)] {
				add(output.Record{Type: "content", Content: block, Code: true}, anchor)
			}
		}
	}
	return out
}

// levelWeight follows DocSearch: lvl0 100, lvl1 90, … lvl6 40.
func levelWeight(lvl int) int { return 100 - 10*lvl }

func objectID(key string, n int) string {
	sum := sha1.Sum([]byte(key + "\x00" + strconv.Itoa(n)))
	return hex.EncodeToString(sum[:10])
}

// splitProse cuts text into blocks of whole sentences of about n words. A block ends at the first
// sentence end after n words, or at 2n words in any case; a short tail joins the block before it.
func splitProse(text string, n int) []string {
	words := strings.Fields(text)
	var out []string
	start := 0
	for i, w := range words {
		count := i - start + 1
		end := strings.HasSuffix(w, ".") || strings.HasSuffix(w, "?") || strings.HasSuffix(w, "!") || strings.HasSuffix(w, ":")
		if (count >= n && end) || count >= 2*n {
			out = append(out, strings.Join(words[start:i+1], " "))
			start = i + 1
		}
	}
	if start < len(words) {
		rest := strings.Join(words[start:], " ")
		if len(out) > 0 && len(words)-start < n/4 {
			out[len(out)-1] += " " + rest
		} else {
			out = append(out, rest)
		}
	}
	return out
}

// splitCode cuts code into blocks of whole lines of about n words, whitespace-normalised.
func splitCode(code string, n int) []string {
	var out, cur []string
	count := 0
	for _, line := range strings.Split(code, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		cur = append(cur, strings.Join(f, " "))
		count += len(f)
		if count >= n {
			out = append(out, strings.Join(cur, " "))
			cur, count = cur[:0], 0
		}
	}
	if len(cur) > 0 {
		out = append(out, strings.Join(cur, " "))
	}
	return out
}

// sidebarOrder numbers docs in sidebar order, maps each top-level route segment to the label of
// the top-level sidebar category that holds it ("architecture" → "Architecture") and tells which
// docs the tutorials sidebar holds.
func sidebarOrder(site *content.Site) (map[*content.Doc]int, map[string]string, map[*content.Doc]bool) {
	positions := map[*content.Doc]int{}
	sections := map[string]string{}
	tutorials := map[*content.Doc]bool{}
	var walk func(items []*content.SidebarItem, top string, tutorial bool)
	walk = func(items []*content.SidebarItem, top string, tutorial bool) {
		for _, it := range items {
			if it.Doc != nil {
				if tutorial {
					tutorials[it.Doc] = true
				}
				if _, seen := positions[it.Doc]; !seen {
					positions[it.Doc] = len(positions)
				}
				if seg := firstSegment(it.Doc.Route); seg != "" && top != "" {
					if _, ok := sections[seg]; !ok {
						sections[seg] = top
					}
				}
			}
			walk(it.Items, top, tutorial)
		}
	}
	for _, id := range site.SidebarIDs() {
		for _, it := range site.Sidebars[id] {
			top := it.Label
			if id == "tutorials" {
				top = "Tutorials"
			}
			walk([]*content.SidebarItem{it}, top, id == "tutorials")
		}
	}
	return positions, sections, tutorials
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
