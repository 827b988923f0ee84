// Package sitebuild compiles a site folder into a static site: page data, prerendered HTML, assets,
// sitemap and plain-text versions. A Builder remembers its last build, so a rebuild converts and
// renders only what changed.
package sitebuild

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tzdocs/internal/components"
	"tzdocs/internal/config"
	"tzdocs/internal/content"
	"tzdocs/internal/highlight"
	"tzdocs/internal/markdown"
	"tzdocs/internal/output"
	"tzdocs/internal/prerender"
)

// Options say what to build and where.
type Options struct {
	SiteDir string // the site folder holding site.yaml
	OutDir  string // where the built site goes
	WebDir  string // the web app's build output, holding client/ and server/
	// Dev adds the live-reload event URL to the site data.
	Dev bool
	// OwnsOut says OutDir is tzdocs's own folder (`tzdocs dev`'s default): what it holds that is
	// not a build is removed rather than refused.
	OwnsOut bool
	// Toolchain is the web app's folder, whose Vite and React compile the site's own components
	// (src/components/): the folder above WebDir when empty.
	Toolchain string
	// ComponentsCache is where compiled site components are kept: components.CacheDir() when empty.
	ComponentsCache string
}

// Result describes a finished build.
type Result struct {
	Pages    int
	Warnings []error
	// Errors are uses of site components that could not be rendered (a component that threw,
	// props that are not literals): the pages were written, showing those uses as text, but the
	// build should be reported as failed.
	Errors []error
	// Notes are what the build tells without it being a problem (a site component overriding a
	// built-in one).
	Notes []string
	// Unsupported are the options of the site's Docusaurus configuration that tzdocs does not use
	// (none when the site has a site.yaml): one report, apart from the warnings.
	Unsupported []config.Unsupported
	// Changed lists the routes whose output differs from the previous build of this Builder.
	Changed  []string
	Duration time.Duration
	// Phases says where Duration went, phase by phase (see the Phase names).
	Phases []Phase
	// Deferred counts the pages left for RenderDeferred (only in Dev).
	Deferred int
	// Files are the paths (relative, slash-separated) the build wrote or removed in the output
	// folder.
	Files map[string]bool
	// Records are the search records written to output.RecordsFile, so `tzdocs dev` can index
	// them without reading them back. Do not modify them.
	Records []output.Record
	// RecordsChange numbers the records and tells which pages' records changed since the previous
	// build, so `tzdocs dev` can replace them in its index.
	RecordsChange RecordsChange
}

// Builder builds a site and keeps what it needs to rebuild quickly.
type Builder struct {
	opts Options
	// keepGoing makes load go on past the content's errors, as far as what loaded allows, so that
	// Check reports every kind of error in one run.
	keepGoing  bool
	hl         *highlight.Highlighter
	conv       *markdown.Converter
	convSyntax string // the syntax options conv reads (markdown.math, docs.admonitions)
	mu         sync.Mutex
	cache      map[string]*converted // by doc file
	out        *output.Writer
	renderer   *prerender.Renderer
	rendererB  string                    // bundle path the renderer was started with
	starting   chan startedRenderer      // a worker being started, see startRenderer
	comps      *siteComponents           // the last load's site components
	compWorker *components.Worker        // renders site component uses; restarted when they change
	later      deferral                  // pages left for RenderDeferred
	texts      textCache                 // the pages' Markdown versions of the last build
	pageJSONs  map[string]marshalledPage // the pages' data of the last build, by route (see pageJSON)
	scan       *content.ScanCache        // the Markdown files as the last build read them
	imports    map[string]pageImport     // what each page imports, as the last build read it
	// records holds each page's search records from the last build, by route (see searchRecords),
	// recordOrder the routes of the pages listed, in order, and recordsVersion counts the builds
	// that made records.
	records        map[string]pageRecords
	recordOrder    []string
	recordsVersion uint64
	code           map[string]pageCode    // each page's code blocks from the last build, by route
	answers        map[string]pageAnswers // each page's answer sections from the last build, by route
	jsConfig       jsConfig               // the last Docusaurus configuration read, see loadConfig
	// outside holds the folders outside the site folder the last build read (see OutsideRoots).
	outside atomic.Pointer[[]string]
	// faultAt, set only by tests, is called before each page is converted, so a test can make
	// a page's conversion fail the way a converter bug would.
	faultAt func(d *content.Doc)
}

