package search

import (
	"math/bits"
	"slices"
	"sync"
)

// occPerWord bounds the positions remembered per query word and record, for proximity.
const occPerWord = 4

// recState gathers how one record matches the query.
type recState struct {
	mask  uint16               // query words matched
	exact uint16               // query words matched exactly
	lvl0  uint16               // query words matched in hierarchy.lvl0 (the section)
	lvl1  uint16               // query words matched in hierarchy.lvl1 (the page title or keywords)
	attr  [maxQueryWords]uint8 // per word, the best attribute rank
	typos [maxQueryWords]uint8
	nocc  [maxQueryWords]uint8
	occ   [maxQueryWords][occPerWord]uint32 // attribute<<16 | position
}

type scratch struct {
	slot   []int32 // record → index in states, -1 if untouched
	states []recState
	recs   []int32
	group  []int32 // distinct URL → index in list, -1 if unseen
	// Reused between queries.
	list       []ranked
	groupsSeen []int32
}

var scratchPool sync.Pool

func (ix *Index) getScratch() *scratch {
	if s, ok := scratchPool.Get().(*scratch); ok && len(s.slot) == len(ix.records) && len(s.group) == ix.groups {
		return s
	}
	s := &scratch{slot: make([]int32, len(ix.records)), group: make([]int32, ix.groups)}
	for i := range s.slot {
		s.slot[i] = -1
	}
	for i := range s.group {
		s.group[i] = -1
	}
	return s
}

func (ix *Index) putScratch(s *scratch) {
	for _, r := range s.recs {
		s.slot[r] = -1
	}
	s.recs, s.states = s.recs[:0], s.states[:0]
	scratchPool.Put(s)
}

// ranked is a candidate record: its packed score, optional filter score, id, place among the
// records (the last tie-break) and state in the scratch (-1 when browsing).
type ranked struct {
	key   uint64
	boost uint16
	rec   int32
	ord   int32
	si    int32
}

// scored is a record of the requested page with its ranking criteria.
type scored struct {
	rec int32
	ri  RankingInfo
}

// browseState is the state of every record when browsing: nothing matched.
var browseState recState

// rank scores every record that matches enough query words (every record, for an empty query)
// and passes the filters, keeps the best Distinct records of each URL and sorts them, best
// first. It counts the facets of the records ranked in fc, if not nil.
// It returns the records ranked from to to (exclusive) and the number of records ranked.
func (ix *Index) rank(pq parsedQuery, m *matches, q Query, from, to int, fc *facetCounter) (page []scored, total int, stopped bool) {
	s := ix.getScratch()
	defer ix.putScratch(s)
	for wi, cands := range m.cands {
		for _, c := range cands {
			for _, p := range ix.postings(c.term) {
				if q.Searchable != 0 && q.Searchable&(1<<p.attr) == 0 || c.typos > 0 && q.NoTypoAttrs&(1<<p.attr) != 0 {
					continue
				}
				si := s.slot[p.rec]
				if si < 0 {
					si = int32(len(s.states))
					s.slot[p.rec] = si
					s.recs = append(s.recs, p.rec)
					s.states = append(s.states, recState{})
					st := &s.states[si]
					for i := range st.typos {
						st.typos[i] = 255
						st.attr[i] = 255
					}
				}
				st := &s.states[si]
				st.mask |= 1 << wi
				if q.countsExact(c) && q.NoExactAttrs&(1<<p.attr) == 0 {
					st.exact |= 1 << wi
				}
				st.typos[wi] = min(st.typos[wi], c.typos)
				switch p.attr {
				case 0:
					st.lvl0 |= 1 << wi
				case 1:
					st.lvl1 |= 1 << wi
				}
				if a := ix.attrRank(p.rec, p.attr); a < st.attr[wi] {
					st.attr[wi] = a
				}
				if n := st.nocc[wi]; n < occPerWord {
					st.occ[wi][n] = uint32(p.attr)<<16 | uint32(p.pos)
					st.nocc[wi] = n + 1
				}
			}
		}
	}
	n := len(pq.words)
	browse := n == 0
	if n == 1 && q.ExactSingleWord == "word" && (len(pq.words[0].runes) < 3 || stopWords[pq.words[0].text]) {
		// As on Algolia, a single word counts as exact from three letters, and never a stop word.
		q.ExactSingleWord = "none"
	}
	passes := func(rec int32) bool {
		r := &ix.records[rec]
		return q.Filters.Match(r) && allOf(q.Conditions).Match(r) && ix.advancedMatch(pq, rec)
	}
	var rule wordRule
	if !browse {
		rule = ix.wordRuleFor(pq, q, s, passes)
	}
	state := func(si int32) *recState {
		if si < 0 {
			return &browseState
		}
		return &s.states[si]
	}
	// each calls f for every record that matches and passes the filters, until q.Stop says to
	// give up.
	visited := 0
	each := func(f func(rec, si int32, st *recState)) {
		visit := func(rec, si int32, st *recState) {
			if q.Stop != nil {
				if visited++; visited%stopEvery == 0 && !stopped {
					stopped = q.Stop()
				}
				if stopped {
					return
				}
			}
			if !browse && !rule.ok(st.mask) || !passes(rec) {
				return
			}
			f(rec, si, st)
		}
		if browse {
			ix.eachRecord(func(rec int32) { visit(rec, -1, &browseState) })
			return
		}
		for i, rec := range s.recs {
			visit(rec, int32(i), &s.states[i])
		}
	}
	maxTypos := 255
	if !browse && (q.Typos == "min" || q.Typos == "strict") {
		maxTypos = ix.typoCut(each, n, &q)
	}

	distinct := q.Distinct
	if distinct == 0 {
		distinct = 1
	}
	list, groupsSeen := s.list[:0], s.groupsSeen[:0]
	each(func(rec, si int32, st *recState) {
		ri := ix.score(st, rec, n, &q)
		if ri.Typos > maxTypos {
			return
		}
		if fc != nil && !q.FacetingAfterDistinct {
			fc.add(&ix.records[rec])
		}
		item := ranked{key: ri.Score, boost: q.Optional.score(&ix.records[rec], q.SumOrFiltersScores), rec: rec, ord: ix.order(rec), si: si}
		if q.Typos == "strict" {
			item.key = typosFirst(item.key)
		}
		if distinct != 1 {
			list = append(list, item)
			return
		}
		g := ix.recs[rec].group
		if j := s.group[g]; j >= 0 {
			if better(item, list[j]) {
				list[j] = item
			}
			return
		}
		s.group[g] = int32(len(list))
		groupsSeen = append(groupsSeen, g)
		list = append(list, item)
	})
	for _, g := range groupsSeen {
		s.group[g] = -1
	}
	if distinct > 1 || to >= len(list) || fc != nil && q.FacetingAfterDistinct {
		slices.SortFunc(list, compareRanked)
	} else if to > 0 {
		list = selectTop(list, to)
	}
	if distinct > 1 {
		count := map[int32]int{}
		kept := list[:0]
		for _, it := range list {
			g := ix.recs[it.rec].group
			if count[g] < distinct {
				count[g]++
				kept = append(kept, it)
			}
		}
		list = kept
	}
	if fc != nil && q.FacetingAfterDistinct {
		for _, it := range list {
			fc.add(&ix.records[it.rec])
		}
	}
	s.list, s.groupsSeen = list, groupsSeen
	for _, it := range list[min(from, len(list)):min(to, len(list))] {
		page = append(page, scored{rec: it.rec, ri: ix.score(state(it.si), it.rec, n, &q)})
	}
	return page, len(list), stopped
}

