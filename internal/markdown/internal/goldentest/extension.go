package goldentest

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"tzdocs/internal/markdown/diag"
)

// RunMarkdown checks every dir/*.txtar against md: the rendered HTML goes to "output.html" and
// the warnings the extensions recorded, one "line N: message" per line, to "warnings.txt".
func RunMarkdown(t *testing.T, dir string, md goldmark.Markdown) {
	t.Helper()
	Run(t, dir, func(t *testing.T, src []byte) map[string]string {
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
