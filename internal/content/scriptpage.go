package content

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// A Docusaurus site's pages folder (src/pages) holds React pages besides Markdown ones: index.js
// exports a component that renders the home page inside <Layout>. Such a page becomes a page whose
// Markdown is one use of that component, which the build compiles and renders as it does the
// site's other components; the site's own layout (navbar, footer) is around it, as Layout's is.

// isScriptPage reports whether a file of the pages folder is a React page, by Docusaurus's rules:
// .js, .jsx, .ts and .tsx files, except tests and type declarations.
func isScriptPage(name string) bool {
	base := path.Base(name)
	if strings.HasSuffix(base, ".d.ts") || strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") {
		return false
	}
	switch path.Ext(base) {
	case ".js", ".jsx", ".ts", ".tsx":
		return true
	}
	return false
}

var (
	layoutTag  = regexp.MustCompile(`<Layout\b[^>]*>`)
	layoutAttr = regexp.MustCompile(`\b(title|description)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|` + "`([^`$]*)`" + `)\s*\})`)
)

// scriptPage makes the page of a React page file. Its title and description are the literal
// title= and description= of its <Layout>; a home page without a literal title is named after
// the site, any other after its file.
func (s *Site) scriptPage(file, rel, display string, src []byte) (*Doc, error) {
	noExt := strings.TrimSuffix(rel, path.Ext(rel))
	fm := FrontMatter{HideTitle: true, HideTableOfContents: true}
	if tag := layoutTag.Find(src); tag != nil {
		for _, m := range layoutAttr.FindAllSubmatch(tag, -1) {
			v := ""
			for _, g := range m[2:] {
				if g != nil {
					v = string(g)
					break
				}
			}
			switch string(m[1]) {
			case "title":
				fm.Title = v
			case "description":
				fm.Description = v
			}
		}
	}
	d := &Doc{ID: "page:" + noExt, File: display, Path: file, Kind: KindPage, FrontMatter: fm, Description: fm.Description}
	var err error
	if d.Route, err = route(noExt, "", s.Config.Docs.RouteBasePath, KindPage); err != nil {
		return nil, &Diagnostic{File: display, Line: 1, Message: err.Error()}
	}
	if fm.Title == "" && d.Route == "/" {
		d.FrontMatter.Title = s.Config.Title
	}
	d.fileName = path.Base(noExt)
	// The page's Markdown: its module's default export, used once.
	d.Body = []byte(fmt.Sprintf("import Page from './%s';\n\n<Page />\n", path.Base(rel)))
	return d, nil
}
