package search

import (
	"html"
	"math/bits"
	"strconv"
	"strings"
)

// defaultSnippetWords is the snippet length when "attribute" is given without ":words".
const defaultSnippetWords = 15

type snippetSpec struct {
	attr  int
	words int
}

// highlighter renders the highlights and snippets of the hits of one query.
type highlighter struct {
	ix             *Index
	pq             parsedQuery
	m              *matches
	pre, post, ell string
	highlight      [numAttrs]bool
	snippets       []snippetSpec
	cache          map[string]*analysis
	noTypo         uint8 // attributes whose typo matches are not highlighted (disableTypoToleranceOnAttributes)
}

func newHighlighter(ix *Index, pq parsedQuery, m *matches, q Query) *highlighter {
	h := &highlighter{ix: ix, pq: pq, m: m, pre: q.HighlightPreTag, post: q.HighlightPostTag, ell: q.SnippetEllipsisText, noTypo: q.NoTypoAttrs}
	if h.pre == "" {
		h.pre = defaultPreTag
	}
	if h.post == "" {
		h.post = defaultPostTag
	}
	if h.ell == "" {
		h.ell = defaultEllipsis
	}
	if q.AttributesToHighlight == nil {
		for a := range h.highlight {
			h.highlight[a] = true
		}
	}
	for _, name := range q.AttributesToHighlight {
		for _, a := range attrsNamed(name) {
			h.highlight[a] = true
		}
	}
	for _, spec := range q.AttributesToSnippet {
		name, n, ok := strings.Cut(spec, ":")
		words := defaultSnippetWords
		if ok {
			if v, err := strconv.Atoi(strings.TrimSpace(n)); err == nil && v > 0 {
				words = min(v, 200)
			}
		}
		for _, a := range attrsNamed(strings.TrimSpace(name)) {
			h.snippets = append(h.snippets, snippetSpec{attr: a, words: words})
		}
	}
	return h
}

// attrsNamed resolves an attribute path: "*", "hierarchy", "hierarchy.lvlN" or "content".
func attrsNamed(name string) []int {
	switch name {
	case "*":
		return []int{0, 1, 2, 3, 4, 5, 6, attrContent}
	case "hierarchy", "hierarchy_camel":
		return []int{0, 1, 2, 3, 4, 5, 6}
	case "content":
		return []int{attrContent}
	}
	for _, prefix := range []string{"hierarchy.lvl", "hierarchy_camel.lvl"} {
		if lvl, ok := strings.CutPrefix(name, prefix); ok && len(lvl) == 1 && lvl[0] >= '0' && lvl[0] <= '6' {
			return []int{int(lvl[0] - '0')}
		}
	}
	return nil
}

func (h *highlighter) hit(r scored) Hit {
	rec := &h.ix.records[r.rec]
	hit := Hit{Record: rec, Ranking: r.ri, Highlight: map[string]HighlightResult{}}
	for a := 0; a < numAttrs; a++ {
		if !h.highlight[a] {
			continue
		}
		if text := attrText(rec, a); text != "" {
			hit.Highlight[attrName(a)] = h.render(r.rec, a, 0)
		}
	}
	if len(h.snippets) > 0 {
		hit.Snippet = map[string]HighlightResult{}
		for _, s := range h.snippets {
			if text := attrText(rec, s.attr); text != "" {
				hit.Snippet[attrName(s.attr)] = h.render(r.rec, s.attr, s.words)
			}
		}
	}
	return hit
}

// mark is a highlighted stretch of the original text.
type mark struct {
	start, end int
	words      uint16
	partial    bool // only a prefix of the word is marked
}

// analysis is a text split into words, with the marks of the words the query matched. Hits of
// one query share hierarchy texts, so analyses are cached per text.
type analysis struct {
	spans []span
	marks []int // per word: index into ms, or -1
	ms    []mark
}

func (h *highlighter) analyze(rec int32, attr int, text string) *analysis {
	noTypo := h.noTypo&(1<<attr) != 0
	key := text
	if noTypo {
		key = "\x00" + text // analysed without typo matches
	}
	if a, ok := h.cache[key]; ok {
		return a
	}
	spans := h.ix.recs[rec].attrSpans(attr)
	a := &analysis{spans: spans, marks: make([]int, len(spans))}
	for i, sp := range spans {
		a.marks[i] = -1
		tm, ok := h.m.byTerm[sp.term]
		if !ok || noTypo && tm.typo {
			continue
		}
		start := int(sp.start)
		wordEnd := wordEnd(text, start)
		end := wordEnd
		if tm.prefix {
			end = start + prefixBytes(text[start:end], h.prefixRunes(tm.words))
		}
		a.marks[i] = len(a.ms)
		a.ms = append(a.ms, mark{start: start, end: end, words: tm.words, partial: end < wordEnd})
	}
	if h.cache == nil {
		h.cache = map[string]*analysis{}
	}
	h.cache[key] = a
	return a
}