type converted struct {
	key      string
	doc      *markdown.Document
	warnings []error
	errs     []error
	compErrs []error           // uses of site components that cannot be rendered: reported, not fatal
	images   map[string]string // asset path → source file
}

// New returns a Builder; Close it to stop its prerender worker.
func New(opts Options) *Builder {
	if opts.OutDir == "" {
		opts.OutDir = "dist"
	}
	if opts.WebDir == "" {
		opts.WebDir = filepath.Join("web", "dist")
	}
	out := output.NewWriter(opts.OutDir)
	out.NoSidecars = opts.Dev
	out.Owned = opts.OwnsOut
	return &Builder{
		opts:      opts,
		hl:        highlight.New(),
		cache:     map[string]*converted{},
		out:       out,
		records:   map[string]pageRecords{},
		code:      map[string]pageCode{},
		answers:   map[string]pageAnswers{},
		texts:     textCache{},
		pageJSONs: map[string]marshalledPage{},
		scan:      content.NewScanCache(),
		imports:   map[string]pageImport{},
	}
}

// Close stops the prerender worker, if one runs.
func (b *Builder) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closeRenderer()
}

func (b *Builder) closeRenderer() {
	if b.starting != nil {
		_ = b.awaitRenderer()
	}
	if b.renderer != nil {
		_ = b.renderer.Close()
		b.renderer = nil
	}
	if b.compWorker != nil {
		_ = b.compWorker.Close()
		b.compWorker = nil
	}
}

