package assistant

import (
	"math"
	"strings"

	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// corpus is what the extractive engine derives from one site: its sections with their sentences
// and code blocks, ready to score, and how rare each word is.
type corpus struct {
	sections map[string]*section   // by URL: route#anchor
	pages    map[string][]*section // by route, in page order
	order    []*section            // every section, in site order
	postings map[string][]int      // stem → indices in order of the sections whose text or headings hold it
	df       map[string]int        // stem → number of content records holding it
	n        int
}

// pageKind tells reference and concept pages from tutorials and section overviews: a question is
// answered from a reference page first unless it names the tutorial.
type pageKind int

const (
	pageReference pageKind = iota
	pageTutorial
	pageOverview // a section's landing page, which mostly lists other pages
)

// section is one heading's worth of a page.
type section struct {
	url, route, title string
	kind              pageKind
	heading           []string // stems of the page title and the headings down to this one
	page              []string // stems of the page title
	series            []string // a tutorial's: stems of the title of its series (its first page)
	own               []string // stems of its own heading (the page title for the intro)
	last              []string // the words of its own heading, lower-case
	sentences         []sentence
	code              []codeBlock
}

// sentence is one sentence of a section's prose, with what scoring needs to know about it.
type sentence struct {
	text  string
	terms []string
	lower []string // its words, lower-case
	// counted holds the stems that follow a number within two words ("6,000 tez" → tez);
	// numbered says whether the sentence holds a number at all.
	counted  map[string]bool
	numbered bool
}

// codeBlock is a code block as written, with its stems for scoring.
type codeBlock struct {
	lang, code string
	terms      []string
	lines      int
}

func newCorpus(ix *search.Index, code []output.CodeBlock) *corpus {
	c := &corpus{sections: map[string]*section{}, pages: map[string][]*section{}, df: map[string]int{}, postings: map[string][]int{}}
	get := func(r *output.Record) *section {
		url := r.Path()
		if s := c.sections[url]; s != nil {
			return s
		}
		route, _, _ := strings.Cut(url, "#")
		s := &section{url: url, route: route, title: sectionTitle(r.Hierarchy), kind: kindOfPage(route)}
		var path []string
		for _, h := range r.Hierarchy[1:] {
			path = append(path, h)
		}
		s.heading = terms(strings.Join(path, " "))
		own := r.Hierarchy[1]
		for _, h := range r.Hierarchy[2:] {
			if h != "" {
				own = h
			}
		}
		s.page, s.own, s.last = terms(r.Hierarchy[1]), terms(own), words(own)
		c.sections[url] = s
		c.pages[route] = append(c.pages[route], s)
		c.order = append(c.order, s)
		return s
	}
	stem := stemCache{}.stem
	// The words of the site's sentences, each held once: a sentence keeps its words lower-case,
	// and most are words of many sentences.
	shared := map[string]string{}
	var lists stringLists
	records := ix.Records()
	seen := map[string]bool{}
	for i := range records {
		r := &records[i]
		s := get(r)
		if r.Type != "content" {
			continue
		}
		c.n++
		clear(seen)
		count := func(ts []string) {
			for _, t := range ts {
				if !seen[t] {
					seen[t] = true
					c.df[t]++
				}
			}
		}
		if r.Code {
			count(termsWith(r.Content, stem))
			continue
		}
		for _, text := range sentences(r.Content) {
			st := newSentence(text, stem)
			for k, w := range st.lower {
				if v, ok := shared[w]; ok {
					st.lower[k] = v
				} else {
					shared[w] = w
				}
			}
			st.lower, st.terms = lists.clip(st.lower), lists.clip(st.terms)
			count(st.terms)
			s.sentences = append(s.sentences, st)
		}
	}
	for _, b := range code {
		if s := c.sections[output.URLPath(b.URL)]; s != nil {
			s.code = append(s.code, codeBlock{lang: b.Lang, code: b.Code, terms: termsWith(b.Code, stem), lines: strings.Count(b.Code, "\n") + 1})
		}
	}
	for _, s := range c.order {
		if s.kind != pageTutorial {
			continue
		}
		root := "/tutorials/" + strings.SplitN(strings.TrimPrefix(s.route, "/tutorials/"), "/", 2)[0]
		if first := c.pages[root]; len(first) > 0 {
			s.series = first[0].page
		}
	}
	for i, s := range c.order {
		seen := map[string]bool{}
		post := func(ts []string) {
			for _, t := range ts {
				if !seen[t] {
					seen[t] = true
					c.postings[t] = append(c.postings[t], i)
				}
			}
		}
		post(s.heading)
		for _, st := range s.sentences {
			post(st.terms)
		}
		for _, b := range s.code {
			post(b.terms)
		}
	}
	return c
}

func newSentence(text string, stem func(string) string) sentence {
	s := sentence{text: text, terms: termsWith(text, stem)}
	ws := words(text)
	s.lower = ws
	for i, w := range ws {
		if !isNumber(w) {
			continue
		}
		// "one" is as often a pronoun as a number: it counts only with the unit that follows it.
		s.numbered = s.numbered || w != "one"
		for _, n := range ws[i+1 : min(len(ws), i+3)] {
			if !isNumber(n) {
				if s.counted == nil {
					s.counted = map[string]bool{}
				}
				s.counted[stem(n)] = true
			}
		}
	}
	return s
}

// numberWords are numbers written out, as the docs do for small ones ("about four days").
var numberWords = setOf("one two three four five six seven eight nine ten eleven twelve twice half dozen hundred thousand million")

// isNumber reports whether a word is a number: digits ("6", "000" of "6,000", "0.5") or a number
// word.
func isNumber(w string) bool {
	return w != "" && w[0] >= '0' && w[0] <= '9' && !strings.ContainsAny(w, "abcdefghijklmnopqrstuvwxyz") || numberWords[w]
}

// kindOfPage classes a route: tutorials live under /tutorials/, overviews are the one-segment
// landing pages of the site's sections.
func kindOfPage(route string) pageKind {
	switch {
	case strings.HasPrefix(route, "/tutorials/"):
		return pageTutorial
	case route == "/" || strings.Count(strings.Trim(route, "/"), "/") == 0:
		return pageOverview
	}
	return pageReference
}

// idf weighs a stem by its rarity: words on every page say little about a passage.
func (c *corpus) idf(t string) float64 {
	return math.Log(1 + float64(c.n+1)/float64(c.df[t]+1))
}

// stringLists holds many short lists of strings end to end in large arrays, each list exactly as
// long as it is: appending word by word leaves a list up to twice the room it needs.
type stringLists struct{ free []string }

// listChunk is how many strings one array of stringLists holds.
const listChunk = 32 << 10

// clip returns a copy of list in the arrays, with no room past its end.
func (l *stringLists) clip(list []string) []string {
	if len(list) == 0 {
		return nil
	}
	if len(list) > listChunk/8 {
		return append([]string(nil), list...)
	}
	if cap(l.free)-len(l.free) < len(list) {
		l.free = make([]string, 0, listChunk)
	}
	start := len(l.free)
	l.free = append(l.free, list...)
	return l.free[start:len(l.free):len(l.free)]
}
