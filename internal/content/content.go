// Package content loads a site folder: the docs tree with its front matter, routes built with
// Docusaurus's rules, the sidebars, breadcrumbs, previous/next links and last-update times.
package content

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"tzdocs/internal/config"
)

// Kind tells docs (which may sit in a sidebar) from standalone pages such as the home page.
type Kind string

// The kinds of page a site holds.
const (
	KindDoc  Kind = "doc"
	KindPage Kind = "page"
	KindHome Kind = "home"
)

// Doc is one Markdown file of the site.
type Doc struct {
	ID          string // docs: path below docs/ without extension (or front matter id); pages: "page:" + path
	File        string // path relative to the site folder's parent, for messages (site/docs/a.md)
	Path        string // path to open the file with
	Route       string // canonical route, e.g. "/architecture/accounts", "/overview/"
	Kind        Kind
	Title       string
	Label       string // sidebar label: sidebar_label, else the title
	Description string
	Position    *float64
	FrontMatter FrontMatter
	Body        []byte // Markdown without front matter, line numbers kept
	LastUpdate  time.Time

	// Set once sidebars are resolved.
	Sidebar     string
	Breadcrumbs []Crumb
	Prev, Next  *Doc
}

// Crumb is one step of a doc's breadcrumbs.
type Crumb struct {
	Label string
	Href  string
}

// Site is a loaded site folder.
type Site struct {
	Config   *config.Config
	Docs     []*Doc // sorted by route
	ByID     map[string]*Doc
	ByRoute  map[string]*Doc
	Drafts   map[string]string // draft doc id → file: they render nothing, and links to them are errors
	Sidebars map[string][]*SidebarItem
	// Warnings are problems that do not stop a build.
	Warnings []*Diagnostic
}

// Diagnostic is a problem at a place in a file.
type Diagnostic struct {
	File    string
	Line    int
	Col     int
	Message string
}

func (d *Diagnostic) Error() string {
	switch {
	case d.Line > 0 && d.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", d.File, d.Line, d.Col, d.Message)
	case d.Line > 0:
		return fmt.Sprintf("%s:%d: %s", d.File, d.Line, d.Message)
	}
	return fmt.Sprintf("%s: %s", d.File, d.Message)
}

// Load reads every doc and page of the site described by cfg, resolves routes and sidebars, and
// checks the configuration against the docs (SPEC §5). All problems found are returned together.
func Load(cfg *config.Config) (*Site, error) {
	s := &Site{Config: cfg, ByID: map[string]*Doc{}, ByRoute: map[string]*Doc{}, Drafts: map[string]string{}}
	var errs []error
	docsDir := filepath.Join(cfg.Dir, cfg.Docs.Path)
	if _, err := os.Stat(docsDir); err != nil {
		return nil, &Diagnostic{File: cfg.File, Line: cfg.Line("docs", "path"), Message: fmt.Sprintf("docs folder %s not found; create it or fix docs.path", docsDir)}
	}
	errs = append(errs, s.walk(docsDir, KindDoc)...)
	pagesDir := filepath.Join(cfg.Dir, cfg.Docs.PagesPath)
	if _, err := os.Stat(pagesDir); err == nil {
		errs = append(errs, s.walk(pagesDir, KindPage)...)
	}
	sort.Slice(s.Docs, func(i, j int) bool { return s.Docs[i].Route < s.Docs[j].Route })
	s.setLastUpdates(cfg.Dir)
	if len(errs) == 0 {
		errs = append(errs, s.loadSidebars()...)
		errs = append(errs, s.checkConfig()...)
	}
	if len(errs) > 0 {
		return s, errors.Join(errs...)
	}
	return s, nil
}

func (s *Site) walk(root string, kind Kind) []error {
	var errs []error
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if p != root && (strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".")) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil // partials (content references) and hidden files are not pages
		}
		if d.IsDir() || !(strings.HasSuffix(name, ".md") || strings.HasSuffix(name, ".mdx")) {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		doc, err := s.readDoc(p, filepath.ToSlash(rel), kind)
		if err != nil {
			errs = append(errs, err)
			return nil
		}
		if doc == nil {
			return nil
		}
		if prev, dup := s.ByRoute[doc.Route]; dup {
			errs = append(errs, &Diagnostic{File: doc.File, Line: 1, Message: fmt.Sprintf("route %s is also produced by %s; give one of them another slug", doc.Route, prev.File)})
			return nil
		}
		if prev, dup := s.ByID[doc.ID]; dup {
			errs = append(errs, &Diagnostic{File: doc.File, Line: 1, Message: fmt.Sprintf("doc id %q is also used by %s; change the id front matter", doc.ID, prev.File)})
			return nil
		}
		s.ByRoute[doc.Route] = doc
		s.ByID[doc.ID] = doc
		s.Docs = append(s.Docs, doc)
		return nil
	})
	if err != nil {
		errs = append(errs, err)
	}
	return errs
}

