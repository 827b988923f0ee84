package search

import (
	"strings"
	"testing"

	"tzdocs/internal/output"
)

func TestParseConditionReadsAlgoliaFilters(t *testing.T) {
	title := &output.Record{Type: "lvl1", Language: "en", Hierarchy: output.Hierarchy{"Smart contracts", "Deploying"}, Weight: output.Weight{Level: 90, Position: 7}}
	para := &output.Record{Type: "content", Language: "en", Hierarchy: output.Hierarchy{"Tutorials", "Part 3"}, Weight: output.Weight{Level: 0, Position: 12}}
	tests := []struct {
		expr        string
		title, para bool
	}{
		{"type:lvl1", true, false},
		{"type:-lvl1", false, true},
		{"NOT type:lvl1", false, true},
		{`hierarchy.lvl0:"Smart contracts"`, true, false},
		{`"hierarchy.lvl0":'Tutorials'`, false, true},
		{"type:lvl1 OR type:content", true, true},
		{"language:en AND type:content", false, true},
		{"(type:lvl1 OR type:lvl2) AND language:en", true, false},
		{"type:content OR type:lvl1 AND language:fr", false, true}, // AND binds tighter
		{"weight.level >= 80", true, false},
		{"weight.level<80", false, true},
		{"weight.position != 7", false, true},
		{"weight.position = 12", false, true},
		{"weight.position:5 TO 10", true, false},
		{"weight.level:90", true, false},
		{"NOT (weight.level:0 TO 10)", true, false},
		{"missing:x", false, false},
	}
	for _, tt := range tests {
		c, err := ParseCondition(tt.expr)
		if err != nil {
			t.Errorf("%q: %v", tt.expr, err)
			continue
		}
		if got := c.Match(title); got != tt.title {
			t.Errorf("%q on the title record = %v, want %v", tt.expr, got, tt.title)
		}
		if got := c.Match(para); got != tt.para {
			t.Errorf("%q on the paragraph = %v, want %v", tt.expr, got, tt.para)
		}
	}
	if c, err := ParseCondition("  "); c != nil || err != nil {
		t.Errorf("blank filters = %v, %v; want no condition", c, err)
	}
}

func TestParseConditionNamesWhatIsWrong(t *testing.T) {
	for expr, want := range map[string]string{
		"type:":                 "expected a value",
		"type lvl1":             "expected ':' or a comparison",
		"(type:lvl1":            "expected ')'",
		"type:lvl1 AND":         "expected an attribute",
		`type:"lvl1`:            "not closed",
		"weight.level > high":   `"high" is not a number`,
		"weight.level:1 TO x":   `"x" is not a number`,
		"type:lvl1 type:lvl2":   "unexpected",
		strings.Repeat("(", 40): "nested",
	} {
		_, err := ParseCondition(expr)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one saying %q", expr, err, want)
		}
	}
}

func TestHandlerAppliesFiltersNumericAndTagFilters(t *testing.T) {
	srv := newTestServer(t, HandlerOptions{})
	count := func(extra string) float64 {
		t.Helper()
		status, _, out := post(t, srv, multiPath, "text/plain", `{"requests":[{"indexName":"docs","query":"bakers","distinct":false`+extra+`}]}`)
		if status != 200 {
			t.Fatalf("%s: %d %v", extra, status, out)
		}
		return out["results"].([]any)[0].(map[string]any)["nbHits"].(float64)
	}
	all := count("")
	titles := count(`,"filters":"type:lvl1"`)
	if titles == 0 || titles >= all {
		t.Errorf("filters type:lvl1 kept %v of %v hits", titles, all)
	}
	if got := count(`,"filters":"NOT type:lvl1"`); got != all-titles {
		t.Errorf("NOT type:lvl1 kept %v, want %v", got, all-titles)
	}
	if got := count(`,"numericFilters":["weight.level>=90"]`); got != titles {
		t.Errorf("numericFilters weight.level>=90 kept %v, want the %v titles", got, titles)
	}
	if got := count(`,"tagFilters":["news"]`); got != 0 {
		t.Errorf("tagFilters on records without tags kept %v", got)
	}
	if got := count(`,"tagFilters":""`); got != all {
		t.Errorf("empty tagFilters kept %v of %v", got, all)
	}
	status, _, out := post(t, srv, multiPath, "text/plain", `{"requests":[{"query":"bakers","filters":"type:(lvl1"}]}`)
	if status != 400 || !strings.Contains(out["message"].(string), "filters") {
		t.Errorf("bad filters: %d %v", status, out)
	}
}

func FuzzParseCondition(f *testing.F) {
	for _, seed := range []string{"type:lvl1", `(a:"b c" OR NOT d:-e) AND weight.level:1 TO 5`, "x >= 3", `"`, "((", "NOT NOT a:b"} {
		f.Add(seed)
	}
	rec := &output.Record{Type: "lvl1", Language: "en"}
	f.Fuzz(func(t *testing.T, expr string) {
		c, err := ParseCondition(expr)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "filters: ") {
				t.Fatalf("error %q does not name the parameter", err)
			}
			return
		}
		if c != nil {
			c.Match(rec)
		}
	})
}
