package prerender

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeBundle(t *testing.T, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "entry-server.js")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRenderPagesWithSiteData(t *testing.T) {
	bundle := writeBundle(t, `export function render({ site, page }) {
  if (page.title === "boom") throw new Error("render failed on purpose");
  return "<h1>" + page.title + " · " + site.title + "</h1>";
}`)
	r, err := Start(context.Background(), bundle)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.SetSite(map[string]string{"title": "Docs"}); err != nil {
		t.Fatal(err)
	}
	titles := []string{"One", "Two <b>", "Ünïcödé\nline", "Four"}
	var pages [][]byte
	for _, title := range titles {
		page, _ := json.Marshal(map[string]string{"title": title})
		pages = append(pages, page)
	}
	var got []string
	if err := r.RenderAll(pages, func(i int, html string) error {
		if i != len(got) {
			t.Errorf("page %d answered after %d pages", i, len(got))
		}
		got = append(got, html)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for i, title := range titles {
		if want := "<h1>" + title + " · Docs</h1>"; i >= len(got) || got[i] != want {
			t.Errorf("page %d: got %q, want %q", i, got, want)
		}
	}
	// A second batch on the same worker continues the page numbering.
	if err := r.RenderAll(pages[:1], func(int, string) error { return nil }); err != nil {
		t.Fatal(err)
	}
}

func TestRenderAllNamesThePageThatFailed(t *testing.T) {
	bundle := writeBundle(t, `export function render({ page }) {
  if (page.title === "boom") throw new Error("render failed on purpose");
  return "<h1>" + page.title + "</h1>";
}`)
	r, err := Start(context.Background(), bundle)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var pages [][]byte
	for _, title := range []string{"a", "b", "boom", "d"} {
		page, _ := json.Marshal(map[string]string{"title": title})
		pages = append(pages, page)
	}
	rendered := 0
	err = r.RenderAll(pages, func(int, string) error { rendered++; return nil })
	var pe *PageError
	if !errors.As(err, &pe) || pe.Index != 2 || !strings.Contains(err.Error(), "render failed on purpose") {
		t.Errorf("err = %v, want the error of page 2", err)
	}
	if rendered != 2 {
		t.Errorf("%d pages handed over before the failure, want 2", rendered)
	}
	stop := errors.New("the caller stopped")
	if err := r.RenderAll(pages[:1], func(int, string) error { return stop }); err == nil {
		t.Error("no error after the worker was stopped")
	}
}

func TestStartReportsBadBundles(t *testing.T) {
	if _, err := Start(context.Background(), filepath.Join(t.TempDir(), "missing.js")); err == nil || !strings.Contains(err.Error(), "build the web app first") {
		t.Errorf("missing bundle: %v", err)
	}
	noRender := writeBundle(t, `export const x = 1;`)
	if _, err := Start(context.Background(), noRender); err == nil || !strings.Contains(err.Error(), "does not export a render function") {
		t.Errorf("bundle without render: %v", err)
	}
	syntax := writeBundle(t, `export function render( {`)
	if _, err := Start(context.Background(), syntax); err == nil || !strings.Contains(err.Error(), "loading the SSR bundle") {
		t.Errorf("bundle with a syntax error: %v", err)
	}
}

func TestStartWithoutNodeSaysWhatToInstall(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, err := Start(context.Background(), "x.js"); err != ErrNoNode {
		t.Errorf("err = %v", err)
	}
}

// A worker for one build is told so (it leaves out V8's optimising compiler); `tzdocs dev`'s is
// not. Both render the same pages.
func TestAOneShotWorkerRendersAsALongLivedOne(t *testing.T) {
	bundle := writeBundle(t, `export function render({ page }) {
  return page.title + " " + process.argv.includes("--one-shot");
}`)
	for _, tt := range []struct {
		start func(context.Context, string) (*Renderer, error)
		want  string
	}{{Start, "Bakers false"}, {StartOneShot, "Bakers true"}} {
		r, err := tt.start(context.Background(), bundle)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.SetSite(map[string]string{}); err != nil {
			t.Fatal(err)
		}
		page, _ := json.Marshal(map[string]string{"title": "Bakers"})
		var got string
		if err := r.RenderAll([][]byte{page}, func(_ int, html string) error { got = html; return nil }); err != nil {
			t.Fatal(err)
		}
		_ = r.Close()
		if got != tt.want {
			t.Errorf("rendered %q, want %q", got, tt.want)
		}
	}
}
