package search

// advancedMatch reports whether a record holds every phrase of the query, its words side by
// side in one attribute, and none of the excluded words or phrases (advancedSyntax).
func (ix *Index) advancedMatch(pq parsedQuery, rec int32) bool {
	for _, p := range pq.phrases {
		if !ix.hasPhrase(rec, p) {
			return false
		}
	}
	for _, e := range pq.excluded {
		if ix.hasPhrase(rec, e) {
			return false
		}
	}
	return true
}

// hasPhrase reports whether some attribute of a record holds words, exactly and in order.
func (ix *Index) hasPhrase(rec int32, words []string) bool {
	ids := make([]int32, len(words))
	for i, w := range words {
		id, ok := ix.lookup(w)
		if !ok {
			return false
		}
		ids[i] = id
	}
	info := &ix.recs[rec]
	for a := range numAttrs {
		spans := info.attrSpans(a)
		for i := 0; i+len(ids) <= len(spans); i++ {
			j := 0
			for j < len(ids) && spans[i+j].term == ids[j] {
				j++
			}
			if j == len(ids) {
				return true
			}
		}
	}
	return false
}
