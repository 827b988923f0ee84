package tabs

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/internal/goldentest"
)

func TestGolden(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(Extension{}), goldmark.WithRendererOptions(html.WithUnsafe()))
	goldentest.Run(t, "testdata", func(t *testing.T, src []byte) map[string]string {
		pc := parser.NewContext()
		doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
		var out bytes.Buffer
		if err := md.Renderer().Render(&out, src, doc); err != nil {
			t.Fatal(err)
		}
		var warnings strings.Builder
		for _, w := range diag.Warnings(pc) {
			fmt.Fprintf(&warnings, "line %d: %s\n", bytes.Count(src[:w.Offset], []byte("\n"))+1, w.Message)
		}
		return map[string]string{"output.html": out.String(), "warnings.txt": warnings.String()}
	})
}
