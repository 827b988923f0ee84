package search

import (
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"tzdocs/internal/output"
)

// Replace is for `tzdocs dev`, which replaces the records of the pages a save changed; `tzdocs
// serve` never calls it. A replaced index shares what did not change with the one it came from:
// the records of the other pages, the words of the base index and their posting lists. Removed
// records stay stored but leave every posting list and the list of live records (they are
// tombstoned); new records are stored after the others; only the posting lists of the words the
// removed and new records hold are copied, and the maps of words, stems and typo buckets get
// small overlays instead of being cloned. Once the tombstones or the overlays grow past a share
// of the index, Replace indexes the live records afresh instead (compaction).

// compactAt is how many dead records, per live one, and how many words with copied posting lists,
// per word of the base index, Replace lets pile up before it builds a fresh index. A variable, so
// tests can make replaced indexes pile up.
var compactAt = 0.5

// delta is what a replaced index holds besides the base index made by NewIndex.
type delta struct {
	// more holds the words added since the base index: word id len(base terms)+i is more[i].
	more   []string
	termID map[string]int32 // ids of the words in more
	// postings, byStem and buckets hold the posting lists, stem lists and typo buckets that
	// differ from the base index's.
	postings map[int32][]posting
	byStem   map[string][]int32
	buckets  map[bucketKey][]int32
	sorted   []int32 // the live words in text order
	// seq lists the live records in order; ord is the place of each stored record in it (the
	// ranking's last tie-break), and pages each page's live records.
	seq   []int32
	ord   []int32
	pages map[string][]int32
	// extended tells whether a Replace stored its records after this index's, in the same
	// arrays: a second Replace of this index copies them instead.
	extended atomic.Bool
	once     sync.Once
	live     []output.Record // the live records, made on the first call of Records
}

// bucketKey names a typo bucket: the words that start with first and have n runes.
type bucketKey struct {
	first rune
	n     int
}

// Replace returns an index of ix's records in which the records of the pages named in pages
// (their url_without_anchor), and of the pages records belong to, are replaced by records. A
// page's new records take the place of its old ones; those of a page ix does not hold come after
// the others, in the order given. Searches of the new index answer as those of NewIndex over
// its Records; ix is left unchanged, so searches running on it go on undisturbed. The records
// are copied.
func (ix *Index) Replace(pages []string, records []output.Record) *Index {
	replaced := make(map[string]bool, len(pages))
	for _, p := range pages {
		replaced[p] = true
	}
	var added []string // pages records adds, in order
	byPage := map[string][]int{}
	for i := range records {
		p := records[i].URLWithoutAnchor
		if _, ok := byPage[p]; !ok {
			added = append(added, p)
		}
		byPage[p] = append(byPage[p], i)
		replaced[p] = true
	}
	pageRecs := ix.pageRecords()
	removing := 0
	for p := range replaced {
		removing += len(pageRecs[p])
	}
	live := ix.Len() - removing + len(records)
	dead := len(ix.records) - ix.Len() + removing
	if float64(dead) > compactAt*float64(live) || ix.delta != nil && float64(len(ix.delta.postings)) > compactAt*float64(len(ix.terms)) {
		return NewIndex(ix.replaced(replaced, added, byPage, records))
	}
	return ix.patch(replaced, added, byPage, records, pageRecs, removing)
}

// replaced returns the live records of ix with those of the replaced pages swapped for records,
// in the order Replace documents.
func (ix *Index) replaced(replaced map[string]bool, added []string, byPage map[string][]int, records []output.Record) []output.Record {
	out := make([]output.Record, 0, ix.Len()+len(records))
	ix.inNewOrder(func(rec int32) bool { return replaced[ix.records[rec].URLWithoutAnchor] }, added,
		func(rec int32) { out = append(out, ix.records[rec]) },
		func(p string) {
			for _, i := range byPage[p] {
				out = append(out, records[i])
			}
		})
	return out
}

