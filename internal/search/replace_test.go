package search

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"tzdocs/internal/output"
)

// replaceWords are the words of generated pages: the engine's test site's, forms of one stem,
// words a typo apart, a compound and its parts, stop words, and accented and short words.
var replaceWords = strings.Fields(`bake baker bakers baking baked octez client node michelson
	contract contracts staking stake staker tez tezos delegate delegation rollup rollups smart
	smartrollup wallet wallets beacon beaconwallet taquito toolkit tezostoolkit the of a to in
	bakr michelsen contrakt stakng deleg kt1 fa2 dal étoile café go run daemon rights cycle`)

// genPage makes the records of one page: a title record, headings and content blocks drawing on
// replaceWords, with weights that repeat so the last tie-break is reached.
func genPage(rng *rand.Rand, url string, gen int) []output.Record {
	words := func(n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = replaceWords[rng.IntN(len(replaceWords))]
		}
		if rng.IntN(4) == 0 {
			w = append(w, fmt.Sprintf("word%d", gen)) // a word no other page holds
		}
		return strings.Join(w, " ")
	}
	lvl0 := []string{"Architecture", "Developing", "Tutorials"}[rng.IntN(3)]
	h := output.Hierarchy{lvl0, strings.ToUpper(words(1 + rng.IntN(3))[:1]) + words(1+rng.IntN(3))}
	kind := ""
	if lvl0 == "Tutorials" {
		kind = output.KindTutorial
	}
	rec := func(typ, anchor, content string, level int) output.Record {
		u := url
		if anchor != "" {
			u += "#" + anchor
		}
		return output.Record{ObjectID: fmt.Sprintf("%s-%d-%d", u, gen, rng.Int()), Hierarchy: h, Content: content, Type: typ,
			URL: u, URLWithoutAnchor: url, Anchor: anchor, Language: "en", DocusaurusTag: "docs-default-current", Kind: kind,
			Weight: output.Weight{PageRank: rng.IntN(2), Level: level, Position: rng.IntN(3)}, Code: typ == "content" && rng.IntN(5) == 0}
	}
	title := rec("lvl1", "", "", 90)
	if rng.IntN(2) == 0 {
		title.Keywords = []string{words(1), words(2)}
	}
	out := []output.Record{title}
	for s := 0; s < rng.IntN(4); s++ {
		anchor := fmt.Sprintf("s%d", s)
		h[2] = words(1 + rng.IntN(3))
		out = append(out, rec("lvl2", anchor, "", 80))
		for c := 0; c < 1+rng.IntN(3); c++ {
			out = append(out, rec("content", anchor, words(3+rng.IntN(30)), 0))
		}
	}
	return out
}

// replaceQueries are searches of every kind the engine answers, over replaceWords.
func replaceQueries(rng *rand.Rand, n int) []Query {
	var qs []Query
	for i := 0; i < n; i++ {
		var w []string
		for j := 0; j < rng.IntN(4); j++ {
			word := replaceWords[rng.IntN(len(replaceWords))]
			if rng.IntN(3) == 0 && len(word) > 2 {
				word = word[:1+rng.IntN(len(word)-1)] // a prefix, or a word cut short
			}
			w = append(w, word)
		}
		q := Query{Text: strings.Join(w, " "), HitsPerPage: 1 + rng.IntN(8), Page: rng.IntN(3),
			AttributesToSnippet: []string{"content:5"}, Distinct: []int{0, 0, 2, -1}[rng.IntN(4)]}
		switch rng.IntN(8) {
		case 0:
			q.Facets, q.MaxValuesPerFacet = []string{"*"}, 2
		case 1:
			q.Facets, q.FacetingAfterDistinct = []string{"hierarchy.lvl0", "weight.pageRank"}, true
		case 2:
			q.Typos = []string{"min", "strict"}[rng.IntN(2)]
		case 3:
			q.AdvancedSyntax = true
			if len(w) > 1 {
				q.Text = `"` + w[0] + " " + w[1] + `" ` + strings.Join(w[2:], " ")
			}
		case 4:
			q.QueryType = "prefixAll"
		case 5:
			q.WordRemoval = "lastWords"
		case 6:
			q.PluralsAsExact, q.ConjugationsAsExact = true, true
		}
		qs = append(qs, q)
	}
	return qs
}

// searchAll answers every query, with the processing times cleared.
func searchAll(ix *Index, qs []Query) []Result {
	out := make([]Result, len(qs))
	for i, q := range qs {
		out[i] = ix.Search(q)
		out[i].ProcessingTime = 0
	}
	return out
}

// modelReplace is what Replace documents, written plainly: the records of the replaced pages
// give way to the new ones, at the place of the page's first old record, or at the end.
func modelReplace(all []output.Record, pages []string, records []output.Record) []output.Record {
	replaced := map[string]bool{}
	for _, p := range pages {
		replaced[p] = true
	}
	for _, r := range records {
		replaced[r.URLWithoutAnchor] = true
	}
	var out []output.Record
	placed := map[string]bool{}
	place := func(p string) {
		if !placed[p] {
			placed[p] = true
			for _, r := range records {
				if r.URLWithoutAnchor == p {
					out = append(out, r)
				}
			}
		}
	}
	for _, r := range all {
		if replaced[r.URLWithoutAnchor] {
			place(r.URLWithoutAnchor)
			continue
		}
		out = append(out, r)
	}
	for _, r := range records {
		place(r.URLWithoutAnchor)
	}
	return out
}

