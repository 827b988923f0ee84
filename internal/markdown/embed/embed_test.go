package embed

import (
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/renderer/html"

	"tzdocs/internal/markdown/internal/goldentest"
)

func TestGolden(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(Extension{}), goldmark.WithRendererOptions(html.WithUnsafe()))
	goldentest.RunMarkdown(t, "testdata", md)
}