// inNewOrder walks the live records of ix in the order Replace gives the new index's: keep gets
// each record that gone does not report, place each replaced page once, where its first record
// was, and then the pages of added not placed yet, in order.
func (ix *Index) inNewOrder(gone func(rec int32) bool, added []string, keep func(rec int32), place func(page string)) {
	placed := map[string]bool{}
	once := func(p string) {
		if !placed[p] {
			placed[p] = true
			place(p)
		}
	}
	ix.eachRecord(func(rec int32) {
		if gone(rec) {
			once(ix.records[rec].URLWithoutAnchor)
			return
		}
		keep(rec)
	})
	for _, p := range added {
		once(p)
	}
}

// patch is Replace without compaction: pageRecs are ix.pageRecords(), and removing counts the live
// records of the replaced pages.
func (ix *Index) patch(replaced map[string]bool, added []string, byPage map[string][]int, records []output.Record, pageRecs map[string][]int32, removing int) *Index {
	old := ix.delta
	nx := &Index{records: ix.records, recs: ix.recs, terms: ix.terms, termID: ix.termID, sorted: ix.sorted,
		byStem: ix.byStem, buckets: ix.buckets, groups: ix.groups}
	d := &delta{pages: pageRecs} // made for this call when ix is a base index
	if old != nil {
		d.pages = maps.Clone(d.pages)
		d.more, d.termID, d.postings, d.byStem, d.buckets = old.more, old.termID, maps.Clone(old.postings), old.byStem, old.buckets
	}
	if d.postings == nil {
		d.postings = map[int32][]posting{}
	}
	nx.delta = d

	// Store the new records after the others: in the same arrays when this is the first index
	// made from ix by extending them, else in copies (the base's records are the caller's).
	stored := int32(len(ix.records))
	if old == nil || !old.extended.CompareAndSwap(false, true) {
		nx.records, nx.recs = slices.Clip(nx.records), slices.Clip(nx.recs)
	}
	nx.records = append(nx.records, records...)
	nx.recs = append(nx.recs, make([]recInfo, len(records))...)

	// The records leaving, and the words they hold.
	gone := make([]uint64, (int(stored)+63)/64)
	var goneIDs []int32
	touched := map[int32]bool{}
	for p := range replaced {
		for _, rec := range d.pages[p] {
			gone[rec/64] |= 1 << (rec % 64)
			goneIDs = append(goneIDs, rec)
			info := &ix.recs[rec]
			for _, sp := range info.spans {
				touched[sp.term] = true
			}
			for _, kw := range ix.records[rec].Keywords {
				tokenize(kw, func(t token) {
					if id, ok := ix.lookup(t.text); ok {
						touched[id] = true
					}
				})
			}
		}
		delete(d.pages, p)
	}

	// Index the new records, their words' new postings kept apart. The words they add go to
	// copies of the overlay's, made at the first.
	copied := false
	fresh := map[int32][]posting{}
	x := &indexer{
		chunk: 8 << 10, // a page's records, not the site's
		word: func(text string) int32 {
			if id, ok := nx.lookup(text); ok {
				return id
			}
			if !copied {
				copied = true
				d.termID = maps.Clone(d.termID)
				if d.termID == nil {
					d.termID = map[string]int32{}
				}
				d.more = slices.Clip(d.more)
			}
			id := int32(len(ix.terms) + len(d.more))
			d.more = append(d.more, text)
			d.termID[text] = id
			return id
		},
		post: func(id int32, p posting) {
			fresh[id] = append(fresh[id], p)
			touched[id] = true
		},
	}
	groups := map[string]int32{}
	for i := range records {
		rec := stored + int32(i)
		r := &nx.records[rec]
		g, ok := groups[r.URL]
		if !ok {
			g = int32(nx.groups)
			nx.groups++
			groups[r.URL] = g
		}
		x.record(rec, r, &nx.recs[rec], g)
	}

	// New posting lists for the words touched: the old ones without the records leaving, then
	// the new records'. A word that gains or loses its last posting joins or leaves the lists
	// candidates come from.
	var born, died []int32
	cuts := idRuns(goneIDs)
	for id := range touched {
		prev := ix.postings(id)
		list := make([]posting, 0, len(prev)+len(fresh[id]))
		list = appendWithout(list, prev, cuts)
		list = append(list, fresh[id]...)
		d.postings[id] = list
		switch {
		case len(prev) == 0 && len(list) > 0:
			born = append(born, id)
		case len(prev) > 0 && len(list) == 0:
			died = append(died, id)
		}
	}
	nx.relist(ix, born, died)

	// The live records in order: a page's new records where its old ones were, new pages last.
	d.seq = make([]int32, 0, ix.Len()-removing+len(records))
	ix.inNewOrder(func(rec int32) bool { return gone[rec/64]&(1<<(rec%64)) != 0 }, added,
		func(rec int32) { d.seq = append(d.seq, rec) },
		func(p string) {
			ids := make([]int32, 0, len(byPage[p]))
			for _, i := range byPage[p] {
				ids = append(ids, stored+int32(i))
			}
			d.seq = append(d.seq, ids...)
			if len(ids) > 0 {
				d.pages[p] = ids
			}
		})
	d.ord = make([]int32, len(nx.records))
	for i, rec := range d.seq {
		d.ord[rec] = int32(i)
	}
	return nx
}

