package sitebuild

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tzdocs/internal/output"
)

func TestFirstLoadCountsScriptsPreloadsInlineScriptsAndStyles(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"assets/entry.js":  strings.Repeat("export const a = 1;\n", 50),
		"assets/shared.js": strings.Repeat("function f(){return 2}\n", 80),
		"assets/app.css":   strings.Repeat(".a{color:red}\n", 40),
	}
	for name, text := range files {
		if err := os.MkdirAll(filepath.Join(dir, "assets"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data := `{"site":{"title":"T"},"page":{"route":"/a"}}`
	html := `<head><script>document.documentElement.dataset.x="1"</script>
<link rel="stylesheet" href="/assets/app.css">
<script async src="https://tags.example/gtm.js"></script>
<script type="module" src="/assets/entry.js"></script>
<link rel="modulepreload" href="/assets/shared.js">
</head><body><script id="__TZ_DATA__" type="application/json">` + data + `</script></body>`
	w, err := FirstLoad(dir, []byte(html))
	if err != nil {
		t.Fatal(err)
	}
	wantJS := gzipSize([]byte(files["assets/entry.js"])) + gzipSize([]byte(files["assets/shared.js"])) +
		gzipSize([]byte(`document.documentElement.dataset.x="1"`)) + gzipSize([]byte(data))
	if w.JS != wantJS {
		t.Errorf("JS = %d bytes, want %d (both files, the inline script and the inline data; not the third-party script)", w.JS, wantJS)
	}
	if want := gzipSize([]byte(files["assets/app.css"])); w.CSS != want {
		t.Errorf("CSS = %d bytes, want %d", w.CSS, want)
	}
	var names []string
	for _, p := range w.Parts {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, " | "); got != `/assets/entry.js | /assets/shared.js | inline <script> | inline <script id="__TZ_DATA__" type="application/json"> | /assets/app.css` {
		t.Errorf("parts = %s", got)
	}

	_, err = FirstLoad(dir, []byte(`<script type="module" src="/assets/gone.js"></script>`))
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "/assets/gone.js") {
		t.Errorf("a missing script: err = %v, want one naming /assets/gone.js", err)
	}
}

func TestInlineSitesHoldOnlyThePagesSidebar(t *testing.T) {
	var sd output.SiteData
	site := `{"title":"T","sidebars":{
		"docs":[{"type":"link","label":"Overview","href":"/overview","external":false}],
		"tutorials":[{"type":"link","label":"First","href":"/tutorials/first","external":false}]}}`
	if err := json.Unmarshal([]byte(site), &sd); err != nil {
		t.Fatal(err)
	}
	sites, err := inlineSites(sd)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][]string{"docs": {"docs"}, "tutorials": {"tutorials"}, "": {}} {
		var got output.SiteData
		if err := json.Unmarshal(sites[name], &got); err != nil {
			t.Fatalf("sidebar %q: %v", name, err)
		}
		var keys []string
		for k := range got.Sidebars {
			keys = append(keys, k)
		}
		if strings.Join(keys, ",") != strings.Join(want, ",") || got.Title != "T" {
			t.Errorf("inline site data for a page of sidebar %q has sidebars %v and title %q, want %v and T", name, keys, got.Title, want)
		}
	}
	if len(sd.Sidebars) != 2 {
		t.Errorf("inlineSites changed the site data it was given: %d sidebars left", len(sd.Sidebars))
	}
}

