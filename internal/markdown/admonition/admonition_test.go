package admonition

import (
	"testing"

	"tzdocs/internal/markdown/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.RunExtensions(t, "testdata", Extension{})
}

// A site's own keywords (docs.admonitions.keywords) are accepted besides Docusaurus's, drawn as info.
func TestSiteKeywords(t *testing.T) {
	goldentest.RunExtensions(t, "testdata/sitekeywords", Extension{Keywords: []string{"release"}})
}
