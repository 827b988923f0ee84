package assistant

import (
	_ "embed"
	"strings"
	"testing"

	"tzdocs/internal/output"
)

// answerSite is the extractive engine's test site (testdata/answers.txtar).
//
//go:embed testdata/answers.txtar
var answerSite string

// answer asks the engine one question about answerSite and returns the answer text.
func answer(t *testing.T, question string, history ...Turn) string {
	t.Helper()
	_, s := runEngine(t, NewExtractive(), siteDocs(t, answerSite), question, history...)
	return s.Answer()
}

// TestExtractiveAnswerTranscripts keeps the answers to a few questions of each kind as golden
// files (go test -update rewrites them).
func TestExtractiveAnswerTranscripts(t *testing.T) {
	for _, tc := range []struct{ name, question string }{
		{"answer-quantity.md", "How much tez do I need to become a baker?"},
		{"answer-how-to.md", "How do I stake my tez?"},
		{"answer-difference.md", "What is the difference between staking and delegating?"},
		{"answer-two-parts.md", "What is a hardware wallet and how long does unstaking take?"},
		{"answer-nothing.md", "How do I compile a Rust kernel for a baker?"},
	} {
		t.Run(tc.name, func(t *testing.T) { golden(t, tc.name, answer(t, tc.question)) })
	}
}

func TestExtractiveStatesTheQuantity(t *testing.T) {
	for q, want := range map[string]string{
		"How much tez do I need to become a baker?":       "6,000 tez",
		"How long does unstaking take?":                   "4 cycles",
		"How many attestation slots are there per level?": "7,000 attestation slots",
	} {
		got := answer(t, q)
		if i := strings.Index(got, want); i < 0 || i > 400 {
			t.Errorf("%q: %q is not near the top of the answer:\n%s", q, want, got)
		}
	}
}

func TestExtractiveAnswersHowToWithTheSectionsCommand(t *testing.T) {
	got := answer(t, "How do I stake my tez?")
	want := "```bash\noctez-client set delegate for my_account to tz1Baker\noctez-client stake 100 for my_account\n```"
	if !strings.Contains(got, want) {
		t.Errorf("the answer lacks the reference page's command block, as written:\n%s", got)
	}
	if strings.Contains(got, "jq -n") || strings.Contains(got, "(/tutorials/multisig") && strings.Index(got, "(/tutorials/multisig") < strings.Index(got, "Related sources") {
		t.Errorf("the answer quotes the multisig tutorial, which the question does not name:\n%s", got)
	}
	if named := answer(t, "How do I stake tez in the multisig tutorial?"); !strings.Contains(named, "jq -n") {
		t.Errorf("a question naming the tutorial gets its steps:\n%s", named)
	}
}

func TestExtractiveNeverMixesCodeFromAnotherSection(t *testing.T) {
	// A definition wants no code; a how-to's code comes from the section of its direct answer.
	if got := answer(t, "What is a baker?"); strings.Contains(got, "```") {
		t.Errorf("a definition quotes a code block:\n%s", got)
	}
	got := answer(t, "How do I stake my tez?")
	link := "Source: [Staking and delegating › How to stake](/using/staking#how-to-stake)"
	if i, j := strings.Index(got, link), strings.Index(got, "```"); i < 0 || j < 0 || j > i || strings.Count(got, "Source: ") != 1 {
		t.Errorf("the code block is not part of the passage of its own section, %s:\n%s", link, got)
	}
}

func TestExtractiveDifferenceStatesBothSides(t *testing.T) {
	got := answer(t, "What is the difference between staking and delegating?")
	for _, want := range []string{"**Staking**\n\nStaking goes further: you lock some of your tez", "**Delegating**\n\nDelegating points your account at a baker."} {
		if !strings.Contains(got, want) {
			t.Errorf("the answer lacks %q:\n%s", want, got)
		}
	}
}

func TestExtractiveAnswersEachPart(t *testing.T) {
	got := answer(t, "What is a hardware wallet and how long does unstaking take?")
	for _, want := range []string{"**What is a hardware wallet?**", "A hardware wallet keeps the secret key", "**How long does unstaking take?**", "4 cycles"} {
		if !strings.Contains(got, want) {
			t.Errorf("the answer lacks %q:\n%s", want, got)
		}
	}
}

func TestExtractiveSaysWhenNothingAnswers(t *testing.T) {
	got := answer(t, "How do I compile a Rust kernel for a baker?")
	if !strings.HasPrefix(got, lowConfidenceText+"\n\n") || strings.Count(got, "**[") > 3 || strings.Count(got, "\n") < 3 {
		t.Errorf("want %q, then at most three sections' passages:\n%s", lowConfidenceText, got)
	}
	if got := answer(t, "zzzz qqqq"); got != noAnswerText {
		t.Errorf("no hits: %q, want %q", got, noAnswerText)
	}
}

func TestExtractiveSaysItQuotes(t *testing.T) {
	got := answer(t, "What is a wallet?")
	if !strings.HasPrefix(got, IntroText) || strings.Count(IntroText, "\n") != 2 {
		t.Errorf("the answer does not open with the one line saying it quotes the docs:\n%s", got)
	}
	if !strings.Contains(got, "\n\nSource: [") {
		t.Errorf("the passage does not name its section:\n%s", got)
	}
}

func TestComposeQuotesWholeBlocksAndTheirSection(t *testing.T) {
	blocks := []output.AnswerBlock{
		{Type: output.BlockParagraph, Text: "Run these, with *care*:"},
		{Type: output.BlockList, Ordered: true, Items: [][]output.AnswerBlock{
			{{Type: output.BlockParagraph, Text: "Check the `get_balance` view."}},
			{{Type: output.BlockParagraph, Text: "Send it."}, {Type: output.BlockCode, Lang: "bash", Code: "echo *x*\n  indented"}},
		}},
		{Type: output.BlockTable, Header: []string{"Net", "Period"}, Rows: [][]string{{"Main | net", "2 days"}}},
		{Type: output.BlockParagraph, Text: "Unrelated."},
	}
	sec := &section{url: "/a#b", route: "/a", title: "A › B_c", blocks: blocks, sentences: []sentence{{text: "Run these, with care:", block: 0}, {text: "Main | net, 2 days.", block: 2}}}
	got := strings.Join(compose([]partAnswer{{main: &ranked{sec: sec, best: 0}, lead: leadBlocks(sec, 0, []int{1}, kindGeneral)}}), "")
	want := IntroText + "Run these, with *care*:\n\n1. Check the `get_balance` view.\n\n2. Send it.\n\n   ```bash\n   echo *x*\n     indented\n   ```\n\n" +
		"| Net | Period |\n| --- | --- |\n| Main \\| net | 2 days |\n\nSource: [A › B\\_c](/a#b)"
	if got != want {
		t.Errorf("compose =\n%s\nwant\n%s", got, want)
	}
}
