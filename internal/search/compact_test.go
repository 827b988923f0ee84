package search

import "testing"

// Every term's postings fill their slice exactly once the index is built.
func TestPostingsArePacked(t *testing.T) {
	ix := testIndex(t)
	total := 0
	for i := range ix.terms {
		ps := ix.terms[i].postings
		if len(ps) != cap(ps) {
			t.Fatalf("term %q: %d postings in room for %d", ix.terms[i].text, len(ps), cap(ps))
		}
		total += len(ps)
	}
	if total == 0 {
		t.Fatal("the test index has no postings")
	}
}
