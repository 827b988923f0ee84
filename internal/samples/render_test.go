package samples

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tzdocs/internal/markdown"
)

var highlightDirective = regexp.MustCompile(`^\s*(//|#|--|/\*|\{/\*|<!--|\(\*)\s*highlight-(next-line|start|end)\s*(\*/|\*/\}|-->|\*\))?\s*$`)

// TestExtractSeesTheCodeBlocksThePagesRender compares the samples of every page of the real site with
// the code blocks the site's Markdown converter renders, so that a fence the reader sees is never
// missed by the checker, nor text taken for code.
func TestExtractSeesTheCodeBlocksThePagesRender(t *testing.T) {
	site := filepath.Join(repoDir(t), "site")
	all, err := Extract(site)
	if err != nil {
		t.Fatal(err)
	}
	byPage := map[string][]Sample{}
	for _, s := range all {
		byPage[s.Page] = append(byPage[s.Page], s)
	}
	conv := markdown.New(markdown.Options{})
	pages := 0
	for _, folder := range pageFolders {
		_ = filepath.WalkDir(filepath.Join(site, folder), func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".mdx")) {
				return err
			}
			pages++
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(site, path)
			page := "site/" + filepath.ToSlash(rel)
			doc, err := conv.Convert(blankFrontMatter(src), markdown.PageContext{})
			if err != nil {
				t.Fatalf("%s: %v", page, err)
			}
			rendered := map[string]int{}
			for _, sec := range doc.Sections {
				for _, c := range sec.Code {
					rendered[c.Text]++
				}
			}
			for _, s := range byPage[page] {
				if s.Lang == "mermaid" {
					continue
				}
				code := withoutDirectives(s.Code)
				if rendered[code] == 0 {
					report(t, page)("%s: the page renders no code block like this sample:\n%s", s.Location(), code)
					continue
				}
				rendered[code]--
			}
			for c, n := range rendered {
				if n > 0 {
					report(t, page)("%s: renders a code block that is no fenced sample (the style guide wants every code block "+
						"fenced with a language, so that it can be checked):\n%s", page, c)
				}
			}
			return nil
		})
	}
	if pages == 0 {
		t.Fatal("no page found under " + site)
	}
}

func blankFrontMatter(src []byte) []byte {
	lines := strings.Split(string(src), "\n")
	if end := skipFrontMatter(lines); end > 0 {
		for i := 0; i < end; i++ {
			lines[i] = ""
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

func withoutDirectives(code string) string {
	var out []string
	for _, l := range strings.SplitAfter(code, "\n") {
		if !highlightDirective.MatchString(strings.TrimSuffix(l, "\n")) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "")
}
