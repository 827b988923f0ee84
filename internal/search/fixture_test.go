package search

import (
	_ "embed"
	"testing"

	"tzdocs/internal/sitebuild/buildtest"
)

// testSite is the engine's test site (testdata/site.txtar): pages about bakers, Michelson, the
// Octez client and staking, and an unlisted page.
//
//go:embed testdata/site.txtar
var testSite string

// testIndex indexes the records the build makes of testSite.
func testIndex(tb testing.TB) *Index { return NewIndex(buildtest.Records(tb, testSite)) }
