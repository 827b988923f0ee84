package sitebuild

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"tzdocs/internal/config"
	"tzdocs/internal/content"
)

// BenchmarkBuildSite builds the real site/ from scratch, prerender included. It needs the web app
// built (make build); run it with: go test -run x -bench BuildSite ./internal/sitebuild
func BenchmarkBuildSite(b *testing.B) {
	web := filepath.Join("..", "..", "web", "dist")
	if _, err := os.Stat(filepath.Join(web, "server", "entry-server.js")); err != nil {
		b.Skip("web app not built; run make build first")
	}
	for b.Loop() {
		bl := New(Options{SiteDir: filepath.Join("..", "..", "site"), OutDir: filepath.Join(b.TempDir(), "dist"), WebDir: web})
		if _, err := bl.Build(context.Background()); err != nil {
			b.Fatal(err)
		}
		bl.Close()
	}
}

// BenchmarkConvertSite converts every page of the real site/ with a cold highlight cache, as a
// first build does, and reports the wall time per page (both cores in use).
func BenchmarkConvertSite(b *testing.B) {
	cfg, err := config.Load(filepath.Join("..", "..", "site"))
	if err != nil {
		b.Fatal(err)
	}
	site, err := content.Scan(cfg)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		bl := New(Options{SiteDir: filepath.Join("..", "..", "site")})
		if _, _, _, err := bl.convertAll(context.Background(), site); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(site.Docs))/1000, "ms/page")
}
