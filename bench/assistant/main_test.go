package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/output"
)

func TestMeetsTargets(t *testing.T) {
	for _, tt := range []struct {
		s    score
		want string // in the error; "" for none
	}{
		{score{asked: 80, facts: 68, sources: 76}, ""},
		{score{asked: 80, facts: 67, sources: 80}, "key-fact recall 0.84 is below 0.85"},
		{score{asked: 80, facts: 80, sources: 75}, "right source 0.94 is below 0.95"},
		{score{asked: 80, facts: 80, sources: 80, mangled: 1}, "1 code blocks are not quoted as written"},
		{score{asked: 79, facts: 79, sources: 79}, "only 79 questions"},
	} {
		err := tt.s.meetsTargets()
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%+v: meetsTargets() = %v, want %q", tt.s, err, tt.want)
		}
	}
}

func TestCitesMatchesLinksToPagesAndSections(t *testing.T) {
	answer := "Stake with a baker ([Staking](/using/staking#how)); see also [FA2](/architecture/tokens/FA2/). /using is not a link."
	for _, tt := range []struct {
		pages []string
		want  bool
	}{
		{[]string{"/using/staking"}, true},
		{[]string{"/architecture/tokens/FA2"}, true},
		{[]string{"/using"}, false},
		{[]string{"/architecture/smart-rollups"}, false},
	} {
		if got := cites(answer, tt.pages); got != tt.want {
			t.Errorf("cites(%v) = %v, want %v", tt.pages, got, tt.want)
		}
	}
}

func TestStatesFactLooksAtTheHeadAndTheFirstCodeBlock(t *testing.T) {
	fact := regexp.MustCompile("(?i)6,000 tez")
	late := strings.Repeat("word ", 130) + "6,000 tez"
	for _, tt := range []struct {
		answer string
		want   bool
	}{
		{"A baker needs 6,000 TEZ of baking power.", true},
		{"The constant minimal\\_stake is 6,000 tez.", true},
		{late, false},
		{late[:100] + "\n\n```bash\nstake 6,000 tez\n```\n" + late, true},
		{"Nothing.\n\n```bash\nls\n```\n\n" + strings.Repeat("word ", 130) + "\n\n```bash\nstake 6,000 tez\n```", false},
	} {
		if got := statesFact(tt.answer, fact); got != tt.want {
			t.Errorf("statesFact(%.40q…) = %v, want %v", tt.answer, got, tt.want)
		}
	}
}

func TestUnescapeShowsProseAsRendered(t *testing.T) {
	if got := unescape(`update\_operators, \*care\*, a\\b and \[x\]`); got != `update_operators, *care*, a\b and [x]` {
		t.Errorf("unescape = %q", got)
	}
}

func TestMangledComparesBlocksByteForByte(t *testing.T) {
	site := blockSet([]output.CodeBlock{{Lang: "bash", Code: "a\n  b"}, {Lang: "ts", Code: "x ```y"}})
	answer := "Intro\n\n```bash\na\n  b\n```\n\n````ts\nx ```y\n````\n\n```bash\na b\n```\n\n```sh\na\n  b\n```"
	if got := len(fencedBlocks(answer)); got != 4 {
		t.Fatalf("found %d blocks, want 4", got)
	}
	if got := mangled(answer, site); got != 2 {
		t.Errorf("mangled = %d, want 2 (one block joined into a line, one with another language)", got)
	}
}

func TestReadQuestionsNamesTheBadLine(t *testing.T) {
	_, err := readQuestions("q.tsv", strings.NewReader("# c\nHow?\t/a\tfact\nWhy?\t/b\n"))
	if err == nil || !strings.Contains(err.Error(), "q.tsv:3:") {
		t.Errorf("err = %v, want one naming q.tsv:3", err)
	}
	_, err = readQuestions("q.tsv", strings.NewReader("How?\t/a\t(unclosed\n"))
	if err == nil || !strings.Contains(err.Error(), "q.tsv:1: the key fact is not a regular expression") {
		t.Errorf("err = %v, want a regexp error on line 1", err)
	}
	qs, err := readQuestions("q.tsv", strings.NewReader("How much?\t/a /b\t6,000 tez\n"))
	if err != nil || len(qs) != 1 || qs[0].pages[1] != "/b" || !qs[0].fact.MatchString("6,000 TEZ") {
		t.Errorf("readQuestions = %+v, %v", qs, err)
	}
}

func TestCheckFactsFailsWhenThePageLacksTheFact(t *testing.T) {
	pages := pageTexts([]output.Record{
		{Type: "lvl1", URLWithoutAnchor: "https://x.org/a", Hierarchy: output.Hierarchy{"A", "Bakers"}},
		{Type: "content", URLWithoutAnchor: "https://x.org/a", Content: "A baker needs 6,000 tez."},
	}, []output.CodeBlock{{URL: "https://x.org/b#run", Code: "octez-client stake 10 for me"}})
	qs, err := readQuestions("q.tsv", strings.NewReader("How much?\t/a\t6,000 tez\nHow?\t/b\tstake \\d+\nWho?\t/a\tbakers\nWhat?\t/a\tsmart rollup\nWhere?\t/c\tx\n"))
	if err != nil {
		t.Fatal(err)
	}
	err = checkFacts("q.tsv", qs, pages)
	if err == nil || !strings.Contains(err.Error(), "q.tsv:4: /a does not state the key fact \"smart rollup\"") ||
		!strings.Contains(err.Error(), "q.tsv:5: no page /c") || strings.Contains(err.Error(), "q.tsv:1") ||
		strings.Contains(err.Error(), "q.tsv:2") || strings.Contains(err.Error(), "q.tsv:3") {
		t.Errorf("checkFacts = %v", err)
	}
}

func TestReportPrintsTheFigures(t *testing.T) {
	s := score{asked: 2, facts: 1, sources: 2, blocks: 3, firsts: []time.Duration{2 * time.Millisecond, 4 * time.Millisecond}}
	got := s.report()
	for _, want := range []string{"key-fact recall      1 (0.50)", "right source         2 (1.00)", "mangled code blocks  0 of 3", "median 4ms"} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
}
