package jsx

import (
	"strings"
	"testing"

	"tzdocs/internal/markdown/internal/goldentest"
	"tzdocs/internal/markdown/mdx"
)

func TestGolden(t *testing.T) {
	goldentest.RunExtensions(t, "testdata", mdx.Extension{}, Extension{Components: []string{"Tabs", "TabItem", "Figure"}})
}

// The known components are the ones the converter is built with, not a list of this package's.
func TestKnownComponentsAreTheGivenOnes(t *testing.T) {
	c := goldentest.New(mdx.Extension{}, Extension{Components: []string{"Widget"}})
	src := []byte("<Widget />\n\n<Tabs>\n")
	doc, pc := c.Parse(src)
	out := c.Outputs(t, src, doc, pc)
	if !strings.Contains(out["output.html"], "<Widget />") || !strings.Contains(out["output.html"], "<p>&lt;Tabs&gt;</p>") {
		t.Errorf("HTML:\n%s", out["output.html"])
	}
	if w := out["warnings.txt"]; strings.Count(w, "\n") != 1 || !strings.Contains(w, "unknown JSX component <Tabs>, shown as text; use one of Widget,") {
		t.Errorf("warnings:\n%s", w)
	}
}
