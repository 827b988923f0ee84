package search

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// maxPrefixTerms bounds how many index words a prefix expands to; a one-letter prefix would
// otherwise touch most of the index.
const maxPrefixTerms = 200

// candidate is an index word that matches a query word.
type candidate struct {
	term   int32
	typos  uint8
	exact  bool // same word, not a stem, prefix or typo match
	prefix bool // matched as a prefix: only the first letters are highlighted
	// form is formPlural or formOther for a word matched by its stem, 0 for the others.
	form uint8
}

// Kinds of stem matches, for alternativesAsExact.
const (
	formPlural uint8 = iota + 1 // the singular or plural of the query word
	formOther                   // another form: a conjugation, a derived word
)

// expand finds the index words that match w: the word itself, words with the same stem, words
// it starts (if it is a prefix) and words within the allowed number of typos. Each word is
// listed once, with its best kind of match.
func (ix *Index) expand(w queryWord) []candidate {
	var out []candidate
	seen := map[int32]bool{}
	addc := func(c candidate) {
		if !seen[c.term] {
			seen[c.term] = true
			out = append(out, c)
		}
	}
	if id, ok := ix.lookup(w.text); ok {
		addc(candidate{term: id, exact: true})
	}
	if !w.noStem {
		for _, id := range ix.stemTerms(stem(w.text)) {
			form := formOther
			if pluralPair(w.text, ix.termText(id)) {
				form = formPlural
			}
			addc(candidate{term: id, form: form})
		}
	}
	if w.prefix {
		for _, id := range ix.prefixTerms(w.text) {
			addc(candidate{term: id, prefix: true})
		}
	}
	n := len(w.runes)
	maxTypos := w.maxTypos
	if maxTypos == 0 {
		return out
	}
	// A typo in the first letter is not forgiven: it keeps the scan to one bucket, and people
	// rarely mistype the first letter.
	var buf [maxTokenBytes]rune
	byLen := ix.buckets[w.runes[0]]
	for l := n - maxTypos; l <= n+maxTypos; l++ {
		for _, id := range ix.bucket(byLen, w.runes[0], l) {
			if seen[id] {
				continue
			}
			t := ix.termText(id)
			rs := buf[:0]
			for _, r := range t {
				rs = append(rs, r)
			}
			if d := editDistance(w.runes, rs, maxTypos); d <= maxTypos {
				addc(candidate{term: id, typos: uint8(d)})
			}
		}
	}
	if w.prefix {
		ix.typoPrefixes(w, maxTypos, seen, addc)
	}
	return out
}

// typoPrefixes finds the longer index words whose start is within maxTypos of w, so a word
// mistyped while typing ("mihcel") still finds its completions. The start of a word may be one
// letter shorter or longer than w, for a letter dropped or doubled.
func (ix *Index) typoPrefixes(w queryWord, maxTypos int, seen map[int32]bool, addc func(candidate)) {
	n := len(w.runes)
	var buf [maxTokenBytes]rune
	found := 0
	byLen := ix.buckets[w.runes[0]]
	for l := n + 1; l <= maxTokenBytes && found < maxPrefixTerms; l++ {
		for _, id := range ix.bucket(byLen, w.runes[0], l) {
			if seen[id] {
				continue
			}
			rs := buf[:0]
			for _, r := range ix.termText(id) {
				rs = append(rs, r)
			}
			best := maxTypos + 1
			for k := n - 1; k <= n+1 && k <= len(rs); k++ {
				best = min(best, editDistance(w.runes, rs[:k], maxTypos))
			}
			if best <= maxTypos {
				addc(candidate{term: id, typos: uint8(best), prefix: true})
				found++
			}
		}
	}
}

// prefixTerms returns the index words that start with prefix, except stop words; when there
// are more than maxPrefixTerms, the most frequent ones, as the likeliest completions.
func (ix *Index) prefixTerms(prefix string) []int32 {
	sorted := ix.sortedTerms()
	lo := sort.Search(len(sorted), func(i int) bool { return ix.termText(sorted[i]) >= prefix })
	hi := lo + sort.Search(len(sorted)-lo, func(i int) bool { return !strings.HasPrefix(ix.termText(sorted[lo+i]), prefix) })
	var out []int32
	for _, id := range sorted[lo:hi] {
		if t := ix.termText(id); t != prefix && stopWords[t] {
			continue
		}
		out = append(out, id)
	}
	if len(out) > maxPrefixTerms {
		slices.SortFunc(out, func(a, b int32) int { return len(ix.postings(b)) - len(ix.postings(a)) })
		out = out[:maxPrefixTerms]
	}
	return out
}

// prefixBytes returns how many bytes of the original word orig cover the first n runes of its
// folded form, for highlighting a prefix match.
func prefixBytes(orig string, n int) int {
	i := 0
	for n > 0 && i < len(orig) {
		_, size := utf8.DecodeRuneInString(orig[i:])
		i += size
		n--
	}
	return i
}

// matches holds, per query word, the index words it matched.
type matches struct {
	cands [][]candidate
	// byTerm maps an index word to the query words it matched (bit i = word i) and whether it
	// matched only as a prefix of the last word, for highlighting.
	byTerm map[int32]termMatch
}

type termMatch struct {
	words  uint16
	prefix bool
	typo   bool // matched only with typos
}

func (ix *Index) match(pq parsedQuery) *matches {
	m := &matches{cands: make([][]candidate, len(pq.words)), byTerm: map[int32]termMatch{}}
	for i, w := range pq.words {
		m.cands[i] = ix.expand(w)
	}
	ix.addCompounds(pq, m.cands)
	for i := range pq.words {
		for _, c := range m.cands[i] {
			tm := m.byTerm[c.term]
			if tm.words == 0 {
				tm.prefix, tm.typo = c.prefix, c.typos > 0
			} else {
				tm.prefix = tm.prefix && c.prefix
				tm.typo = tm.typo && c.typos > 0
			}
			tm.words |= 1 << i
			m.byTerm[c.term] = tm
		}
	}
	return m
}

// addCompounds lets two consecutive query words match the index word they make together, as
// Algolia's concatenation does: "beacon wallet" finds "BeaconWallet", "tezos toolkit" finds
// "TezosToolkit". The compound counts as a match of both words, at the same place, without typos.
func (ix *Index) addCompounds(pq parsedQuery, cands [][]candidate) {
	for i := 0; i+1 < len(pq.words); i++ {
		id, ok := ix.lookup(pq.words[i].text + pq.words[i+1].text)
		if !ok {
			continue
		}
		for _, j := range []int{i, i + 1} {
			if !slices.ContainsFunc(cands[j], func(c candidate) bool { return c.term == id }) {
				cands[j] = append(cands[j], candidate{term: id})
			}
		}
	}
}