// typoCut returns the most typos a hit may have under typoTolerance min (the fewest typos of
// any match) or strict (the two lowest typo counts).
func (ix *Index) typoCut(each func(func(rec, si int32, st *recState)), n int, q *Query) int {
	strict := q.Typos == "strict"
	lo, next := 255, 255
	each(func(rec, _ int32, st *recState) {
		t := ix.score(st, rec, n, q).Typos
		switch {
		case t < lo:
			lo, next = t, lo
		case t > lo && t < next:
			next = t
		}
	})
	if strict && next < 255 {
		return next
	}
	return lo
}

// typosFirst moves the typo criterion of a packed score above the words criterion, as
// typoTolerance strict ranks.
func typosFirst(key uint64) uint64 {
	words, typos := key>>60&0xf, key>>56&0xf
	return key&(1<<56-1) | typos<<60 | words<<56
}

func compareRanked(a, b ranked) int {
	if better(a, b) {
		return -1
	}
	if better(b, a) {
		return 1
	}
	return 0
}

// selectTop moves the k best items of list, sorted, to its front, leaving the rest unordered
// behind them: a page of results needs no full sort of thousands of matches.
func selectTop(list []ranked, k int) []ranked {
	// A min-heap of the best k seen so far, worst at the root.
	h := list[:k]
	down := func(i int) {
		for {
			c := 2*i + 1
			if c >= k {
				return
			}
			if c+1 < k && better(h[c], h[c+1]) {
				c++
			}
			if !better(h[i], h[c]) {
				return
			}
			h[i], h[c] = h[c], h[i]
			i = c
		}
	}
	for i := k/2 - 1; i >= 0; i-- {
		down(i)
	}
	for j := k; j < len(list); j++ {
		if better(list[j], h[0]) {
			h[0], list[j] = list[j], h[0]
			down(0)
		}
	}
	slices.SortFunc(h, compareRanked)
	return list
}

// better orders two candidates: by words and typos, then by optional filters (Algolia's filters
// criterion), then by the rest of the score.
func better(a, b ranked) bool {
	if a.key>>56 != b.key>>56 {
		return a.key > b.key
	}
	if a.boost != b.boost {
		return a.boost > b.boost
	}
	if a.key != b.key {
		return a.key > b.key
	}
	return a.ord < b.ord
}

