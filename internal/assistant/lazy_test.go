package assistant

import (
	"bytes"
	"sync"
	"testing"
)

// TestCorpusIsDerivedOnTheFirstQuestion checks that mounting the Ask AI API derives nothing from
// the site, that concurrent first questions derive the corpus once, and that they get the answers
// of an engine whose corpus was derived ahead of them.
func TestCorpusIsDerivedOnTheFirstQuestion(t *testing.T) {
	questions := []string{
		"How much tez do I need to become a baker?",
		"How do I stake my tez?",
		"What is the difference between staking and delegating?",
		"What is a hardware wallet and how long does unstaking take?",
	}
	eager := siteDocs(t, answerSite)
	eager.corpus.Prepare()
	want := make([]string, len(questions))
	for i, q := range questions {
		want[i], _ = runEngine(t, NewExtractive(), eager, q)
	}

	lazy := siteDocs(t, answerSite)
	Handler(Options{AssistantID: "test", Secret: []byte("0123456789abcdef0123456789abcdef"), Engine: NewExtractive(),
		Corpus: func() *Corpus { return lazy.corpus }})
	if lazy.corpus.view != nil {
		t.Fatal("mounting the API derived the corpus; it should wait for the first question")
	}
	const rounds = 3
	got := make([]string, rounds*len(questions))
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			var buf bytes.Buffer
			s := newStream(&buf, nil, counterIDs())
			if err := NewExtractive().Answer(t.Context(), &Request{Question: questions[i%len(questions)], Corpus: lazy.corpus}, s); err != nil {
				t.Errorf("Answer(%q): %v", questions[i%len(questions)], err)
			}
			got[i] = buf.String()
		})
	}
	wg.Wait()
	for i, g := range got {
		if w := want[i%len(questions)]; g != w {
			t.Errorf("%q answered first without a prepared corpus:\n%s\nwant, as with one:\n%s", questions[i%len(questions)], g, w)
		}
	}
}
