package assistant

import (
	"bytes"
	"sync"
	"testing"

	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// TestExtractiveBuildsItsCorpusOnTheFirstQuestion checks that mounting the Ask AI API derives
// nothing from the site, that concurrent first questions build the corpus once, and that they get
// the answers of an engine whose corpus was built ahead of them.
func TestExtractiveBuildsItsCorpusOnTheFirstQuestion(t *testing.T) {
	d := siteDocs(t, answerSite)
	questions := []string{
		"How much tez do I need to become a baker?",
		"How do I stake my tez?",
		"What is the difference between staking and delegating?",
		"What is a hardware wallet and how long does unstaking take?",
	}
	eager := NewExtractive()
	eager.Prepare(d.ix, d.code)
	want := make([]string, len(questions))
	for i, q := range questions {
		want[i], _ = runEngine(t, eager, d, q)
	}

	lazy := NewExtractive()
	Handler(Options{AssistantID: "test", Secret: []byte("0123456789abcdef0123456789abcdef"), Engine: lazy,
		Index: func() *search.Index { return d.ix }, Code: func() []output.CodeBlock { return d.code }})
	if lazy.corpus != nil || lazy.builds != 0 {
		t.Fatalf("mounting the API built the corpus (%d builds); it should wait for the first question", lazy.builds)
	}
	const rounds = 3
	got := make([]string, rounds*len(questions))
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			var buf bytes.Buffer
			s := newStream(&buf, nil, counterIDs())
			if err := lazy.Answer(t.Context(), &Request{Question: questions[i%len(questions)], Index: d.ix, Code: d.code}, s); err != nil {
				t.Errorf("Answer(%q): %v", questions[i%len(questions)], err)
			}
			got[i] = buf.String()
		})
	}
	wg.Wait()
	if lazy.builds != 1 {
		t.Errorf("%d concurrent first questions built the corpus %d times, want once", len(got), lazy.builds)
	}
	for i, g := range got {
		if w := want[i%len(questions)]; g != w {
			t.Errorf("%q answered first without a prepared corpus:\n%s\nwant, as with one:\n%s", questions[i%len(questions)], g, w)
		}
	}
}
