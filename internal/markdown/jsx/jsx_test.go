package jsx

import (
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/renderer/html"

	"tzdocs/internal/markdown/internal/goldentest"
	"tzdocs/internal/markdown/mdx"
)

func TestGolden(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(mdx.Extension{}, Extension{}), goldmark.WithRendererOptions(html.WithUnsafe()))
	goldentest.RunMarkdown(t, "testdata", md)
}
