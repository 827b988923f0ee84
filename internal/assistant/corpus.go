package assistant

import (
	"math"
	"strings"

	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// corpus is what the engines derive from one site's answer corpus: its sections with their
// sentences and code blocks, ready to score, how rare each word is, and the associations its text
// shows between words (see associations.go).
type corpus struct {
	sections map[string]*section   // by URL: route#anchor
	pages    map[string][]*section // by route, in page order
	order    []*section            // every section, in site order
	postings map[string][]int      // stem → indices in order of the sections whose text or headings hold it
	df       map[string]int        // stem → number of sections holding it
	n        int
	// lengths are the sections' numbers of stems, in order, and avgLength their mean (BM25).
	lengths   []int
	avgLength float64
	// related maps a stem to groups of stems the site uses for the same thing (an acronym and
	// the words it stands for), mined from the corpus.
	related map[string][][]string
	// named maps an identifier a heading names ("counter_in_the_past") to its section: the page
	// that explains an error or a constant.
	named map[string]*section
	// messages are the messages errors print, as the site quotes them, with the section named
	// after each error.
	messages []errorMessage
	// index is the site's keyword ranking over the corpus's sections (see sectionRecords).
	index *search.Index
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
	audience          []string // stems of whom its own heading addresses ("For bakers: …"), if any
	sentences         []sentence
	code              []codeBlock
	// blocks are the section's blocks as the corpus holds them: answers quote them whole.
	blocks []output.AnswerBlock
	// path is the page title and the headings down to this section's.
	path []string
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
	block    int // the index of the section's block that holds it
}

// codeBlock is a code block as written, with its stems for scoring.
type codeBlock struct {
	lang, code string
	terms      []string
	lines      int
	block      *output.AnswerBlock // the block itself, which answers quote
	top        int                 // the index of the section's block that holds it
}

func newCorpus(secs []output.AnswerSection) *corpus {
	c := &corpus{sections: map[string]*section{}, pages: map[string][]*section{}, df: map[string]int{}, postings: map[string][]int{}}
	stem := stemCache{}.stem
	// The words of the site's sentences, each held once: a sentence keeps its words lower-case,
	// and most are words of many sentences.
	shared := map[string]string{}
	var lists stringLists
	seen := map[string]bool{}
	keywords := map[string]string{}
	for i := range secs {
		as := &secs[i]
		url := as.URLPath()
		s := &section{url: url, route: as.Route, title: strings.Join(as.Path[:min(1, len(as.Path))], ""), kind: kindOfPage(as.Route),
			blocks: as.Blocks, path: as.Path}
		if len(as.Path) > 1 {
			s.title += " › " + as.Path[len(as.Path)-1]
		}
		page := ""
		if len(as.Path) > 0 {
			page = as.Path[0]
		}
		own := page
		if len(as.Path) > 1 {
			own = as.Path[len(as.Path)-1]
		}
		heading := strings.Join(as.Path, " ")
		if len(as.Keywords) > 0 {
			keywords[as.Route] = strings.Join(as.Keywords, " ")
		}
		// A page's keywords name what every section of it is about, as its title does.
		if k := keywords[as.Route]; k != "" {
			heading += " " + k
		}
		s.heading = terms(heading)
		s.page, s.own, s.last = terms(page), terms(own), words(own)
		s.audience = audience(own)
		c.sections[url] = s
		c.pages[as.Route] = append(c.pages[as.Route], s)
		c.order = append(c.order, s)
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
		for bi := range as.Blocks {
			b := &as.Blocks[bi]
			blockProse(b, func(text string) {
				for _, text := range sentences(text) {
					st := newSentence(text, stem)
					st.block = bi
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
			})
			codeBlocks(b, func(cb *output.AnswerBlock) {
				ts := termsWith(cb.Code, stem)
				count(ts)
				s.code = append(s.code, codeBlock{lang: cb.Lang, code: cb.Code, terms: ts, lines: strings.Count(cb.Code, "\n") + 1, block: cb, top: bi})
			})
		}
		count(s.heading)
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
	total := 0
	for _, s := range c.order {
		c.lengths = append(c.lengths, s.length())
		total += c.lengths[len(c.lengths)-1]
	}
	c.avgLength = max(1, float64(total)/float64(max(1, len(c.order))))
	c.mineAssociations()
	c.index = search.NewIndex(sectionRecords(secs))
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

// maxAudienceWords is the longest audience a heading names before its colon ("For bakers:",
// "For smart contract developers:").
const maxAudienceWords = 4

// audience is the stems of whom a heading addresses when it opens with "For" and names them before
// a colon ("For bakers: accepting stake from others"), or is only that ("For bakers"); nil for
// any other heading. Such a section narrows its page's subject to those readers.
func audience(heading string) []string {
	rest, ok := strings.CutPrefix(heading, "For ")
	if !ok {
		return nil
	}
	if who, _, found := strings.Cut(rest, ":"); found {
		rest = who
	}
	if n := len(strings.Fields(rest)); n == 0 || n > maxAudienceWords {
		return nil
	}
	return terms(rest)
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
