package main

import (
	"bytes"
	"strings"
	"testing"

	"tzdocs/internal/feedback/store/postgres/pgtest"
)

// The figures come from running the benchmark at full size; this runs it on a few rows.
func TestSeedsAndTimesEveryView(t *testing.T) {
	var out bytes.Buffer
	args := []string{"-per-day", "200", "-days", "20", "-raw-rows", "1000", "-distinct", "30", "-page-votes", "10", "-questions", "10", "-runs", "1", "-dir", t.TempDir()}
	if err := run(args, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"SQLite: seeded in", "/api/admin/overview", "/api/admin/search", "/api/admin/pages", "/api/admin/askai", "365 days"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestSeedsAndTimesPostgres(t *testing.T) {
	u := pgtest.ServerURL(t)
	var out bytes.Buffer
	args := []string{"-per-day", "200", "-days", "20", "-raw-rows", "1000", "-distinct", "30", "-page-votes", "10", "-questions", "10", "-runs", "1", "-dir", t.TempDir(), "-pg", u}
	if err := run(args, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "PostgreSQL: seeded in") || strings.Count(out.String(), "/api/admin/askai") != 2 {
		t.Errorf("output lacks the PostgreSQL figures:\n%s", out.String())
	}
}