// readDoc loads one file; it returns nil, nil for drafts, which are not published.
func (s *Site) readDoc(file, rel string, kind Kind) (*Doc, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	display := s.displayPath(file)
	fmText, body, ok := splitFrontMatter(src)
	if !ok {
		return nil, &Diagnostic{File: display, Line: 1, Message: "front matter starts with --- but never ends; add a closing --- line"}
	}
	fm, err := parseFrontMatter(display, fmText)
	if err != nil {
		return nil, err
	}
	noExt := strings.TrimSuffix(strings.TrimSuffix(rel, ".mdx"), ".md")
	id := noExt
	if fm.ID != "" {
		id = path.Join(path.Dir(noExt), fm.ID)
	}
	if kind == KindPage {
		id = "page:" + noExt
	}
	if fm.Draft {
		s.Drafts[id] = display
		return nil, nil
	}
	d := &Doc{ID: id, File: display, Path: file, Kind: kind, FrontMatter: fm, Body: body, Description: fm.Description, Position: fm.SidebarPosition}
	if kind == KindPage && fm.Layout == "home" {
		d.Kind = KindHome
	}
	d.Route, err = route(noExt, fm.Slug, s.Config.Docs.RouteBasePath, kind)
	if err != nil {
		return nil, &Diagnostic{File: display, Line: 1, Message: err.Error()}
	}
	d.Title = fm.Title
	if d.Title == "" {
		d.Title = leadingTitle(body)
	}
	if d.Title == "" {
		d.Title = path.Base(noExt)
	}
	d.Label = fm.SidebarLabel
	if d.Label == "" {
		d.Label = d.Title
	}
	if fm.LastUpdate != nil && fm.LastUpdate.Date != "" {
		t, ok := parseDate(fm.LastUpdate.Date)
		if !ok {
			return nil, &Diagnostic{File: display, Line: fm.dateLine, Message: fmt.Sprintf("last_update.date %q is not a date; write it as 2026-11-22 or 22 November 2026", fm.LastUpdate.Date)}
		}
		d.LastUpdate = t
	}
	return d, nil
}

func (s *Site) displayPath(file string) string {
	if rel, err := filepath.Rel(filepath.Dir(s.Config.Dir), file); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return file
}

// route computes a doc's route with Docusaurus's rules: "a/b" → "/a/b"; "a/index", "a/README" and
// "a/a" → "/a/"; a slug replaces the file-derived route (absolute) or its last part (relative).
func route(noExt, slug, base string, kind Kind) (string, error) {
	dir, name := path.Split(noExt)
	dir = strings.TrimSuffix(dir, "/")
	var r string
	switch {
	case slug != "" && strings.HasPrefix(slug, "/"):
		r = slug
	case slug != "":
		r = "/" + path.Join(dir, slug)
	case strings.EqualFold(name, "index") || strings.EqualFold(name, "readme") || (dir != "" && name == path.Base(dir)):
		r = "/" + dir
		if dir != "" {
			r += "/"
		}
	default:
		r = "/" + noExt
	}
	if kind == KindDoc && base != "/" && base != "" {
		r = strings.TrimRight(base, "/") + r
	}
	if strings.ContainsAny(r, " ?#\\") {
		return "", fmt.Errorf("route %q has characters a URL path cannot hold; rename the file or set slug", r)
	}
	return r, nil
}

// ResolveLink turns a link written in from's Markdown into the href to render: routes and .md/.mdx
// file links become canonical routes; anything else is returned unchanged. ok is false when the
// link points into the site but at nothing that exists.
func (s *Site) ResolveLink(from *Doc, dest string) (href string, target *Doc, ok bool) {
	if dest == "" || strings.HasPrefix(dest, "#") || isExternal(dest) || strings.HasPrefix(dest, "mailto:") || strings.HasPrefix(dest, "tel:") {
		return dest, nil, true
	}
	p, frag := dest, ""
	if i := strings.IndexByte(p, '#'); i >= 0 {
		p, frag = p[:i], p[i:]
	}
	query := ""
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p, query = p[:i], p[i:]
	}
	var candidates []string
	if strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".mdx") {
		// A file link, relative to the file (or to the docs root when it starts with /).
		if d := s.docByFile(from, p); d != nil {
			return d.Route + query + frag, d, true
		}
		return dest, nil, false
	}
	if strings.HasPrefix(p, "/") {
		candidates = append(candidates, p)
	} else {
		base := from.Route
		if !strings.HasSuffix(base, "/") {
			base = path.Dir(base)
		}
		candidates = append(candidates, path.Join(base, p))
	}
	for _, c := range candidates {
		for _, v := range []string{c, strings.TrimSuffix(c, "/"), strings.TrimSuffix(c, "/") + "/", strings.TrimSuffix(strings.TrimSuffix(c, ".html"), "/index")} {
			if d, ok := s.ByRoute[v]; ok {
				return d.Route + query + frag, d, true
			}
		}
		if s.isStaticFile(c) {
			return dest, nil, true
		}
	}
	return dest, nil, false
}

// docByFile finds the doc a .md link names, relative to from's file.
func (s *Site) docByFile(from *Doc, p string) *Doc {
	var target string
	if strings.HasPrefix(p, "/") {
		target = path.Join(path.Dir(s.displayPath(filepath.Join(s.Config.Dir, s.Config.Docs.Path, "x"))), p)
	} else {
		target = path.Join(path.Dir(from.File), p)
	}
	for _, d := range s.Docs {
		if d.File == target {
			return d
		}
	}
	return nil
}

func (s *Site) isStaticFile(p string) bool {
	if p == "" || p == "/" {
		return false
	}
	fi, err := os.Stat(filepath.Join(s.Config.Dir, "static", filepath.FromSlash(p)))
	return err == nil && !fi.IsDir()
}

func isExternal(dest string) bool {
	return strings.HasPrefix(dest, "http://") || strings.HasPrefix(dest, "https://") || strings.HasPrefix(dest, "//")
}
