package assistant

import (
	"slices"
	"strconv"
	"strings"

	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// search answers a searchIndex call from the corpus: the sections the site's keyword ranking
// finds first in it, each as a hit whose content is the start of its text.
func (c *corpus) search(query string) SearchOutput {
	out := SearchOutput{Query: query, Hits: []SearchHit{}}
	res := c.index.Search(search.Query{Text: query, HitsPerPage: 4 * searchHits, AttributesToHighlight: []string{}, AttributesToSnippet: []string{}})
	seen := map[string]bool{}
	for _, h := range res.Hits {
		s := c.sections[h.Record.URL]
		if s == nil || seen[s.url] || len(out.Hits) == searchHits {
			continue
		}
		seen[s.url] = true
		out.Hits = append(out.Hits, SearchHit{ObjectID: s.url, Hierarchy: h.Record.Hierarchy, Content: clip(s.text(), hitContentRunes),
			Type: h.Record.Type, URL: s.url})
	}
	return out
}

// text is the section's prose, sentence after sentence.
func (s *section) text() string {
	var b strings.Builder
	for i, st := range s.sentences {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(st.text)
		if b.Len() > 4*hitContentRunes {
			break
		}
	}
	return b.String()
}

// passage is the section's blocks rendered whole, as many as fit in about max bytes (at least
// one): what the model engine is given to read.
func (s *section) passage(max int) string {
	var parts []string
	n := 0
	for i := range s.blocks {
		r := RenderBlock(&s.blocks[i])
		if len(parts) > 0 && n+len(r) > max {
			break
		}
		parts = append(parts, r)
		n += len(r)
	}
	return strings.Join(parts, "\n\n")
}

// Passage is a passage of the documentation: whole blocks of one section, as the built-in engine
// quotes them, with the section's title and URL path.
type Passage struct {
	Title, URL, Text string
}

// Passages returns the passages that answer the question best, at most n, one a section, best
// first: the lead passages the built-in engine would quote, for a model to answer from.
func (r *Request) Passages(n int) []Passage {
	c := r.Corpus.get()
	if c == nil {
		return nil
	}
	var out []Passage
	seen := map[string]bool{}
	tutorial := namesTutorial(r.Question)
	var lists [][]ranked
	for _, p := range parseQuestion(r.Question) {
		a := c.answer(p, tutorial, answerRoom{sentences: answerSentences, chars: answerChars})
		lists = append(lists, a.ranked)
		// The passage the built-in engine answers with first, its command included.
		if a.main != nil && !seen[a.main.sec.url] && len(out) < n {
			sec := a.main.sec
			seen[sec.url] = true
			lead := a.lead
			if a.code != nil && a.codeSec == sec && !slices.Contains(lead, a.code.top) {
				lead = append(slices.Clone(lead), a.code.top)
				slices.Sort(lead)
			}
			out = append(out, Passage{Title: sec.title, URL: sec.url, Text: passageOf(sec, lead)})
		}
	}
	for k := 0; len(out) < n; k++ {
		more := false
		for _, rs := range lists {
			if k >= len(rs) || len(out) == n {
				continue
			}
			more = true
			rk := rs[k]
			if seen[rk.sec.url] || rk.best < 0 {
				continue
			}
			seen[rk.sec.url] = true
			lead := leadBlocks(rk.sec, rk.best, rk.chosen(answerSentences, answerChars), kindGeneral)
			out = append(out, Passage{Title: rk.sec.title, URL: rk.sec.url, Text: passageOf(rk.sec, lead)})
		}
		if !more {
			break
		}
	}
	return out
}

// sectionRecords are search records made of the answer corpus, one a heading and one a block
// (list items, table rows and an aside's blocks joined), so that the site's keyword ranking can
// find sections for the engines without the engines reading the search records.
func sectionRecords(secs []output.AnswerSection) []output.Record {
	var out []output.Record
	for i := range secs {
		as := &secs[i]
		var h output.Hierarchy
		for j, p := range as.Path {
			if j+1 < len(h) {
				h[j+1] = p
			}
		}
		url := as.URLPath()
		rec := func(typ, content string, code bool) {
			out = append(out, output.Record{ObjectID: url + "\x00" + strconv.Itoa(len(out)), Hierarchy: h, Content: content, Type: typ,
				URL: url, URLWithoutAnchor: as.Route, Anchor: as.Anchor, Code: code, Kind: as.Kind,
				Weight: output.Weight{Level: 100 - 10*min(len(as.Path), 6), Position: len(out)}})
		}
		switch {
		case as.Position == 0:
			rec("lvl1", "", false)
			out[len(out)-1].Keywords = as.Keywords
		case len(as.Path) > 1:
			rec("lvl"+strconv.Itoa(min(len(as.Path), 6)), "", false)
		}
		for j := range as.Blocks {
			var text []string
			blockProse(&as.Blocks[j], func(t string) { text = append(text, t) })
			if len(text) > 0 {
				rec("content", strings.Join(text, " "), false)
			}
			codeBlocks(&as.Blocks[j], func(c *output.AnswerBlock) {
				rec("content", clip(strings.Join(strings.Fields(c.Code), " "), 400), true)
			})
		}
	}
	return out
}

// Retrieve returns the routes of the pages the built-in engine finds for a question, best first,
// each once: the page it would answer from, then the others it ranked, then those its searches
// found, part by part in turn.
// Benchmarks measure retrieval with it, apart from how the answer is written.
func (c *Corpus) Retrieve(question string) []string {
	v := c.get()
	if v == nil {
		return nil
	}
	tutorial := namesTutorial(question)
	var lists [][]string
	for _, p := range parseQuestion(question) {
		res := []SearchOutput{v.search(p.query)}
		for _, side := range p.compared {
			res = append(res, v.search(focus(side)))
		}
		a := v.answer(p, tutorial, answerRoom{sentences: answerSentences, chars: answerChars})
		var routes []string
		switch {
		case a.main != nil:
			routes = append(routes, a.main.sec.route)
		case len(a.sides) > 0:
			routes = append(routes, a.sides[0].sec.route)
		}
		for _, r := range a.ranked {
			routes = append(routes, r.sec.route)
		}
		// Then what the search found that the ranking could not score.
		for _, out := range res {
			for _, h := range out.Hits {
				if s := v.sections[h.URL]; s != nil {
					routes = append(routes, s.route)
				}
			}
		}
		lists = append(lists, routes)
	}
	var out []string
	seen := map[string]bool{}
	for k := 0; ; k++ {
		more := false
		for _, l := range lists {
			if k < len(l) {
				more = true
				if !seen[l[k]] {
					seen[l[k]] = true
					out = append(out, l[k])
				}
			}
		}
		if !more {
			return out
		}
	}
}