// Build compiles the site. Errors (bad configuration, a missing image, a page that fails to
// render) stop the build and leave the previous output in place; warnings are returned in Result.
// A cancelled ctx stops the build between pages, also leaving the previous output in place.
func (b *Builder) Build(ctx context.Context) (res *Result, err error) {
	b.later.builds.Add(1) // before the lock: a RenderDeferred holding it stops at its next batch
	b.mu.Lock()
	defer b.mu.Unlock()
	b.later.job = nil
	defer func() {
		if err != nil {
			b.later.job = nil // pages of a build that was not written
		}
	}()
	defer func() {
		// A bug outside any one page must not take `tzdocs dev` down either: it keeps serving the
		// last good build and reports this.
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("the build failed (%v); this is a tzdocs bug, please report it", r)
		}
	}()
	start := time.Now()
	clk := newPhaseClock()
	web, err := readWebManifest(b.opts.WebDir)
	if err != nil {
		return nil, err
	}
	// Node loads the SSR bundle, and the web app's assets are compressed, while the Markdown is
	// converted: none of them depends on the content.
	b.startRenderer(ctx)
	out, err := b.out.NewOutput()
	if err != nil {
		return nil, err
	}
	defer out.Discard() // a failed build leaves no work running and no file behind
	if err := out.CopyTree(filepath.Join(b.opts.WebDir, "client", "assets"), output.AssetsDir, nil); err != nil {
		return nil, err
	}
	out.Add(output.DiagramFrameFile, web.diagramFrame())
	if shell := web.adminShell(); shell != nil {
		if err := out.CopyTree(filepath.Join(b.opts.WebDir, AdminWebDir, output.AssetsDir, "admin"), output.AssetsDir+"/admin", nil); err != nil {
			return nil, err
		}
		out.Add(output.AdminShellFile, shell)
	}
	site, docs, images, warnings, err := b.load(ctx, clk)
	res = &Result{Warnings: warnings}
	if err != nil {
		return nil, err
	}
	res.Unsupported = site.Config.Unsupported
	if sc := b.comps; sc != nil {
		res.Errors, res.Notes = sc.problems, sc.notes
		if sc.bundle != nil {
			if err := out.CopyTree(filepath.Join(sc.bundle.ClientDir, "components"), output.AssetsDir+"/components", nil); err != nil {
				return nil, err
			}
		}
	}

	sd := siteData(site)
	if b.opts.Dev {
		sd.DevEventsURL = output.DevEventsURL
	}
	codeCSS := highlight.CSS()
	codeCSSPath := output.AssetsDir + "/" + hashedName("code", ".css", []byte(codeCSS))
	out.Add(codeCSSPath, []byte(codeCSS))
	shell := &shell{site: &sd, web: web, codeCSS: "/" + codeCSSPath, tagManager: site.Config.ThemeConfig.TagManager.ContainerID,
		head: newHeadMeta(site.Config)}
	if shell.customCSS, err = addCustomCSS(site, out); err != nil {
		return nil, err
	}

	pages := make([]*output.PageData, 0, len(site.Docs)+1)
	for _, d := range site.Docs {
		pages = append(pages, pageData(site, d, docs[d]))
	}
	if sp := site.Config.ThemeConfig.Search.SearchPagePath; sp != "" && site.ByRoute[sp] == nil {
		// The full search page: a prerendered shell that the web app fills from ?q=.
		pages = append(pages, &output.PageData{Route: sp, Kind: "search", Title: "Search the documentation",
			Description: "Search every page of " + site.Config.Title + ".", HTML: new(string), TOC: []output.TocEntry{}, Breadcrumbs: []output.Breadcrumb{}})
	}
	notFound := &output.PageData{Route: output.NotFoundRoute, Kind: "notfound", Title: "Page Not Found", Description: "The page you were looking for does not exist.",
		TOC: []output.TocEntry{}, Breadcrumbs: []output.Breadcrumb{}, HTML: new(string)}
	siteJSON, err := json.Marshal(sd)
	if err != nil {
		return nil, err
	}
	if shell.siteJSON, err = inlineSites(sd); err != nil {
		return nil, err
	}
	out.Add(output.SiteDataFile, siteJSON)
	if err := b.render(ctx, sd, siteJSON, append(pages, notFound), shell, out); err != nil {
		return nil, err
	}
	clk.mark(PhasePrerender)
	routes := make([]string, 0, len(pages))
	for _, p := range pages {
		routes = append(routes, p.Route)
	}
	if err := out.AddJSON(output.ManifestFile, output.Manifest{Format: output.FormatVersion, Routes: routes, Sources: pageSources(site)}); err != nil {
		return nil, err
	}
	policy, err := contentPolicy(shell, docs, siteJSON)
	if err != nil {
		return nil, err
	}
	if err := out.AddJSON(output.CSPFile, policy); err != nil {
		return nil, err
	}
	b.texts.prune(site)
	writeTextFiles(site, docs, out, func(d *content.Doc, md *markdown.Document) []byte { return b.texts.text(site, d, md) })
	records, recordsJSON, recordsChange, err := b.searchRecords(site, docs)
	if err != nil {
		return nil, err
	}
	out.Add(output.RecordsFile, recordsJSON)
	code, err := b.codeFile(site, docs)
	if err != nil {
		return nil, err
	}
	out.Add(output.CodeFile, code)
	answers, err := b.answersFile(site, docs)
	if err != nil {
		return nil, err
	}
	out.Add(output.AnswersFile, answers)
	// The web app's assets are the toolchain's; static/ is content, so a link out of the site is
	// refused there.
	if err := out.CopyTree(filepath.Join(site.Config.Dir, "static"), "", site.ReadFile); err != nil {
		return nil, err
	}
	for asset, src := range images {
		data, err := site.ReadFile(src)
		if err != nil {
			return nil, err
		}
		out.Add(asset, data)
	}
	if err := ctx.Err(); err != nil {
		return nil, err // nothing written: the previous output stays whole
	}
	clk.mark(PhaseRecords)
	changed, err := b.out.Write(out)
	if err != nil {
		return nil, err
	}
	res.Files = changed
	for _, p := range pages {
		if changed[output.PageFile(p.Route)] || changed[output.DataFile(p.Route)] {
			res.Changed = append(res.Changed, p.Route)
		}
	}
	res.Pages = len(pages)
	res.Records, res.RecordsChange = records, recordsChange
	if b.later.job != nil {
		res.Deferred = len(b.later.job.pages)
	}
	clk.mark(PhaseWrite)
	res.Phases = clk.phases
	res.Duration = time.Since(start)
	return res, nil
}

