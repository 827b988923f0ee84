package search

import (
	"encoding/json"
	"strings"
	"testing"

	"tzdocs/internal/dist"
)

func TestRecordsFollowHeadingNesting(t *testing.T) {
	recs := Records(testPages()[:1])
	type row struct{ typ, url, lvl2, lvl3, content string }
	var got []row
	for _, r := range recs {
		got = append(got, row{r.Type, r.URL, r.Hierarchy[2], r.Hierarchy[3], r.Content})
	}
	want := []row{
		{"lvl1", "/architecture/bakers", "", "", ""},
		{"content", "/architecture/bakers", "", "", "Bakers are Tezos accounts that create blocks and receive rewards. Anyone with enough tez can become a baker."},
		{"lvl2", "/architecture/bakers#running-a-baker", "Running a baker", "", ""},
		{"content", "/architecture/bakers#running-a-baker", "Running a baker", "", "To bake, run the Octez baker daemon beside a node."},
		{"lvl3", "/architecture/bakers#baking-rights", "Running a baker", "Baking rights", ""},
		{"content", "/architecture/bakers#baking-rights", "Running a baker", "Baking rights", "Rights depend on the stake of the baker."},
		{"lvl2", "/architecture/bakers#rewards", "Rewards", "", ""},
		{"content", "/architecture/bakers#rewards", "Rewards", "", "Bakers earn fees and issuance."},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d records, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("record %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	for _, r := range recs {
		if r.Hierarchy[0] != "Architecture" || r.Hierarchy[1] != "Bakers" {
			t.Errorf("%s: lvl0/lvl1 = %q/%q", r.URL, r.Hierarchy[0], r.Hierarchy[1])
		}
		if r.URLWithoutAnchor != "/architecture/bakers" || r.Language != "en" || r.DocusaurusTag != "docs-default-current" {
			t.Errorf("%s: url_without_anchor %q, language %q, tag %q", r.URL, r.URLWithoutAnchor, r.Language, r.DocusaurusTag)
		}
	}
	if recs[0].Weight.Level != 90 || recs[2].Weight.Level != 80 || recs[4].Weight.Level != 70 || recs[1].Weight.Level != 0 {
		t.Errorf("weight levels = %d %d %d %d, want 90 80 70 0", recs[0].Weight.Level, recs[2].Weight.Level, recs[4].Weight.Level, recs[1].Weight.Level)
	}
	if recs[0].Weight.Position >= recs[1].Weight.Position || recs[0].Weight.Position != 3000 {
		t.Errorf("positions = %d, %d; want page position × 1000 increasing through the page", recs[0].Weight.Position, recs[1].Weight.Position)
	}
}

func TestRecordsLeaveOutUnlistedAndMarkCode(t *testing.T) {
	recs := Records(testPages())
	code := 0
	for _, r := range recs {
		if strings.HasPrefix(r.URL, "/drafts/") {
			t.Errorf("unlisted page has a record: %s", r.URL)
		}
		if r.Code {
			code++
			if r.Type != "content" || !strings.Contains(r.Content, "NIL operation") {
				t.Errorf("code record = %+v", r)
			}
		}
	}
	if code != 1 {
		t.Errorf("got %d code records, want 1", code)
	}
}

func TestObjectIDsAreStableAndUnique(t *testing.T) {
	a, b := Records(testPages()), Records(testPages())
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
	pages := testPages()
	pages[0].Sections[1].Text = "Completely different words."
	c := Records(pages)
	if c[3].ObjectID != a[3].ObjectID {
		t.Errorf("objectID changed with the text: %s → %s", a[3].ObjectID, c[3].ObjectID)
	}
}

func TestRecordJSONRoundTrip(t *testing.T) {
	recs := Records(testPages()[:1])
	data, err := json.Marshal(recs)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"lvl2":null`) || !strings.Contains(string(data), `"hierarchy":{"lvl0":"Architecture","lvl1":"Bakers"`) {
		t.Errorf("hierarchy not in DocSearch form: %.300s", data)
	}
	var back []dist.Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		if back[i] != recs[i] {
			t.Errorf("record %d: %+v after a round trip, want %+v", i, back[i], recs[i])
		}
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
}
