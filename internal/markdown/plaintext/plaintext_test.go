package plaintext

import (
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
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

// texter is an inline node that knows its own plain text, as a formula does.
type texter struct{ ast.BaseInline }

var kindTexter = ast.NewNodeKind("Texter")

func (n *texter) Kind() ast.NodeKind             { return kindTexter }
func (n *texter) Dump(source []byte, level int)  { ast.DumpHelper(n, source, level, nil, nil) }
func (n *texter) PlainText(source []byte) []byte { return []byte("E = mc^2") }

func TestTextersGiveTheirOwnText(t *testing.T) {
	p := ast.NewParagraph()
	p.AppendChild(p, ast.NewString([]byte("Energy: ")))
	p.AppendChild(p, &texter{})
	if got := Inline(p, nil); got != "Energy: E = mc^2" {
		t.Errorf("Inline = %q", got)
	}
}
