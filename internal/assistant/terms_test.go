package assistant

import (
	"strings"
	"testing"
)

func TestStemWordJoinsForms(t *testing.T) {
	for _, group := range [][]string{
		{"stake", "staked", "staking", "stakes"},
		{"delegate", "delegated", "delegating", "delegates"},
		{"run", "running", "runs"},
		{"contract", "contracts"},
		{"entries", "entry"},
		{"attest", "attestation", "attestations", "attesting"},
		{"confirm", "confirmation", "confirmed"},
		{"delegate", "delegation", "delegating"},
		// British and American spellings.
		{"synchronize", "synchronise", "synchronising", "synchronization", "synchronisation"},
		{"behavior", "behaviour"},
	} {
		want := stemWord(group[0])
		for _, w := range group[1:] {
			if got := stemWord(w); got != want {
				t.Errorf("stemWord(%q) = %q, stemWord(%q) = %q", w, got, group[0], want)
			}
		}
	}
	for _, keep := range []string{"fa1.2", "tz1", "kt1abc", "bis", "genesis", "analysis"} {
		if got := stemWord(keep); got != keep {
			t.Errorf("stemWord(%q) = %q, want it unchanged", keep, got)
		}
	}
}

func TestSentences(t *testing.T) {
	got := sentences("Staking locks tez. It can be slashed, e.g. if the baker cheats! Is it safe? 2 cycles pass. ok")
	want := []string{"Staking locks tez.", "It can be slashed, e.g. if the baker cheats!", "Is it safe?", "2 cycles pass. ok"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("sentences = %q, want %q", got, want)
	}
}

func TestEscapeMarkdownKeepsQuotesLiteral(t *testing.T) {
	if got := escapeMarkdown("# Use get_balance with *care* <b>"); got != `\# Use get\_balance with \*care\* \<b\>` {
		t.Errorf("escapeMarkdown = %q", got)
	}
}

func TestSectionTextFromTheSearchRecords(t *testing.T) {
	req := &Request{Index: fixtureIndex(t)}
	got := req.SectionText("/using/staking#staking", 1000)
	if got != "Staking locks tez with a baker. Staked tez earn more rewards than delegated tez, but they can be slashed if the baker misbehaves. Unstaking takes a few cycles." {
		t.Errorf("SectionText = %q (code must be left out)", got)
	}
	if got := req.SectionText("/using/staking#staking", 20); got != "Staking locks tez…" {
		t.Errorf("clipped SectionText = %q", got)
	}
}
