package sitebuild

import (
	"path/filepath"
	"strings"

	"tzdocs/internal/content"
	"tzdocs/internal/output"
)

// pageSources names the file each page of site was built from, by route, with its edit URL when
// the site sets docs.editUrl (followed, as in Docusaurus, by the file's path in the site folder).
// Pages built from no file of their own (generated indexes) have none.
func pageSources(site *content.Site) map[string]output.PageSource {
	edit := site.Config.Docs.EditURL
	if edit != "" && !strings.HasSuffix(edit, "/") {
		edit += "/"
	}
	out := make(map[string]output.PageSource, len(site.Docs))
	for _, d := range site.Docs {
		if d.Path == "" {
			continue
		}
		src := output.PageSource{File: d.File}
		if rel, err := filepath.Rel(site.Config.Dir, d.Path); edit != "" && err == nil && !strings.HasPrefix(rel, "..") {
			src.EditURL = edit + filepath.ToSlash(rel)
		}
		out[d.Route] = src
	}
	return out
}
