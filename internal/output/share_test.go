package output

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"unsafe"
)

// Records read back hold the values written, with the strings that repeat held once.
func TestLoadRecordsSharesRepeatedStrings(t *testing.T) {
	page := Hierarchy{"Architecture", "Bakers"}
	want := []Record{
		{ObjectID: "1", Hierarchy: page, Type: "lvl1", URL: "https://docs.example.org/architecture/bakers",
			URLWithoutAnchor: "https://docs.example.org/architecture/bakers", Language: "en", DocusaurusTag: "docs-default-current"},
		{ObjectID: "2", Hierarchy: Hierarchy{"Architecture", "Bakers", "Rights"}, Content: "Bakers get rights.", Type: "content",
			URL: "https://docs.example.org/architecture/bakers#rights", URLWithoutAnchor: "https://docs.example.org/architecture/bakers",
			Anchor: "rights", Language: "en", DocusaurusTag: "docs-default-current"},
		{ObjectID: "3", Hierarchy: Hierarchy{"Architecture", "Bakers", "Rights"}, Content: "They earn rewards.", Type: "content",
			URL: "https://docs.example.org/architecture/bakers#rights", URLWithoutAnchor: "https://docs.example.org/architecture/bakers",
			Anchor: "rights", Language: "en", DocusaurusTag: "docs-default-current", Kind: KindTutorial},
	}
	dir := t.TempDir()
	data, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "_search"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(RecordsFile)), data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := LoadRecords(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("read back\n%+v\nwant\n%+v", got, want)
	}
	same := func(what, a, b string) {
		if unsafe.StringData(a) != unsafe.StringData(b) {
			t.Errorf("%s: two copies of %q", what, a)
		}
	}
	same("lvl0", got[0].Hierarchy[0], got[2].Hierarchy[0])
	same("lvl2", got[1].Hierarchy[2], got[2].Hierarchy[2])
	same("url_without_anchor", got[0].URLWithoutAnchor, got[2].URLWithoutAnchor)
	same("url and url_without_anchor", got[0].URL, got[1].URLWithoutAnchor)
	same("url", got[1].URL, got[2].URL)
	same("tag", got[0].DocusaurusTag, got[2].DocusaurusTag)
	if end := unsafe.Add(unsafe.Pointer(unsafe.StringData(got[1].URL)), len(got[1].URL)-len("rights")); unsafe.Pointer(unsafe.StringData(got[1].Anchor)) != end {
		t.Error("the anchor is a copy, not the end of its URL")
	}
}
