package sitebuild

import (
	"context"
	"errors"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"tzdocs/internal/components"
	"tzdocs/internal/content"
	"tzdocs/internal/markdown"
	"tzdocs/internal/markdown/plaintext"
	"tzdocs/internal/markdown/sitecomp"
)

// siteComponents is what one build did with the site's components.
type siteComponents struct {
	set    *components.Set
	bundle *components.Bundle // nil when no page uses a component
	// problems are uses that could not be rendered (a component that threw, props that are not
	// literals): reported as errors, without stopping the build.
	problems []error
	notes    []string
}

// toolchain is the web app's folder, where Vite and React for site components are installed.
func (b *Builder) toolchain() components.Toolchain {
	if b.opts.Toolchain != "" {
		return components.Toolchain{Dir: b.opts.Toolchain}
	}
	return components.Toolchain{Dir: filepath.Dir(filepath.Clean(b.opts.WebDir))}
}

// renderComponents renders every use of a site component into its page's HTML, compiling the
// components first when a page uses one. The documents of pages with uses are replaced by copies
// (the converted ones stay cached as converted).
func (b *Builder) renderComponents(ctx context.Context, site *content.Site, sc *siteComponents, docs map[*content.Doc]*markdown.Document) error {
	var pages []*content.Doc
	for _, d := range site.Docs {
		if len(docs[d].Components) > 0 {
			pages = append(pages, d)
		}
	}
	if len(pages) == 0 {
		return nil
	}
	cacheDir := b.opts.ComponentsCache
	if cacheDir == "" {
		cacheDir = components.CacheDir()
	}
	bundle, err := components.Compile(ctx, sc.set, b.toolchain(), cacheDir)
	if err != nil {
		return positioned(err)
	}
	sc.bundle = bundle
	if b.compWorker != nil && b.compWorker.Bundle() != bundle.Server {
		_ = b.compWorker.Close()
		b.compWorker = nil
	}
	if b.compWorker == nil {
		cfg := site.Config
		w, err := components.Start(context.WithoutCancel(ctx), bundle, sc.set.SiteDir, components.Site{Title: cfg.Title, Tagline: cfg.Tagline, URL: cfg.URL, BaseURL: cfg.BaseURL, CustomFields: customFields(cfg.CustomFields)})
		if err != nil {
			return positioned(err)
		}
		b.compWorker = w
	}
	builtins := b.conv.BuiltinComponents()
	overridden := map[string]bool{}
	for _, d := range pages {
		if err := ctx.Err(); err != nil {
			return err
		}
		doc := *docs[d]
		for _, u := range doc.Components {
			if slices.Contains(builtins, u.Name) && !overridden[u.Name] {
				overridden[u.Name] = true
				sc.notes = append(sc.notes, fmt.Sprintf("%s:%d:%d: <%s> is the site's component %s, which overrides the built-in <%s> on the pages that import it",
					d.File, u.Line, u.Col, u.Name, relToSite(sc.set, u.Component), u.Name))
			}
		}
		out, texts, problems, err := b.renderUses(d, &doc, bundle, sc)
		if err != nil {
			return err
		}
		doc.HTML = out
		doc.Sections = withTexts(doc.Sections, texts)
		docs[d] = &doc
		sc.problems = append(sc.problems, problems...)
	}
	return nil
}

// positioned turns a component that does not compile or load into a content.Diagnostic at its
// file and line, which the dev server's banner and editors can take the writer to.
func positioned(err error) error {
	var ce *components.CompileError
	if errors.As(err, &ce) && ce.File != "" {
		return &content.Diagnostic{File: ce.File, Line: ce.Line, Col: ce.Col, Message: ce.Problem()}
	}
	return err
}

// relToSite names a component by its file relative to the site folder.
func relToSite(s *components.Set, name string) string {
	rel, err := filepath.Rel(s.SiteDir, s.Modules[name])
	if err != nil {
		return name
	}
	return filepath.ToSlash(rel)
}

