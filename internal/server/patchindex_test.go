package server

import (
	"slices"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// hits returns the URLs of the records the served index finds for q.
func hits(s *Server, q string) []string {
	var urls []string
	for _, h := range s.site.Load().index.Search(search.Query{Text: q, Distinct: -1}).Hits {
		urls = append(urls, h.URL)
	}
	return urls
}

// editedRecords returns the server's records with the page whose url_without_anchor ends with
// route given word as the content of its first content record, and that page's new records.
func editedRecords(t *testing.T, s *Server, route, word string) ([]output.Record, string, []output.Record) {
	t.Helper()
	all := slices.Clone(s.site.Load().index.Records())
	page := ""
	var recs []output.Record
	for i := range all {
		if page == "" && strings.HasSuffix(all[i].URLWithoutAnchor, route) {
			page = all[i].URLWithoutAnchor
		}
		if all[i].URLWithoutAnchor != page {
			continue
		}
		if all[i].Type == "content" && !slices.ContainsFunc(recs, func(r output.Record) bool { return r.Type == "content" }) {
			all[i].Content = word + " is the new word."
		}
		recs = append(recs, all[i])
	}
	if page == "" {
		t.Fatalf("no records of %s", route)
	}
	return all, page, recs
}

// TestPatchReplacesAPageInTheIndex checks that a rebuild that changed one page's records has them
// searchable when Patch returns, the index searches already hold staying as it was, and that
// records Patch cannot relate to the index it serves are indexed in the background.
func TestPatchReplacesAPageInTheIndex(t *testing.T) {
	s, dir := newTestServer(t)
	s.SetRecordsVersion(1)
	before := s.site.Load().index

	all, page, recs := editedRecords(t, s, "/architecture/bakers", "zanzibar")
	writeJSONFile(t, dir, output.RecordsFile, all)
	err := s.Patch(map[string]bool{output.RecordsFile: true}, &Records{All: all, Version: 2, Base: 1, Pages: map[string][]output.Record{page: recs}})
	if err != nil {
		t.Fatal(err)
	}
	if got := hits(s, "zanzibar"); len(got) != 1 || !strings.HasPrefix(got[0], page) {
		t.Fatalf("right after Patch, zanzibar finds %v, want the edited page", got)
	}
	if got := before.Search(search.Query{Text: "zanzibar"}).NbHits; got != 0 {
		t.Errorf("the index served before the patch finds the new word %d times", got)
	}
	if got, want := s.site.Load().index.Len(), before.Len(); got != want {
		t.Errorf("%d records after replacing a page's, want %d", got, want)
	}

	// Records from a base the server does not hold are indexed afresh, in the background.
	all, page, recs = editedRecords(t, s, "/architecture/bakers", "quokka")
	writeJSONFile(t, dir, output.RecordsFile, all)
	err = s.Patch(map[string]bool{output.RecordsFile: true}, &Records{All: all, Version: 9, Base: 8, Pages: map[string][]output.Record{page: recs}})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(hits(s, "quokka")) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the index built in the background never came")
		}
		time.Sleep(time.Millisecond)
	}
	s.patching.mu.Lock()
	building := s.patching.building
	s.patching.mu.Unlock()
	if building {
		t.Error("the index built in the background is in place, but Patch still waits for it")
	}

	// From that index on, pages are replaced again.
	all, page, recs = editedRecords(t, s, "/architecture/bakers", "wombat")
	err = s.Patch(map[string]bool{output.RecordsFile: true}, &Records{All: all, Version: 10, Base: 9, Pages: map[string][]output.Record{page: recs}})
	if err != nil {
		t.Fatal(err)
	}
	if got := hits(s, "wombat"); len(got) != 1 {
		t.Fatalf("right after Patch, wombat finds %v", got)
	}
	if got := hits(s, "quokka"); len(got) != 0 {
		t.Errorf("the page's old word quokka still finds %v", got)
	}
}