// render highlights text; with words > 0 it cuts a snippet of that many words around the best
// matches, with the ellipsis where text was left out. Text is HTML-escaped; only the tags are
// inserted.
func (h *highlighter) render(rec int32, attr int, words int) HighlightResult {
	text := attrText(&h.ix.records[rec], attr)
	an := h.analyze(rec, attr, text)
	toks, marks, ms := an.spans, an.marks, an.ms
	from, to := 0, len(text)
	lead, trail := "", ""
	first, last := 0, len(toks)
	if words > 0 && len(toks) > words {
		first = h.snippetStart(marks, ms, words)
		last = first + words
		if first > 0 {
			from = int(toks[first].start)
			lead = h.ell
		}
		if last < len(toks) {
			// Keep punctuation that closes the last word ("end."), not a joiner ("octez-").
			to = wordEnd(text, int(toks[last-1].start))
			if gap := text[to:toks[last].start]; strings.ContainsAny(gap, " \t\n") {
				to += strings.IndexAny(gap, " \t\n")
			}
			trail = h.ell
		}
	}
	var b strings.Builder
	b.Grow(to - from + len(lead) + len(trail) + 16)
	b.WriteString(lead)
	pos := from
	var matched uint16
	full := len(toks) > 0 && last > first
	for i := first; i < last; i++ {
		if marks[i] < 0 {
			full = false
			continue
		}
		mk := ms[marks[i]]
		matched |= mk.words
		if mk.partial {
			full = false
		}
		writeEscaped(&b, text[pos:mk.start])
		b.WriteString(h.pre)
		writeEscaped(&b, text[mk.start:mk.end])
		b.WriteString(h.post)
		pos = mk.end
	}
	writeEscaped(&b, text[pos:to])
	b.WriteString(trail)
	res := HighlightResult{Value: b.String(), MatchLevel: "none", MatchedWords: []string{}}
	if matched != 0 {
		res.MatchLevel = "partial"
		if bits.OnesCount16(matched) == len(h.pq.words) {
			res.MatchLevel = "full"
		}
		for i, w := range h.pq.words {
			if matched&(1<<i) != 0 {
				res.MatchedWords = append(res.MatchedWords, w.text)
			}
		}
		res.FullyHighlighted = &full
	}
	return res
}

// writeEscaped writes s with &, <, >, ' and " escaped, as html.EscapeString does, without
// allocating when there is nothing to escape.
func writeEscaped(b *strings.Builder, s string) {
	if strings.ContainsAny(s, "&<>'\"") {
		b.WriteString(html.EscapeString(s))
		return
	}
	b.WriteString(s)
}

// snippetStart picks the first word of a window of n words holding the most distinct query
// words, starting a couple of words before a match so it reads in context.
func (h *highlighter) snippetStart(marks []int, ms []mark, n int) int {
	best, bestCount := 0, -1
	maxStart := len(marks) - n
	tried := map[int]bool{}
	for i, mi := range marks {
		if mi < 0 {
			continue
		}
		s := min(max(i-2, 0), maxStart)
		if tried[s] {
			continue
		}
		tried[s] = true
		var words uint16
		for j := s; j < s+n; j++ {
			if marks[j] >= 0 {
				words |= ms[marks[j]].words
			}
		}
		if c := bits.OnesCount16(words); c > bestCount {
			best, bestCount = s, c
		}
		if len(tried) > 64 {
			break
		}
	}
	return best
}

// prefixRunes is the length of the shortest prefix query word among words (bit i = word i):
// the part of a word matched as a prefix that is highlighted.
func (h *highlighter) prefixRunes(words uint16) int {
	n := -1
	for i, w := range h.pq.words {
		if words&(1<<i) != 0 && w.prefix && (n < 0 || len(w.runes) < n) {
			n = len(w.runes)
		}
	}
	if n < 0 && len(h.pq.words) > 0 {
		n = len(h.pq.words[len(h.pq.words)-1].runes)
	}
	return n
}