// load reads the site and converts its Markdown: Scan finds the docs and their routes, every doc
// is converted, Resolve names the docs by the headings of those conversions (content.Title) and
// resolves the sidebars, and the generated index pages are rendered from their categories.
func (b *Builder) load(ctx context.Context, clk *phaseClock) (*content.Site, map[*content.Doc]*markdown.Document, map[string]string, []error, error) {
	cfg, err := b.loadConfig()
	if err != nil {
		return nil, nil, nil, nil, err
	}
	outside := outsideRoots(cfg)
	b.outside.Store(&outside)
	var found []error // the errors load went on past (with keepGoing)
	goOn := func(err error) bool {
		if b.keepGoing && ctx.Err() == nil {
			found = append(found, err)
			return true
		}
		return false
	}
	site, err := content.ScanWith(cfg, b.scan)
	if err != nil && (site == nil || !goOn(err)) {
		return nil, nil, nil, nil, err
	}
	// A site without a components folder stops here: nothing else is read or started for it.
	set, err := components.Scan(cfg.Dir, cfg.ComponentsPath)
	if err != nil {
		return nil, nil, nil, nil, errors.Join(append(found, err)...)
	}
	// Modules pages import from elsewhere in the site: components beside the docs, React pages.
	if set, err = components.AddImported(set, cfg.Dir, site.OutsideRoots(), pageImports(site, b.imports)); err != nil {
		return nil, nil, nil, nil, err
	}
	b.comps = &siteComponents{set: set}
	clk.mark(PhaseLoad)
	docs, images, warnings, err := b.convertAll(ctx, site)
	if err != nil && (docs == nil || !goOn(err)) {
		return nil, nil, nil, warnings, errors.Join(append(found, err)...)
	}
	warnings = append(warnings, componentWarnings(cfg.Dir, set)...)
	if err := site.Resolve(func(d *content.Doc) string { return docs[d].Title }); err != nil && !goOn(err) {
		return nil, nil, nil, warnings, err
	}
	for _, d := range site.Docs {
		if d.Kind == content.KindGeneratedIndex {
			docs[d] = generatedIndex(site, d)
		}
	}
	if err := b.renderComponents(ctx, site, b.comps, docs); err != nil {
		return nil, nil, nil, warnings, errors.Join(append(found, err)...)
	}
	warnings = append(warnings, checkAnchors(site, docs)...)
	clk.mark(PhaseConvert)
	if len(found) > 0 {
		// What loaded, with the errors: Check reads more from it.
		return site, docs, images, warnings, errors.Join(found...)
	}
	return site, docs, images, warnings, nil
}

// convertAll converts every doc's Markdown, in parallel, reusing the previous conversion of docs
// whose text and link targets did not change. It stops early when ctx is cancelled.
func (b *Builder) convertAll(ctx context.Context, site *content.Site) (map[*content.Doc]*markdown.Document, map[string]string, []error, error) {
	adm := site.Config.Docs.Admonitions
	syntax := fmt.Sprint(site.Config.Markdown.Math, adm.Keywords, adm.ExtendDefaults != nil && !*adm.ExtendDefaults)
	if b.conv == nil || b.convSyntax != syntax {
		// The Markdown syntax changed (or this is the first build): nothing converted before holds.
		b.conv = markdown.New(markdown.Options{Highlighter: b.hl, Math: site.Config.Markdown.Math,
			AdmonitionKeywords: adm.Keywords, AdmonitionKeywordsOnly: adm.ExtendDefaults != nil && !*adm.ExtendDefaults})
		b.convSyntax = syntax
		clear(b.cache)
	}
	routesKey := routesHash(site)
	type job struct {
		d   *content.Doc
		key string
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				c := b.convert(site, j.d, j.key)
				mu.Lock()
				b.cache[j.d.File] = c
				mu.Unlock()
			}
		}()
	}
	for _, d := range site.Docs {
		if ctx.Err() != nil {
			break
		}
		// Workers write b.cache while this loop runs: read it under the same lock.
		mu.Lock()
		prev, ok := b.cache[d.File]
		mu.Unlock()
		key := docKey(site, d, prev) + routesKey
		if set := b.comps.set; set != nil {
			key += set.Hash // which imports are components, and so how the page reads
		}
		if ok && prev.key == key {
			continue
		}
		jobs <- job{d, key}
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err
	}

	docs := map[*content.Doc]*markdown.Document{}
	images := map[string]string{}
	var warnings, errs []error
	live := map[string]bool{}
	for _, d := range site.Docs {
		c := b.cache[d.File]
		live[d.File] = true
		docs[d] = c.doc
		warnings = append(warnings, c.warnings...)
		errs = append(errs, c.errs...)
		b.comps.problems = append(b.comps.problems, c.compErrs...)
		for k, v := range c.images {
			images[k] = v
		}
	}
	for f := range b.cache {
		if !live[f] {
			delete(b.cache, f)
		}
	}
	return docs, images, warnings, errors.Join(errs...)
}

