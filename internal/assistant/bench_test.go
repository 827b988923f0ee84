package assistant

import (
	"io"
	"sort"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/sitebuild/buildtest"
)

// benchQuestions are reader questions of different shapes, one or several parts.
var benchQuestions = []string{
	"How do I stake my tez with a baker?",
	"What is the difference between delegating and staking?",
	"How do I install Octez and run a baker?",
	"What are FA2 tokens?",
	"How do I deploy a smart contract with the Octez client?",
	"What is a smart rollup? How do I deploy one?",
	"How do I connect a wallet with Taquito?",
	"What are tickets, views and events in smart contracts?",
}

// firstTextWriter records when the first text-delta chunk is written.
type firstTextWriter struct {
	start time.Time
	first time.Duration
}

func (w *firstTextWriter) Write(p []byte) (int, error) {
	if w.first == 0 && len(p) > 30 && string(p[:29]) == `data: {"type":"text-delta","i` {
		w.first = time.Since(w.start)
	}
	return len(p), nil
}

// BenchmarkExtractiveFirstText measures the time from question to first answer text (searches
// included) over the records of the site in dist/ (make build writes it); it reports the median and
// the worst question.
func BenchmarkExtractiveFirstText(b *testing.B) {
	c := NewCorpus(buildtest.BuiltAnswers(b))
	c.Prepare()
	e := NewExtractive()
	var firsts []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := benchQuestions[i%len(benchQuestions)]
		w := &firstTextWriter{start: time.Now()}
		s := newStream(w, nil, counterIDs())
		if err := e.Answer(b.Context(), &Request{Question: q, Corpus: c}, s); err != nil {
			b.Fatal(err)
		}
		firsts = append(firsts, w.first)
	}
	b.StopTimer()
	sort.Slice(firsts, func(i, j int) bool { return firsts[i] < firsts[j] })
	b.ReportMetric(float64(firsts[len(firsts)/2].Microseconds())/1000, "ms-first-text-p50")
	b.ReportMetric(float64(firsts[len(firsts)-1].Microseconds())/1000, "ms-first-text-max")
}

// TestExtractiveAnswersCiteTheRightPages asks reader questions of the test site, each about one of
// its pages. How often answers cite the right page on the real docs is measured by bench/assistant.
func TestExtractiveAnswersCiteTheRightPages(t *testing.T) {
	d := fixtureDocs(t)
	e := NewExtractive()
	for q, page := range map[string]string{
		"How do I stake my tez with a baker?":                     "/using/staking",
		"How do I deploy a smart contract with the Octez client?": "/smart-contracts/deploying",
		"What is a smart rollup?":                                 "/architecture/smart-rollups",
		"What are FA2 tokens?":                                    "/architecture/tokens/FA2",
	} {
		_, s := runEngine(t, e, d, q)
		if !containsPage(answerSources(s.Answer(), nil), page) {
			t.Errorf("%q: the answer does not cite %s:\n%s", q, page, s.Answer())
		}
	}
}

func containsPage(urls []string, page string) bool {
	for _, u := range urls {
		if u == page || len(u) > len(page) && u[:len(page)] == page && u[len(page)] == '#' {
			return true
		}
	}
	return false
}

var _ io.Writer = (*firstTextWriter)(nil)

// TestExtractiveQuotesCodeBlocksAsWritten checks that a code block reaches the answer with its
// lines, indentation and language, as the page shows it.
func TestExtractiveQuotesCodeBlocksAsWritten(t *testing.T) {
	d := fixtureDocs(t)
	_, s := runEngine(t, NewExtractive(), d, "How do I send tez from a dApp with Taquito?")
	want := "```typescript\nimport { TezosToolkit } from \"@taquito/taquito\";\n\nexport async function sendTez(tezos: TezosToolkit, to: string, amount: number) {\n" +
		"  const op = await tezos.wallet.transfer({ to, amount }).send();\n  // Wait for one confirmation.\n  await op.confirmation(1);\n  return op.opHash;\n}\n```"
	if !strings.Contains(s.Answer(), want) {
		t.Errorf("the answer does not quote the block as written:\n%s", s.Answer())
	}
}
