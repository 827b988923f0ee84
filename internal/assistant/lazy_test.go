package assistant

import (
	"bytes"
	"encoding/json"
	"sync"
	"testing"

	"tzdocs/internal/output"
	"tzdocs/internal/sitebuild/buildtest"
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

// TestAPackedCorpusIsReadOnTheFirstQuestion checks that a corpus held as its packed JSON decodes
// nothing until a question comes, and then answers as the corpus of the same sections does.
func TestAPackedCorpusIsReadOnTheFirstQuestion(t *testing.T) {
	secs := buildtest.Answers(t, answerSite)
	data, err := json.Marshal(secs)
	if err != nil {
		t.Fatal(err)
	}
	packed, err := output.PackAnswers(data)
	if err != nil {
		t.Fatal(err)
	}
	eager := siteDocs(t, answerSite)
	lazy := docs{ix: eager.ix, corpus: NewPackedCorpus(packed)}
	if lazy.corpus.secs != nil {
		t.Fatal("the packed corpus was decoded before any question")
	}
	for _, q := range []string{"How much tez do I need to become a baker?", "What is the difference between staking and delegating?"} {
		want, _ := runEngine(t, NewExtractive(), eager, q)
		if got, _ := runEngine(t, NewExtractive(), lazy, q); got != want {
			t.Errorf("%q answered from the packed corpus:\n%s\nwant, as from its sections:\n%s", q, got, want)
		}
	}
	if len(lazy.corpus.secs) != len(secs) {
		t.Errorf("after a question the packed corpus holds %d sections, want %d", len(lazy.corpus.secs), len(secs))
	}
}
