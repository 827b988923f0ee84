package prerender

import (
	"context"
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
	for _, title := range []string{"One", "Two <b>", "Ünïcödé\nline"} {
		html, err := r.Render(map[string]string{"title": title})
		if err != nil {
			t.Fatal(err)
		}
		if html != "<h1>"+title+" · Docs</h1>" {
			t.Errorf("got %q", html)
		}
	}
	if _, err := r.Render(map[string]string{"title": "boom"}); err == nil || !strings.Contains(err.Error(), "render failed on purpose") {
		t.Errorf("render error not reported: %v", err)
	}
	if html, err := r.Render(map[string]string{"title": "After"}); err != nil || !strings.Contains(html, "After") {
		t.Errorf("worker unusable after a page error: %q %v", html, err)
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