// TestReplaceAnswersAsNewIndex applies random page replacements (a page's records changed, a
// page removed, pages added, several at once) and after each compares the replaced index's
// answers to many queries (hits, order, highlights, snippets, facets, counts, pages) with those
// of an index built afresh from the same records; the indexes replaced along the way must keep
// their own answers. It runs with compaction as usual and with none, so long chains of
// replaced indexes are covered.
func TestReplaceAnswersAsNewIndex(t *testing.T) {
	for _, at := range []float64{compactAt, 1e9} {
		t.Run(fmt.Sprintf("compactAt=%g", at), func(t *testing.T) {
			defer func(v float64) { compactAt = v }(compactAt)
			compactAt = at
			rng := rand.New(rand.NewPCG(uint64(at*100), 26))
			base := testIndex(t).Records()
			for p := 0; p < 5; p++ {
				base = append(base, genPage(rng, fmt.Sprintf("https://docs.example.org/gen/%d", p), p)...)
			}
			ix := NewIndex(slices.Clone(base))
			model := base
			qs := replaceQueries(rng, 150)
			type kept struct {
				ix  *Index
				res []Result
			}
			var earlier []kept
			patched := 0
			for step := 0; step < 40; step++ {
				var pagesOf []string
				for _, r := range model {
					if !slices.Contains(pagesOf, r.URLWithoutAnchor) {
						pagesOf = append(pagesOf, r.URLWithoutAnchor)
					}
				}
				var pages []string
				var recs []output.Record
				for k := 0; k < 1+rng.IntN(2); k++ {
					switch op := rng.IntN(6); {
					case op < 3 && len(pagesOf) > 0: // a page changed
						recs = append(recs, genPage(rng, pagesOf[rng.IntN(len(pagesOf))], 100+step)...)
					case op == 3 && len(pagesOf) > 1: // a page removed
						pages = append(pages, pagesOf[rng.IntN(len(pagesOf))])
					default: // a page added
						recs = append(recs, genPage(rng, fmt.Sprintf("https://docs.example.org/new/%d-%d", step, k), 200+step)...)
					}
				}
				next := ix.Replace(pages, recs)
				if next.delta != nil {
					patched++
				}
				model = modelReplace(model, pages, recs)
				if got := next.Records(); !reflect.DeepEqual(got, model) {
					t.Fatalf("step %d: the replaced index holds %d records, not the %d expected in order", step, len(got), len(model))
				}
				if next.Len() != len(model) {
					t.Fatalf("step %d: Len %d, want %d", step, next.Len(), len(model))
				}
				want := searchAll(NewIndex(slices.Clone(model)), qs)
				got := searchAll(next, qs)
				for i := range qs {
					if !reflect.DeepEqual(got[i], want[i]) {
						t.Fatalf("step %d, query %+v:\nreplaced index: %s\nnew index:      %s", step, qs[i], summary(got[i]), summary(want[i]))
					}
				}
				if step%8 == 0 {
					earlier = append(earlier, kept{next, got})
				}
				ix = next
			}
			for _, k := range earlier {
				if !reflect.DeepEqual(searchAll(k.ix, qs), k.res) {
					t.Fatal("an index answers otherwise after later replacements")
				}
			}
			if at > 1 && patched < 40 || patched == 0 {
				t.Fatalf("%d of 40 replacements patched the index", patched)
			}
		})
	}
}

// summary names a result's hits, for failure messages.
func summary(r Result) string {
	var ids []string
	for _, h := range r.Hits {
		ids = append(ids, h.URL+" "+h.Content)
	}
	return fmt.Sprintf("nbHits %d, pages %d, facets %v, hits %q", r.NbHits, r.NbPages, r.Facets, ids)
}

// TestReplaceLeavesIndexForSearchesRunning searches an index from several goroutines while
// indexes are made from it by Replace, one after another and from the same index twice (so both
// ways of storing the new records run): run with -race, and each search's answer is checked.
func TestReplaceLeavesIndexForSearchesRunning(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var base []output.Record
	for p := 0; p < 8; p++ {
		base = append(base, genPage(rng, fmt.Sprintf("https://docs.example.org/p/%d", p), p)...)
	}
	first := NewIndex(base).Replace(nil, genPage(rng, "https://docs.example.org/p/0", 50))
	qs := replaceQueries(rng, 40)
	want := searchAll(first, qs)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	errs := make(chan string, 4)
	for g := 0; g < 3; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				i := n % len(qs)
				res := first.Search(qs[i])
				res.ProcessingTime = 0
				if !reflect.DeepEqual(res, want[i]) {
					errs <- fmt.Sprintf("query %+v answered otherwise while replacing", qs[i])
					return
				}
			}
		}()
	}
	ix := first
	for step := 0; step < 30; step++ {
		recs := genPage(rng, fmt.Sprintf("https://docs.example.org/p/%d", rng.IntN(10)), 60+step)
		ix.Replace(nil, recs) // a sibling: stores its records in copies
		ix = ix.Replace(nil, recs)
		if step%10 == 0 {
			ix = first.Replace(nil, recs) // from the first again, while others searched it
		}
	}
	close(stop)
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
