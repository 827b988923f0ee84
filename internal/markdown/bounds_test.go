package markdown

import (
	"fmt"
	"strings"
	"testing"
)

// Pages built to be expensive: every construct that nests, nested far past any real page, and a
// multi-line tag that never closes. Each must stop with one error at the opening tag that goes too
// far, instead of costing time and memory with the square of its size (performance itself is
// measured in bench/abuse, not here).
func TestPathologicalPagesAreErrorsAtTheOpeningTag(t *testing.T) {
	const n = 3000
	nestedList := func() string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(strings.Repeat("  ", i) + "- item\n")
		}
		return b.String()
	}
	tests := []struct {
		name, src string
		line, col int
		want      string
	}{
		{"admonitions", strings.Repeat(":::note\n\n", n) + "deep\n" + strings.Repeat(":::\n\n", n),
			2*48 + 1, 1, "admonition :::note is nested more than 48 blocks deep"},
		{"JSX admonitions", strings.Repeat("<Admonition type=\"tip\">\n\n", n) + "deep\n" + strings.Repeat("</Admonition>\n\n", n),
			2*48 + 1, 1, "<Admonition> is nested more than 48 blocks deep"},
		{"details", strings.Repeat("<details>\n<summary>More</summary>\n\n", n) + "deep\n" + strings.Repeat("</details>\n\n", n),
			3*48 + 1, 1, "<details> is nested more than 48 blocks deep"},
		{"tabs", strings.Repeat("<Tabs>\n<TabItem value=\"a\">\n\n", n) + "deep\n" + strings.Repeat("</TabItem>\n</Tabs>\n\n", n),
			3*24 + 1, 1, "<Tabs> is nested more than 48 blocks deep"},
		{"lists", nestedList(), 25, 2*24 + 1, "a list is nested more than 48 blocks deep"},
		{"quotes", strings.Repeat("> ", n) + "deep\n", 1, 2*48 + 1, "a quote is nested more than 48 blocks deep"},
		{"unclosed figure", "# Page\n\n<Figure src={\n" + strings.Repeat("more of the page\n", 20000) + "\n## Later\n",
			3, 1, "<Figure> tag is still not closed 100 lines"},
		{"huge unclosed tutorial card", "<TutorialCard title=\"" + strings.Repeat("x", 100<<10) + "\n\n## Later\n",
			1, 1, "<TutorialCard> tag is still not closed"},
	}
	c := New(Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := c.Convert([]byte(tt.src), testPage)
			if err != nil {
				t.Fatal(err)
			}
			if len(doc.Errors) != 1 {
				t.Fatalf("errors = %v, want one", doc.Errors)
			}
			e := doc.Errors[0]
			if got := fmt.Sprintf("%d:%d", e.Line, e.Col); got != fmt.Sprintf("%d:%d", tt.line, tt.col) || !strings.Contains(e.Message, tt.want) {
				t.Errorf("error = %s, want %d:%d: %s…", e, tt.line, tt.col, tt.want)
			}
		})
	}
}

func TestNestingWithinTheBoundIsFine(t *testing.T) {
	src := strings.Repeat(":::note\n\n", 20) + "deep\n" + strings.Repeat(":::\n\n", 20) +
		strings.Repeat("<details>\n<summary>More</summary>\n\n", 20) + "deep\n" + strings.Repeat("</details>\n\n", 20)
	doc, err := New(Options{}).Convert([]byte(src), testPage)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Errors) != 0 || len(doc.Warnings) != 0 {
		t.Fatalf("errors %v, warnings %v", doc.Errors, doc.Warnings)
	}
	if got := strings.Count(doc.HTML, "<details>"); got != 20 {
		t.Errorf("%d <details> rendered, want 20", got)
	}
}

func TestAnUnclosedTagLeavesTheRestOfThePageMarkdown(t *testing.T) {
	src := "<Figure src={\n" + strings.Repeat("text\n", 200) + "\n## Later\n\nA *word*.\n"
	doc, err := New(Options{}).Convert([]byte(src), testPage)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(doc.HTML, "<em>word</em>") || len(doc.Headings) != 1 {
		t.Errorf("the page after the tag was not read as Markdown: %s", doc.HTML[len(doc.HTML)-200:])
	}
}