// idRun is a run of record ids, lo to hi-1.
type idRun struct{ lo, hi int32 }

// idRuns returns the runs of consecutive ids in ids, in order (a page's records are stored side by
// side, so they are few).
func idRuns(ids []int32) []idRun {
	slices.Sort(ids)
	var runs []idRun
	for _, id := range ids {
		if n := len(runs); n > 0 && runs[n-1].hi == id {
			runs[n-1].hi++
			continue
		}
		runs = append(runs, idRun{id, id + 1})
	}
	return runs
}

// appendWithout appends to out the postings of list, sorted by record as every posting list is,
// that are of no record in cuts: the stretches between them are copied whole.
func appendWithout(out, list []posting, cuts []idRun) []posting {
	from := 0
	for _, c := range cuts {
		lo := from + sort.Search(len(list)-from, func(i int) bool { return list[from+i].rec >= c.lo })
		hi := lo + sort.Search(len(list)-lo, func(i int) bool { return list[lo+i].rec >= c.hi })
		out = append(out, list[from:lo]...)
		from = hi
	}
	return append(out, list[from:]...)
}

// relist brings the word lists of nx, made from ix, up to date with the words that got their first
// posting (born) and lost their last (died): the words in text order, the stem lists and the typo
// buckets, each kept in text order.
func (nx *Index) relist(ix *Index, born, died []int32) {
	d := nx.delta
	d.sorted = ix.sortedTerms()
	if len(born) == 0 && len(died) == 0 {
		return
	}
	slices.SortFunc(born, func(a, b int32) int { return strings.Compare(nx.termText(a), nx.termText(b)) })
	dying := map[int32]bool{}
	for _, id := range died {
		dying[id] = true
	}
	d.sorted = nx.mergeTerms(d.sorted, born, dying)
	stems := map[string][]int32{}
	buckets := map[bucketKey][]int32{}
	for _, ids := range [][]int32{born, died} {
		for _, id := range ids {
			t := nx.termText(id)
			stems[stem(t)] = nil
			first, _ := utf8.DecodeRuneInString(t)
			buckets[bucketKey{first, utf8.RuneCountInString(t)}] = nil
		}
	}
	for _, id := range born {
		t := nx.termText(id)
		s := stem(t)
		stems[s] = append(stems[s], id)
		first, _ := utf8.DecodeRuneInString(t)
		k := bucketKey{first, utf8.RuneCountInString(t)}
		buckets[k] = append(buckets[k], id)
	}
	d.byStem = maps.Clone(d.byStem)
	if d.byStem == nil {
		d.byStem = map[string][]int32{}
	}
	for s, add := range stems {
		d.byStem[s] = nx.mergeTerms(ix.stemTerms(s), add, dying)
	}
	d.buckets = maps.Clone(d.buckets)
	if d.buckets == nil {
		d.buckets = map[bucketKey][]int32{}
	}
	for k, add := range buckets {
		d.buckets[k] = nx.mergeTerms(ix.bucket(ix.buckets[k.first], k.first, k.n), add, dying)
	}
}