// renderUses replaces the placeholders of doc's uses by the components' HTML: the last use first,
// so a use nested in another's children is rendered before it. An interactive component's HTML is
// wrapped in an island the page hydrates; the page's component stylesheets go first. texts is the
// text the components rendered (their children's excluded, which the page's sections hold
// already), by the id of the heading they are under ("" for the intro), for search.
func (b *Builder) renderUses(d *content.Doc, doc *markdown.Document, bundle *components.Bundle, sc *siteComponents) (page string, texts map[string][]string, problems []error, err error) {
	page = doc.HTML
	// The head tags of the uses, in page order (uses are rendered last first), each once.
	var head []string
	seenHead := map[string]bool{}
	texts = map[string][]string{}
	css := map[string]bool{}
	for i := len(doc.Components) - 1; i >= 0; i-- {
		u := doc.Components[i]
		open, closeTag := sitecomp.Placeholder(i)
		start := strings.Index(page, open)
		if start < 0 {
			continue // in a part of the page the converter left out
		}
		end := strings.Index(page[start:], closeTag)
		if end < 0 {
			return "", nil, nil, fmt.Errorf("%s: the placeholder of <%s> is not closed; this is a tzdocs bug", d.File, u.Name)
		}
		end += start
		children := page[start+len(open) : end]
		use := components.Use{Component: u.Component, Export: u.Export, Props: u.Props}
		if u.Children {
			use.Children = &children
		}
		rendered, err := b.compWorker.Render(use)
		out := rendered.HTML
		var re *components.RenderError
		switch {
		case errors.As(err, &re):
			problems = append(problems, &content.Diagnostic{File: d.File, Line: u.Line, Col: u.Col,
				Message: fmt.Sprintf("<%s> threw while rendering: %v; fix the component or the props this use gives it (the page shows the use as text)", u.Name, re)})
			out = html.EscapeString("<" + u.Name + " />")
			if !u.Inline {
				out = "<p>" + out + "</p>\n"
			}
			out += children
		case err != nil:
			return "", nil, nil, fmt.Errorf("%s:%d:%d: rendering <%s>: %w", d.File, u.Line, u.Col, u.Name, err)
		default:
			for j := len(rendered.Head) - 1; j >= 0; j-- {
				if tag := rendered.Head[j]; !seenHead[tag] {
					seenHead[tag] = true
					head = append(head, tag)
				}
			}
			for _, name := range rendered.Dropped {
				sc.notes = append(sc.notes, fmt.Sprintf("%s:%d:%d: <%s> puts <%s> in <Head>, which pages leave out: only <meta> and <link> elements reach the page's head",
					d.File, u.Line, u.Col, u.Name, name))
			}
			if t := htmlText(strings.Replace(out, children, "", 1)); t != "" {
				id := sectionAt(page, start)
				texts[id] = append([]string{t}, texts[id]...) // uses are rendered last first
			}
			chunk, hasChunk := bundle.Chunks[u.Component]
			for _, c := range chunk.CSS {
				css[c] = true
			}
			if hasChunk && !b.compWorker.Static[u.Component] {
				out = island(u, chunk.JS, out)
			}
		}
		page = page[:start] + out + page[end+len(closeTag):]
	}
	if len(css) > 0 {
		links := make([]string, 0, len(css))
		for c := range css {
			links = append(links, `<link rel="stylesheet" href="`+html.EscapeString(c)+`">`)
		}
		sort.Strings(links)
		page = strings.Join(links, "") + "\n" + page
	}
	slices.Reverse(head)
	doc.Head = head
	return page, texts, problems, nil
}

var (
	headingID = regexp.MustCompile(`<h[2-6] id="([^"]*)"`)
	tagOrText = regexp.MustCompile(`(?s)<(script|style)\b.*?</(?:script|style)>|<[^>]*>`)
	// reactComment is the empty comment React writes between adjacent texts: not a word break.
	reactComment = regexp.MustCompile(`<!--.*?-->`)
)

