package search

import (
	_ "embed"
	"strings"
	"testing"

	"tzdocs/internal/sitebuild/buildtest"
)

// subjectSite has reference pages about staking, deploying and the data availability layer, and
// a tutorial whose step headings repeat their words (testdata/subject.txtar).
//
//go:embed testdata/subject.txtar
var subjectSite string

// firstPage returns the route of the first hit of a query, without origin or anchor.
func firstPage(t *testing.T, ix *Index, query string) string {
	t.Helper()
	res := ix.Search(Query{Text: query})
	if len(res.Hits) == 0 {
		t.Fatalf("%q: no hits", query)
	}
	url := strings.TrimPrefix(res.Hits[0].URL, "https://docs.example.org")
	url, _, _ = strings.Cut(url, "#")
	return url
}

func TestSubjectRanking(t *testing.T) {
	ix := NewIndex(buildtest.Records(t, subjectSite))
	for _, tc := range []struct {
		name, query, want string
	}{
		// The page titled with the query beats the tutorial step heading "Stake 6000 tez",
		// although the heading holds both words and the title only one.
		{"title beats tutorial step", "stake tez", "/using/staking"},
		// A front-matter keyword counts as the title: "Originate the contract" is a step.
		{"keyword beats tutorial step", "originate contract", "/smart-contracts/deploying"},
		// Naming the tutorial brings its step back first.
		{"query names the tutorial", "stake tez tutorial", "/tutorials/multisig-baking/part-1"},
		{"query names the tutorial step", "set up the baker", "/tutorials/multisig-baking/part-1"},
		// A query that is a whole step heading names the step, above a page that mentions it.
		{"query is a whole step heading", "high water mark", "/tutorials/multisig-baking/part-1"},
		// The acronym a page's description spells out goes to that page, not to the tutorial
		// whose text and headings use it.
		{"acronym", "dal", "/architecture/data-availability-layer"},
		{"acronym in capitals", "DAL", "/architecture/data-availability-layer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := firstPage(t, ix, tc.query); got != tc.want {
				t.Errorf("%q: first hit on %s, want %s", tc.query, got, tc.want)
			}
		})
	}
}

// A keyword matches without being shown: the page record's title stays its title.
func TestKeywordNotHighlightedInTitle(t *testing.T) {
	ix := NewIndex(buildtest.Records(t, subjectSite))
	res := ix.Search(Query{Text: "originate"})
	if len(res.Hits) == 0 {
		t.Fatal("no hits")
	}
	h := res.Hits[0]
	if h.Type != "lvl1" || h.Hierarchy[1] != "Deploying smart contracts" {
		t.Fatalf("first hit %s %q, want the deploying page's title record", h.Type, h.Hierarchy[1])
	}
	if got := h.Highlight["hierarchy.lvl1"].Value; got != "Deploying smart contracts" {
		t.Errorf("title highlight %q, want the title unmarked", got)
	}
}

// Two query words match the index word they make together: "tezos toolkit" finds "TezosToolkit".
func TestCompoundWords(t *testing.T) {
	ix := NewIndex(buildtest.Records(t, subjectSite))
	res := ix.Search(Query{Text: "tezos toolkit"})
	if len(res.Hits) == 0 {
		t.Fatal("no hits")
	}
	if got, want := res.Hits[0].Anchor, "deploying-with-tezostoolkit"; got != want {
		t.Errorf("first hit at #%s, want #%s", got, want)
	}
	if got := res.Hits[0].Highlight["hierarchy.lvl2"].Value; !strings.Contains(got, "<mark>TezosToolkit</mark>") {
		t.Errorf("heading highlight %q, want TezosToolkit marked", got)
	}
}
