package sitebuild

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"tzdocs/internal/content"
	"tzdocs/internal/markdown"
	"tzdocs/internal/output"
)

// Code converts the site in siteDir as a build does and returns the code blocks that build would
// write to output.CodeFile, like Records for the search records.
func Code(ctx context.Context, siteDir string) ([]output.CodeBlock, error) {
	return fromSite(ctx, siteDir, siteCode)
}

// pageCode is one page's code blocks marshalled, without the enclosing brackets, as the last
// build made them of the page's conversion md.
type pageCode struct {
	md   *markdown.Document
	json []byte
}

// codeFile is the content of output.CodeFile: the JSON of siteCode, but a page whose conversion did
// not change since the last build keeps the JSON of its blocks instead of marshalling them again.
func (b *Builder) codeFile(site *content.Site, docs map[*content.Doc]*markdown.Document) ([]byte, error) {
	data := []byte{'['}
	for _, d := range site.Docs {
		if d.FrontMatter.Unlisted {
			continue
		}
		pc, ok := b.code[d.Route]
		if !ok || pc.md != docs[d] {
			pc = pageCode{md: docs[d]}
			if blocks := appendPageCode(nil, d, docs[d]); len(blocks) > 0 {
				js, err := json.Marshal(blocks)
				if err != nil {
					return nil, fmt.Errorf("code blocks of %s: %w", d.Route, err)
				}
				pc.json = js[1 : len(js)-1]
			}
			b.code[d.Route] = pc
		}
		if len(pc.json) > 0 {
			if len(data) > 1 {
				data = append(data, ',')
			}
			data = append(data, pc.json...)
		}
	}
	for route := range b.code {
		if site.ByRoute[route] == nil {
			delete(b.code, route) // a page the site no longer has
		}
	}
	return append(data, ']'), nil
}

// siteCode lists the code blocks of every page that has search records, each under the URL of
// the section that holds it: the route, and the anchor of the heading above the block.
func siteCode(site *content.Site, docs map[*content.Doc]*markdown.Document) []output.CodeBlock {
	out := []output.CodeBlock{}
	for _, d := range site.Docs {
		if !d.FrontMatter.Unlisted {
			out = appendPageCode(out, d, docs[d])
		}
	}
	return out
}

// appendPageCode appends the code blocks of one page.
func appendPageCode(out []output.CodeBlock, d *content.Doc, md *markdown.Document) []output.CodeBlock {
	anchor := ""
	for _, s := range md.Sections {
		if opensAnchor(s) {
			anchor = s.ID
		}
		url := d.Route
		if anchor != "" {
			url += "#" + anchor
		}
		for _, c := range s.Code {
			out = append(out, output.CodeBlock{URL: url, Lang: c.Lang, Code: strings.TrimRight(c.Text, "\n")})
		}
	}
	return out
}

// opensAnchor reports whether a section starts a new anchor for the records and code under it:
// any heading does, the intro before the first heading does not.
func opensAnchor(s markdown.Section) bool { return s.ID != "" || s.Level > 1 }
