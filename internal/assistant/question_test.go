package assistant

import (
	"strings"
	"testing"
)

func TestSplitQuestion(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"How do I stake my tez with a baker?", []string{"stake tez baker"}},
		{"How do I install Octez and run a baker?", []string{"install Octez", "run baker"}},
		{"What is the difference between delegating and staking?", []string{"delegating staking"}},
		{"What is delegating? And how do I stake tez?", []string{"delegating", "stake tez"}},
		{"What is a smart rollup and how do I deploy one?", []string{"smart rollup", "deploy one"}},
		{"What are FA1.2 and FA2 tokens?", []string{"FA1.2 FA2 tokens"}},
		{"Create a contract, deploy the contract, call its entrypoint", []string{"Create contract", "deploy contract", "call entrypoint"}},
		{"bakers? nodes? rollups? tokens? wallets?", []string{"bakers", "nodes", "rollups", "tokens wallets"}},
		{"How long does unstaking take?", []string{"unstaking"}},
		// A minimum is what is asked about: "the minimum stake" is a thing of its own.
		{"What is the minimum stake to bake?", []string{"minimum stake bake"}},
		{"how?", []string{"how"}},
		// A list of names is one thing asked, not one part a name.
		{"Which signature scheme do tz1, tz2, tz3 and tz4 addresses use?", []string{"signature scheme tz1 tz2 tz3 tz4 addresses use"}},
		{"Storage fee, baker fee and allocation fee", []string{"Storage fee baker fee allocation fee"}},
		// What the reader says without asking it is no part of its own.
		{"I opened the wallet in June, and delegated the same day. Where are my rewards?", []string{"rewards"}},
		{"I'm trying to sign a payload, but the wallet shows raw bytes. How do I sign a payload?", []string{"sign payload"}},
		{"When I return to the scene, none of the events fire", []string{"return scene none events fire"}},
	} {
		if got := splitQuestion(tc.q); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("splitQuestion(%q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

func TestQuestionKinds(t *testing.T) {
	for _, tc := range []struct {
		q     string
		kind  kind
		units string // stems, space-separated
	}{
		{"How much tez do I need to become a baker?", kindQuantity, "tez mutez ꜩ xtz"},
		{"How many attestation slots are there per level?", kindQuantity, "attest slot"},
		{"How long does unstaking take?", kindQuantity, strings.Join(timeUnits, " ")},
		{"How much does it cost to deploy a contract?", kindQuantity, "tez mutez ꜩ xtz"},
		{"What is the minimum stake to bake?", kindQuantity, ""},
		{"How do I stake my tez?", kindHowTo, ""},
		{"Install the Octez client on macOS", kindHowTo, ""},
		{"What is Tenderbake?", kindDefinition, ""},
		{"What does an accuser do?", kindDefinition, ""},
		{"What is the difference between staking and delegating?", kindDifference, ""},
		{"How is FA1.2 different from FA2?", kindDifference, ""},
		{"Which wallets can I use?", kindWhich, ""},
		{"Where are the faucets?", kindWhich, ""},
		{"How do I find a block explorer?", kindWhich, ""},
		{"Tezos governance", kindGeneral, ""},
		{"Is it possible to stake from a multisig?", kindYesNo, ""},
		{"Can I undo a delegation?", kindYesNo, ""},
		// Asking for a way to do something asks how to do it.
		{"Is there a way to batch transactions?", kindHowTo, ""},
		{"I'm wondering if there is any way to call two contracts at once", kindHowTo, ""},
	} {
		p := typePart(tc.q)
		if p.kind != tc.kind || strings.Join(p.units, " ") != tc.units {
			t.Errorf("typePart(%q) = %s with units %q, want %s with %q", tc.q, p.kind, p.units, tc.kind, tc.units)
		}
	}
}

func TestComparedPair(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{"What is the difference between staking and delegating?", "staking|delegating"},
		{"How is FA1.2 different from FA2?", "fa1.2|fa2"},
		{"Smart rollups vs sidechains", "smart rollups|sidechains"},
		{"Should I compare LIGO or SmartPy?", "ligo|smartpy"},
		{"How do I stake and delegate?", ""},
		{"What are big maps and how do they differ from maps?", "big maps|maps"},
	} {
		if got := strings.Join(comparedPair(tc.q), "|"); got != tc.want {
			t.Errorf("comparedPair(%q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

func TestParseQuestionKeepsEachPartsKind(t *testing.T) {
	parts := parseQuestion("What is a smart rollup and how do I deploy one? How long does a refutation take?")
	var got []string
	for _, p := range parts {
		got = append(got, p.kind.String()+":"+p.query)
	}
	want := "definition:smart rollup|how-to:deploy one|quantity:refutation"
	if strings.Join(got, "|") != want {
		t.Errorf("parts = %q, want %q", got, want)
	}
}

func TestNewSentenceFindsCountedUnits(t *testing.T) {
	st := newSentence("A baker needs at least 6,000 tez, and unstaking takes about four days.", stemWord)
	if !st.numbered || !st.counted["tez"] || !st.counted[stemWord("days")] || st.counted["bak"] {
		t.Errorf("numbered %v, counted %v", st.numbered, st.counted)
	}
	if st := newSentence("Two of the bakers sign.", stemWord); !st.numbered || st.counted["bak"] {
		t.Errorf("numbered %v, counted %v: a unit counts only within two words of its number", st.numbered, st.counted)
	}
	if st := newSentence("Each one signs.", stemWord); st.numbered {
		t.Errorf("%q holds no number", st.text)
	}
	if st := newSentence("It takes one day.", stemWord); st.numbered || !st.counted["day"] {
		t.Errorf("numbered %v, counted %v: one day counts as a quantity of days only", st.numbered, st.counted)
	}
}

func TestWhatTheReaderSaysAroundAQuestionIsItsContext(t *testing.T) {
	parts := parseQuestion("I opened the Galleon wallet in June. Where are my rewards?")
	if len(parts) != 1 || strings.Join(parts[0].subject, " ") != "reward" || !contains(parts[0].context, "galleon") {
		t.Fatalf("parts = %+v, want one about rewards with Galleon in its context", parts)
	}
	// A part that points back is about what the reader said.
	parts = parseQuestion("contract.bigMap('1') gives Error: No big map schema. How do I solve it?")
	if len(parts) != 1 || !contains(parts[0].subject, "schema") {
		t.Errorf("parts = %+v, want one whose subject holds the error the reader quoted", parts)
	}
	// A name of code the reader pastes stays in the subject, wherever it stands.
	parts = parseQuestion("Sending fails with counter_in_the_past. How do I fix my wallet?")
	if len(parts) != 1 || !contains(parts[0].subject, "counter_in_the_past") || parts[0].aside == "" {
		t.Errorf("parts = %+v, want the identifier in the subject", parts)
	}
}

func TestASentenceThatPointsElsewhereIsAPoorAnswer(t *testing.T) {
	pointer := newSentence("For how bakers use this stake, see Bakers.", stemWord)
	answer := newSentence("Stake from your wallet with its Stake button.", stemWord)
	if quality(&pointer) >= quality(&answer) {
		t.Errorf("quality(%q) = %v, not below quality(%q) = %v", pointer.text, quality(&pointer), answer.text, quality(&answer))
	}
}
