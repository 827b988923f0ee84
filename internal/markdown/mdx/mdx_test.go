package mdx

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"

	"tzdocs/internal/markdown/internal/goldentest"
)

func TestGolden(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(Extension{}), goldmark.WithRendererOptions(html.WithUnsafe()))
	goldentest.Run(t, "testdata", func(t *testing.T, src []byte) map[string]string {
		doc := md.Parser().Parse(text.NewReader(src))
		var out bytes.Buffer
		if err := md.Renderer().Render(&out, src, doc); err != nil {
			t.Fatal(err)
		}
		return map[string]string{"output.html": out.String()}
	})
}
