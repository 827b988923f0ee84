package sitebuild

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"tzdocs/internal/output"
	"tzdocs/internal/prerender"
)

// webManifest is what the build needs from Vite's manifest: the client entry and what it loads.
type webManifest struct {
	EntryJS string
	// DiagramJS is the code of the frame pages draw mermaid diagrams in (output.DiagramFrameFile).
	DiagramJS string
	// Admin is the maintainers' dashboard (output.AdminShellFile): its entry, the chunks it imports
	// and its stylesheets; empty when the web build has no admin entry.
	Admin struct {
		JS       string
		Preloads []string
		CSS      []string
	}
	CSS      []string
	Preloads []string
	// ColorModeScript runs before the first paint to apply the reader's stored colour mode
	// (web/src/lib/colorModeScript.ts); it is inlined in every page's head.
	ColorModeScript string
	// EarlyKeysScript catches the search shortcut pressed before the page has hydrated, for the
	// search button to replay (web/src/lib/earlyKeysScript.ts); it is inlined in every page's head.
	EarlyKeysScript string
}

type viteChunk struct {
	File    string   `json:"file"`
	CSS     []string `json:"css"`
	Imports []string `json:"imports"`
	IsEntry bool     `json:"isEntry"`
	Src     string   `json:"src"`
}

// readWebManifest reads web/dist/client/.vite/manifest.json and finds the client entry.
func readWebManifest(webDir string) (*webManifest, error) {
	file := filepath.Join(webDir, "client", ".vite", "manifest.json")
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("%s not found: build the web app first (make build, or npm run build in web/)", file)
	}
	var chunks map[string]viteChunk
	if err := json.Unmarshal(data, &chunks); err != nil {
		return nil, fmt.Errorf("%s: %v; rebuild the web app", file, err)
	}
	var entry *viteChunk
	for _, k := range sortedKeys(chunks) {
		c := chunks[k]
		if c.IsEntry && strings.Contains(k, "entry-client") {
			entry = &c
			break
		}
	}
	if entry == nil {
		return nil, fmt.Errorf("%s has no entry-client entry; check web/vite.config.ts", file)
	}
	m := &webManifest{EntryJS: "/" + entry.File}
	for _, k := range sortedKeys(chunks) {
		if c := chunks[k]; c.IsEntry && strings.Contains(k, "diagram-frame") {
			m.DiagramJS = "/" + c.File
		}
	}
	if m.DiagramJS == "" {
		return nil, fmt.Errorf("%s has no diagram-frame entry; check web/vite.config.ts and rebuild the web app", file)
	}
	if script, err := os.ReadFile(filepath.Join(webDir, "client", "color-mode.js")); err == nil {
		m.ColorModeScript = strings.TrimSpace(string(script))
	}
	if script, err := os.ReadFile(filepath.Join(webDir, "client", "early-keys.js")); err == nil {
		m.EarlyKeysScript = strings.TrimSpace(string(script))
	}
	m.CSS, m.Preloads = entryDeps(chunks, *entry)
	return m, readAdminManifest(webDir, m)
}

// AdminWebDir is the dashboard's own web build under the web folder (web/vite.admin.config.ts);
// its assets/admin folder is copied into the site's assets.
const AdminWebDir = "admin"

// readAdminManifest finds the dashboard's entry in web/dist/admin/.vite/manifest.json. A web
// build without the dashboard leaves m.Admin empty (/admin is then the plain signed-in page).
func readAdminManifest(webDir string, m *webManifest) error {
	file := filepath.Join(webDir, AdminWebDir, ".vite", "manifest.json")
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading the dashboard's web manifest: %w", err)
	}
	var chunks map[string]viteChunk
	if err := json.Unmarshal(data, &chunks); err != nil {
		return fmt.Errorf("%s: %v; rebuild the web app", file, err)
	}
	for _, k := range sortedKeys(chunks) {
		if c := chunks[k]; c.IsEntry && strings.Contains(k, "admin/main") {
			m.Admin.JS = "/" + c.File
			m.Admin.CSS, m.Admin.Preloads = entryDeps(chunks, c)
			return nil
		}
	}
	return fmt.Errorf("%s has no src/admin/main.tsx entry; check web/vite.admin.config.ts and rebuild the web app", file)
}