func (b *Builder) convert(site *content.Site, d *content.Doc, key string) (c *converted) {
	defer func() {
		// A converter bug must not take the build (or `tzdocs dev`) down: the page becomes an error
		// naming its file, and is converted again on the next build.
		if r := recover(); r != nil {
			c = &converted{key: "", doc: &markdown.Document{}, errs: []error{&content.Diagnostic{File: d.File,
				Message: fmt.Sprintf("converting this page failed (%v); this is a tzdocs bug, please report it with the page", r)}}}
		}
	}()
	if b.faultAt != nil {
		b.faultAt(d)
	}
	c = &converted{key: key, images: map[string]string{}}
	ctx := markdown.PageContext{
		ReadPartial: func(p string) ([]byte, string, error) { return site.ReadPartial(d, p) },
		ResolveLink: func(dest string) string {
			href, _, _ := site.ResolveLink(d, dest)
			return href
		},
		ResolveImage: func(src string) (markdown.Image, error) {
			img, asset, file, err := resolveImage(site, d, src)
			if err == nil && asset != "" {
				c.images[asset] = file
			}
			return img, err
		},
	}
	set := b.comps.set
	if set == nil {
		// No components folder: an import of a path in it still names no file, an error as a
		// misspelt component is (Docusaurus would not build the page either).
		set = noComponents(site.Config)
	}
	if set != nil {
		file := d.Path
		if file == "" {
			file = filepath.Join(filepath.Dir(site.Config.Dir), filepath.FromSlash(d.File)) // d.File is relative to the site's parent
		}
		ctx.ResolveComponent = func(module string) (string, error) { return set.Resolve(file, module) }
	}
	doc, err := b.conv.Convert(d.Body, ctx)
	if err != nil {
		c.errs = append(c.errs, &content.Diagnostic{File: d.File, Message: err.Error()})
		doc = &markdown.Document{}
	}
	c.doc = doc
	for _, l := range doc.Links {
		if _, _, ok := site.ResolveLink(d, l.Dest); !ok {
			c.warnings = append(c.warnings, &content.Diagnostic{File: inFile(d, l.File), Line: l.Line, Col: l.Col,
				Message: fmt.Sprintf("broken link to %s: no page or file has that path; fix the link or create the page", l.Dest)})
		}
	}
	for _, w := range doc.Warnings {
		c.warnings = append(c.warnings, &content.Diagnostic{File: inFile(d, w.File), Line: w.Line, Col: w.Col, Message: w.Message})
	}
	for _, e := range doc.Errors {
		diag := &content.Diagnostic{File: inFile(d, e.File), Line: e.Line, Col: e.Col, Message: e.Message}
		// A missing image follows onBrokenMarkdownImages; a content reference that cannot be
		// included always fails the build.
		switch {
		case e.Cause == markdown.CauseComponent:
			c.compErrs = append(c.compErrs, diag)
		case e.Cause != markdown.CauseImage || site.Config.Docs.OnBrokenMarkdownImages == "throw":
			c.errs = append(c.errs, diag)
		default:
			c.warnings = append(c.warnings, diag)
		}
	}
	return c
}

// inFile is where a problem is: the page itself, or the partial it came from.
func inFile(d *content.Doc, partial string) string {
	if partial != "" {
		return partial
	}
	return d.File
}

