package plaintext

import (
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

func TestInline(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(extension.Footnote, extension.Strikethrough))
	tests := []struct{ in, want string }{
		{"Plain *em* **strong** ~~del~~", "Plain em strong del"},
		{"Use `octez-client` [here](/x)", "Use octez-client here"},
		{"Line one\nline two", "Line one line two"},
		{"Raw <b>html</b> dropped", "Raw html dropped"},
		{"Auto <https://a.example> link", "Auto https://a.example link"},
		{"Image ![alt text](a.png) kept", "Image alt text kept"},
		{"Note[^1]\n\n[^1]: x", "Note"},
		{"Escaped \\* star &amp; entity", "Escaped * star & entity"},
	}
	for _, tt := range tests {
		src := []byte(tt.in)
		doc := md.Parser().Parse(text.NewReader(src))
		if got := Inline(doc.FirstChild(), src); got != tt.want {
			t.Errorf("Inline(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	if got := Normalize("  a \n\t b  c "); got != "a b c" {
		t.Errorf("Normalize = %q", got)
	}
}
