package links

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"

	"tzdocs/internal/markdown/internal/goldentest"
)

// TestGolden renders the golden inputs; images named "sized*" get a 300×200 size first, as the
// markdown package does after resolving them.
func TestGolden(t *testing.T) {
	c := goldentest.New(extension.Linkify, Extension{})
	goldentest.Run(t, "testdata", func(t *testing.T, src []byte) map[string]string {
		doc, pc := c.Parse(src)
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if img, ok := n.(*ast.Image); ok && entering && bytes.HasPrefix(img.Destination, []byte("sized")) {
				img.SetAttributeString(AttrWidth, 300)
				img.SetAttributeString(AttrHeight, 200)
			}
			return ast.WalkContinue, nil
		})
		return c.Outputs(t, src, doc, pc)
	})
}

func TestIsExternal(t *testing.T) {
	for dest, want := range map[string]bool{
		"https://tezos.com": true, "HTTP://x.org/a": true, "/docs/x": false, "../a.md": false,
		"mailto:a@b.c": false, "#top": false, "httpx://no": false,
	} {
		if got := IsExternal([]byte(dest)); got != want {
			t.Errorf("IsExternal(%q) = %v, want %v", dest, got, want)
		}
	}
}
