package search

import (
	"cmp"
	"sort"
	"strings"
	"unicode/utf8"

	"tzdocs/internal/output"
)

// Attributes of a record, as stored in postings: the hierarchy levels 0…6, then content.
const (
	attrContent = 7
	numAttrs    = 8
)

// Index is an in-memory inverted index over records. It is read-only once built and safe for
// concurrent searches; Replace makes a new index from it, leaving it as it was.
type Index struct {
	records []output.Record
	recs    []recInfo
	terms   []term
	termID  map[string]int32
	sorted  []int32            // term ids in text order, for prefix ranges
	byStem  map[string][]int32 // stem → term ids
	// buckets[first rune][rune length] lists term ids, for the typo scan.
	buckets map[rune]map[int][]int32
	groups  int // number of distinct URLs
	// delta is what an index made by Replace holds besides the base index it shares
	// structures with; nil for an index made by NewIndex.
	delta *delta
}

type term struct {
	text     string
	postings []posting // in record order
}

// posting is one occurrence of a term: record, attribute and word position in the attribute.
type posting struct {
	rec  int32
	attr uint8
	pos  uint16
}

// span is one word of an attribute: its index word and where it starts in the original text
// (wordEnd finds where it ends: 4 bytes less a word, about 1 MB for the real docs).
type span struct {
	term  int32
	start uint32
}

// recInfo is what ranking needs of a record besides its postings.
type recInfo struct {
	ownLevel uint8 // the hierarchy level the record stands for, 0 for content
	code     bool
	tutorial bool             // a record of a tutorial page (output.KindTutorial)
	kwWords  []uint8          // words in each keyword of a page record, matched as its title
	group    int32            // distinct URL id
	nwords   [numAttrs]uint16 // words in each attribute, for whole-attribute exactness
	// spans are the words of the record's attributes one after the other, for highlighting
	// without re-reading; those of attribute a start at ends[a-1] (0 for the first) and end at
	// ends[a]. One slice and offsets rather than a slice per attribute: 140 bytes less a record.
	spans []span
	ends  [numAttrs]uint32
}

// attrSpans is the words of attribute a of the record.
func (info *recInfo) attrSpans(a int) []span {
	start := uint32(0)
	if a > 0 {
		start = info.ends[a-1]
	}
	return info.spans[start:info.ends[a]]
}

// NewIndex indexes records. The records are kept; do not modify them afterwards.
func NewIndex(records []output.Record) *Index {
	ix := &Index{
		records: records,
		recs:    make([]recInfo, len(records)),
		termID:  make(map[string]int32, len(records)),
		byStem:  map[string][]int32{},
		buckets: map[rune]map[int][]int32{},
	}
	groupID := map[string]int32{}
	x := &indexer{word: ix.add, post: func(id int32, p posting) { ix.terms[id].postings = append(ix.terms[id].postings, p) }}
	for i := range records {
		g, ok := groupID[records[i].URL]
		if !ok {
			g = int32(len(groupID))
			groupID[records[i].URL] = g
		}
		x.record(int32(i), &records[i], &ix.recs[i], g)
	}
	ix.groups = len(groupID)
	ix.packPostings()
	ix.packSpans()
	// Words with no posting (found only past position 65535 of an attribute) match nothing and
	// are left out of the lists candidates are taken from. The stem lists and typo buckets are
	// in text order, as Replace keeps them: a word's candidates do not depend on which record
	// held which word first.
	ix.sorted = make([]int32, 0, len(ix.terms))
	for i := range ix.terms {
		if len(ix.terms[i].postings) > 0 {
			ix.sorted = append(ix.sorted, int32(i))
		}
	}
	sort.Slice(ix.sorted, func(a, b int) bool { return ix.terms[ix.sorted[a]].text < ix.terms[ix.sorted[b]].text })
	for _, id := range ix.sorted {
		t := ix.terms[id].text
		s := stem(t)
		ix.byStem[s] = append(ix.byStem[s], id)
		first, _ := utf8.DecodeRuneInString(t)
		b := ix.buckets[first]
		if b == nil {
			b = map[int][]int32{}
			ix.buckets[first] = b
		}
		n := utf8.RuneCountInString(t)
		b[n] = append(b[n], id)
	}
	return ix
}

// indexer reads records into an index: word returns the id of an index word, adding it if new,
// and post files one occurrence of it.
type indexer struct {
	word  func(text string) int32
	post  func(id int32, p posting)
	spans []span // backing store of recInfo.spans, grown in chunks
	chunk int    // spans a chunk holds; 0 → 64Ki
}

