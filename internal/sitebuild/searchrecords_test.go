package sitebuild

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"tzdocs/internal/markdown"
	"tzdocs/internal/output"
	"tzdocs/internal/sitetest"
)

// recordPages are two pages and an unlisted one, as the converter describes them.
func recordPages() []searchPage {
	return []searchPage{
		{url: "/architecture/bakers", lvl0: "Architecture", title: "Bakers", position: 3, sections: []markdown.Section{
			{Level: 1, Text: "Bakers are Tezos accounts that create blocks and receive rewards. Anyone with enough tez can become a baker."},
			{Level: 2, ID: "running-a-baker", Title: "Running a baker", Text: "To bake, run the Octez baker daemon beside a node."},
			{Level: 3, ID: "baking-rights", Title: "Baking rights", Text: "Rights depend on the stake of the baker."},
			{Level: 2, ID: "rewards", Title: "Rewards", Text: "Bakers earn fees and issuance."},
		}},
		{url: "/smart-contracts/languages/michelson", lvl0: "Smart contracts", title: "Michelson", position: 7, sections: []markdown.Section{
			{Level: 1, Text: "Michelson is the low-level, stack-based language of Tezos smart contracts."},
			{Level: 2, ID: "instructions", Title: "Instructions", Text: "Each instruction takes values from the stack.",
				Code: []markdown.CodeBlock{{Lang: "michelson", Text: "parameter unit;\nstorage int;\ncode { CDR ; PUSH int 1 ; ADD ; NIL operation ; PAIR }"}}},
		}},
		{url: "/drafts/hidden", lvl0: "Hidden", title: "Hidden bakers page", unlisted: true, sections: []markdown.Section{
			{Level: 1, Text: "Bakers bakers bakers."},
		}},
	}
}

func TestRecordsFollowHeadingNesting(t *testing.T) {
	recs := records("https://docs.tezos.com", recordPages()[:1])
	type row struct{ typ, url, lvl2, lvl3, content string }
	var got []row
	for _, r := range recs {
		got = append(got, row{r.Type, r.URL, r.Hierarchy[2], r.Hierarchy[3], r.Content})
	}
	want := []row{
		{"lvl1", "https://docs.tezos.com/architecture/bakers", "", "", ""},
		{"content", "https://docs.tezos.com/architecture/bakers", "", "", "Bakers are Tezos accounts that create blocks and receive rewards. Anyone with enough tez can become a baker."},
		{"lvl2", "https://docs.tezos.com/architecture/bakers#running-a-baker", "Running a baker", "", ""},
		{"content", "https://docs.tezos.com/architecture/bakers#running-a-baker", "Running a baker", "", "To bake, run the Octez baker daemon beside a node."},
		{"lvl3", "https://docs.tezos.com/architecture/bakers#baking-rights", "Running a baker", "Baking rights", ""},
		{"content", "https://docs.tezos.com/architecture/bakers#baking-rights", "Running a baker", "Baking rights", "Rights depend on the stake of the baker."},
		{"lvl2", "https://docs.tezos.com/architecture/bakers#rewards", "Rewards", "", ""},
		{"content", "https://docs.tezos.com/architecture/bakers#rewards", "Rewards", "", "Bakers earn fees and issuance."},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("records:\n%+v\nwant\n%+v", got, want)
	}
	for _, r := range recs {
		if r.Hierarchy[0] != "Architecture" || r.Hierarchy[1] != "Bakers" {
			t.Errorf("%s: lvl0/lvl1 = %q/%q", r.URL, r.Hierarchy[0], r.Hierarchy[1])
		}
		if r.URLWithoutAnchor != "https://docs.tezos.com/architecture/bakers" || r.Language != "en" || r.DocusaurusTag != "docs-default-current" {
			t.Errorf("%s: url_without_anchor %q, language %q, tag %q", r.URL, r.URLWithoutAnchor, r.Language, r.DocusaurusTag)
		}
	}
	if recs[0].Weight.Level != 90 || recs[2].Weight.Level != 80 || recs[4].Weight.Level != 70 || recs[1].Weight.Level != 0 {
		t.Errorf("weight levels = %d %d %d %d, want 90 80 70 0", recs[0].Weight.Level, recs[2].Weight.Level, recs[4].Weight.Level, recs[1].Weight.Level)
	}
	for i, r := range recs {
		if r.Weight.Position != 3000+i {
			t.Errorf("record %d: position %d, want the page's position × 1000 + %d", i, r.Weight.Position, i)
		}
	}
}

