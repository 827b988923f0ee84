package search

import "math/bits"

// maxRemovedWords bounds the words removeWordsIfNoResults lastWords and firstWords make
// optional, as on Algolia.
const maxRemovedWords = 5

// wordRule says which query words a record must match to be a hit: all the words of all, and
// at least min of the words of among.
type wordRule struct {
	all, among uint16
	min        int
}

func (r wordRule) ok(mask uint16) bool {
	return mask&r.all == r.all && bits.OnesCount16(mask&r.among) >= r.min
}

// wordRuleFor returns the rule of a query with words (see Query.WordRemoval). Optional words
// never count toward the words a hit must match; a query whose words are all optional matches
// records holding any of them. passes tells whether a record passes the filters, for
// lastWords and firstWords, which make words optional only while no record matches.
func (ix *Index) wordRuleFor(pq parsedQuery, q Query, s *scratch, passes func(int32) bool) wordRule {
	every := uint16(1)<<len(pq.words) - 1
	var required uint16
	for i, w := range pq.words {
		if !w.optional {
			required |= 1 << i
		}
	}
	anyWord := wordRule{among: every, min: 1}
	switch {
	case required == 0 || q.WordRemoval == "allOptional":
		return anyWord
	case q.WordRemoval == "none":
		return wordRule{all: required, among: every, min: 1}
	case q.WordRemoval == "lastWords" || q.WordRemoval == "firstWords":
		all := required
		for removed := 0; removed < maxRemovedWords && bits.OnesCount16(all) > 1 && !ix.someRecordHas(s, all, passes); removed++ {
			if q.WordRemoval == "lastWords" {
				all &^= 1 << (15 - bits.LeadingZeros16(all))
			} else {
				all &= all - 1
			}
		}
		return wordRule{all: all, among: every, min: 1}
	}
	// tzdocs's default: two thirds of the required words, or as many as the best record holds.
	r := bits.OnesCount16(required)
	best := 0
	for i := range s.states {
		best = max(best, bits.OnesCount16(s.states[i].mask&required))
	}
	return wordRule{among: required, min: max(min(r-r/3, best), 1)}
}

// someRecordHas reports whether a record that passes the filters matches all the words of mask.
func (ix *Index) someRecordHas(s *scratch, mask uint16, passes func(int32) bool) bool {
	for i, rec := range s.recs {
		if s.states[i].mask&mask == mask && passes(rec) {
			return true
		}
	}
	return false
}

// countsExact reports whether a candidate word counts for the exact criterion: the query word
// as typed, or a form of it that alternativesAsExact names.
func (q *Query) countsExact(c candidate) bool {
	switch c.form {
	case formPlural:
		return q.PluralsAsExact
	case formOther:
		return q.ConjugationsAsExact
	}
	return c.exact
}

// exactness is the exact criterion: the words matched exactly, plus wholeAttributeBonus when an
// attribute that disableExactOnAttributes leaves in is the whole query (whole tells whether any
// attribute is). A one-word query follows exactOnSingleWordQuery.
func (ix *Index) exactness(st *recState, rec int32, nwords int, whole bool, q *Query) int {
	words := bits.OnesCount16(st.exact)
	if nwords == 1 {
		switch q.ExactSingleWord {
		case "none":
			return 0
		case "word":
			return words
		}
	}
	if whole && q.NoExactAttrs != 0 {
		whole = ix.wholeAttribute(st, rec, nwords, q.NoExactAttrs)
	}
	if whole {
		words += wholeAttributeBonus
	}
	return words
}

// attributeByProximity is the attribute criterion taken from the attribute where the matched
// words stand closest (attributeCriteriaComputedByMinProximity): each word that attribute
// holds counts its rank, the others their own best attribute. Of attributes with words as
// close, the one giving the better criterion wins.
func (ix *Index) attributeByProximity(st *recState, rec int32, nwords, minProximity int) int {
	bestProx, bestAttr := 1<<30, 1<<30
	for a := 0; a < numAttrs; a++ {
		prox, attr, prev, held := 0, 0, -1, 0
		for i := 0; i < nwords; i++ {
			if st.mask&(1<<i) == 0 {
				continue
			}
			if holds(st, i, a) {
				attr += int(ix.attrRank(rec, uint8(a)))
				held++
			} else {
				attr += int(st.attr[i])
			}
			if prev >= 0 {
				prox += pairDistance(st, prev, i, minProximity, a)
			}
			prev = i
		}
		if held == 0 {
			continue
		}
		if prox < bestProx || prox == bestProx && attr < bestAttr {
			bestProx, bestAttr = prox, attr
		}
	}
	return bestAttr
}

// holds reports whether one of the remembered places of query word i is in attribute a.
func holds(st *recState, i, a int) bool {
	for _, o := range st.occ[i][:st.nocc[i]] {
		if int(o>>16) == a {
			return true
		}
	}
	return false
}
