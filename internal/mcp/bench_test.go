package mcp

import (
	"context"
	"testing"

	"tzdocs/internal/sitebuild/buildtest"
)

// BenchmarkSearchDocs measures search_docs's own work (the search, the snippets and the text of
// the result) on the real docs that make build wrote; bench/mcp measures whole calls.
func BenchmarkSearchDocs(b *testing.B) {
	d, err := FromDist(buildtest.BuiltSite(b))
	if err != nil {
		b.Fatal(err)
	}
	srv := New(Options{Docs: func() *Docs { return d }})
	ctx := context.Background()
	for b.Loop() {
		if _, out, err := srv.searchDocs(ctx, nil, SearchInput{Query: "smart rollup kernel"}); err != nil || len(out.Hits) == 0 {
			b.Fatalf("no hits: %v", err)
		}
	}
}
