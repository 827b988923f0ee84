// Package samples extracts the fenced code samples of the site's pages and checks that each one is
// valid in its language, with the real tools readers would use (michel-codec, tsc, bash, a Python
// parser, JSON and YAML parsers, the Archetype compiler).
package samples

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Sample is one fenced code block of a page.
type Sample struct {
	Page  string // path of the page, slash-separated, starting with the site folder's name: "site/docs/x.md"
	Line  int    // 1-based line of the opening fence
	Lang  string // the info string's first word, lowercased: "michelson", "ts", "" when none
	Meta  string // the rest of the info string: `title="deploy.ts" {3}`
	Title string // from title="…" in Meta, "" when none
	Code  string // the block's content with the fence's indentation removed, ending in "\n" unless empty
}

// Location formats the sample's position as "page:line".
func (s Sample) Location() string { return fmt.Sprintf("%s:%d", s.Page, s.Line) }

// HasFlag reports whether the meta string holds flag as a word of its own, such as "skip-check".
func (s Sample) HasFlag(flag string) bool {
	for _, w := range strings.Fields(s.Meta) {
		if w == flag {
			return true
		}
	}
	return false
}

// pageFolders are the folders of a site that hold pages.
var pageFolders = []string{"docs", "pages"}

// Extract reads every Markdown page (.md, .mdx) under siteDir/docs and siteDir/pages and returns their
// fenced code blocks in file then line order. A missing folder holds no samples; an unreadable file
// is an error.
func Extract(siteDir string) ([]Sample, error) {
	var out []Sample
	base := filepath.Base(filepath.Clean(siteDir))
	for _, folder := range pageFolders {
		root := filepath.Join(siteDir, folder)
		if _, err := os.Stat(root); os.IsNotExist(err) {
			continue
		}
		var pages []string
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".mdx")) {
				pages = append(pages, path)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("samples: list pages: %w", err)
		}
		sort.Strings(pages)
		for _, path := range pages {
			src, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("samples: %w", err)
			}
			rel, err := filepath.Rel(siteDir, path)
			if err != nil {
				return nil, fmt.Errorf("samples: %w", err)
			}
			out = append(out, ExtractPage(base+"/"+filepath.ToSlash(rel), string(src))...)
		}
	}
	return out, nil
}

var titleAttr = regexp.MustCompile(`(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))`)

// ExtractPage returns the fenced code blocks of one page's source, named page. Front matter is
// skipped. Fences may be indented (inside list items) or sit inside blockquotes, admonitions and JSX
// blocks; a fence written inside a longer fence (to show Markdown source) is code of the outer block,
// not a sample of its own.
func ExtractPage(page, src string) []Sample {
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1] // the final newline ends the last line; it starts none
	}
	start := skipFrontMatter(lines)
	var out []Sample
	var open *fence
	var body []string
	for i := start; i < len(lines); i++ {
		if open == nil {
			line, quote := stripQuote(lines[i], -1)
			f, ok := openingFence(line)
			if !ok {
				continue
			}
			f.line, f.quote = i+1, quote
			open, body = &f, nil
			continue
		}
		line, quote := stripQuote(lines[i], open.quote)
		if quote < open.quote && strings.TrimSpace(line) != "" {
			// The blockquote holding the block ended: so does the block.
			out = append(out, open.sample(page, body))
			open = nil
			i--
			continue
		}
		if open.closes(line) {
			out = append(out, open.sample(page, body))
			open = nil
			continue
		}
		body = append(body, dedent(line, open.indent))
	}
	if open != nil { // an unclosed fence runs to the end of the page, as in CommonMark
		out = append(out, open.sample(page, body))
	}
	return out
}

type fence struct {
	char   byte
	length int
	indent int
	info   string
	line   int
	quote  int
}

// openingFence recognises a line that opens a fenced code block: any indentation (list items indent
// their fences), three or more backticks or tildes, then the info string.
func openingFence(line string) (fence, bool) {
	indent := 0
	for indent < len(line) && line[indent] == ' ' {
		indent++
	}
	rest := line[indent:]
	if len(rest) < 3 || (rest[0] != '`' && rest[0] != '~') {
		return fence{}, false
	}
	c := rest[0]
	n := 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	if n < 3 {
		return fence{}, false
	}
	info := strings.TrimSpace(rest[n:])
	if c == '`' && strings.ContainsRune(info, '`') {
		return fence{}, false // inline code such as ```a``` , not a fence
	}
	return fence{char: c, length: n, indent: indent, info: info}, true
}

// closes reports whether line is a closing fence for f: the same character, at least as many, and
// nothing else on the line.
func (f *fence) closes(line string) bool {
	s := strings.TrimSpace(line)
	if len(s) < f.length {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != f.char {
			return false
		}
	}
	return true
}

func (f *fence) sample(page string, body []string) Sample {
	s := Sample{Page: page, Line: f.line}
	lang, meta, _ := strings.Cut(f.info, " ")
	if i := strings.IndexByte(lang, '{'); i >= 0 { // ```js{1,3}
		lang, meta = lang[:i], lang[i:]+" "+meta
	}
	if strings.Contains(lang, "=") { // meta without a language: ```title="x"
		lang, meta = "", f.info
	}
	s.Lang = strings.ToLower(lang)
	s.Meta = strings.TrimSpace(meta)
	if m := titleAttr.FindStringSubmatch(s.Meta); m != nil {
		s.Title = m[1] + m[2] + m[3]
	}
	if len(body) > 0 {
		s.Code = strings.Join(body, "\n") + "\n"
	}
	return s
}

// dedent removes up to n leading spaces, as CommonMark does for the content of an indented fence.
func dedent(line string, n int) string {
	i := 0
	for i < n && i < len(line) && line[i] == ' ' {
		i++
	}
	return line[i:]
}

// stripQuote removes up to max blockquote markers ("> "; max < 0 for any number) and returns the
// line and how many it removed.
func stripQuote(line string, max int) (string, int) {
	depth := 0
	for max < 0 || depth < max {
		t := strings.TrimLeft(line, " ")
		if len(line)-len(t) > 3 || !strings.HasPrefix(t, ">") {
			return line, depth
		}
		line = strings.TrimPrefix(t[1:], " ")
		depth++
	}
	return line, depth
}

// skipFrontMatter returns the index of the first line after a leading "---" front matter block.
func skipFrontMatter(lines []string) int {
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return 0
	}
	for i := 1; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) == "---" {
			return i + 1
		}
	}
	return 0
}
