package main

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"

	"tzdocs/internal/output"
)

// question is one line of a question file: what a reader asks, where they asked it (in the
// files of real readers' questions), the pages an answer may cite (the first holds the key fact;
// none when the docs do not answer it yet) and the key fact the answer must state.
type question struct {
	line   int
	text   string
	source string
	pages  []string
	fact   *regexp.Regexp
}

// uncovered reports whether no page answers the question yet: it counts as a miss.
func (q question) uncovered() bool { return len(q.pages) == 0 }

// Limits on the files of real readers' questions.
const (
	maxPages     = 2    // pages a question may name
	maxFactShare = 0.03 // share of the site's sections a key fact may match
)

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

// readSourced parses a file of real readers' questions:
// question<TAB>source URL<TAB>pages (at most maxPages, or "-")<TAB>key fact. "#" lines and blank
// lines are skipped; a question may appear only once. name is the file's name, for errors.
func readSourced(name string, r io.Reader) ([]question, error) {
	var out []question
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 || strings.TrimSpace(f[0]) == "" || len(strings.Fields(f[2])) == 0 || f[3] == "" {
			return nil, fmt.Errorf("%s:%d: want question<TAB>source URL<TAB>pages or -<TAB>key-fact regexp, got %q", name, n, line)
		}
		if !strings.HasPrefix(f[1], "https://") {
			return nil, fmt.Errorf("%s:%d: the source %q is not an https URL: give the public page where the question was asked", name, n, f[1])
		}
		pages := strings.Fields(f[2])
		if len(pages) == 1 && pages[0] == "-" {
			pages = nil
		}
		if len(pages) > maxPages {
			return nil, fmt.Errorf("%s:%d: %d pages, at most %d: keep the pages that state the answer", name, n, len(pages), maxPages)
		}
		for _, p := range pages {
			if !strings.HasPrefix(p, "/") {
				return nil, fmt.Errorf("%s:%d: the page %q is not a route: write it as /section/page, or - when no page answers", name, n, p)
			}
		}
		re, err := regexp.Compile("(?i)" + f[3])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: the key fact is not a regular expression: %w", name, n, err)
		}
		key := strings.ToLower(strings.TrimSpace(f[0]))
		if first, ok := seen[key]; ok {
			return nil, fmt.Errorf("%s:%d: the question of line %d again", name, n, first)
		}
		seen[key] = n
		out = append(out, question{line: n, text: f[0], source: f[1], pages: pages, fact: re})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// checkLoose refuses key facts that prove nothing: one that the question itself matches, or one
// that more than maxFactShare of the site's sections match. sections holds each section's text.
func checkLoose(name string, qs []question, sections []string) error {
	var bad []string
	for _, q := range qs {
		fact := strings.TrimPrefix(q.fact.String(), "(?i)")
		if q.fact.MatchString(q.text) {
			bad = append(bad, fmt.Sprintf("%s:%d: the key fact %q matches the question itself: name a fact of the answer", name, q.line, fact))
			continue
		}
		n := 0
		for _, s := range sections {
			if q.fact.MatchString(s) {
				n++
			}
		}
		if len(sections) > 0 && float64(n) > maxFactShare*float64(len(sections)) {
			bad = append(bad, fmt.Sprintf("%s:%d: the key fact %q matches %d of the site's %d sections, more than %.0f%%: make it specific to the answer",
				name, q.line, fact, n, len(sections), 100*maxFactShare))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%d key facts need fixing:\n%s", len(bad), strings.Join(bad, "\n"))
	}
	return nil
}

// sectionTexts gathers the text of each section of a built site (its own heading, prose and
// code, by URL with its anchor; not the headings above it), in no particular order.
func sectionTexts(records []output.Record, code []output.CodeBlock) []string {
	parts := map[string][]string{}
	for _, r := range records {
		s := output.URLPath(r.URL)
		if r.Type == "content" {
			parts[s] = append(parts[s], r.Content)
			continue
		}
		var level int
		if _, err := fmt.Sscanf(r.Type, "lvl%d", &level); err == nil && level >= 0 && level < len(r.Hierarchy) {
			parts[s] = append(parts[s], r.Hierarchy[level])
		}
	}
	for _, b := range code {
		s := output.URLPath(b.URL)
		parts[s] = append(parts[s], b.Code)
	}
	out := make([]string, 0, len(parts))
	for _, ps := range parts {
		out = append(out, strings.Join(ps, "\n"))
	}
	return out
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
// recall figure never counts a fact the docs do not hold. Uncovered questions name no page.
func checkFacts(name string, qs []question, pages map[string]string) error {
	var bad []string
	for _, q := range qs {
		if q.uncovered() {
			continue
		}
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
