package search_test

import (
	"strings"
	"testing"

	"tzdocs/internal/output"
	"tzdocs/internal/search"
	"tzdocs/internal/sitebuild/buildtest"
)

// editedPage returns the records of the built site's page whose route ends with route, with a
// paragraph edited as a writer would (a word added to its first content record), and the page's
// url_without_anchor.
func editedPage(b *testing.B, records []output.Record, route string, n int) (string, []output.Record) {
	var page string
	var out []output.Record
	for _, r := range records {
		if page == "" && strings.HasSuffix(r.URLWithoutAnchor, route) {
			page = r.URLWithoutAnchor
		}
		if page != "" && r.URLWithoutAnchor == page {
			out = append(out, r)
		}
	}
	if page == "" {
		b.Fatalf("no page %s in the built site", route)
	}
	for i := range out {
		if out[i].Type == "content" {
			out[i].Content += " edited" + strings.Repeat("x", n%7)
			break
		}
	}
	return page, out
}

// BenchmarkReplacePage replaces the records of /architecture/bakers, edited, in an index of the
// built site's records, as `tzdocs dev` does after a save: "first" from the index NewIndex made
// (the site's records copied once), "chained" from the index the previous edit made (compaction
// included when it comes), against "NewIndex", the whole index built again.
func BenchmarkReplacePage(b *testing.B) {
	records := buildtest.BuiltRecords(b)
	fresh := search.NewIndex(records)
	page, _ := editedPage(b, records, "/architecture/bakers", 0)
	edits := make([][]output.Record, 16)
	for i := range edits {
		_, edits[i] = editedPage(b, records, "/architecture/bakers", i)
	}
	b.Run("first", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			fresh.Replace([]string{page}, edits[i%len(edits)])
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/replace")
	})
	b.Run("chained", func(b *testing.B) {
		ix := fresh
		for i := 0; i < b.N; i++ {
			ix = ix.Replace([]string{page}, edits[i%len(edits)])
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/replace")
	})
	b.Run("NewIndex", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			search.NewIndex(records)
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/index")
	})
}
