// Package buildtest gives other packages' tests the search records that the build makes from a
// small txtar site (see internal/sitetest), so they test against what a build ships without
// needing one. The build's own tests do not import it, which keeps it free of import cycles.
package buildtest

import (
	"path/filepath"
	"testing"

	"tzdocs/internal/build"
	"tzdocs/internal/dist"
	"tzdocs/internal/sitetest"
)

// Records writes archive, a txtar site whose files sit under site/, to a temporary folder and
// returns the search records a build of it would write. It needs no Node: nothing is prerendered.
func Records(tb testing.TB, archive string) []dist.Record {
	tb.Helper()
	dir := filepath.Join(sitetest.Write(tb, archive), "site")
	recs, err := build.Records(dir)
	if err != nil {
		tb.Fatalf("building the search records of the test site: %v", err)
	}
	if len(recs) == 0 {
		tb.Fatalf("the test site gave no search records; does the archive put its files under site/?")
	}
	return recs
}
