package assistant

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExtractiveCitesTheRightPages asks the reader questions of bench/assistant/questions.tsv of the built
// site and requires that at least 85% of the answers cite one of the expected pages.
func TestExtractiveCitesTheRightPages(t *testing.T) {
	ix := realIndex(t)
	f, err := os.Open(filepath.Join("..", "..", "bench", "assistant", "questions.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e := NewExtractive()
	total, good := 0, 0
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		q, pages, ok := strings.Cut(text, "\t")
		if !ok {
			t.Fatalf("bench/assistant/questions.tsv:%d: want question<TAB>pages", line)
		}
		total++
		_, s := runEngine(t, e, ix, q)
		cited := answerSources(s.Answer(), nil)
		hit := false
		for _, p := range strings.Fields(pages) {
			if containsPage(cited, p) {
				hit = true
				break
			}
		}
		if hit {
			good++
		} else {
			t.Logf("%q: wanted %s, cited %v", q, pages, cited)
		}
	}
	share := float64(good) / float64(total)
	t.Logf("%d of %d answers cite an expected page (%.2f)", good, total, share)
	if total < 40 || share < 0.85 {
		t.Errorf("%d of %d answers cite an expected page (%.2f), want ≥ 0.85 of at least 40", good, total, share)
	}
}
