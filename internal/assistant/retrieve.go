package assistant

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// retrieve ranks the sections of the corpus for a query, best first: by the weighted share of
// the query's words each holds (in its headings, its prose or its code), each word weighed by its
// rarity, so that a word with two meanings counts for the passage where the rest of the question
// also is. Headings count more than text; tutorial steps rank below reference pages.
func (c *corpus) retrieve(query string, n int) []*section {
	ts := terms(query)
	if len(ts) == 0 {
		return nil
	}
	type scored struct {
		i     int
		score float64
	}
	var total float64
	score := map[int]float64{}
	for _, t := range ts {
		w := c.idf(t)
		total += w
		got := map[int]bool{}
		for _, i := range c.postings[t] {
			got[i] = true
			f := 0.7
			if contains(c.order[i].heading, t) {
				f = 1
			}
			score[i] += f * w
		}
		for _, g := range c.related[t] {
			for _, i := range c.holdAll(g) {
				if !got[i] {
					score[i] += synonymWeight * 0.7 * w
				}
			}
		}
	}
	out := make([]scored, 0, len(score))
	for i, v := range score {
		v /= total
		s := c.order[i]
		switch s.kind {
		case pageTutorial:
			v *= 0.85
		case pageOverview:
			v *= 0.9
		}
		if len(s.sentences) == 0 && len(s.code) == 0 {
			v *= 0.5 // a heading with nothing under it
		}
		out = append(out, scored{i, v})
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].score != out[b].score {
			return out[a].score > out[b].score
		}
		return out[a].i < out[b].i
	})
	secs := make([]*section, 0, min(n, len(out)))
	for _, o := range out[:min(n, len(out))] {
		secs = append(secs, c.order[o.i])
	}
	return secs
}

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
		res := []SearchOutput{c.search(p.query)}
		a := c.answer(p, res, tutorial, answerRoom{sentences: answerSentences, chars: answerChars})
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
			lead := leadBlocks(rk.sec, rk.best, rk.chosen(answerSentences, answerChars))
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
