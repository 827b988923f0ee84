package config

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds site.yaml text to Parse: any input gives a configuration or an error, never a
// panic or a hang.
func FuzzParse(f *testing.F) {
	for _, p := range []string{"../../site/site.yaml", "../../e2e/fixture-site/site.yaml"} {
		if data, err := os.ReadFile(filepath.FromSlash(p)); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("title: T\nurl: https://example.org\nthemeConfig:\n  navbar:\n    items: [{type: docSidebar}]\n"))
	f.Add([]byte("a: &a [*a]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse("site.yaml", data)
		if err == nil && cfg == nil {
			t.Fatal("no configuration and no error")
		}
	})
}