// wholeAttributeBonus is added to the exactness of a record with an attribute made of exactly
// the query words; it exceeds the number of words a query can have.
const wholeAttributeBonus = 16

// Proximity: the distance between two consecutive query words counts at most maxPairDistance.
const maxPairDistance = 8

// score computes the ranking criteria of a record and packs them, with the record's weight,
// into one number that sorts like the criteria taken in order: words matched, typos,
// own subject (see ownSubject), attribute, proximity, exactness, then pageRank, level and position.
//
// Attribute comes before proximity, unlike Algolia's default order: on the benchmark queries
// (bench/search) a title or heading that holds the query words a little apart is nearly always
// the better answer than a paragraph, or a list of links, that holds them side by side; this
// order raised hit@1 from 0.74 to 0.87.
func (ix *Index) score(st *recState, rec int32, nwords int, q *Query) RankingInfo {
	ri := RankingInfo{Words: bits.OnesCount16(st.mask)}
	prevWord := -1
	for i := 0; i < nwords; i++ {
		if st.mask&(1<<i) == 0 {
			continue
		}
		ri.Typos += int(st.typos[i])
		ri.Attribute += int(st.attr[i])
		if prevWord >= 0 {
			ri.Proximity += pairDistance(st, prevWord, i, q.MinProximity, -1)
		}
		prevWord = i
	}
	// An attribute that is exactly the query ("Wallets" for "wallet") counts more than any
	// number of words matched exactly inside longer texts.
	if q.AttributeByProximity && ri.Words > 1 {
		ri.Attribute = ix.attributeByProximity(st, rec, nwords, q.MinProximity)
	}
	whole := ri.Words == nwords && ix.wholeAttribute(st, rec, nwords, 0)
	ri.Exact = ix.exactness(st, rec, nwords, whole, q)
	ri.Subject = ix.ownSubject(st, rec, whole)
	w := ix.records[rec].Weight
	key := uint64(min(ri.Words, 15)) << 60
	key |= uint64(15-min(ri.Typos, 15)) << 56
	key |= uint64(ri.Subject) << 54
	key |= uint64(255-min(ri.Attribute, 255)) << 46
	key |= uint64(63-min(ri.Proximity, 63)) << 40
	key |= uint64(min(ri.Exact, 31)) << 35
	key |= uint64(min(max(w.PageRank, 0), 127)) << 28
	key |= uint64(min(max(w.Level, 0), 127)) << 21
	const posMax = 1<<21 - 1
	key |= uint64(posMax - min(max(w.Position, 0), posMax))
	ri.Score = key
	return ri
}

// ownSubject tells how much the record's page is about the query, 0 to 3: 2 when every matched
// query word is in the page's title or keywords (hierarchy.lvl1), plus 1 unless the record is of a
// tutorial that the query does not name, by a word of its section ("tutorial" for "Tutorials") or
// by being the whole of one of its headings (whole). A page titled with the query then comes before
// tutorial steps that repeat its words ("Stake 6000 tez"), and a reference page before a tutorial
// step page with the same title words.
func (ix *Index) ownSubject(st *recState, rec int32, whole bool) int {
	s := 0
	if st.mask != 0 && st.lvl1 == st.mask {
		s = 2
	}
	if !ix.recs[rec].tutorial || st.lvl0 != 0 || whole {
		s++
	}
	return s
}

// pairDistance is the cost of the smallest distance between words i and j in one attribute,
// in either order: 0 side by side, 1 within three words, 2 farther or in different attributes.
// Coarse steps let exactness and weight decide between records whose words are about as close.
// With minProximity m > 1, words up to m apart count as side by side. attr ≥ 0 looks at that
// attribute only.
func pairDistance(st *recState, i, j, minProximity, attr int) int {
	best := maxPairDistance
	for _, a := range st.occ[i][:st.nocc[i]] {
		for _, b := range st.occ[j][:st.nocc[j]] {
			if a>>16 != b>>16 || attr >= 0 && int(a>>16) != attr {
				continue
			}
			d := int(b&0xffff) - int(a&0xffff)
			best = min(best, max(d, -d))
		}
	}
	if minProximity > 1 && best < maxPairDistance {
		best = max(best-(minProximity-1), 1)
	}
	switch {
	case best <= 1:
		return 0
	case best <= 3:
		return 1
	}
	return 2
}

// wholeAttribute reports whether some attribute, or keyword of a page, consists of exactly the
// query words, in order; attributes in skip (bit a = attribute a) are not looked at.
func (ix *Index) wholeAttribute(st *recState, rec int32, nwords int, skip uint8) bool {
	info := &ix.recs[rec]
	for _, o := range st.occ[0][:st.nocc[0]] {
		if skip&(1<<(o>>16)) != 0 || info.attrWordsAt(o>>16, o&0xffff) != nwords {
			continue
		}
		ok := true
		for i := 1; i < nwords && ok; i++ {
			want := o + uint32(i)
			ok = slices.Contains(st.occ[i][:st.nocc[i]], want)
		}
		if ok {
			return true
		}
	}
	return false
}
