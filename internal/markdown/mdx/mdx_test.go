package mdx

import (
	"testing"

	"tzdocs/internal/markdown/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.RunExtensions(t, "testdata", Extension{})
}
