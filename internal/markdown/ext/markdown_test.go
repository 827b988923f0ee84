package ext_test

import (
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"

	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/internal/goldentest"
)

// The export of CommonMark and GFM reads back as the same page: its HTML is the HTML of the input.
func TestMarkdownReadsBackAsTheSamePage(t *testing.T) {
	c := goldentest.New(extension.Table, extension.Strikethrough, extension.TaskList, extension.Footnote)
	goldentest.Run(t, "testdata", func(t *testing.T, src []byte) map[string]string {
		doc, pc := c.Parse(src)
		out := c.Outputs(t, src, doc, pc)
		again := []byte(out["output.md"])
		doc2, pc2 := c.Parse(again)
		if html := c.Outputs(t, again, doc2, pc2)["output.html"]; html != out["output.html"] {
			t.Errorf("the export reads back differently:\n%s\nwant\n%s", html, out["output.html"])
		}
		return out
	})
}

func TestEscape(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text, 100% & more", "plain text, 100% & more"},
		{"a *b* _c_ [d] `e` <F> {g} |h| ~i~ \\j", `a \*b\* \_c\_ \[d\] \` + "`" + `e\` + "`" + ` \<F\> \{g\} \|h\| \~i\~ \\j`},
		{"&amp; stays text", `\&amp; stays text`},
		{"# not a heading\n- not a list\n1. not ordered\n+ x", "\\# not a heading\n\\- not a list\n1\\. not ordered\n\\+ x"},
		{"2024 was a year", "2024 was a year"},
		{"C# and a-b", "C# and a-b"},
	}
	for _, tt := range tests {
		if got := ext.Escape(tt.in); got != tt.want {
			t.Errorf("Escape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDestination(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/docs/a#b", "/docs/a#b"},
		{"", "<>"},
		{"/img/my file.png", "/img/my%20file.png"},
		{"/a_(b)", "/a_(b)"},
		{"/a)", "/a%29"},
		{`/a\b<c>`, "/a%5Cb%3Cc%3E"},
	}
	for _, tt := range tests {
		if got := ext.Destination(tt.in); got != tt.want {
			t.Errorf("Destination(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestEscapeTags(t *testing.T) {
	if got := ext.EscapeTags(`<Foo /> and </Bar> but <b>, \<Baz> and a < B`); got != `\<Foo /> and \</Bar> but <b>, \<Baz> and a < B` {
		t.Errorf("EscapeTags = %q", got)
	}
}

// Two extensions declaring the same thing for one node kind is a wiring mistake, caught when the
// converter is built.
func TestDeclaringTwiceIsCaught(t *testing.T) {
	var d ext.Declarations
	write := func(*ext.MarkdownWriter, ast.Node) {}
	d.Markdown(ast.KindParagraph, write)
	d.Text(ast.KindParagraph, ext.InlineText) // another handler of the same kind is fine
	if h := d.For(ast.KindParagraph); h.Markdown == nil || h.Text == nil || h.Collect != nil {
		t.Errorf("handlers of Paragraph = %+v", h)
	}
	if h := d.For(ast.NewNodeKind("Undeclared")); h.Markdown != nil || h.Invisible {
		t.Errorf("an undeclared kind has handlers %+v", h)
	}
	defer func() {
		if recover() == nil {
			t.Error("declaring the Markdown of Paragraph twice did not panic")
		}
	}()
	d.Markdown(ast.KindParagraph, write)
}
