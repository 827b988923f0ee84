package feedback_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/feedback"
)

func seed(t *testing.T, s feedback.Store) {
	t.Helper()
	ctx := t.Context()
	yes, no := true, false
	t0 := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	rows := []feedback.Page{
		{CreatedAt: t0, URL: "/good", Helpful: &yes},
		{CreatedAt: t0, URL: "/good", Helpful: &yes, Comment: "clear"},
		{CreatedAt: t0.Add(time.Hour), URL: "/bad", Helpful: &no, Comment: "=HYPERLINK(\"http://evil\")"},
		{CreatedAt: t0.Add(time.Hour), URL: "/bad", Helpful: &no},
		{CreatedAt: t0.Add(time.Hour), URL: "/bad", Helpful: &yes},
		{CreatedAt: t0.Add(2 * time.Hour), URL: "/mixed", Helpful: &no},
		{CreatedAt: t0.Add(2 * time.Hour), URL: "/mixed", Helpful: &yes},
		{CreatedAt: t0.Add(3 * time.Hour), Category: "missing-topic", Comment: "line one\nline \"two\", with comma", Email: "a@example.com"},
	}
	for _, r := range rows {
		if _, err := s.AddPage(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.AddAnswer(ctx, feedback.Answer{CreatedAt: t0.Add(4 * time.Hour), MessageID: "m1", Thumbs: 0,
		Question: "How to bake?", Answer: "Run octez-baker.", Sources: []string{"/baking", "/baking/setup"}}); err != nil {
		t.Fatal(err)
	}
}

func TestExportCSV(t *testing.T) {
	s := newStore(t)
	seed(t, s)
	var b bytes.Buffer
	if err := feedback.Export(t.Context(), s, &b, "csv", time.Time{}); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatalf("export is not valid CSV: %v\n%s", err, b.String())
	}
	if len(records) != 1+8+1 {
		t.Fatalf("%d records, want header + 8 pages + 1 answer", len(records))
	}
	head := strings.Join(records[0], ",")
	if head != "kind,id,created_at,url,helpful,category,comment,email,message_id,thumbs,question,answer,sources" {
		t.Fatalf("header %q", head)
	}
	if r := records[3]; r[0] != "page" || r[3] != "/bad" || r[4] != "no" || r[6] != `'=HYPERLINK("http://evil")` {
		t.Errorf("formula row exported as %q; want the comment defused with a leading apostrophe", r)
	}
	if r := records[8]; r[6] != "line one\nline \"two\", with comma" || r[5] != "missing-topic" || r[4] != "" || r[2] != "2026-05-01T15:00:00.000Z" {
		t.Errorf("general form row exported as %q", r)
	}
	if r := records[9]; r[0] != "answer" || r[8] != "m1" || r[9] != "0" || r[12] != "/baking /baking/setup" {
		t.Errorf("answer row exported as %q", r)
	}
}

func TestExportJSONSince(t *testing.T) {
	s := newStore(t)
	seed(t, s)
	var b bytes.Buffer
	since := time.Date(2026, 5, 1, 14, 0, 0, 0, time.UTC)
	if err := feedback.Export(t.Context(), s, &b, "json", since); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Pages []struct {
			URL      string  `json:"url"`
			Helpful  *bool   `json:"helpful"`
			Comment  string  `json:"comment"`
			Created  string  `json:"createdAt"`
			Category string  `json:"category"`
			ID       float64 `json:"id"`
		} `json:"pages"`
		Answers []struct {
			MessageID string   `json:"messageId"`
			Thumbs    int      `json:"thumbs"`
			Sources   []string `json:"sources"`
		} `json:"answers"`
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("export is not valid JSON: %v\n%s", err, b.String())
	}
	if len(got.Pages) != 3 || got.Pages[0].URL != "/mixed" || got.Pages[2].Helpful != nil || got.Pages[2].Category != "missing-topic" {
		t.Fatalf("pages since %v: %+v", since, got.Pages)
	}
	if len(got.Answers) != 1 || got.Answers[0].MessageID != "m1" || len(got.Answers[0].Sources) != 2 {
		t.Fatalf("answers: %+v", got.Answers)
	}
	// Empty store: still a valid document with empty lists.
	b.Reset()
	if err := feedback.Export(t.Context(), newStore(t), &b, "json", time.Time{}); err != nil {
		t.Fatal(err)
	}
	var empty map[string][]any
	if err := json.Unmarshal(b.Bytes(), &empty); err != nil || empty["pages"] == nil || empty["answers"] == nil {
		t.Fatalf("empty export %q: %v", b.String(), err)
	}
}

func TestExportRefusesAnUnknownFormat(t *testing.T) {
	err := feedback.Export(t.Context(), newStore(t), &bytes.Buffer{}, "xml", time.Time{})
	if err == nil || !strings.Contains(err.Error(), "csv or json") {
		t.Fatalf("err = %v", err)
	}
}

func TestStatsListWorstPagesFirst(t *testing.T) {
	s := newStore(t)
	seed(t, s)
	stats, err := feedback.PageStats(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, p := range stats {
		order = append(order, p.URL)
	}
	// /bad 1/3, /mixed 1/2, /good 2/2, then the general form row without votes.
	if got := strings.Join(order, " "); got != "/bad /mixed /good " {
		t.Fatalf("order %q", got)
	}
	var b bytes.Buffer
	if err := feedback.Stats(t.Context(), s, &b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 5 {
		t.Fatalf("stats table:\n%s", b.String())
	}
	for i, want := range []string{"PAGE", "/bad", "/mixed", "/good", "general form"} {
		if !strings.Contains(lines[i], want) {
			t.Errorf("line %d %q does not mention %q", i, lines[i], want)
		}
	}
	if f := strings.Fields(lines[1]); len(f) != 6 || f[0] != "3" || f[1] != "1" || f[2] != "2" || f[3] != "33%" || f[4] != "1" {
		t.Errorf("/bad line %q; want votes 3, yes 1, no 2, 33%%, 1 comment", lines[1])
	}
	t.Logf("\n%s", b.String())
}

func TestStatsOnAnEmptyStore(t *testing.T) {
	var b bytes.Buffer
	if err := feedback.Stats(t.Context(), newStore(t), &b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "No page feedback") {
		t.Fatalf("got %q", b.String())
	}
}

func TestParseSince(t *testing.T) {
	cases := []struct {
		in   string
		want time.Time
	}{
		{"", time.Time{}},
		{"2026-05-01", time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)},
		{"2026-05-01T12:30:00Z", time.Date(2026, 5, 1, 12, 30, 0, 0, time.UTC)},
		{"2026-05-01T14:30:00+02:00", time.Date(2026, 5, 1, 12, 30, 0, 0, time.UTC)},
	}
	for _, c := range cases {
		got, err := feedback.ParseSince(c.in)
		if err != nil || !got.Equal(c.want) {
			t.Errorf("ParseSince(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"yesterday", "01/05/2026", "2026-13-01"} {
		if _, err := feedback.ParseSince(bad); err == nil || !strings.Contains(err.Error(), "2026-05-01") {
			t.Errorf("ParseSince(%q) error = %v, want one showing the expected form", bad, err)
		}
	}
}
