package assistant

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"tzdocs/internal/output"
)

// allRendered are the blocks of a corpus, nested ones included, as answers quote them.
func allRendered(secs []output.AnswerSection) []string {
	var out []string
	var walk func(bs []output.AnswerBlock)
	walk = func(bs []output.AnswerBlock) {
		for i := range bs {
			out = append(out, RenderBlock(&bs[i]))
			for _, item := range bs[i].Items {
				walk(item)
			}
			walk(bs[i].Blocks)
		}
	}
	for i := range secs {
		walk(secs[i].Blocks)
	}
	// Longest first, so a list is taken whole before one of its items.
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

// ownLine is a line the engine writes itself: a label, a part's heading, a source link, a link
// under "See also".
var ownLine = regexp.MustCompile(`^(From the documentation:|The documentation does not seem to answer this directly; these sections come closest:|See also:|Source: \[.*\]\(.*\)|- \[.*\]\(.*\)|\*\*.*\*\*)$`)

// quotesOnlyWholeBlocks reports what of an answer is neither a whole block of the corpus nor a
// line of the engine's own: a cut sentence, or text stitched from several blocks.
func quotesOnlyWholeBlocks(answer string, blocks []string) []string {
	rest := answer
	for _, b := range blocks {
		rest = strings.ReplaceAll(rest, b, "\x00")
	}
	var bad []string
	for _, line := range strings.Split(rest, "\n") {
		if line = strings.TrimSpace(line); line != "" && line != "\x00" && !ownLine.MatchString(line) {
			bad = append(bad, line)
		}
	}
	return bad
}

func TestAnswersQuoteOnlyWholeBlocksOfTheCorpus(t *testing.T) {
	d := siteDocs(t, answerSite)
	blocks := allRendered(d.corpus.secs)
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
		if bad := quotesOnlyWholeBlocks(s.Answer(), blocks); len(bad) > 0 {
			t.Errorf("%q: the answer holds text that is no whole block of the corpus: %q\n%s", q, bad, s.Answer())
		}
	}
	// The check itself: a sentence cut out of a paragraph is caught.
	if bad := quotesOnlyWholeBlocks(IntroText+"To receive rights, a baker needs at least 6,000 tez of baking power.", blocks); len(bad) == 0 {
		t.Error("a cut sentence passes the check")
	}
}
