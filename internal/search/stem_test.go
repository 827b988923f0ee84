package search

import "testing"

func TestStemFollowsPorter2(t *testing.T) {
	tests := []struct{ word, want string }{
		// From the algorithm's published sample vocabulary.
		{"consign", "consign"}, {"consigned", "consign"}, {"consigning", "consign"},
		{"consignment", "consign"}, {"consistency", "consist"}, {"consistently", "consist"},
		{"consolation", "consol"}, {"consolatory", "consolatori"}, {"consoled", "consol"},
		{"consolidated", "consolid"}, {"consolingly", "consol"}, {"conspicuously", "conspicu"},
		{"conspiracy", "conspiraci"}, {"conspirator", "conspir"}, {"constable", "constabl"},
		{"constancy", "constanc"}, {"knackeries", "knackeri"}, {"kneaded", "knead"},
		{"knightly", "knight"}, {"knitting", "knit"}, {"knives", "knive"}, {"knocker", "knocker"},
		// Rules one by one.
		{"caresses", "caress"}, {"ponies", "poni"}, {"ties", "tie"}, {"cats", "cat"},
		{"gas", "gas"}, {"gaps", "gap"}, {"hopping", "hop"}, {"hoped", "hope"},
		{"agreed", "agre"}, {"feed", "feed"}, {"cry", "cri"}, {"say", "say"},
		{"happiness", "happi"}, {"connections", "connect"}, {"effective", "effect"},
		{"adjustable", "adjust"}, {"nationality", "nation"}, {"proceed", "proceed"},
		{"skies", "sky"}, {"dying", "die"}, {"news", "news"}, {"by", "by"},
		// Words of these docs.
		{"bakers", "baker"}, {"baking", "bake"}, {"staking", "stake"}, {"staked", "stake"},
		{"contracts", "contract"}, {"rollups", "rollup"}, {"delegation", "deleg"},
		{"delegates", "deleg"}, {"entrypoints", "entrypoint"}, {"tokens", "token"},
		// Left alone: not plain lower-case words.
		{"fa2", "fa2"}, {"octez-client", "octez-client"}, {"héllo", "héllo"}, {"", ""},
		{"'", ""},
	}
	for _, tt := range tests {
		if got := stem(tt.word); got != tt.want {
			t.Errorf("stem(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}
