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

func TestFrontMatterOfTheWrongTypeNamesTheKey(t *testing.T) {
	tests := []struct {
		fm   string
		want string
	}{
		{"title: T\nsidebar_position: first\n", "site/docs/a.md:3:19: front matter: sidebar_position must be a number, not `first`; write a number, such as sidebar_position: 3"},
		{"title: T\nunlisted: maybe\n", "site/docs/a.md:3:11: front matter: unlisted must be true or false, not `maybe`; write unlisted: true or unlisted: false"},
		{"keywords: tez\n", "site/docs/a.md:2:11: front matter: keywords must be a list, not `tez`; write a list, such as keywords: [one, two]"},
		{"title: T\nlast_update:\n  date: [2025]\n", "site/docs/a.md:4:9: front matter: last_update.date must be text, not a list; quote the value: last_update.date: \"…\""},
	}
	for _, tt := range tests {
		_, err := parseFrontMatter("site/docs/a.md", []byte(tt.fm))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q:\n got %v\nwant %s", tt.fm, err, tt.want)
		}
	}
}