func TestRecordURLsAreAbsoluteUnderBaseURLWithHostFreeIDs(t *testing.T) {
	cases := []struct{ url, base, want string }{
		{"https://docs.tezos.com", "/", "https://docs.tezos.com"},
		{"https://example.org/", "/docs/", "https://example.org/docs"},
		{"", "/", ""},
	}
	for _, c := range cases {
		if got := output.Origin(c.url, c.base); got != c.want {
			t.Errorf("output.Origin(%q, %q) = %q, want %q", c.url, c.base, got, c.want)
		}
	}
	moved := records("https://example.org/docs", recordPages()[:1])
	local := records("", recordPages()[:1])
	if moved[2].URL != "https://example.org/docs/architecture/bakers#running-a-baker" || moved[2].URLWithoutAnchor != "https://example.org/docs/architecture/bakers" {
		t.Errorf("url %q, url_without_anchor %q", moved[2].URL, moved[2].URLWithoutAnchor)
	}
	for i := range moved {
		if moved[i].ObjectID != local[i].ObjectID {
			t.Errorf("record %d: objectID depends on the host: %s vs %s", i, moved[i].ObjectID, local[i].ObjectID)
		}
	}
}

func TestRecordsLeaveOutUnlistedAndMarkCode(t *testing.T) {
	code := 0
	for _, r := range records("", recordPages()) {
		if strings.HasPrefix(r.URL, "/drafts/") {
			t.Errorf("unlisted page has a record: %s", r.URL)
		}
		if r.Code {
			code++
			if r.Type != "content" || r.Content != "parameter unit; storage int; code { CDR ; PUSH int 1 ; ADD ; NIL operation ; PAIR }" {
				t.Errorf("code record = %+v", r)
			}
		}
	}
	if code != 1 {
		t.Errorf("got %d code records, want 1", code)
	}
}

func TestLongCodeBlocksGiveAFewRecords(t *testing.T) {
	line := "PUSH int 1 ; ADD ; DROP ;\n" // 8 words
	p := searchPage{url: "/long", title: "Long", sections: []markdown.Section{{Level: 1, Code: []markdown.CodeBlock{{Text: strings.Repeat(line, 200)}}}}}
	n := 0
	for _, r := range records("", []searchPage{p}) {
		if r.Code {
			n++
			if words := len(strings.Fields(r.Content)); words < codeWords || words > codeWords+8 {
				t.Errorf("code record of %d words, want about %d", words, codeWords)
			}
		}
	}
	if n != maxCodeRecords {
		t.Errorf("%d code records, want %d", n, maxCodeRecords)
	}
}

func TestObjectIDsAreStableAndUnique(t *testing.T) {
	a, b := records("", recordPages()), records("", recordPages())
	seen := map[string]bool{}
	for i := range a {
		if a[i].ObjectID != b[i].ObjectID {
			t.Errorf("record %d: objectID %s then %s", i, a[i].ObjectID, b[i].ObjectID)
		}
		if seen[a[i].ObjectID] {
			t.Errorf("duplicate objectID %s", a[i].ObjectID)
		}
		seen[a[i].ObjectID] = true
	}
	// Editing text does not change IDs.
	pages := recordPages()
	pages[0].sections[1].Text = "Completely different words."
	if c := records("", pages); c[3].ObjectID != a[3].ObjectID {
		t.Errorf("objectID changed with the text: %s → %s", a[3].ObjectID, c[3].ObjectID)
	}
}

