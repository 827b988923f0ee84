package search

import "tzdocs/internal/markdown"

// testPages is a small hand-made site: a page about bakers, one about Michelson, one about the
// Octez client and one that only mentions bakers in passing.
func testPages() []Page {
	return []Page{
		{URL: "/architecture/bakers", Lvl0: "Architecture", Title: "Bakers", Position: 3, Sections: []markdown.Section{
			{Level: 1, Text: "Bakers are Tezos accounts that create blocks and receive rewards. Anyone with enough tez can become a baker."},
			{Level: 2, ID: "running-a-baker", Title: "Running a baker", Text: "To bake, run the Octez baker daemon beside a node."},
			{Level: 3, ID: "baking-rights", Title: "Baking rights", Text: "Rights depend on the stake of the baker."},
			{Level: 2, ID: "rewards", Title: "Rewards", Text: "Bakers earn fees and issuance."},
		}},
		{URL: "/smart-contracts/languages/michelson", Lvl0: "Smart contracts", Title: "Michelson", Position: 7, Sections: []markdown.Section{
			{Level: 1, Text: "Michelson is the low-level, stack-based language that Tezos smart contracts run in."},
			{Level: 2, ID: "instructions", Title: "Instructions", Text: "Each instruction takes values from the stack.", Code: []string{"parameter unit;\nstorage int;\ncode { CDR ; PUSH int 1 ; ADD ; NIL operation ; PAIR }"}},
		}},
		{URL: "/developing/octez-client", Lvl0: "Developing", Title: "The Octez client", Position: 5, Sections: []markdown.Section{
			{Level: 1, Text: "The octez-client command-line tool talks to a Tezos node."},
			{Level: 2, ID: "installing", Title: "Installing the client", Text: "Install it from the Debian packages or with Homebrew."},
		}},
		{URL: "/using/staking", Lvl0: "Using Tezos", Title: "Staking", Position: 1, Sections: []markdown.Section{
			{Level: 1, Text: "Staking locks tez with a baker so that the bakers can use it as collateral. Users who stake <script>alert(1)</script> earn rewards."},
		}},
		{URL: "/drafts/hidden", Lvl0: "Hidden", Title: "Hidden bakers page", Unlisted: true, Sections: []markdown.Section{
			{Level: 1, Text: "Bakers bakers bakers."},
		}},
	}
}

func testIndex() *Index { return NewIndex(Records(testPages())) }