// TestFixtureDocPageFirstLoadWithinBudget builds the fixture site with the web app as last built
// (web/dist) and holds a doc page's first load to its budgets (docs/behaviour.md). bench/build prints the same
// figure, part by part, for the real docs.
func TestFixtureDocPageFirstLoadWithinBudget(t *testing.T) {
	web, err := filepath.Abs(filepath.Join("..", "..", "web", "dist"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join("client", ".vite", "manifest.json"), filepath.Join("server", "entry-server.js")} {
		if _, err := os.Stat(filepath.Join(web, f)); err != nil {
			t.Skipf("the web app is not built (%s is missing): run make build, or npm run build in web/, to weigh a page", filepath.Join(web, f))
		}
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is needed to prerender the fixture site")
	}
	out := t.TempDir()
	b := New(Options{SiteDir: filepath.Join("..", "..", "e2e", "fixture-site"), OutDir: out, WebDir: web})
	defer b.Close()
	if _, err := b.Build(context.Background()); err != nil {
		t.Fatalf("building the fixture site: %v", err)
	}
	html, err := os.ReadFile(filepath.Join(out, output.PageFile("/overview")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), `"kind":"doc"`) {
		t.Fatal("/overview of the fixture site is no longer a doc page: weigh another one")
	}
	w, err := FirstLoad(out, html)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("fixture /overview first load: JS %s, CSS %s gzip", formatKB(w.JS), formatKB(w.CSS))
	if w.JS > FirstLoadJSBudget || w.CSS > FirstLoadCSSBudget {
		var parts strings.Builder
		for _, p := range w.Parts {
			parts.WriteString("\n  " + p.Name + ": " + formatKB(p.Gzip))
		}
		t.Errorf("a doc page's first load is JS %s, CSS %s gzip; the budgets are %s and %s (docs/behaviour.md). Parts:%s",
			formatKB(w.JS), formatKB(w.CSS), formatKB(FirstLoadJSBudget), formatKB(FirstLoadCSSBudget), parts.String())
	}
	checkAdminApart(t, out, w)
}

// checkAdminApart checks that the build wrote the dashboard's document, whose files exist, and
// that nothing of the dashboard is part of a reader's first load.
func checkAdminApart(t *testing.T, out string, w Weight) {
	t.Helper()
	shell, err := os.ReadFile(filepath.Join(out, output.AdminShellFile))
	if err != nil {
		t.Fatalf("the build wrote no dashboard document: %v", err)
	}
	refs := regexp.MustCompile(`(?:src|href)="(/assets/admin/[^"]+)"`).FindAllStringSubmatch(string(shell), -1)
	if len(refs) < 2 {
		t.Fatalf("the dashboard document names no script and stylesheet under /assets/admin/:\n%s", shell)
	}
	for _, r := range refs {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(r[1]))); err != nil {
			t.Errorf("the dashboard document names %s, which the build did not copy", r[1])
		}
	}
	for _, p := range w.Parts {
		if strings.Contains(p.Name, "admin") {
			t.Errorf("a reader's first load includes %s", p.Name)
		}
	}
}

func formatKB(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }

func TestLazyLoadCountsTheChunkAndItsImportsNotAlreadyLoaded(t *testing.T) {
	web, dir := t.TempDir(), t.TempDir()
	files := map[string]string{
		"assets/panel.js":  strings.Repeat("export const p = 1;\n", 30),
		"assets/view.js":   strings.Repeat("function v(){return 3}\n", 60),
		"assets/shared.js": strings.Repeat("function f(){return 2}\n", 80),
	}
	for name, text := range files {
		if err := os.MkdirAll(filepath.Join(dir, "assets"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	manifest := `{
  "src/panel.tsx": {"file": "assets/panel.js", "imports": ["src/view.tsx", "_shared.js"]},
  "src/view.tsx": {"file": "assets/view.js", "imports": ["_shared.js"]},
  "_shared.js": {"file": "assets/shared.js"}
}`
	if err := os.MkdirAll(filepath.Join(web, "client", ".vite"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(web, "client", ".vite", "manifest.json"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	first := Weight{Parts: []WeightPart{{Name: "/assets/shared.js", JS: true}}}
	w, err := LazyLoad(web, dir, "src/panel.tsx", first)
	if err != nil {
		t.Fatal(err)
	}
	if want := gzipSize([]byte(files["assets/panel.js"])) + gzipSize([]byte(files["assets/view.js"])); w.JS != want {
		t.Errorf("JS = %d bytes, want %d (the panel and the view it imports, not the chunk the page loaded first)", w.JS, want)
	}
	if _, err := LazyLoad(web, dir, "src/gone.tsx", first); err == nil || !strings.Contains(err.Error(), "src/gone.tsx") {
		t.Errorf("an unknown source: err = %v, want one naming it", err)
	}
}
