package build

import (
	"context"
	"encoding/json"
	"strings"

	"tzdocs/internal/content"
	"tzdocs/internal/dist"
	"tzdocs/internal/markdown"
)

// Code converts the site in siteDir as a build does and returns the code blocks that build would
// write to dist.CodeFile, like Records for the search records.
func Code(ctx context.Context, siteDir string) ([]dist.CodeBlock, error) {
	return fromSite(ctx, siteDir, siteCode)
}

// codeFile is the content of dist.CodeFile.
func codeFile(site *content.Site, docs map[*content.Doc]*markdown.Document) ([]byte, error) {
	return json.Marshal(siteCode(site, docs))
}

// siteCode lists the code blocks of every page that has search records, each under the URL of
// the section that holds it: the route, and the anchor of the heading above the block.
func siteCode(site *content.Site, docs map[*content.Doc]*markdown.Document) []dist.CodeBlock {
	out := []dist.CodeBlock{}
	for _, d := range site.Docs {
		if d.FrontMatter.Unlisted {
			continue
		}
		anchor := ""
		for _, s := range docs[d].Sections {
			if opensAnchor(s) {
				anchor = s.ID
			}
			url := d.Route
			if anchor != "" {
				url += "#" + anchor
			}
			for _, c := range s.Code {
				out = append(out, dist.CodeBlock{URL: url, Lang: c.Lang, Code: strings.TrimRight(c.Text, "\n")})
			}
		}
	}
	return out
}

// opensAnchor reports whether a section starts a new anchor for the records and code under it:
// any heading does, the intro before the first heading does not.
func opensAnchor(s markdown.Section) bool { return s.ID != "" || s.Level > 1 }
