package feedback

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSearchReport(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, "file:"+filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Now().UTC()
	err = st.AddQueries(ctx, []Query{
		{At: now, Query: "bakers", NbHits: 12}, {At: now, Query: "Bakers ", NbHits: 12}, {At: now, Query: "michelson", NbHits: 30},
		{At: now, Query: "qwxzv", NbHits: 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddEvents(ctx, []Event{{At: now, Type: "click", Name: "Item Selected", Index: "tezosdocs", ObjectIDs: []string{"a"}}, {At: now, Type: "view", Name: "v", Index: "tezosdocs", ObjectIDs: []string{"a"}}}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := SearchReport(ctx, st, &out, time.Time{}, 10); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"4 searches, 3 distinct queries, 1 result clicks: click-through rate 25.0%", "  2      12    bakers", "Queries with no results\n  count  hits  query\n  1      0     qwxzv"} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
}
