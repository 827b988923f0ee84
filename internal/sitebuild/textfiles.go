package sitebuild

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"

	"tzdocs/internal/content"
	"tzdocs/internal/markdown"
	"tzdocs/internal/output"
)

// writeTextFiles adds sitemap.xml, robots.txt (unless static/ has one), llms.txt (the pages for
// language models, in the llms.txt format), llms-full.txt (every page's Markdown in one file, in
// the same order) and <route>.md (each page's Markdown, a generated index's included: its
// description and a link per card). Unlisted pages stay out of the sitemap
// and the llms files.
//
// text gives a page's Markdown version (pageText, or a cache of it).
func writeTextFiles(site *content.Site, docs map[*content.Doc]*markdown.Document, out *output.Output, text func(*content.Doc, *markdown.Document) []byte) {
	cfg := site.Config
	var sitemap bytes.Buffer
	sitemap.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n")
	pages := map[*content.Doc][]byte{}
	for _, d := range site.Docs {
		pages[d] = text(d, docs[d])
		out.Add(output.MarkdownFile(d.Route), pages[d])
		if d.FrontMatter.Unlisted {
			continue
		}
		fmt.Fprintf(&sitemap, "  <url><loc>%s</loc>", html.EscapeString(cfg.URL+d.Route))
		if !d.LastUpdate.IsZero() {
			fmt.Fprintf(&sitemap, "<lastmod>%s</lastmod>", d.LastUpdate.Format("2006-01-02"))
		}
		sitemap.WriteString("</url>\n")
	}
	sitemap.WriteString("</urlset>\n")
	out.Add(output.SitemapFile, sitemap.Bytes())
	if _, err := os.Stat(filepath.Join(cfg.Dir, "static", output.RobotsFile)); err != nil {
		out.Add(output.RobotsFile, []byte("User-agent: *\nDisallow: /admin\nAllow: /\n\nSitemap: "+cfg.URL+"/"+output.SitemapFile+"\n"))
	}

	var index, full bytes.Buffer
	fmt.Fprintf(&index, "# %s\n\n> %s\n\n", cfg.Title, cfg.Tagline)
	fmt.Fprintf(&index, "Each page below is linked as Markdown. [%s](%s/%s) holds every page in one file.\n", output.LLMsFullFile, cfg.URL, output.LLMsFullFile)
	fmt.Fprintf(&full, "# %s\n\n> %s\n", cfg.Title, cfg.Tagline)
	for _, sec := range llmsSections(site) {
		fmt.Fprintf(&index, "\n## %s\n\n", sec.title)
		for _, d := range sec.docs {
			md := pages[d]
			if d.Kind == content.KindGeneratedIndex {
				continue // a list of the pages below it, which the llms files list themselves
			}
			fmt.Fprintf(&index, "- [%s](%s/%s)", escapeLinkText(d.Title), cfg.URL, output.MarkdownFile(d.Route))
			if desc := description(d, docs[d]); desc != "" {
				fmt.Fprintf(&index, ": %s", desc)
			}
			index.WriteString("\n")
			fmt.Fprintf(&full, "\n---\nSource: %s\n\n", cfg.URL+d.Route)
			full.Write(md)
		}
	}
	out.Add(output.LLMsFile, index.Bytes())
	out.Add(output.LLMsFullFile, full.Bytes())
}

// llmsSection is one "## Section" of llms.txt.
type llmsSection struct {
	title string
	docs  []*content.Doc
}

