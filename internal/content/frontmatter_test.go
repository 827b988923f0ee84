package content

import (
	"fmt"
	"strings"
	"testing"
)

func TestOversizedFrontMatterIsAnError(t *testing.T) {
	manyKeys := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "key_%d: %d\n", i, i)
		}
		return b.String()
	}
	manyItems := "title: T\nkeywords:\n" + strings.Repeat("  - tez\n", 5000)
	tests := []struct {
		name, fm string
		line     int
		want     string
	}{
		{"megabytes of keys", manyKeys(200000), 2, "more than the 262144 allowed"},
		{"many keys", manyKeys(5000), 2, "more than 1000 keys"},
		{"a long list", manyItems, 4, "more than 1000 keys and list items"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseFrontMatter("site/docs/a.md", []byte(tt.fm))
			if err == nil {
				t.Fatal("no error")
			}
			d, ok := err.(*Diagnostic)
			if !ok || d.File != "site/docs/a.md" || d.Line != tt.line || !strings.Contains(d.Message, tt.want) {
				t.Errorf("err = %v, want line %d and %q", err, tt.line, tt.want)
			}
		})
	}
}

func TestFrontMatterWithinTheBoundsIsRead(t *testing.T) {
	fm := "title: Many keywords\nkeywords:\n" + strings.Repeat("  - tez\n", 900)
	got, err := parseFrontMatter("site/docs/a.md", []byte(fm))
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != "Many keywords" || len(got.Keywords) != 900 {
		t.Errorf("got %q with %d keywords", got.Title, len(got.Keywords))
	}
}