// entryDeps lists the stylesheets an entry needs and the chunks it imports, depth first.
func entryDeps(chunks map[string]viteChunk, entry viteChunk) (css, preloads []string) {
	seen := map[string]bool{}
	var walk func(c viteChunk)
	walk = func(c viteChunk) {
		for _, f := range c.CSS {
			if !seen[f] {
				seen[f] = true
				css = append(css, "/"+f)
			}
		}
		for _, imp := range c.Imports {
			ic, ok := chunks[imp]
			if !ok || seen[ic.File] {
				continue
			}
			seen[ic.File] = true
			preloads = append(preloads, "/"+ic.File)
			walk(ic)
		}
	}
	walk(entry)
	return css, preloads
}

// adminShell is output.AdminShellFile: the dashboard's document, nil without an admin entry. It has
// no inline script or style, so the admin pages' policy (script-src 'self') runs it.
func (m *webManifest) adminShell() []byte {
	if m.Admin.JS == "" {
		return nil
	}
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
		`<meta name="robots" content="noindex, nofollow"><title>Dashboard · tzdocs admin</title>`)
	for _, css := range m.Admin.CSS {
		b.WriteString(`<link rel="stylesheet" href="` + html.EscapeString(css) + `">`)
	}
	for _, p := range m.Admin.Preloads {
		b.WriteString(`<link rel="modulepreload" href="` + html.EscapeString(p) + `">`)
	}
	b.WriteString(`<script type="module" src="` + html.EscapeString(m.Admin.JS) + `"></script></head>` +
		`<body><div id="dashboard"><p>Loading the dashboard…</p></div></body></html>` + "\n")
	return []byte(b.String())
}

