package conref

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/yuin/goldmark"

	"tzdocs/internal/markdown/internal/goldentest"
)

// reader serves the golden file's sections: "@site/" paths and page-relative paths both name
// sections by their path below the page's folder.
func reader(files map[string][]byte) Reader {
	return func(p string) ([]byte, string, error) {
		name := path.Clean(strings.TrimPrefix(p, "@site/docs/"))
		src, ok := files[name]
		if !ok {
			return nil, "", fs.ErrNotExist
		}
		return src, "docs/" + name, nil
	}
}

func TestGolden(t *testing.T) {
	goldentest.RunFiles(t, "testdata", func(t *testing.T, src []byte, files map[string][]byte) map[string]string {
		exp := Expand(src, reader(files))
		var out bytes.Buffer
		if err := goldmark.Convert(exp.Source, &out); err != nil {
			t.Fatal(err)
		}
		var origins, problems strings.Builder
		for i, o := range exp.Lines {
			file := o.File
			if file == "" {
				file = "page"
			}
			fmt.Fprintf(&origins, "%d %s:%d +%d\n", i+1, file, o.Line, o.Indent)
		}
		for _, p := range exp.Problems {
			file := p.File
			if file == "" {
				file = "page"
			}
			fmt.Fprintf(&problems, "%s:%d: %s\n", file, p.Line, p.Message)
		}
		fmt.Fprintf(&problems, "partials: %s\n", strings.Join(exp.Partials, ", "))
		return map[string]string{"output.html": out.String(), "origins.txt": origins.String(), "problems.txt": problems.String()}
	})
}

func TestNothingIncludedKeepsSource(t *testing.T) {
	src := []byte("import Tabs from '@theme/Tabs';\n\n<Tabs />\n")
	exp := Expand(src, func(string) ([]byte, string, error) { t.Fatal("read called"); return nil, "", nil })
	if &exp.Source[0] != &src[0] || exp.Lines != nil {
		t.Errorf("source was copied or mapped: %+v", exp)
	}
}

func TestRebase(t *testing.T) {
	tests := []struct{ base, p, want string }{
		{"", "./x.md", "./x.md"},
		{"./conrefs/_a.md", "./network.md#ghost", "conrefs/network.md#ghost"},
		{"../shared/_a.md", "img/x.png", "../shared/img/x.png"},
		{"@site/docs/conrefs/_a.md", "../intro.md", "@site/docs/intro.md"},
		{"./conrefs/_a.md", "sub/", "conrefs/sub/"},
		{"./conrefs/_a.md", "#anchor", "#anchor"},
		{"./conrefs/_a.md", "/abs/path", "/abs/path"},
		{"./conrefs/_a.md", "https://tezos.com/x", "https://tezos.com/x"},
		{"./conrefs/_a.md", "mailto:a@b.c", "mailto:a@b.c"},
	}
	for _, tt := range tests {
		if got := Rebase(tt.base, tt.p); got != tt.want {
			t.Errorf("Rebase(%q, %q) = %q, want %q", tt.base, tt.p, got, tt.want)
		}
	}
}
