package math

import (
	"testing"

	"github.com/yuin/goldmark"

	"tzdocs/internal/markdown/internal/goldentest"
)

func TestGolden(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(Extension{}))
	goldentest.RunMarkdown(t, "testdata", md)
}