// diagramFrame is output.DiagramFrameFile: an empty document that runs the diagram code.
func (m *webManifest) diagramFrame() []byte {
	return []byte(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Diagrams</title>` +
		`<meta name="robots" content="noindex"><script type="module" src="` + html.EscapeString(m.DiagramJS) + `"></script></head><body></body></html>` + "\n")
}

// needsColorModeScript tells whether a page needs the script that runs before the first paint. It
// applies a stored or the OS's colour mode, and hides a dismissed announcement bar. A site without a
// colour switch that ignores the OS, and without an announcement bar, always shows the data-theme
// the document already carries. Docusaurus forgets a stored choice when the switch is disabled, so
// such a site's pages leave the script out and save its bytes on every first load.
func needsColorModeScript(site *output.SiteData) bool {
	cm := site.ColorMode
	return !cm.DisableSwitch || cm.RespectPrefersColorScheme || site.AnnouncementBar != nil
}

// shell writes the HTML document around the app's prerendered markup.
type shell struct {
	site       *output.SiteData
	siteJSON   map[string][]byte // each page's inline site data by its sidebar, see inlineSites
	web        *webManifest
	codeCSS    string
	customCSS  []string // the site's own stylesheets (customCss), linked after the theme's
	tagManager string   // Google Tag Manager container id; "" loads nothing third-party
	head       headMeta
}

// document returns the full HTML page. inline is the page data inlined for hydration, without the
// HTML and the table of contents, which the client reads back from the DOM.
func (s *shell) document(p *output.PageData, app string) ([]byte, error) {
	inline := *p
	inline.HTML, inline.TOC = nil, nil
	pageJSON, err := json.Marshal(&inline)
	if err != nil {
		return nil, err
	}
	// The site data is the same on every page of a sidebar: it is marshalled once, when the build starts.
	site := s.siteJSON[p.Sidebar]
	if site == nil {
		return nil, fmt.Errorf("page %s: its sidebar %q is not in the site data", p.Route, p.Sidebar)
	}
	data := make([]byte, 0, len(site)+len(pageJSON)+20)
	data = append(append(append(append(data, `{"site":`...), site...), `,"page":`...), pageJSON...)
	data = append(data, '}')
	title := p.Title + " | " + s.site.Title
	if p.Kind == "home" {
		title = s.site.Title
	}
	canonical := s.head.Origin + p.Route
	var b strings.Builder
	b.Grow(len(app) + len(data) + 2048)
	esc := html.EscapeString
	fmt.Fprintf(&b, "<!doctype html>\n<html lang=\"%s\" dir=\"%s\" data-theme=\"%s\"", esc(s.site.Lang), esc(s.site.Dir), esc(s.site.ColorMode.DefaultMode))
	if s.site.ColorMode.RespectPrefersColorScheme {
		b.WriteString(" data-theme-respect-os")
	}
	if ab := s.site.AnnouncementBar; ab != nil {
		fmt.Fprintf(&b, " data-announcement-id=\"%s\"", esc(ab.ID))
	}
	b.WriteString(">\n<head>\n<meta charset=\"utf-8\">\n")
	if s.web.ColorModeScript != "" && needsColorModeScript(s.site) {
		b.WriteString("<script>" + s.web.ColorModeScript + "</script>\n")
	}
	if s.web.EarlyKeysScript != "" {
		b.WriteString("<script>" + s.web.EarlyKeysScript + "</script>\n")
	}
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n", esc(title))
	if p.Description != "" {
		fmt.Fprintf(&b, "<meta name=\"description\" content=\"%s\">\n", esc(p.Description))
		fmt.Fprintf(&b, "<meta property=\"og:description\" content=\"%s\">\n", esc(p.Description))
		fmt.Fprintf(&b, "<meta name=\"twitter:description\" content=\"%s\">\n", esc(p.Description))
	}
	fmt.Fprintf(&b, "<meta property=\"og:title\" content=\"%s\">\n<meta name=\"twitter:title\" content=\"%s\">\n", esc(title), esc(title))
	if len(p.Keywords) > 0 {
		fmt.Fprintf(&b, "<meta name=\"keywords\" content=\"%s\">\n", esc(strings.Join(p.Keywords, ", ")))
	}
	card := "summary"
	if img := s.head.pageImage(p); img != "" { // link previews need an absolute URL
		fmt.Fprintf(&b, "<meta property=\"og:image\" content=\"%s\">\n<meta name=\"twitter:image\" content=\"%s\">\n", esc(img), esc(img))
		card = "summary_large_image"
	}
	fmt.Fprintf(&b, "<meta property=\"og:type\" content=\"website\">\n<meta name=\"twitter:card\" content=\"%s\">\n", card)
	if p.Markdown != "" {
		fmt.Fprintf(&b, "<link rel=\"alternate\" type=\"text/markdown\" href=\"%s\">\n", esc(p.Markdown))
	}
	if p.Kind != "notfound" {
		fmt.Fprintf(&b, "<link rel=\"canonical\" href=\"%s\">\n<meta property=\"og:url\" content=\"%s\">\n", esc(canonical), esc(canonical))
	} else {
		b.WriteString("<meta name=\"robots\" content=\"noindex\">\n")
	}
	s.head.write(&b, p, canonical)
	for _, tag := range p.Head {
		b.WriteString(tag + "\n")
	}
	if s.site.Favicon != "" {
		fmt.Fprintf(&b, "<link rel=\"icon\" href=\"%s\">\n", esc(s.site.Favicon))
	}
	for _, css := range s.web.CSS {
		fmt.Fprintf(&b, "<link rel=\"stylesheet\" href=\"%s\">\n", esc(css))
	}
	fmt.Fprintf(&b, "<link rel=\"stylesheet\" href=\"%s\">\n", esc(s.codeCSS))
	for _, css := range s.customCSS {
		fmt.Fprintf(&b, "<link rel=\"stylesheet\" href=\"%s\">\n", esc(css))
	}
	if s.tagManager != "" {
		fmt.Fprintf(&b, "<script>%s</script>\n<script async src=\"https://www.googletagmanager.com/gtm.js?id=%s\"></script>\n", s.tagManagerInit(), url.QueryEscape(s.tagManager))
	}
	fmt.Fprintf(&b, "<script type=\"module\" src=\"%s\"></script>\n", esc(s.web.EntryJS))
	for _, pre := range s.web.Preloads {
		fmt.Fprintf(&b, "<link rel=\"modulepreload\" href=\"%s\">\n", esc(pre))
	}
	b.WriteString("</head>\n<body>\n<div id=\"" + output.RootElementID + "\">")
	b.WriteString(app)
	b.WriteString("</div>\n<script id=\"" + output.DataElementID + "\" type=\"application/json\">")
	b.Write(data) // encoding/json escapes <, > and &, so the data cannot close the script element
	b.WriteString("</script>\n</body>\n</html>\n")
	return []byte(b.String()), nil
}

// render writes each page's data and prerendered HTML. Pages whose data and the site data did not
// change since the last build keep their HTML and are not sent to Node again. In `tzdocs dev`,
// pages whose own data did not change either, only the site data they are drawn with (a sidebar
// label, site.yaml), keep their previous HTML for now and are left to RenderDeferred, and so do
// those whose data changed when more than devRenderNow did: the browser reloads from the data
// files, so the reload need not wait for their HTML.
func (b *Builder) render(ctx context.Context, sd output.SiteData, siteJSON []byte, pages []*output.PageData, sh *shell, out *output.Output) error {
	shellKey, _ := json.Marshal([]any{sh.web, sh.head})
	// What every page's HTML is made from besides its own data, hashed once rather than per page.
	common := renderKey(siteJSON, shellKey, []byte(sh.codeCSS+"\x00"+strings.Join(sh.customCSS, "\x00")))
	job := &renderJob{sd: sd, sh: sh}
	later := &renderJob{sd: sd, sh: sh}
	// Pages whose own data changed and that have HTML from before, which they can keep until
	// RenderDeferred when an edit changed many of them (a category's label is in the breadcrumbs
	// of every page under it).
	var postponable []*output.PageData
	prevKeys := map[*output.PageData]string{}
	live := make(map[string]bool, len(pages))
	for _, p := range pages {
		live[p.Route] = true
		data, err := b.pageJSON(p)
		if err != nil {
			return err
		}
		if p.Kind != "notfound" {
			out.Add(output.DataFile(p.Route), data)
		}
		head := headOnly(p)
		key := renderKey([]byte(common), data, head)
		page := pageNote(p.Route)
		dataKey := renderKey(data, head)
		prevData, _ := b.out.Noted(dataNote + page)
		out.Note(dataNote+page, dataKey)
		prev, ok := b.out.Noted(page)
		switch {
		case ok && prev == key:
			out.Note(page, key)
			out.Keep(page)
		case ok && b.opts.Dev && prevData == dataKey:
			out.Note(page, prev) // still the HTML of the previous site data, until RenderDeferred
			out.Keep(page)
			later.add(p, data, key)
		default:
			out.Note(page, key)
			job.add(p, data, key)
			if ok {
				postponable = append(postponable, p)
				prevKeys[p] = prev
			}
		}
	}
	if b.opts.Dev && len(postponable) > devRenderNow {
		now := &renderJob{sd: sd, sh: sh}
		for i, p := range job.pages {
			if prev, ok := prevKeys[p]; ok {
				out.Note(pageNote(p.Route), prev)
				out.Keep(pageNote(p.Route))
				later.add(p, job.data[i], job.keys[i])
			} else {
				now.add(p, job.data[i], job.keys[i])
			}
		}
		job = now
	}
	for route := range b.pageJSONs {
		if !live[route] {
			delete(b.pageJSONs, route)
		}
	}
	if len(later.pages) > 0 {
		b.later.job = later
	}
	return b.renderPages(ctx, job, out)
}

// pageJSON is json.Marshal(p), taken from the last build when the page's HTML and the rest of
// its data are the same: escaping a page's HTML into JSON is most of the cost of marshalling it.
func (b *Builder) pageJSON(p *output.PageData) ([]byte, error) {
	meta := *p
	meta.HTML = nil
	m, err := json.Marshal(&meta)
	if err != nil {
		return nil, err
	}
	if prev, ok := b.pageJSONs[p.Route]; ok && p.HTML != nil && prev.html != nil && *prev.html == *p.HTML && bytes.Equal(prev.meta, m) {
		return prev.full, nil // == on strings that share their bytes returns at once
	}
	full, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	b.pageJSONs[p.Route] = marshalledPage{html: p.HTML, meta: m, full: full}
	return full, nil
}

// marshalledPage is a page's data as the last build marshalled it.
type marshalledPage struct {
	html       *string // the page's HTML
	meta, full []byte  // the data without the HTML, and all of it
}

// devRenderNow is how many pages whose data changed `tzdocs dev` prerenders before the reload:
// an edit of one page (with its neighbours when its title changed) is rendered at once, so a full
// reload of it waits for nothing; past that, they are rendered after the reload.
const devRenderNow = 8

// dataNote prefixes the note of a page's data hash, beside the note of its HTML's (render).
const dataNote = "data:"

// pageNote is the note of the key a page's HTML was rendered with: its file.
func pageNote(route string) string { return output.PageFile(route) }

// renderJob is pages to prerender with the site data and document shell of one build.
type renderJob struct {
	sd    output.SiteData
	sh    *shell
	pages []*output.PageData
	data  [][]byte // each page's data as JSON
	keys  []string // each page's render key
}

func (j *renderJob) add(p *output.PageData, data []byte, key string) {
	j.pages, j.data, j.keys = append(j.pages, p), append(j.data, data), append(j.keys, key)
}

// renderPages prerenders the job's pages in Node and adds their HTML documents to out.
func (b *Builder) renderPages(ctx context.Context, job *renderJob, out *output.Output) error {
	if len(job.pages) == 0 {
		return nil
	}
	if err := b.awaitRenderer(); err != nil {
		return err
	}
	if err := b.renderer.SetSite(job.sd); err != nil {
		b.closeRenderer()
		return err
	}
	// Node renders the next page while this side wraps the last one in its document.
	err := b.renderer.RenderAll(job.data, func(i int, app string) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		doc, err := job.sh.document(job.pages[i], app)
		if err != nil {
			return err
		}
		out.Add(output.PageFile(job.pages[i].Route), doc)
		return nil
	})
	if err != nil {
		b.closeRenderer()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if pe := (*prerender.PageError)(nil); errors.As(err, &pe) {
			return fmt.Errorf("prerendering %s: %w", job.pages[pe.Index].Route, pe.Err)
		}
		return fmt.Errorf("prerendering: %w", err)
	}
	return nil
}

// startRenderer starts the prerender worker in the background, unless one already runs (or is
// starting) for the current SSR bundle, so Node loads the bundle while the Markdown is converted.
func (b *Builder) startRenderer(ctx context.Context) {
	bundle := filepath.Join(b.opts.WebDir, "server", "entry-server.js")
	key := bundleKey(bundle)
	if b.starting != nil || (b.renderer != nil && b.rendererB == key) {
		return
	}
	b.closeRenderer()
	ch := make(chan startedRenderer, 1)
	b.starting = ch
	start := prerender.StartOneShot
	if b.opts.Dev {
		start = prerender.Start // renders after every edit: optimised code pays off
	}
	go func() {
		r, err := start(ctx, bundle)
		ch <- startedRenderer{r, key, err}
	}()
}

// startedRenderer is what starting a prerender worker gave.
type startedRenderer struct {
	r   *prerender.Renderer
	key string
	err error
}

// awaitRenderer waits for the worker startRenderer started.
func (b *Builder) awaitRenderer() error {
	if b.starting != nil {
		s := <-b.starting
		b.starting = nil
		if s.err != nil {
			return s.err
		}
		b.renderer, b.rendererB = s.r, s.key
	}
	if b.renderer == nil {
		return errors.New("no prerender worker was started; this is a tzdocs bug")
	}
	return nil
}

// bundleKey identifies an SSR bundle build, so a rebuilt web app restarts the worker.
func bundleKey(p string) string {
	fi, err := os.Stat(p)
	if err != nil {
		return p
	}
	return fmt.Sprintf("%s@%d@%d", p, fi.Size(), fi.ModTime().UnixNano())
}

// headOnly is what a page's head shows of its data beyond the data file (the fields marshalled as
// "-": keywords, share image, site components' head tags), so that a change to them alone renders
// the page again.
func headOnly(p *output.PageData) []byte {
	return []byte(strings.Join(p.Keywords, "\x00") + "\x01" + p.Image + "\x01" + strings.Join(p.Head, "\x00"))
}

// renderKey identifies what a page's HTML is made from, so an unchanged page is not rendered again.
func renderKey(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// inlineSites marshals the site data a page inlines, by the page's sidebar ("" for pages without
// one): the site data with only that sidebar (the first-load budget of docs/behaviour.md). The app fetches
// output.SiteDataFile, which has them all, when the reader moves to a page of another sidebar.
func inlineSites(sd output.SiteData) (map[string][]byte, error) {
	sites := make(map[string][]byte, len(sd.Sidebars)+1)
	for _, name := range append(sortedKeys(sd.Sidebars), "") {
		own := sd
		own.Sidebars = map[string]output.SidebarItems{}
		if name != "" {
			own.Sidebars[name] = sd.Sidebars[name]
		}
		data, err := json.Marshal(own)
		if err != nil {
			return nil, fmt.Errorf("marshalling the site data for sidebar %q: %w", name, err)
		}
		sites[name] = data
	}
	return sites, nil
}
