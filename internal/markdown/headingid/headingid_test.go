package headingid

import (
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"

	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/internal/goldentest"
)

func TestGolden(t *testing.T) {
	c := goldentest.New(Extension{})
	goldentest.Run(t, "testdata", func(t *testing.T, src []byte) map[string]string {
		doc, pc := c.Parse(src)
		out := c.Outputs(t, src, doc, pc)
		var toc strings.Builder
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if h, ok := n.(*ast.Heading); ok && entering {
				fmt.Fprintf(&toc, "%d %s %s\n", h.Level, ext.HeadingAttr(h, ext.HeadingID), ext.HeadingAttr(h, ext.HeadingText))
			}
			return ast.WalkContinue, nil
		})
		out["toc.txt"] = toc.String()
		return out
	})
}

func TestSlugger(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want []string
	}{
		{"punctuation removed", []string{"Hello World!"}, []string{"hello-world"}},
		{"each space becomes a dash", []string{"C++ & Rust"}, []string{"c--rust"}},
		{"dash and underscore kept", []string{"snake_case and kebab-case"}, []string{"snake_case-and-kebab-case"}},
		{"unicode letters kept", []string{"Ünïcödé"}, []string{"ünïcödé"}},
		{"emoji removed", []string{"🚀 Launch"}, []string{"-launch"}},
		{"cjk kept", []string{"日本語 テスト"}, []string{"日本語-テスト"}},
		{"digits kept", []string{"Step 2: Deploy"}, []string{"step-2-deploy"}},
		{"dots and slashes removed", []string{"v1.2/beta"}, []string{"v12beta"}},
		{"duplicates numbered", []string{"Intro", "Intro", "Intro"}, []string{"intro", "intro-1", "intro-2"}},
		{"generated slug colliding with an earlier one", []string{"a", "a-1", "a"}, []string{"a", "a-1", "a-2"}},
		{"case differences collide", []string{"API", "api"}, []string{"api", "api-1"}},
		{"empty", []string{"!!!", "???"}, []string{"", "-1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewSlugger()
			for i, in := range tt.in {
				if got := s.Slug(in); got != tt.want[i] {
					t.Errorf("Slug(%q) = %q, want %q", in, got, tt.want[i])
				}
			}
		})
	}
}
