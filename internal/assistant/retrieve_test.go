package assistant

import (
	_ "embed"
	"reflect"
	"strings"
	"testing"

	"tzdocs/internal/sitebuild/buildtest"
)

// retrievalSite is testdata/retrieval.txtar.
//
//go:embed testdata/retrieval.txtar
var retrievalSite string

func TestAcronymsAreLearnedFromTheSitesText(t *testing.T) {
	for text, want := range map[string][][2]string{
		"The Data Availability Layer (DAL) lets rollups publish.": {{"DAL", "Data Availability Layer"}},
		"Use the DAL (data availability layer) for that.":         {{"DAL", "data availability layer"}},
		"Smart rollups (see below) and the node (RPC).":           nil,
		"Fees (in tez) are paid by the sender.":                   nil,
	} {
		if got := acronyms(text); !reflect.DeepEqual(got, want) {
			t.Errorf("acronyms(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestErrorMessagesAreLearnedFromTheSitesText(t *testing.T) {
	for text, want := range map[string][][2]string{
		"`implicit.empty_implicit_contract` (\"Empty implicit contract\") means no balance.": {{"implicit.empty_implicit_contract", "Empty implicit contract"}},
		"`contract.non_existing_contract` (“Contract KT1… does not exist”) means that.":      {{"contract.non_existing_contract", "Contract KT1… does not exist"}},
		"Run `octez-client` (the client) first.":                                             nil,
	} {
		if got := errorMessages(text); !reflect.DeepEqual(got, want) {
			t.Errorf("errorMessages(%q) = %q, want %q", text, got, want)
		}
	}
	if got := messageParts("Contract KT1… does not exist"); !reflect.DeepEqual(got, []string{"contract kt1", "does not exist"}) {
		t.Errorf("messageParts = %q", got)
	}
	if got := messageParts("Not found"); got != nil {
		t.Errorf("messageParts keeps a message too short to tell from prose: %q", got)
	}
}

func TestRetrievalFindsThePageThatAnswers(t *testing.T) {
	c := NewCorpus(buildtest.Answers(t, retrievalSite))
	for q, want := range map[string]string{
		// The site spells the acronym out: a question in the long words finds the page that
		// uses the acronym, and the other way round.
		"What does the data availability layer do?": "/layer",
		"How do bakers attest DAL shards?":          "/layer",
		// An error identifier finds the page that names it.
		"I get counter_in_the_past when sending two transfers": "/errors",
		"unregistered_delegate error when delegating":          "/errors",
		// Words that two pages share go to the one where the rest of the question is.
		"How many blocks are in a cycle on Mainnet?": "/cycles",
	} {
		if got := c.Retrieve(q); len(got) == 0 || got[0] != want {
			t.Errorf("Retrieve(%q) = %v, want %s first", q, got, want)
		}
	}
}

func TestTheQuestionsKindChoosesTheLeadingBlock(t *testing.T) {
	d := siteDocs(t, retrievalSite)
	ask := func(q string) string {
		_, s := runEngine(t, NewExtractive(), d, q)
		return strings.TrimPrefix(s.Answer(), IntroText)
	}
	// What is: the definition.
	if got := ask("What is a cycle?"); !strings.HasPrefix(got, "A cycle is a run of blocks") {
		t.Errorf("a definition question does not lead with the definition:\n%s", got)
	}
	// How many: the table that holds the number, whole.
	got := ask("How many blocks per cycle are there on Ghostnet?")
	if !strings.HasPrefix(got, "| Network | Blocks per cycle |\n| --- | --- |\n| Mainnet | 10,800 |\n| Ghostnet | 8,192 |") {
		t.Errorf("a quantity question does not lead with the whole table:\n%s", got)
	}
	// An error message: the section named after the error, whatever else the question says.
	got = ask("Sending two transfers fails with proto.021-PsQuebec.counter_in_the_past, how do I fix my wallet?")
	if !strings.HasPrefix(got, "The operation's counter is lower than the account's next counter") || !strings.Contains(got, "(/errors#counter_in_the_past)") {
		t.Errorf("an error message does not lead with the section that names the error:\n%s", got)
	}
	// A pasted error message the site quotes next to its identifier: the section named after
	// that error, not the one that shares the message's words.
	got = ask("When trying the sample I get: Error while applying operation: Empty implicit contract (tz1abc)")
	if !strings.HasPrefix(got, "implicit.empty_implicit_contract (\"Empty implicit contract\") means") && !strings.HasPrefix(got, "`implicit.empty_implicit_contract`") {
		t.Errorf("a pasted error message does not lead with the section named after its error:\n%s", got)
	}
	// How do I: the command, as written, with the sentence that leads into it.
	got = ask("How do I read the cycle length of my network?")
	if !strings.HasPrefix(got, "To read the length on your network:\n\n```bash\noctez-client rpc get /chains/main/blocks/head/context/constants | jq .blocks_per_cycle\n```") {
		t.Errorf("a how-to question does not lead with the command:\n%s", got)
	}
}

// spreadSite has a page whose section answers with the question's rarer words spread over
// several sentences and its heading, and a page with one sentence that holds the common ones.
const spreadSite = `-- site/site.yaml --
title: Spread Docs
url: https://docs.example.org
-- site/sidebars.yaml --
documentation:
  - sending
  - estimating
-- site/docs/sending.md --
---
title: Sending tez
---
## Paying for a transfer

A transfer can actually return more than needed when the amount is higher than the balance.

The wallet sends the transfer once you confirm it.
-- site/docs/estimating.md --
---
title: Gas and storage
---
## Fee estimates

Taquito asks the node to simulate the operation first.

It then adds a safety margin to each estimate, so the fee it proposes covers a busy block.
`

func TestRetrievalWeighsWholeSectionsByRareWords(t *testing.T) {
	c := NewCorpus(buildtest.Answers(t, spreadSite))
	q := "Why does Taquito return a higher fee estimate than what is actually needed?"
	if got := c.Retrieve(q); len(got) == 0 || got[0] != "/estimating" {
		t.Errorf("Retrieve(%q) = %v, want /estimating first", q, got)
	}
}

// errorSite has a page of errors, one of whose sections shares the words of a question that
// names no error, and the page that explains the topic.
const errorSite = `-- site/site.yaml --
title: Error Docs
url: https://docs.example.org
-- site/sidebars.yaml --
documentation:
  - fees
  - errors
-- site/docs/fees.md --
---
title: Sending operations
---
## Costs

The client computes the fee from the gas and the storage an operation uses.
-- site/docs/errors.md --
---
title: Operation errors
---
## fee_too_low

The fee is below the minimum the bakers accept. The client computes a fee above that minimum unless you give one with --fee, so let the client compute the fee.
`

func TestRetrievalKeepsErrorSectionsForQuestionsThatNameAnError(t *testing.T) {
	c := NewCorpus(buildtest.Answers(t, errorSite))
	if q, got := "How does the client compute the fee?", c.Retrieve("How does the client compute the fee?"); len(got) == 0 || got[0] != "/fees" {
		t.Errorf("Retrieve(%q) = %v, want /fees first", q, got)
	}
	if q, got := "fee_too_low when sending", c.Retrieve("fee_too_low when sending"); len(got) == 0 || got[0] != "/errors" {
		t.Errorf("Retrieve(%q) = %v, want /errors first", q, got)
	}
}

// seriesSite has a tutorial series whose title names a standard, and the reference page that
// says what the standard is.
const seriesSite = `-- site/site.yaml --
title: Series Docs
url: https://docs.example.org
-- site/sidebars.yaml --
documentation:
  - tokens
  - tutorials/fa2-token
-- site/docs/tokens.md --
---
title: Token standards
---
## FA2

FA2 is the standard for contracts that hold many kinds of tokens, each with its own ID.
-- site/docs/tutorials/fa2-token.md --
---
title: Create FA2 tokens
---
## Write the FA2 token contract

In this tutorial you write an FA2 contract that mints FA2 tokens and transfers FA2 tokens between accounts.
`

func TestRetrievalPrefersReferencePagesToATutorialItDoesNotName(t *testing.T) {
	c := NewCorpus(buildtest.Answers(t, seriesSite))
	if q, got := "What are FA2 tokens?", c.Retrieve("What are FA2 tokens?"); len(got) == 0 || got[0] != "/tokens" {
		t.Errorf("Retrieve(%q) = %v, want /tokens first", q, got)
	}
	if q, got := "Which contract does the FA2 tokens tutorial write?", c.Retrieve("Which contract does the FA2 tokens tutorial write?"); len(got) == 0 || got[0] != "/tutorials/fa2-token" {
		t.Errorf("Retrieve(%q) = %v, want /tutorials/fa2-token first", q, got)
	}
}

// differenceSite has a page that compares two ways of holding tez in a table, a paragraph on
// each, and a list of links that names both.
const differenceSite = `-- site/site.yaml --
title: Difference Docs
url: https://docs.example.org
-- site/sidebars.yaml --
documentation:
  - staking
  - more
-- site/docs/staking.md --
---
title: Staking and delegating
---
## Delegating

Delegating points your account at a baker and keeps your tez spendable.

## Staking

Staking locks some of your tez with the baker you delegate to.

## At a glance

The two compare as follows:

|  | Delegating | Staking |
| --- | --- | --- |
| Your tez can be spent | Yes | No, they are frozen |
| Can be slashed | No | Yes |
-- site/docs/more.md --
---
title: Further reading
---
## Pages

- [Delegating](/staking#delegating) and [staking](/staking#staking) explained.
- [Bakers](/staking) for delegating and staking with a baker.
`

func TestADifferenceIsAnsweredByTheBlockThatNamesBoth(t *testing.T) {
	d := siteDocs(t, differenceSite)
	for _, q := range []string{"What is the difference between delegating and staking?", "Delegating vs staking"} {
		_, s := runEngine(t, NewExtractive(), d, q)
		got := strings.TrimPrefix(s.Answer(), IntroText)
		if !strings.HasPrefix(got, "The two compare as follows:\n\n|  | Delegating | Staking |") || !strings.Contains(got, "(/staking#at-a-glance)") {
			t.Errorf("%q does not lead with the table that compares both:\n%s", q, got)
		}
	}
	if got := comparedPair("What are the differences between key, key_hash, address and signature?"); strings.Join(got, "|") != "key|key_hash|address|signature" {
		t.Errorf("comparedPair of a list = %q, want each of it", got)
	}
}

// commandSite has a how-to section whose command shares no word with the question asking for it.
const commandSite = `-- site/site.yaml --
title: Command Docs
url: https://docs.example.org
-- site/sidebars.yaml --
documentation:
  - payments
-- site/docs/payments.md --
---
title: Payments
---
## Sending a payment

Each payment needs an amount and a recipient, and the sender signs it.

` + "```bash\noctez-client transfer 1 from alice to bob\n```" + `

The client waits for the operation to be included before it returns.
`

func TestAHowToQuotesItsSectionsCommand(t *testing.T) {
	_, s := runEngine(t, NewExtractive(), siteDocs(t, commandSite), "How do I send a payment?")
	if got := s.Answer(); !strings.Contains(got, "```bash\noctez-client transfer 1 from alice to bob\n```") {
		t.Errorf("a how-to answer leaves out its section's command:\n%s", got)
	}
}

// typoSite has the page that answers a question written with a name the site never uses, and a
// page that shares only the question's common words.
const typoSite = `-- site/site.yaml --
title: Typo Docs
url: https://docs.example.org
-- site/sidebars.yaml --
documentation:
  - connecting
  - mobile
-- site/docs/connecting.md --
---
title: Connecting accounts
---
## Events across scenes

The connection events are sent to the handlers of the scene that is loaded. After you load another scene, register its handlers again, or the events never fire.
-- site/docs/mobile.md --
---
title: Phone games
---
## Touch input

The tap event comes after the finger lifts, in every scene.
`

func TestAWordTheSiteNeverUsesDoesNotHideTheAnswer(t *testing.T) {
	c := NewCorpus(buildtest.Answers(t, typoSite)).get()
	q := "MesageHandlr, AcountConected and OnConectd events in the SceneLodr of my GameMangr never fire"
	p := parseQuestion(q)[0]
	found := false
	for _, cand := range c.candidates(p.subject, c.scorer(p, p.subject, false)) {
		found = found || cand.sec.route == "/connecting"
	}
	if !found {
		t.Errorf("%q: the page that answers is not scored", q)
	}
	if got := NewCorpus(buildtest.Answers(t, typoSite)).Retrieve(q); len(got) == 0 || got[0] != "/connecting" {
		t.Errorf("Retrieve(%q) = %v, want /connecting first", q, got)
	}
}

// errorOpeningSite has a section named after an error whose second paragraph shares more of a
// question's words than its first, which says what the error means.
const errorOpeningSite = `-- site/site.yaml --
title: Error Docs
url: https://docs.example.org
-- site/sidebars.yaml --
documentation:
  - errors
-- site/docs/errors.md --
---
title: Operation errors
---
## counter_in_the_past

The operation's counter is lower than the account's next counter: another operation of the account was included first.

Wallets that send two transfers at once from one account hit it often; send the second transfer after the first is included.
`

func TestAnErrorIsAnsweredFromWhatItMeans(t *testing.T) {
	_, s := runEngine(t, NewExtractive(), siteDocs(t, errorOpeningSite), "My wallet sends two transfers at once and gets counter_in_the_past")
	if got := strings.TrimPrefix(s.Answer(), IntroText); !strings.HasPrefix(got, "The operation's counter is lower") {
		t.Errorf("the answer does not open with what the error means:\n%s", got)
	}
}

// compoundSite writes "big map" in two words; a reader writes "BigMap".
const compoundSite = `-- site/site.yaml --
title: Compound Docs
url: https://docs.example.org
-- site/sidebars.yaml --
documentation:
  - storage
  - values
-- site/docs/storage.md --
---
title: Storage
---
## Big maps

A big map loads only the entries a call reads, so it can hold millions of them.
-- site/docs/values.md --
---
title: Values
---
## Limits

A call can read any value the contract holds, within its limits.
`

func TestAWordWrittenInOneIsFoundInTwo(t *testing.T) {
	c := NewCorpus(buildtest.Answers(t, compoundSite))
	if q, got := "Why can a BigMap hold so many values?", c.Retrieve("Why can a BigMap hold so many values?"); len(got) == 0 || got[0] != "/storage" {
		t.Errorf("Retrieve(%q) = %v, want /storage first", q, got)
	}
}

// audienceSite has a general how-to section and a section addressed to bakers that shares more
// of a question's words.
const audienceSite = `-- site/site.yaml --
title: Audience Docs
url: https://docs.example.org
-- site/sidebars.yaml --
documentation:
  - staking
-- site/docs/staking.md --
---
title: Staking
---
## Staking from your account

Press the Stake button in your wallet, or run:

` + "```bash\noctez-client stake 100 for alice\n```" + `

### For bakers: accepting stake from others

To accept stake your tez from stakers, set your staking parameters; stake tez limits apply:

` + "```bash\noctez-client set delegate parameters for baker --limit-of-staking-over-baking 5\n```" + `
`

func TestASectionForOtherReadersDoesNotAnswerAGeneralQuestion(t *testing.T) {
	d := siteDocs(t, audienceSite)
	_, s := runEngine(t, NewExtractive(), d, "How do I stake my tez?")
	if got := s.Answer(); !strings.Contains(got, "(/staking#staking-from-your-account)") {
		t.Errorf("a general how-to is answered from the section for bakers:\n%s", got)
	}
	_, s = runEngine(t, NewExtractive(), d, "As a baker, how do I accept stake from others?")
	if got := s.Answer(); !strings.Contains(got, "--limit-of-staking-over-baking") {
		t.Errorf("a baker's question is not answered from the section for bakers:\n%s", got)
	}
}

// blockSite has a section whose best sentence shares more of a question's words than any other,
// while a list of the section holds them spread over its items, with the value asked for.
const blockSite = `-- site/site.yaml --
title: Block Docs
url: https://docs.example.org
-- site/sidebars.yaml --
documentation:
  - fees
-- site/docs/fees.md --
---
title: Fees
---
## Operation fees

Every operation pays a fee to the baker that includes it in a block.

The minimal fee is the sum of three parts:

- a fixed part of 100 mutez for each operation;
- 100 nanotez for each unit of gas the operation consumes;
- 1,000 nanotez for each byte of the operation.

Wallets show the fee before you sign.
`

func TestTheBlockThatAnswersAsAWholeLeads(t *testing.T) {
	_, s := runEngine(t, NewExtractive(), siteDocs(t, blockSite), "How is the minimal fee of an operation computed from gas and bytes?")
	if got := s.Answer(); !strings.Contains(got, "(/fees#operation-fees)**\n\nThe minimal fee is the sum of three parts:\n\n- a fixed part") {
		t.Errorf("the list that answers does not lead:\n%s", got)
	}
}

// pageSectionsSite has a page whose first section shares a question's words in one sentence,
// while a later section holds them all in a list, with the answer.
const pageSectionsSite = `-- site/site.yaml --
title: Section Docs
url: https://docs.example.org
-- site/sidebars.yaml --
documentation:
  - rollups
-- site/docs/rollups.md --
---
title: Smart rollups
---
## Overview

A refutation game settles a dispute between two rollup operators.

## Disputes

Disputes are settled on layer 1:

- each operator locks 10,000 tez on the commitments it posts;
- another operator who disagrees starts a refutation game, which lasts two weeks at most;
- the loser forfeits what it locked: half is burned and half goes to the winner.
`

func TestALaterSectionOfThePageLeadsWhenItAnswersAsAWhole(t *testing.T) {
	c := NewCorpus(buildtest.Answers(t, pageSectionsSite)).get()
	p := parseQuestion("What does the loser of a refutation game forfeit, and to whom?")[0]
	sc := c.scorer(p, p.subject, false)
	overview, disputes := c.sections["/rollups#overview"], c.sections["/rollups#disputes"]
	// The ranking put the overview first, on its one sentence; the list of the section after
	// it holds the subject as a whole.
	rs := []ranked{{sec: overview, best: 0, score: 1}, {sec: disputes, best: 0, score: 0.8}}
	at, sent := sc.leadingBlock(rs, 0)
	if at != 1 || disputes.sentences[sent].block != 1 {
		t.Errorf("leadingBlock = section %d, sentence %d; want the list of the second section", at, sent)
	}
	// In a lower-ranked section, it does not lead.
	rs[1].score = 0.3
	if at, _ := sc.leadingBlock(rs, 0); at != 0 {
		t.Errorf("a section ranked far below leads")
	}
}
