package markdown

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/yuin/goldmark/text"
	"golang.org/x/tools/txtar"

	"tzdocs/internal/markdown/ext"
)

// exportProblems converts the Markdown export of doc again and returns what is wrong with it: MDX
// left in it (statements, comments, components), a warning the page did not have, or headings
// that read differently.
func exportProblems(t *testing.T, c *Converter, doc *Document) []string {
	t.Helper()
	var problems []string
	fenced := false
	for _, line := range strings.Split(doc.Markdown, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if fenced {
			continue
		}
		if strings.HasPrefix(line, "import ") || strings.HasPrefix(line, "export ") || strings.Contains(line, "{/*") {
			problems = append(problems, "MDX left in the export: "+line)
		}
	}
	again, err := c.Convert([]byte(doc.Markdown), testPage)
	if err != nil {
		t.Fatal(err)
	}
	had := map[string]bool{}
	for _, w := range doc.Warnings {
		had[w.Message] = true
	}
	for _, w := range again.Warnings {
		if strings.Contains(w.Message, "component") || !had[w.Message] {
			problems = append(problems, "read again: warning "+w.String())
		}
	}
	type heading struct {
		Level int
		Text  string
	}
	var want, got []heading
	for _, h := range doc.Headings {
		want = append(want, heading{h.Level, h.Text})
	}
	for _, h := range again.Headings {
		got = append(got, heading{h.Level, h.Text})
	}
	if !reflect.DeepEqual(got, want) {
		problems = append(problems, "read again, the headings differ")
	}
	return problems
}

// The Markdown export of every golden page reads back with no MDX, no new warning and the same
// headings.
func TestMarkdownExportReadsBackCleanly(t *testing.T) {
	c := New(Options{})
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		partials := map[string][]byte{}
		var input []byte
		for _, f := range ar.Files {
			if f.Name == "input.md" {
				input = f.Data
			} else {
				partials[f.Name] = f.Data
			}
		}
		ctx := testPage
		ctx.ReadPartial = func(p string) ([]byte, string, error) {
			name := path.Clean(strings.TrimPrefix(p, "@site/docs/"))
			if b, ok := partials[name]; ok {
				return b, name, nil
			}
			return nil, "", fs.ErrNotExist
		}
		doc, err := c.Convert(input, ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range exportProblems(t, c, doc) {
			t.Errorf("%s: %s", file, p)
		}
		// Every node kind of the page has a Markdown export.
		w := ext.NewMarkdownWriter(c.decl, input)
		w.Blocks(c.md.Parser().Parse(text.NewReader(input)))
		for _, k := range w.Missing() {
			t.Errorf("%s: node kind %v has no Markdown export", file, k)
		}
	}
}

// So does every page of the site, the Tezos documentation.
func TestSiteMarkdownExportReadsBackCleanly(t *testing.T) {
	site := filepath.Join("..", "..", "site")
	c := New(Options{})
	pages := 0
	err := filepath.WalkDir(filepath.Join(site, "docs"), func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(file, ".md") || strings.HasSuffix(file, ".mdx")) {
			return err
		}
		src, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		doc, err := c.Convert(withoutFrontMatter(src), PageContext{ReadPartial: func(p string) ([]byte, string, error) {
			f := filepath.Join(filepath.Dir(file), filepath.FromSlash(p))
			if rest, ok := strings.CutPrefix(p, "@site/"); ok {
				f = filepath.Join(site, filepath.FromSlash(rest))
			}
			b, err := os.ReadFile(f)
			return withoutFrontMatter(b), f, err
		}})
		if err != nil {
			return err
		}
		pages++
		for _, p := range exportProblems(t, c, doc) {
			t.Errorf("%s: %s", file, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages < 100 {
		t.Errorf("only %d pages under %s", pages, site)
	}
}

// withoutFrontMatter blanks a leading front matter block, keeping line numbers.
func withoutFrontMatter(src []byte) []byte {
	if !bytes.HasPrefix(src, []byte("---\n")) {
		return src
	}
	end := bytes.Index(src[4:], []byte("\n---\n"))
	if end < 0 {
		return src
	}
	out := bytes.Clone(src)
	for i := range out[:4+end+4] {
		if out[i] != '\n' {
			out[i] = ' '
		}
	}
	return out
}