func TestRecordsWriteTheDocSearchHierarchy(t *testing.T) {
	recs := records("", recordPages()[:1])
	data, err := json.Marshal(recs)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"hierarchy":{"lvl0":"Architecture","lvl1":"Bakers","lvl2":null`) {
		t.Errorf("hierarchy not in DocSearch form: %.300s", data)
	}
	var back []output.Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, recs) {
		t.Errorf("records changed in a JSON round trip:\n%+v\nwant\n%+v", back, recs)
	}
}

func TestSplitProseKeepsSentencesTogether(t *testing.T) {
	long := strings.Repeat("one two three four five six seven eight nine ten. ", 12)
	blocks := splitProse(long, 40)
	if len(blocks) != 3 {
		t.Fatalf("got %d blocks, want 3: %q", len(blocks), blocks)
	}
	for _, b := range blocks {
		if !strings.HasSuffix(b, "ten.") {
			t.Errorf("block does not end at a sentence end: %q", b)
		}
	}
	if got := strings.Join(blocks, " "); got != strings.TrimSpace(long) {
		t.Errorf("blocks lose text")
	}
	if blocks := splitProse(strings.Repeat("word ", 100), 40); len(blocks) != 2 || len(strings.Fields(blocks[0])) != 80 {
		t.Errorf("text without sentence ends: blocks %q, want one cut at 80 words", blocks)
	}
}

func TestRecordsOfASiteFollowItsSidebars(t *testing.T) {
	recs, err := Records(context.Background(), filepath.Join(sitetest.Write(t, sitetest.Minimal), "site"))
	if err != nil {
		t.Fatal(err)
	}
	titles := map[string]output.Record{} // the lvl1 record of each page
	for _, r := range recs {
		if r.Type == "lvl1" {
			titles[r.Path()] = r
		}
		if strings.HasSuffix(r.URLWithoutAnchor, "/hidden") {
			t.Errorf("the unlisted page has a record: %+v", r)
		}
	}
	for _, tt := range []struct{ url, lvl0, lvl1 string }{
		{"/architecture/accounts", "Architecture", "Accounts"},
		{"/architecture/bakers", "Architecture", "Bakers and baking"},
		{"/architecture", "Architecture", "Architecture"}, // the page's own heading: no front-matter title
		{"/tutorials/app/part-1", "Tutorials", "Part 1"},
		{"/conrefs/network", "Conrefs", "Networks"}, // in no sidebar: its route's first segment
		{"/", "Test Docs", "Test Docs"},
	} {
		r, ok := titles[tt.url]
		if !ok {
			t.Errorf("no title record for %s among %d records", tt.url, len(recs))
			continue
		}
		if r.Hierarchy[0] != tt.lvl0 || r.Hierarchy[1] != tt.lvl1 {
			t.Errorf("%s: lvl0 %q lvl1 %q, want %q %q", tt.url, r.Hierarchy[0], r.Hierarchy[1], tt.lvl0, tt.lvl1)
		}
	}
	if acc, bak := titles["/architecture/accounts"], titles["/architecture/bakers"]; acc.Weight.Position >= bak.Weight.Position {
		t.Errorf("positions: accounts %d, bakers %d; want sidebar order", acc.Weight.Position, bak.Weight.Position)
	}
	if net, part := titles["/conrefs/network"], titles["/tutorials/app/part-1"]; net.Weight.Position <= part.Weight.Position {
		t.Errorf("positions: /conrefs/network %d, in no sidebar, is not after the sidebar pages (part 1: %d)", net.Weight.Position, part.Weight.Position)
	}
	var implicit []string
	for _, r := range recs {
		if r.Path() == "/architecture/accounts#implicit-accounts" {
			implicit = append(implicit, r.Type+"|"+r.Hierarchy[2]+"|"+r.Content)
		}
	}
	if want := []string{"lvl2|Implicit accounts|", "content|Implicit accounts|tz1 addresses."}; !reflect.DeepEqual(implicit, want) {
		t.Errorf("records of #implicit-accounts = %q, want %q", implicit, want)
	}
}

func TestRecordsAreWhatTheBuildWrites(t *testing.T) {
	outDir, _, err := buildSite(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	written, err := output.LoadRecords(outDir)
	if err != nil {
		t.Fatal(err)
	}
	made, err := Records(context.Background(), filepath.Join(filepath.Dir(outDir), "site"))
	if err != nil {
		t.Fatal(err)
	}
	if len(written) == 0 || !reflect.DeepEqual(written, made) {
		t.Errorf("Records gives %d records, the build wrote %d that differ", len(made), len(written))
	}
}

func TestRecordsReportAMissingSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nope")
	if _, err := Records(context.Background(), dir); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("Records of a missing folder: error %v, want one naming it", err)
	}
}
