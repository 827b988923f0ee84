package main

import (
	"fmt"
	"strings"

	"tzdocs/internal/assistant"
	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// retrieval measures, apart from how answers are written, whether the built-in engine finds a
// question's page, and the site's keyword search on the same question as the reader typed it:
// over the covered questions of a set, how often one of the question's pages ranks first and
// how often one is in the first three pages.
type retrieval struct {
	asked              int
	engine1, engine3   int
	keyword1, keyword3 int
}

// retrievers are the two rankings compared: the engine's over the answer corpus, the keyword
// search's over the search records.
type retrievers struct {
	corpus *assistant.Corpus
	index  *search.Index
}

func newRetrievers(answers []output.AnswerSection, records []output.Record) retrievers {
	c := assistant.NewCorpus(answers)
	c.Prepare()
	return retrievers{corpus: c, index: search.NewIndex(records)}
}

func (r retrievers) measure(qs []question) retrieval {
	var m retrieval
	for _, q := range qs {
		if q.uncovered() {
			continue
		}
		m.asked++
		e := rankOf(r.corpus.Retrieve(q.text), q.pages)
		k := rankOf(r.keywordPages(q.text), q.pages)
		m.engine1 += b2i(e == 0)
		m.engine3 += b2i(e >= 0 && e < 3)
		m.keyword1 += b2i(k == 0)
		m.keyword3 += b2i(k >= 0 && k < 3)
	}
	return m
}

// keywordPages are the pages of the keyword search's hits for a query, in order, each once.
func (r retrievers) keywordPages(query string) []string {
	res := r.index.Search(search.Query{Text: query, HitsPerPage: 50, AttributesToHighlight: []string{}, AttributesToSnippet: []string{}})
	var out []string
	seen := map[string]bool{}
	for _, h := range res.Hits {
		p := output.URLPath(h.Record.URLWithoutAnchor)
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// rankOf is the index of the first of pages in ranked, -1 when none is there.
func rankOf(ranked, pages []string) int {
	for i, r := range ranked {
		for _, p := range pages {
			if strings.TrimSuffix(r, "/") == strings.TrimSuffix(p, "/") {
				return i
			}
		}
	}
	return -1
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (m retrieval) report() string {
	share := func(n int) string {
		if m.asked == 0 {
			return "-"
		}
		return fmt.Sprintf("%.2f", float64(n)/float64(m.asked))
	}
	return fmt.Sprintf("retrieval over %d covered questions, right page first / in the first three: engine %d (%s) / %d (%s), keyword search %d (%s) / %d (%s)\n",
		m.asked, m.engine1, share(m.engine1), m.engine3, share(m.engine3), m.keyword1, share(m.keyword1), m.keyword3, share(m.keyword3))
}