// mergeTerms returns a new list of the words of list, in text order, without those dying and
// with born (in text order) inserted.
func (nx *Index) mergeTerms(list, born []int32, dying map[int32]bool) []int32 {
	out := make([]int32, 0, len(list)+len(born))
	keep := func(ids []int32) {
		if len(dying) == 0 {
			out = append(out, ids...)
			return
		}
		for _, id := range ids {
			if !dying[id] {
				out = append(out, id)
			}
		}
	}
	from := 0
	for _, b := range born {
		t := nx.termText(b)
		at := from + sort.Search(len(list)-from, func(i int) bool { return nx.termText(list[from+i]) >= t })
		keep(list[from:at])
		out = append(out, b)
		from = at
	}
	keep(list[from:])
	return out
}

// pageRecords returns the live records of each page, by url_without_anchor: a new map when ix is a
// base index, the one it holds otherwise.
func (ix *Index) pageRecords() map[string][]int32 {
	if ix.delta != nil {
		return ix.delta.pages
	}
	pages := map[string][]int32{}
	for i := range ix.records {
		p := ix.records[i].URLWithoutAnchor
		pages[p] = append(pages[p], int32(i))
	}
	return pages
}

// eachRecord calls f with every live record, in order.
func (ix *Index) eachRecord(f func(rec int32)) {
	if ix.delta != nil {
		for _, rec := range ix.delta.seq {
			f(rec)
		}
		return
	}
	for rec := range ix.records {
		f(int32(rec))
	}
}

// order is the place of a record among the live ones.
func (ix *Index) order(rec int32) int32 {
	if ix.delta != nil {
		return ix.delta.ord[rec]
	}
	return rec
}

// lookup returns the id of an index word.
func (ix *Index) lookup(text string) (int32, bool) {
	id, ok := ix.termID[text]
	if !ok && ix.delta != nil {
		id, ok = ix.delta.termID[text]
	}
	return id, ok
}

// termText returns an index word.
func (ix *Index) termText(id int32) string {
	if int(id) < len(ix.terms) {
		return ix.terms[id].text
	}
	return ix.delta.more[int(id)-len(ix.terms)]
}

// postings returns the occurrences of an index word.
func (ix *Index) postings(id int32) []posting {
	if ix.delta != nil {
		if list, ok := ix.delta.postings[id]; ok {
			return list
		}
	}
	if int(id) < len(ix.terms) {
		return ix.terms[id].postings
	}
	return nil
}

// stemTerms returns the live words with stem s, in text order.
func (ix *Index) stemTerms(s string) []int32 {
	if ix.delta != nil {
		if list, ok := ix.delta.byStem[s]; ok {
			return list
		}
	}
	return ix.byStem[s]
}

// bucket returns the live words of n runes that start with first, in text order; byLen is
// ix.buckets[first], which a caller scanning several lengths looks up once.
func (ix *Index) bucket(byLen map[int][]int32, first rune, n int) []int32 {
	if ix.delta != nil {
		if list, ok := ix.delta.buckets[bucketKey{first, n}]; ok {
			return list
		}
	}
	return byLen[n]
}

// sortedTerms returns the live words in text order.
func (ix *Index) sortedTerms() []int32 {
	if ix.delta != nil {
		return ix.delta.sorted
	}
	return ix.sorted
}

// liveRecords returns the live records in order, made once.
func (d *delta) liveRecords(stored []output.Record) []output.Record {
	d.once.Do(func() {
		d.live = make([]output.Record, 0, len(d.seq))
		for _, rec := range d.seq {
			d.live = append(d.live, stored[rec])
		}
	})
	return d.live
}
