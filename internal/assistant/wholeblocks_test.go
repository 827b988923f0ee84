package assistant

import (
	"testing"
)

func TestAnswersQuoteOnlyWholeBlocksOfTheCorpus(t *testing.T) {
	d := siteDocs(t, answerSite)
	for _, q := range []string{
		"How much tez do I need to become a baker?",
		"How do I stake my tez?",
		"What is the difference between staking and delegating?",
		"What is a hardware wallet and how long does unstaking take?",
		"How do I compile a Rust kernel for a baker?",
		"How many attestation slots are there per level?",
		"What is a wallet?",
	} {
		_, s := runEngine(t, NewExtractive(), d, q)
		if bad := d.corpus.NotQuotedWhole(s.Answer()); len(bad) > 0 {
			t.Errorf("%q: the answer holds text that is no whole block of the corpus: %q\n%s", q, bad, s.Answer())
		}
	}
	// The check itself: a sentence cut out of a paragraph is caught, and so is a block's text
	// inside a line of other text.
	if bad := d.corpus.NotQuotedWhole(IntroText + "Source: 4 cycles, about four days"); len(bad) == 0 {
		t.Error("text around a block's words passes the check")
	}
	if bad := d.corpus.NotQuotedWhole(IntroText + "To receive rights, a baker needs at least 6,000 tez of baking power."); len(bad) == 0 {
		t.Error("a cut sentence passes the check")
	}
}
