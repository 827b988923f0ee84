package main

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"

	"tzdocs/internal/output"
)

// question is one line of questions.tsv: what a reader asks, the pages an answer may cite (the
// first holds the key fact) and the key fact the answer must state.
type question struct {
	line  int
	text  string
	pages []string
	fact  *regexp.Regexp
}

// readQuestions parses question<TAB>pages<TAB>fact lines; "#" lines and blank lines are skipped.
// name is the file's name, for errors.
func readQuestions(name string, r io.Reader) ([]question, error) {
	var out []question
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || strings.TrimSpace(f[0]) == "" || len(strings.Fields(f[1])) == 0 || f[2] == "" {
			return nil, fmt.Errorf("%s:%d: want question<TAB>pages<TAB>key-fact regexp, got %q", name, n, line)
		}
		re, err := regexp.Compile("(?i)" + f[2])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: the key fact is not a regular expression: %w", name, n, err)
		}
		out = append(out, question{line: n, text: f[0], pages: strings.Fields(f[1]), fact: re})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// pageTexts gathers what each page of a built site says: its titles, headings, prose and code, by
// route.
func pageTexts(records []output.Record, code []output.CodeBlock) map[string]string {
	parts := map[string][]string{}
	for _, r := range records {
		p := route(r.URLWithoutAnchor)
		if r.Type == "content" {
			parts[p] = append(parts[p], r.Content)
			continue
		}
		for _, h := range r.Hierarchy {
			if h != "" {
				parts[p] = append(parts[p], h)
			}
		}
	}
	for _, b := range code {
		p := route(output.URLPath(b.URL))
		parts[p] = append(parts[p], b.Code)
	}
	out := make(map[string]string, len(parts))
	for p, ps := range parts {
		out[p] = strings.Join(ps, "\n")
	}
	return out
}

// route is a URL's path without anchor and final slash.
func route(u string) string {
	p := output.URLPath(u)
	if i := strings.IndexByte(p, '#'); i >= 0 {
		p = p[:i]
	}
	if p != "/" {
		p = strings.TrimSuffix(p, "/")
	}
	return p
}

// checkFacts makes sure each question's key fact is stated by the first page it names, so a
// recall figure never counts a fact the docs do not hold.
func checkFacts(name string, qs []question, pages map[string]string) error {
	var bad []string
	for _, q := range qs {
		text, ok := pages[route(q.pages[0])]
		switch {
		case !ok:
			bad = append(bad, fmt.Sprintf("%s:%d: no page %s in the built site", name, q.line, q.pages[0]))
		case !q.fact.MatchString(text):
			bad = append(bad, fmt.Sprintf("%s:%d: %s does not state the key fact %q", name, q.line, q.pages[0], strings.TrimPrefix(q.fact.String(), "(?i)")))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%d questions need fixing:\n%s", len(bad), strings.Join(bad, "\n"))
	}
	return nil
}
