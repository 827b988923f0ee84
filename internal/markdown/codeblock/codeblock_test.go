package codeblock

import (
	"reflect"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/text"

	"tzdocs/internal/highlight"
	"tzdocs/internal/markdown/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.RunExtensions(t, "testdata", Extension{Highlighter: highlight.New()})
}

func TestParseMeta(t *testing.T) {
	tests := []struct {
		fence    string
		lang     string
		title    string
		numbers  int
		hl       []int
		wantCode string
	}{
		{"```ts title=\"src/app.ts\"", "ts", "src/app.ts", 0, nil, "a\nb\nc\n"},
		{"```js {1,3}", "js", "", 0, []int{1, 3}, "a\nb\nc\n"},
		{"```js{2-3} showLineNumbers", "js", "", 1, []int{2, 3}, "a\nb\nc\n"},
		{"```py showLineNumbers=10 title='x.py'", "py", "x.py", 10, nil, "a\nb\nc\n"},
		{"```", "", "", 0, nil, "a\nb\nc\n"},
		{"``` title=\"no-lang.txt\" showLineNumbers", "", "no-lang.txt", 1, nil, "a\nb\nc\n"},
		{"```bash {1,3-5}", "bash", "", 0, []int{1, 3}, "a\nb\nc\n"},
	}
	for _, tt := range tests {
		src := []byte(tt.fence + "\na\nb\nc\n```\n")
		doc := goldmark.New().Parser().Parse(text.NewReader(src))
		b := Parse(doc.FirstChild(), src)
		var hl []int
		for i := 1; i <= 3; i++ {
			if b.Highlighted[i] {
				hl = append(hl, i)
			}
		}
		if b.Lang != tt.lang || b.Title != tt.title || b.LineNumbers != tt.numbers || !reflect.DeepEqual(hl, tt.hl) || b.Code != tt.wantCode {
			t.Errorf("%s: got lang=%q title=%q numbers=%d hl=%v code=%q", tt.fence, b.Lang, b.Title, b.LineNumbers, hl, b.Code)
		}
	}
}

func TestDirectivesRemovedAndHighlighted(t *testing.T) {
	in := []string{
		"a",
		"// highlight-next-line",
		"b",
		"  # highlight-start",
		"c",
		"d",
		"<!-- highlight-end -->",
		"e // highlight-next-line is not alone",
	}
	out, hl := applyDirectives(in)
	want := []string{"a", "b", "c", "d", "e // highlight-next-line is not alone"}
	if !reflect.DeepEqual(out, want) {
		t.Errorf("lines = %q, want %q", out, want)
	}
	if !reflect.DeepEqual(hl, map[int]bool{2: true, 3: true, 4: true}) {
		t.Errorf("highlighted = %v", hl)
	}
}