// sectionAt is the id of the heading above offset in a page's HTML, "" before the first one.
func sectionAt(page string, offset int) string {
	all := headingID.FindAllStringSubmatch(page[:offset], -1)
	if len(all) == 0 {
		return ""
	}
	return html.UnescapeString(all[len(all)-1][1])
}

// htmlText is the text of an HTML fragment, whitespace-normalised.
func htmlText(fragment string) string {
	return plaintext.Normalize(html.UnescapeString(tagOrText.ReplaceAllString(reactComment.ReplaceAllString(fragment, ""), " ")))
}

// withTexts returns a copy of sections with the components' texts added to the sections they are
// in; sections is left as it is (the converted document stays cached).
func withTexts(sections []markdown.Section, texts map[string][]string) []markdown.Section {
	if len(texts) == 0 {
		return sections
	}
	out := slices.Clone(sections)
	for i := range out {
		if t, ok := texts[out[i].ID]; ok {
			out[i].Text = strings.TrimSpace(out[i].Text + " " + strings.Join(t, " "))
			out[i].Blocks = append(slices.Clip(out[i].Blocks), textBlocks(t...)...)
			delete(texts, out[i].ID)
		}
	}
	if t, ok := texts[""]; ok { // an intro of nothing but components
		out = append([]markdown.Section{{Level: 1, Text: strings.Join(t, " "), Blocks: textBlocks(t...)}}, out...)
	}
	return out
}

// island wraps a use's server HTML in the element the page's island loader hydrates (web/src/
// enhance/islands.ts): the chunk to load, the export to render and the props.
func island(u markdown.ComponentUse, chunk, inner string) string {
	tag := "div"
	if u.Inline {
		tag = "span"
	}
	return "<" + tag + ` class="tz-island" data-tz-island="` + html.EscapeString(chunk) + `" data-tz-export="` + html.EscapeString(u.Export) +
		`" data-tz-props="` + html.EscapeString(string(u.Props)) + `">` + inner + "</" + tag + ">"
}

// ThemeOverrideWarning is what a writer sees when the site has a src/theme/ folder: Docusaurus
// theme overrides (swizzled components) are not supported (README: site components).
const ThemeOverrideWarning = "src/theme/ holds Docusaurus theme overrides (swizzled components), which tzdocs does not use: its own theme renders every page. Move what the overrides add into site components (src/components/) or the site's configuration"

// componentWarnings are the warnings about the site's components and theme folder that do not
// depend on a page: packages the components cannot import, a src/theme/ folder.
func componentWarnings(siteDir string, set *components.Set) []error {
	var out []error
	if set != nil {
		for _, w := range set.Warnings() {
			out = append(out, errors.New(filepath.ToSlash(filepath.Join(filepath.Base(siteDir), w))))
		}
	}
	if st, err := os.Stat(filepath.Join(siteDir, "src", "theme")); err == nil && st.IsDir() {
		msg := filepath.ToSlash(filepath.Join(filepath.Base(siteDir), "src", "theme")) + ": " + ThemeOverrideWarning
		if names := swizzled(filepath.Join(siteDir, "src", "theme")); len(names) > 0 {
			msg += " (overridden here: " + strings.Join(names, ", ") + ")"
		}
		out = append(out, errors.New(msg))
	}
	return out
}

// customFields are the site's customFields for components: an empty object when it has none.
func customFields(f map[string]any) map[string]any {
	if f == nil {
		return map[string]any{}
	}
	return f
}

// swizzled names the theme components a src/theme/ folder overrides, as Docusaurus names them
// (Navbar/Logo, MDXContent): each module file, its index file named by its folder.
func swizzled(dir string) []string {
	var names []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		ext := filepath.Ext(p)
		if ext != ".js" && ext != ".jsx" && ext != ".ts" && ext != ".tsx" {
			return nil
		}
		rel, _ := filepath.Rel(dir, strings.TrimSuffix(p, ext))
		name := strings.TrimSuffix(filepath.ToSlash(rel), "/index")
		if name != "index" && !slices.Contains(names, name) {
			names = append(names, name)
		}
		return nil
	})
	sort.Strings(names)
	return names
}