// llmsSections orders the listed pages for llms.txt: a section for each top-level category of each
// sidebar, in sidebar order (the pages a sidebar lists outside any category go under the sidebar's
// navbar label), then "Optional" for the pages in no sidebar, as the llms.txt format names the
// section a reader may skip.
func llmsSections(site *content.Site) []llmsSection {
	seen := map[*content.Doc]bool{}
	var sections []llmsSection
	var collect func(items []*content.SidebarItem, sec *llmsSection)
	collect = func(items []*content.SidebarItem, sec *llmsSection) {
		for _, it := range items {
			if d := it.Doc; d != nil && !seen[d] && !d.FrontMatter.Unlisted {
				seen[d] = true
				sec.docs = append(sec.docs, d)
			}
			collect(it.Items, sec)
		}
	}
	for _, id := range site.SidebarIDs() {
		loose := llmsSection{title: sidebarTitle(site, id)}
		start := len(sections)
		for _, it := range site.Sidebars[id] {
			if it.Type == "category" {
				sec := llmsSection{title: it.Label}
				collect([]*content.SidebarItem{it}, &sec)
				sections = append(sections, sec)
				continue
			}
			collect([]*content.SidebarItem{it}, &loose)
		}
		if len(loose.docs) > 0 { // before the sidebar's categories, where the sidebar lists them
			sections = append(sections[:start], append([]llmsSection{loose}, sections[start:]...)...)
		}
	}
	optional := llmsSection{title: "Optional"}
	for _, d := range site.Docs {
		if !seen[d] && !d.FrontMatter.Unlisted {
			optional.docs = append(optional.docs, d)
		}
	}
	var out []llmsSection
	for _, sec := range append(sections, optional) {
		if len(sec.docs) > 0 {
			out = append(out, sec)
		}
	}
	return out
}

// sidebarTitle names a sidebar as the navbar does (its docSidebar item's label), else by its id.
func sidebarTitle(site *content.Site, id string) string {
	for _, it := range site.Config.ThemeConfig.Navbar.Items {
		if it.Type == "docSidebar" && it.SidebarID == id && it.Label != "" {
			return it.Label
		}
	}
	return id
}

// description is what a page is about: its front matter's description, else its first sentences.
func description(d *content.Doc, md *markdown.Document) string {
	if d.Description != "" {
		return d.Description
	}
	return summary(md)
}

// escapeLinkText keeps a title from ending its Markdown link early.
func escapeLinkText(s string) string {
	return strings.NewReplacer("[", "\\[", "]", "\\]").Replace(s)
}

// markdownText is a page's Markdown as the converter exports it (no front matter, no MDX), headed
// by the title the page shows (its own leading heading, else its front-matter title) and, as a
// quote, its description.
func markdownText(d *content.Doc, md *markdown.Document) []byte {
	title := d.Title
	if md.Title != "" {
		title = md.Title
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n", title)
	if d.Description != "" {
		fmt.Fprintf(&b, "\n> %s\n", strings.Join(strings.Fields(d.Description), " "))
	}
	if body := strings.TrimRight(md.Markdown, "\n"); body != "" {
		b.WriteString("\n" + body + "\n")
	}
	return b.Bytes()
}

// pageText is a page's Markdown version as served and put in llms-full.txt: markdownText with
// its links made absolute.
func pageText(site *content.Site, d *content.Doc, md *markdown.Document) []byte {
	// Without a site URL the origin stays empty and links stay root-relative.
	origin, _ := output.OriginOf(site.Config.URL)
	return []byte(absoluteLinks(string(markdownText(d, md)), origin))
}

// textCache keeps each page's Markdown version (pageText) from one build to the next, while the
// page's conversion, title and description and the site's URL stay the same.
type textCache map[string]cachedText

type cachedText struct {
	md                *markdown.Document // kept, so a new conversion is never taken for it
	title, desc, site string
	text              []byte
}

// text returns pageText, from the cache when it holds it.
func (c textCache) text(site *content.Site, d *content.Doc, md *markdown.Document) []byte {
	if e, ok := c[d.Route]; ok && e.md == md && e.title == d.Title && e.desc == d.Description && e.site == site.Config.URL {
		return e.text
	}
	text := pageText(site, d, md)
	c[d.Route] = cachedText{md: md, title: d.Title, desc: d.Description, site: site.Config.URL, text: text}
	return text
}

// prune forgets the pages the site no longer has.
func (c textCache) prune(site *content.Site) {
	for route := range c {
		if site.ByRoute[route] == nil {
			delete(c, route)
		}
	}
}