// docKey identifies a doc's Markdown input: its body and, when the last conversion included
// partials, their contents, so editing a partial rebuilds the pages that use it.
func docKey(site *content.Site, d *content.Doc, prev *converted) string {
	h := sha256.New()
	h.Write(d.Body)
	if prev != nil && prev.doc != nil {
		for _, p := range prev.doc.Partials {
			data, err := site.ReadFile(filepath.Join(filepath.Dir(site.Config.Dir), filepath.FromSlash(p)))
			if err != nil {
				data = []byte("missing")
			}
			h.Write([]byte(p))
			h.Write(data)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// routesHash changes whenever a route changes, or the parts of the site not built (Config.Unbuilt),
// since resolved links depend on them.
func routesHash(site *content.Site) string {
	h := sha256.New()
	for _, d := range site.Docs {
		fmt.Fprintf(h, "%s\x00%s\n", d.File, d.Route)
	}
	for _, u := range site.Config.Unbuilt {
		fmt.Fprintf(h, "unbuilt\x00%s\n", u) // links into these are not checked
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// noComponents is the empty set of components of a site without a components folder, which
// resolves imports of paths in that folder to errors; nil if the site's folder has no absolute path.
func noComponents(cfg *config.Config) *components.Set {
	site, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil
	}
	dir := cfg.ComponentsPath
	if dir == "" {
		dir = components.DefaultDir
	}
	return &components.Set{SiteDir: site, Dir: filepath.Join(site, filepath.FromSlash(dir)), Modules: map[string]string{}}
}

// checkAnchors warns about links whose #fragment names no element of the target page: a heading,
// any other element with that id (raw HTML, a component's output) or an <a name>.
func checkAnchors(site *content.Site, docs map[*content.Doc]*markdown.Document) []error {
	ids := map[string]map[string]bool{}
	for _, d := range site.Docs {
		set := map[string]bool{}
		for _, h := range docs[d].Headings {
			set[h.ID] = true
		}
		for _, id := range markdown.ElementIDs(docs[d].HTML) {
			set[id] = true
		}
		ids[d.Route] = set
	}
	var warnings []error
	for _, d := range site.Docs {
		for _, l := range docs[d].Links {
			i := strings.IndexByte(l.Dest, '#')
			if i < 0 || i == len(l.Dest)-1 {
				continue
			}
			frag := l.Dest[i+1:]
			var target *content.Doc
			if i == 0 {
				target = d
			} else if _, t, ok := site.ResolveLink(d, l.Dest); ok {
				target = t
			}
			if target == nil || ids[target.Route][frag] || strings.HasPrefix(frag, "fn") {
				continue
			}
			if dec, err := url.PathUnescape(frag); err == nil && ids[target.Route][dec] {
				continue // #caf%C3%A9 names the heading café, as Docusaurus reads it
			}
			warnings = append(warnings, &content.Diagnostic{File: d.File, Line: l.Line, Col: l.Col,
				Message: fmt.Sprintf("broken anchor in %s: %s has no heading or element with id %q; %s", l.Dest, target.Route, frag, anchorHint(frag, ids[target.Route]))})
		}
	}
	return warnings
}

// anchorHint says how to mend a link to a fragment the target lacks: the nearest id it has, when
// one is close (a heading renamed, a typo), and how to give a heading the linked id.
func anchorHint(frag string, ids map[string]bool) string {
	best, bestDist := "", len(frag)/3+2 // further than that, a suggestion would mislead
	for id := range ids {
		if d := editDistance(frag, id); d < bestDist || d == bestDist && best != "" && id < best {
			best, bestDist = id, d
		}
	}
	fix := fmt.Sprintf("give the heading you mean that id with {#%s} after its text, or link without the anchor", frag)
	if best != "" {
		return fmt.Sprintf("did you mean #%s? Fix the link, or %s", best, fix)
	}
	return "fix the link, or " + fix
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// pageData assembles the data the client renders for one doc.
func pageData(site *content.Site, d *content.Doc, md *markdown.Document) *output.PageData {
	html := md.HTML
	p := &output.PageData{
		Route: d.Route, Kind: pageKind(d.Kind), Title: d.Title, Description: description(d, md), HTML: &html,
		TOC: []output.TocEntry{}, HideTableOfContents: d.FrontMatter.HideTableOfContents, Sidebar: d.Sidebar,
		Breadcrumbs: []output.Breadcrumb{}, HasMermaid: md.HasMermaid, Head: md.Head,
	}
	if md.Title != "" && md.Title != d.Title {
		p.Heading = md.Title // the page's own h1, drawn on the page; d.Title names it everywhere else
	}
	p.HideTitle, p.Keywords, p.Image = d.FrontMatter.HideTitle, d.FrontMatter.Keywords, d.FrontMatter.Image
	p.Markdown = "/" + output.MarkdownFile(d.Route)
	// The TOC's heading levels: the site's (themeConfig.tableOfContents), unless the page chooses
	// its own (toc_min_heading_level, toc_max_heading_level).
	lo, hi := site.Config.ThemeConfig.TableOfContents.MinHeadingLevel, site.Config.ThemeConfig.TableOfContents.MaxHeadingLevel
	if lo == 0 || hi == 0 {
		lo, hi = 2, 3
	}
	if fm := d.FrontMatter; fm.TOCMinLevel != nil || fm.TOCMaxLevel != nil {
		if fm.TOCMinLevel != nil {
			lo = *fm.TOCMinLevel
			hi = max(hi, lo)
		}
		if fm.TOCMaxLevel != nil {
			hi = *fm.TOCMaxLevel
		}
	}
	for _, h := range markdown.TOC(md.Headings, lo, hi) {
		p.TOC = append(p.TOC, output.TocEntry{ID: h.ID, Text: h.Text, Level: h.Level})
	}
	for _, c := range d.Breadcrumbs {
		p.Breadcrumbs = append(p.Breadcrumbs, output.Breadcrumb{Label: c.Label, Href: c.Href})
	}
	if d.Prev != nil {
		p.Prev = &output.PageLink{Title: d.Prev.Label, Href: d.Prev.Route}
	}
	if d.Next != nil {
		p.Next = &output.PageLink{Title: d.Next.Label, Href: d.Next.Route}
	}
	if site.Config.Docs.ShowLastUpdateTime && !d.LastUpdate.IsZero() && d.Kind == content.KindDoc {
		p.LastUpdated = d.LastUpdate.Format("2006-01-02")
	}
	if d.Kind == content.KindHome {
		h := &output.Home{Cards: []output.HomeCard{}}
		for _, c := range d.FrontMatter.Cards {
			h.Cards = append(h.Cards, output.HomeCard(c))
		}
		if d.FrontMatter.Hero != nil {
			h.Hero = output.Hero(*d.FrontMatter.Hero)
		}
		if h.Hero.Title == "" {
			h.Hero.Title = site.Config.Title
		}
		if h.Hero.Tagline == "" {
			h.Hero.Tagline = site.Config.Tagline
		}
		for i := range h.Cards {
			h.Cards[i].Href = siteHref(site, h.Cards[i].Href)
		}
		p.Home = h
	}
	return p
}

// pageKind is the layout a page uses: generated index pages are docs whose content is cards.
func pageKind(k content.Kind) string {
	if k == content.KindGeneratedIndex {
		return string(content.KindDoc)
	}
	return string(k)
}

// summary is a page's first sentences, for its description when front matter gives none.
func summary(md *markdown.Document) string {
	for _, s := range md.Sections {
		text := strings.TrimSpace(s.Text)
		if text == "" {
			continue
		}
		if len(text) <= 160 {
			return text
		}
		cut := strings.LastIndexByte(text[:160], ' ')
		if cut < 80 {
			cut = 157
		}
		return strings.TrimRight(text[:cut], " ,;:") + "…"
	}
	return ""
}

// hashedName gives a content-hashed file name, e.g. code-1a2b3c4d.css.
func hashedName(stem, ext string, data []byte) string {
	sum := sha256.Sum256(data)
	return stem + "-" + hex.EncodeToString(sum[:])[:10] + ext
}

// sortedKeys returns a map's keys in order, for deterministic output.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Check loads and converts the whole site without writing anything, and returns every problem:
// errors (which fail a build) and warnings (broken links and anchors, unknown languages…).
// Uses of site components that cannot be rendered, and front-matter version labels that disagree
// with the site's current versions (content.CheckVersionLabels), are errors here.
func Check(ctx context.Context, siteDir string) (warnings []error, err error) {
	b := New(Options{SiteDir: siteDir})
	b.keepGoing = true
	defer b.Close()
	site, _, _, warnings, err := b.load(ctx, nil)
	if b.comps != nil && len(b.comps.problems) > 0 {
		err = errors.Join(append([]error{err}, b.comps.problems...)...)
	}
	if site != nil {
		err = errors.Join(err, errors.Join(content.CheckVersionLabels(site)...))
		// What a Docusaurus configuration leaves out comes first: the site is checked without it.
		var left []error
		for _, u := range site.Config.Unsupported {
			left = append(left, errors.New(u.String()))
		}
		warnings = append(left, warnings...)
	}
	return warnings, err
}