// record indexes record r as record number i of URL group g, filling in info.
func (x *indexer) record(i int32, r *output.Record, info *recInfo, g int32) {
	if cap(x.spans)-len(x.spans) < 4096 {
		x.spans = make([]span, 0, cmp.Or(x.chunk, 64<<10))
	}
	if strings.HasPrefix(r.Type, "lvl") && len(r.Type) == 4 {
		info.ownLevel = r.Type[3] - '0'
	}
	info.code = r.Code
	info.tutorial = r.Kind == output.KindTutorial
	info.group = g
	recFirst := len(x.spans)
	for a := 0; a < numAttrs; a++ {
		text := attrText(r, a)
		if text == "" {
			info.ends[a] = uint32(len(x.spans) - recFirst)
			continue
		}
		// Stop words share the position of the next word, so "Installing the Octez
		// client" has its three words side by side, as the query "install octez client".
		pos := 0
		tokenize(text, func(t token) {
			id := x.word(t.text)
			if pos < 0xffff {
				x.post(id, posting{rec: i, attr: uint8(a), pos: uint16(pos)})
			}
			x.spans = append(x.spans, span{term: id, start: uint32(t.start)})
			if !stopWords[t.text] {
				pos++
			}
		})
		info.ends[a] = uint32(len(x.spans) - recFirst)
		info.nwords[a] = uint16(min(pos, 0xffff))
	}
	info.spans = x.spans[recFirst:len(x.spans):len(x.spans)]
	if info.ownLevel == 1 {
		x.keywords(i, r.Keywords, info)
	}
}

// keywordStride is the distance, in word positions of the title attribute, between the keywords of
// a page record: keyword k starts at position (k+1)·keywordStride, far from the title and from the
// other keywords, so proximity never joins them.
const (
	keywordStride = 1024
	maxKeywords   = 0xffff/keywordStride - 1
)

// keywords indexes a page record's keywords as words of its title attribute (lvl1), at
// positions of their own, without highlight spans: a keyword matches as the title does, and
// the title shown stays the title.
func (x *indexer) keywords(rec int32, keywords []string, info *recInfo) {
	for k, kw := range keywords[:min(len(keywords), maxKeywords)] {
		pos := 0
		tokenize(kw, func(t token) {
			if pos >= keywordStride-1 {
				return
			}
			x.post(x.word(t.text), posting{rec: rec, attr: 1, pos: uint16((k+1)*keywordStride + pos)})
			if !stopWords[t.text] {
				pos++
			}
		})
		info.kwWords = append(info.kwWords, uint8(min(pos, 255)))
	}
}

// attrWordsAt returns how many words the attribute, or keyword, that starts at position pos of
// attribute a holds; -1 when no attribute or keyword starts there.
func (info *recInfo) attrWordsAt(a, pos uint32) int {
	switch {
	case pos == 0:
		return int(info.nwords[a])
	case a == 1 && pos%keywordStride == 0 && int(pos/keywordStride) <= len(info.kwWords):
		return int(info.kwWords[pos/keywordStride-1])
	}
	return -1
}

// add returns the id of an index word, adding it if new.
func (ix *Index) add(text string) int32 {
	id, ok := ix.termID[text]
	if !ok {
		id = int32(len(ix.terms))
		ix.termID[text] = id
		ix.terms = append(ix.terms, term{text: text})
	}
	return id
}

// Len returns the number of records indexed.
func (ix *Index) Len() int {
	if ix.delta != nil {
		return len(ix.delta.seq)
	}
	return len(ix.records)
}

// Records returns the indexed records, in order; callers must not modify them.
func (ix *Index) Records() []output.Record {
	if ix.delta != nil {
		return ix.delta.liveRecords(ix.records)
	}
	return ix.records
}

// attrText returns attribute a of a record: hierarchy level a, or the content.
func attrText(r *output.Record, a int) string {
	if a == attrContent {
		return r.Content
	}
	return r.Hierarchy[a]
}

// attrName is the attribute's path in records and in _highlightResult.
func attrName(a int) string {
	if a == attrContent {
		return "content"
	}
	return "hierarchy.lvl" + string(rune('0'+a))
}

// attrRank orders attributes for ranking, lower first, in DocSearch's spirit: the level a record
// stands for (a heading record's own heading) before the headings above it, those before
// content, and code last.
func (ix *Index) attrRank(rec int32, a uint8) uint8 {
	info := &ix.recs[rec]
	switch {
	case a == attrContent && info.code:
		return 15
	case a == attrContent:
		return 14
	case a == info.ownLevel && a > 0:
		return a
	default:
		return 7 + a
	}
}
