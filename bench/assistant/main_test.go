package main

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
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
		{score{asked: 80, facts: 80, sources: 80, cut: 2}, "2 answers quote text that is no whole block of the site"},
		{score{asked: 79, facts: 79, sources: 79}, "only 79 questions"},
	} {
		err := tt.s.meetsTargets(target{fact: 0.85, source: 0.95, min: 80})
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
	got := s.report(target{fact: 0.8, source: 0.95})
	for _, want := range []string{"key-fact recall      1 (0.50)", "right source         2 (1.00)", "mangled code blocks  0 of 3", "median 4ms"} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
}

func TestReadSourcedParsesRowsAndUncovered(t *testing.T) {
	in := "# header\n\nHow much?\thttps://x.org/q/1\t/a /b\t6,000 tez\nWhere?\thttps://x.org/q/2\t-\tnowhere\n"
	qs, err := readSourced("r.tsv", strings.NewReader(in))
	if err != nil || len(qs) != 2 {
		t.Fatalf("readSourced = %+v, %v", qs, err)
	}
	if qs[0].line != 3 || qs[0].source != "https://x.org/q/1" || len(qs[0].pages) != 2 || qs[0].uncovered() {
		t.Errorf("first row = %+v", qs[0])
	}
	if !qs[1].uncovered() || qs[1].pages != nil {
		t.Errorf("a row with pages - is not uncovered: %+v", qs[1])
	}
}

func TestReadSourcedRefusesBadRowsNamingTheLine(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Q?\thttps://x.org/1\t/a /b /c\tfact\n", "r.tsv:1: 3 pages, at most 2"},
		{"# c\nQ?\thttp://x.org/1\t/a\tfact\n", "r.tsv:2: the source \"http://x.org/1\" is not an https URL"},
		{"Q?\thttps://x.org/1\ta\tfact\n", "r.tsv:1: the page \"a\" is not a route"},
		{"Q?\thttps://x.org/1\t/a\n", "r.tsv:1: want question<TAB>source URL"},
		{"Q?\thttps://x.org/1\t/a\t(x\n", "r.tsv:1: the key fact is not a regular expression"},
		{"Q?\thttps://x.org/1\t/a\tf\n q? \thttps://x.org/2\t/b\tg\n", "r.tsv:2: the question of line 1 again"},
	} {
		_, err := readSourced("r.tsv", strings.NewReader(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("readSourced(%q) = %v, want an error with %q", tt.in, err, tt.want)
		}
	}
}

func TestCheckLooseRefusesFactsThatProveNothing(t *testing.T) {
	qs, err := readSourced("r.tsv", strings.NewReader(
		"How do I stake?\thttps://x.org/1\t/a\tstake\n"+
			"What is a baker?\thttps://x.org/2\t/a\tblocks\n"+
			"How long does unstaking take?\thttps://x.org/3\t-\t(4|four) cycles\n"))
	if err != nil {
		t.Fatal(err)
	}
	// 100 sections: "blocks" is in 4 of them (more than 3%), "4 cycles" in 3 (not more).
	sections := make([]string, 100)
	for i := range sections {
		sections[i] = "prose"
	}
	for i := range 4 {
		sections[i] = "bakers make blocks"
	}
	for i := 10; i < 13; i++ {
		sections[i] = "wait 4 cycles"
	}
	err = checkLoose("r.tsv", qs, sections)
	if err == nil {
		t.Fatal("checkLoose accepted facts that match the question or too many sections")
	}
	for _, want := range []string{
		"r.tsv:1: the key fact \"stake\" matches the question itself",
		"r.tsv:2: the key fact \"blocks\" matches 4 of the site's 100 sections, more than 3%",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("checkLoose = %v, want %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "r.tsv:3") {
		t.Errorf("checkLoose refused a fact in 3 of 100 sections: %v", err)
	}
}

func TestSectionTextsKeepsSectionsApartWithTheirOwnHeading(t *testing.T) {
	h := output.Hierarchy{"Docs", "Staking", "Unstaking"}
	records := []output.Record{
		{Type: "lvl1", URL: "https://x.org/s", Hierarchy: output.Hierarchy{"Docs", "Staking"}},
		{Type: "content", URL: "https://x.org/s", Content: "Lock tez with a baker."},
		{Type: "lvl2", URL: "https://x.org/s#unstaking", Hierarchy: h},
		{Type: "content", URL: "https://x.org/s#unstaking", Content: "It takes 4 cycles."},
	}
	code := []output.CodeBlock{{URL: "https://x.org/s#unstaking", Code: "octez-client unstake 1 for me"}}
	got := sectionTexts(records, code)
	sort.Strings(got)
	want := []string{"Staking\nLock tez with a baker.", "Unstaking\nIt takes 4 cycles.\noctez-client unstake 1 for me"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("sectionTexts = %q, want %q", got, want)
	}
}

func TestCheckFactsSkipsUncoveredQuestions(t *testing.T) {
	qs, err := readSourced("r.tsv", strings.NewReader("Why?\thttps://x.org/1\t-\tnowhere\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := checkFacts("r.tsv", qs, map[string]string{}); err != nil {
		t.Errorf("checkFacts = %v for a question that names no page", err)
	}
}

func TestUncoveredQuestionsCountAsMisses(t *testing.T) {
	var s score
	s.add(question{fact: regexp.MustCompile("(?i)4 cycles"), pages: []string{"/using/staking"}},
		time.Millisecond, "It takes 4 cycles ([Staking](/using/staking)).", nil)
	s.addUncovered()
	if s.asked != 2 || s.facts != 1 || s.sources != 1 || s.uncovered != 1 {
		t.Fatalf("score = %+v", s)
	}
	got := s.report(target{fact: 0.8, source: 0.95})
	for _, want := range []string{"questions 2, of which uncovered 1", "key-fact recall      1 (0.50)", "right source         1 (0.50)"} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	if err := s.meetsTargets(target{fact: 0.8, source: 0.95, min: 2}); err == nil || !strings.Contains(err.Error(), "key-fact recall 0.50 is below 0.80") {
		t.Errorf("meetsTargets = %v", err)
	}
}

func TestLoadSetsNamesTheLinesOfEveryFile(t *testing.T) {
	dir := t.TempDir()
	written := filepath.Join(dir, "q.tsv")
	readers := filepath.Join(dir, "r.tsv")
	if err := os.WriteFile(written, []byte("How much?\t/a\tsmart rollup\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(readers, []byte("How much stake?\thttps://x.org/1\t/a\tstake\nOk?\thttps://x.org/2\t/a\t6,000 tez\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sets := []*set{{file: written}, {file: readers, sourced: true}}
	sections := append([]string{"A baker needs 6,000 tez."}, make([]string, 39)...) // the fact is in 1 of 40
	err := loadSets(sets, map[string]string{"/a": "A baker needs 6,000 tez."}, sections)
	if err == nil {
		t.Fatal("loadSets accepted bad lines")
	}
	for _, want := range []string{written + ":1: /a does not state the key fact", readers + ":1: the key fact \"stake\" matches the question itself"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("loadSets = %v, want %q", err, want)
		}
	}
	if strings.Contains(err.Error(), readers+":2") {
		t.Errorf("loadSets refused a good line: %v", err)
	}
}
