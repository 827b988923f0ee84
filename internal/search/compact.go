package search

// packPostings moves every term's postings into one array of the exact total length: appending
// leaves each term's slice up to twice as long as it needs (a quarter of the postings' memory for
// the real docs), and one array is one allocation instead of thousands.
func (ix *Index) packPostings() {
	n := 0
	for i := range ix.terms {
		n += len(ix.terms[i].postings)
	}
	all := make([]posting, 0, n)
	for i := range ix.terms {
		t := &ix.terms[i]
		start := len(all)
		all = append(all, t.postings...)
		t.postings = all[start:len(all):len(all)]
	}
}

// packSpans moves every record's spans into one array of the exact total length: the indexer
// grows them in chunks, each left with up to a few thousand spans unused.
func (ix *Index) packSpans() {
	n := 0
	for i := range ix.recs {
		n += len(ix.recs[i].spans)
	}
	all := make([]span, 0, n)
	for i := range ix.recs {
		info := &ix.recs[i]
		start := len(all)
		all = append(all, info.spans...)
		info.spans = all[start:len(all):len(all)]
	}
}
