package live

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/sitetest"
)

// events reads server-sent events from the dev server into a channel of "event: data" strings.
func events(t *testing.T, url string) <-chan string {
	t.Helper()
	res, err := http.Get(url + "/_dev/events")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	ch := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(res.Body)
		var ev string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ch <- ev + " " + strings.TrimPrefix(line, "data: ")
			}
		}
		close(ch)
	}()
	return ch
}

func waitFor(t *testing.T, ch <-chan string, prefix string) string {
	t.Helper()
	timeout := time.After(15 * time.Second)
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				t.Fatalf("event stream ended before %q", prefix)
			}
			if strings.HasPrefix(ev, prefix) {
				return ev
			}
		case <-timeout:
			t.Fatalf("no %q event", prefix)
		}
	}
}

func page(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

func TestEditRebuildsAndNotifiesBrowsers(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d, err := Start(ctx, Options{SiteDir: filepath.Join(dir, "site"), OutDir: filepath.Join(dir, "out"), WebDir: filepath.Join(dir, "web")})
	if err != nil {
		t.Fatal(err)
	}
	<-d.rebuilt
	srv := httptest.NewServer(d)
	defer func() {
		d.Close() // ends the event streams, so the test server can close
		srv.Close()
	}()
	if !strings.Contains(page(t, srv.URL+"/architecture/bakers"), "Bakers get rights.") {
		t.Fatal("first build not served")
	}
	if !strings.Contains(page(t, srv.URL+"/architecture/bakers"), `"devEventsUrl":"/_dev/events"`) {
		t.Error("dev build lacks the event URL")
	}
	ch := events(t, srv.URL)
	file := filepath.Join(dir, "site/docs/architecture/bakers.md")
	src, _ := os.ReadFile(file)
	os.WriteFile(file, []byte(strings.Replace(string(src), "Bakers get rights.", "Bakers earn rights.", 1)), 0o644)
	ev := waitFor(t, ch, "reload ")
	if !strings.Contains(ev, `"/architecture/bakers"`) || strings.Contains(ev, `"/architecture/accounts"`) {
		t.Errorf("reload event %q should name only the edited page", ev)
	}
	if !strings.Contains(page(t, srv.URL+"/architecture/bakers"), "Bakers earn rights.") {
		t.Error("edit not served")
	}

	// A broken edit: the error reaches the browser with file and line, the last good build stays.
	os.WriteFile(file, []byte("---\ntitle: Bakers\nlast_update:\n  date: whenever\n---\nBroken.\n"), 0o644)
	ev = waitFor(t, ch, "error ")
	if !strings.Contains(ev, `"file":"site/docs/architecture/bakers.md"`) || !strings.Contains(ev, `"line":4`) {
		t.Errorf("error event %q lacks file and line", ev)
	}
	if !strings.Contains(page(t, srv.URL+"/architecture/bakers"), "Bakers earn rights.") {
		t.Error("last good build not kept")
	}
	os.WriteFile(file, src, 0o644)
	waitFor(t, ch, "ok ")
}

// startDev starts a dev server on the minimal site and subscribes to its events.
func startDev(t *testing.T) (dir, url string, ch <-chan string) {
	t.Helper()
	dir = sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	ctx, cancel := context.WithCancel(context.Background())
	d, err := Start(ctx, Options{SiteDir: filepath.Join(dir, "site"), OutDir: filepath.Join(dir, "out"), WebDir: filepath.Join(dir, "web")})
	if err != nil {
		t.Fatal(err)
	}
	<-d.rebuilt
	srv := httptest.NewServer(d)
	t.Cleanup(func() {
		cancel()
		d.Close()
		srv.Close()
	})
	return dir, srv.URL, events(t, srv.URL)
}

// edit replaces old with new in a file of the site, the way an editor that saves into a new
// file and renames it over the old one does.
func edit(t *testing.T, dir, file, old, new string) {
	t.Helper()
	p := filepath.Join(dir, "site", file)
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), old) {
		t.Fatalf("%s lacks %q", file, old)
	}
	tmp := filepath.Join(filepath.Dir(p), ".save.tmp")
	if err := os.WriteFile(tmp, []byte(strings.Replace(string(src), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
}

func TestTitleChangeUpdatesTheNeighbours(t *testing.T) {
	dir, url, ch := startDev(t)
	if !strings.Contains(page(t, url+"/tutorials"), `"title":"Part 1"`) {
		t.Fatal("the page before part 1 does not link to it by its title")
	}
	edit(t, dir, "docs/tutorials/app/part-1.md", "title: Part 1", "title: Part one")
	ev := waitFor(t, ch, "reload ")
	for _, route := range []string{"/tutorials/app/part-1", "/tutorials"} {
		if !strings.Contains(ev, `"`+route+`"`) {
			t.Errorf("reload event %q lacks %s", ev, route)
		}
	}
	if !strings.Contains(ev, `"timings":{`) || !strings.Contains(ev, `"debounce":`) || !strings.Contains(ev, `"prerender":`) {
		t.Errorf("reload event %q lacks the phase timings", ev)
	}
	prev := page(t, url+"/tutorials")
	if !strings.Contains(prev, `"title":"Part one"`) || strings.Contains(prev, `"title":"Part 1"`) {
		t.Error("the neighbour still names the old title")
	}
}

func TestBuildErrorComesAndGoes(t *testing.T) {
	dir, url, ch := startDev(t)
	edit(t, dir, "docs/architecture/accounts.md", "date: 2025-01-02", "date: someday")
	ev := waitFor(t, ch, "error ")
	if !strings.Contains(ev, `"file":"site/docs/architecture/accounts.md"`) || !strings.Contains(ev, `"line":5`) || !strings.Contains(ev, `"message":`) {
		t.Errorf("error event %q lacks file, line or message", ev)
	}
	if !strings.Contains(page(t, url+"/architecture/accounts"), "Accounts hold tez.") {
		t.Error("the last good page is not served under the error")
	}
	// A page loaded now (a reload, a new tab) is told of the error as soon as it connects.
	if late := waitFor(t, events(t, url), "error "); late != ev {
		t.Errorf("a browser connecting during the error got %q, want %q", late, ev)
	}
	edit(t, dir, "docs/architecture/accounts.md", "date: someday", "date: 2025-01-03")
	waitFor(t, ch, "ok ")
	ev = waitFor(t, ch, "reload ")
	if !strings.Contains(ev, `"/architecture/accounts"`) {
		t.Errorf("reload event %q after the fix lacks the page", ev)
	}
	late := events(t, url)
	// Once fixed, a browser that connects is told the build is fine.
	if first := waitFor(t, late, ""); first != "ok {}" {
		t.Errorf("a browser connecting after the fix first got %q", first)
	}
}

func TestEditedPageIsFoundBySearch(t *testing.T) {
	dir, url, ch := startDev(t)
	edit(t, dir, "docs/architecture/bakers.md", "Bakers get rights.", "Bakers get zanzibarish rights.")
	waitFor(t, ch, "reload ")
	// The index is rebuilt beside the reload: wait for it, without a fixed sleep.
	deadline := time.Now().Add(15 * time.Second)
	for !strings.Contains(searchHits(t, url, "zanzibarish"), "/architecture/bakers") {
		if time.Now().After(deadline) {
			t.Fatal("the new words never reached the search index")
		}
		<-time.After(10 * time.Millisecond)
	}
}

// searchHits asks the dev server's search API for query and returns its answer.
func searchHits(t *testing.T, url, query string) string {
	t.Helper()
	res, err := http.Post(url+"/api/search/1/indexes/*/queries", "text/plain",
		strings.NewReader(`{"requests":[{"indexName":"tezosdocs","query":"`+query+`"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("search: %s: %s", res.Status, b)
	}
	return string(b)
}

func TestSidebarEditServesEveryPageUpToDate(t *testing.T) {
	dir, url, ch := startDev(t)
	edit(t, dir, "sidebars.yaml", "label: Architecture", "label: How it works")
	waitFor(t, ch, "reload ")
	// The pages drawn with the sidebar are prerendered again after the reload event; a page
	// loaded meanwhile waits for them rather than showing the old label.
	for _, route := range []string{"/architecture/bakers", "/overview/", "/architecture/accounts"} {
		body := page(t, url+route)
		if !strings.Contains(body, "How it works") || strings.Contains(body, `"label":"Architecture"`) {
			t.Errorf("%s still shows the old sidebar", route)
		}
	}
}

func TestDeletedPageStopsBeingServed(t *testing.T) {
	dir, url, ch := startDev(t)
	for _, p := range []string{"/hidden", "/_data/hidden.json", "/hidden.md"} {
		if !strings.Contains(page(t, url+p), "Unlisted page.") {
			t.Fatalf("%s is not served to begin with", p)
		}
	}
	if err := os.Remove(filepath.Join(dir, "site/docs/hidden.md")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ch, "reload ")
	res, err := http.Get(url + "/hidden")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("a deleted page answers %d, want 404", res.StatusCode)
	}
	for _, gone := range []string{"/_data/hidden.json", "/hidden.md"} {
		if res, err := http.Get(url + gone); err != nil || res.StatusCode != http.StatusNotFound {
			t.Errorf("%s of the deleted page is still served", gone)
		} else {
			res.Body.Close()
		}
	}
}

func TestComponentErrorReachesTheBrowserUntilFixed(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "Bakers get rights.", "import Gauge from '@site/src/components/Gauge';\n\nBakers get rights.\n\n<Gauge level={2} />", 1) + `
-- site/src/components/Gauge.tsx --
export default function Gauge({ level }: { level: number }) {
  if (level > 1) {
    throw new Error("level " + level + " is too high");
  }
  return <p>level {level}</p>;
}
`
	dir := sitetest.Write(t, archive+sitetest.FakeWeb)
	toolchain, err := filepath.Abs(filepath.Join("..", "..", "web"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	d, err := Start(ctx, Options{SiteDir: filepath.Join(dir, "site"), OutDir: filepath.Join(dir, "out"), WebDir: filepath.Join(dir, "web"),
		Toolchain: toolchain, ComponentsCache: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	<-d.rebuilt
	srv := httptest.NewServer(d)
	t.Cleanup(func() {
		cancel()
		d.Close()
		srv.Close()
	})
	ev := waitFor(t, events(t, srv.URL), "")
	if !strings.HasPrefix(ev, "error ") || !strings.Contains(ev, `"file":"site/docs/architecture/bakers.md"`) ||
		!strings.Contains(ev, `\u003cGauge\u003e threw while rendering: level 2 is too high (at src/components/Gauge.tsx:3:`) {
		t.Errorf("a browser connecting while a component throws got %q", ev)
	}
	ch := events(t, srv.URL)
	edit(t, dir, "docs/architecture/bakers.md", "<Gauge level={2} />", "<Gauge level={1} />")
	waitFor(t, ch, "ok ")
	if !strings.Contains(page(t, srv.URL+"/architecture/bakers"), "<p>level <!-- -->1</p>") {
		t.Error("the fixed use is not rendered")
	}
}

func TestMDXMistakeReachesTheBrowserAtItsLine(t *testing.T) {
	dir, url, ch := startDev(t)
	edit(t, dir, "docs/architecture/bakers.md", "Bakers get rights.", "Bakers get <b>rights.")
	ev := waitFor(t, ch, "error ")
	if !strings.Contains(ev, `"file":"site/docs/architecture/bakers.md","line":7`) || !strings.Contains(ev, `is not closed; add \u003c/b\u003e before the end of the paragraph`) {
		t.Errorf("error event %q", ev)
	}
	if strings.Contains(page(t, url+"/architecture/bakers"), "<b>rights.") {
		t.Error("the mangled page was served")
	}
}

// A Docusaurus repository keeps its docs beside the site folder (path: '../docs'): a save there
// rebuilds as one in the site folder does, a new folder of it included.
func TestEditInDocsOutsideTheSiteFolderRebuilds(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	dir := sitetest.Write(t, `
-- website/docusaurus.config.js --
module.exports = {
  title: 'Gadgets',
  url: 'https://gadgets.example.org',
  baseUrl: '/',
  presets: [['classic', {docs: {path: '../docs', sidebarPath: './sidebars.js'}}]],
};
-- website/sidebars.js --
module.exports = {docs: [{type: 'autogenerated', dirName: '.'}]};
-- docs/intro.md --
# Introduction

Gadgets are small.
`+sitetest.FakeWeb)
	ctx, cancel := context.WithCancel(context.Background())
	d, err := Start(ctx, Options{SiteDir: filepath.Join(dir, "website"), OutDir: filepath.Join(dir, "out"), WebDir: filepath.Join(dir, "web")})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-d.rebuilt; err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(d)
	t.Cleanup(func() {
		cancel()
		d.Close()
		srv.Close()
	})
	if !strings.Contains(page(t, srv.URL+"/docs/intro"), "Gadgets are small.") {
		t.Fatal("first build not served")
	}
	ch := events(t, srv.URL)
	if err := os.WriteFile(filepath.Join(dir, "docs", "intro.md"), []byte("# Introduction\n\nGadgets are tiny.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ch, "reload ")
	if !strings.Contains(page(t, srv.URL+"/docs/intro"), "Gadgets are tiny.") {
		t.Error("the edit in ../docs is not served")
	}
	if err := os.MkdirAll(filepath.Join(dir, "docs", "guides"), 0o755); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ch, "reload ") // the new folder is watched from here on
	if err := os.WriteFile(filepath.Join(dir, "docs", "guides", "setup.md"), []byte("# Setup\n\nPlug it in.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for !strings.Contains(page(t, srv.URL+"/docs/guides/setup"), "Plug it in.") {
		waitFor(t, ch, "reload ")
	}
}
