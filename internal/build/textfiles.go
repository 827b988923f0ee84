package build

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"tzdocs/internal/content"
	"tzdocs/internal/dist"
	"tzdocs/internal/markdown"
)

// writeTextFiles adds sitemap.xml, llms.txt (an index of pages for tools and language models),
// llms-full.txt (every page's Markdown in one file) and <route>.md (each page's Markdown).
// Unlisted pages stay out of the sitemap and the llms files.
func writeTextFiles(site *content.Site, docs map[*content.Doc]*markdown.Document, out *dist.Output) {
	cfg := site.Config
	var sitemap, index, full bytes.Buffer
	sitemap.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n")
	fmt.Fprintf(&index, "# %s\n\n> %s\n\n", cfg.Title, cfg.Tagline)
	fmt.Fprintf(&full, "# %s\n\n> %s\n\n", cfg.Title, cfg.Tagline)
	for _, d := range site.Docs {
		var md []byte
		if d.Kind != content.KindGeneratedIndex {
			md = markdownText(d, docs[d])
			out.Add(dist.MarkdownFile(d.Route), md)
		}
		if d.FrontMatter.Unlisted {
			continue
		}
		loc := cfg.URL + d.Route
		fmt.Fprintf(&sitemap, "  <url><loc>%s</loc>", html.EscapeString(loc))
		if !d.LastUpdate.IsZero() {
			fmt.Fprintf(&sitemap, "<lastmod>%s</lastmod>", d.LastUpdate.Format("2006-01-02"))
		}
		sitemap.WriteString("</url>\n")
		if md == nil {
			continue // a generated index has no Markdown of its own
		}
		desc := d.Description
		if desc == "" {
			desc = summary(docs[d])
		}
		fmt.Fprintf(&index, "- [%s](%s/%s)", d.Title, cfg.URL, dist.MarkdownFile(d.Route))
		if desc != "" {
			fmt.Fprintf(&index, ": %s", desc)
		}
		index.WriteString("\n")
		fmt.Fprintf(&full, "\n---\nSource: %s\n\n", loc)
		full.Write(md)
	}
	sitemap.WriteString("</urlset>\n")
	out.Add(dist.SitemapFile, sitemap.Bytes())
	out.Add(dist.LLMsFile, index.Bytes())
	out.Add(dist.LLMsFullFile, full.Bytes())
}

// markdownText is a page's Markdown as the converter exports it (no front matter, no MDX), headed
// by the title the page shows: its own leading heading, else its front-matter title.
func markdownText(d *content.Doc, md *markdown.Document) []byte {
	title := d.Title
	if md.Title != "" {
		title = md.Title
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n", title)
	if body := strings.TrimRight(md.Markdown, "\n"); body != "" {
		b.WriteString("\n" + body + "\n")
	}
	return b.Bytes()
}
