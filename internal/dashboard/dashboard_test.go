package dashboard

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/sqlite"
	"tzdocs/internal/feedback/store/storetest"
	"tzdocs/internal/output"
)

// seeded returns the handler on a store filled by storetest.SeedDashboard, its clock on the
// third seeded day, so days=7 covers the two seeded days and not the rows four days later.
func seeded(t *testing.T) (http.Handler, store.Store) {
	t.Helper()
	s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	storetest.SeedDashboard(t, s)
	h, err := Handler(Options{Store: s, Now: func() time.Time { return storetest.DashboardDay.AddDate(0, 0, 2).Add(10 * time.Hour) }})
	if err != nil {
		t.Fatal(err)
	}
	return h, s
}

func get(t *testing.T, h http.Handler, target string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
	if rec.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("GET %s: Cache-Control %q, want no-store", target, rec.Header().Get("Cache-Control"))
	}
	return rec
}

func getJSON[T any](t *testing.T, h http.Handler, target string) T {
	t.Helper()
	rec := get(t, h, target)
	if rec.Code != 200 {
		t.Fatalf("GET %s: %d %s", target, rec.Code, rec.Body)
	}
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("GET %s: %v in %s", target, err, rec.Body)
	}
	return v
}

func TestSearchView(t *testing.T) {
	h, _ := seeded(t)
	v := getJSON[SearchReport](t, h, "/api/admin/search?days=7")
	if v.Range.From != "2026-02-25" || v.Range.To != "2026-03-03" || len(v.Days) != 7 {
		t.Errorf("range %+v with %d days, want 2026-02-25 to 2026-03-03, 7 days", v.Range, len(v.Days))
	}
	if v.Totals.Searches != 8 || v.Totals.NoResults != 4 || v.Totals.Clicks != 4 || *v.Totals.CTR != 0.5 || *v.Totals.AvgPosition != 4.75 {
		t.Errorf("totals %+v (ctr %v, position %v), want 8 searches, 4 without result, 4 clicks, CTR 0.5, position 4.75",
			v.Totals, *v.Totals.CTR, *v.Totals.AvgPosition)
	}
	if v.Days[0].CTR != nil || v.Days[4].Searches != 5 || *v.Days[4].CTR != 0.4 {
		t.Errorf("days %+v: want no CTR on a day without search, 5 searches and CTR 0.4 on 2026-03-01", v.Days)
	}
	if len(v.Top) != 4 || v.Top[0].Query != "fa2" || len(v.NoResults) != 3 || v.NoResults[0].Query != "smart rollup" {
		t.Errorf("top %+v, no results %+v", v.Top, v.NoResults)
	}
	if len(v.FarClicks) != 2 || v.FarClicks[0].Query != "fa2" || *v.FarClicks[0].AvgPosition != 4.5 || v.FarClicks[1].Far != 1 {
		t.Errorf("far clicks %+v", v.FarClicks)
	}
}

func TestPagesViewPutsTheWorstFirst(t *testing.T) {
	h, _ := seeded(t)
	v := getJSON[PagesReport](t, h, "/api/admin/pages?from=2026-03-01&to=2026-03-05")
	if len(v.Pages) != 2 || v.Pages[0].URL != "/a" || *v.Pages[0].Ratio != 0.25 || v.Pages[1].URL != "/b" {
		t.Fatalf("pages %+v, want /a (1 of 4 helpful) before /b", v.Pages)
	}
	if v.Totals != (PageTotals{Helpful: 3, NotHelpful: 3, Comments: 2}) {
		t.Errorf("totals %+v", v.Totals)
	}
	if len(v.Trend) != 2 || v.Trend[0].URL != "/a" || len(v.Trend[0].Days) != 5 || v.Trend[0].Days[4].NotHelpful != 1 || v.Trend[0].Days[0].Helpful != 1 {
		t.Errorf("trend %+v", v.Trend)
	}
	if len(v.Comments) != 2 || v.Comments[0].Comment != "more rollups" {
		t.Errorf("comments %+v", v.Comments)
	}
}

func TestPagesViewLinksTheSourceFile(t *testing.T) {
	_, s := seeded(t)
	sources := map[string]output.PageSource{
		"/a": {File: "site/docs/a.md", EditURL: "https://example.org/edit/main/site/docs/a.md"},
	}
	h, err := Handler(Options{Store: s, Now: func() time.Time { return storetest.DashboardDay.AddDate(0, 0, 2) },
		Source: func(p string) (output.PageSource, bool) { src, ok := sources[p]; return src, ok }})
	if err != nil {
		t.Fatal(err)
	}
	v := getJSON[PagesReport](t, h, "/api/admin/pages?days=7")
	if len(v.Pages) != 2 || v.Pages[0].Source == nil || *v.Pages[0].Source != sources["/a"] || v.Pages[1].Source != nil {
		t.Fatalf("pages %+v, want /a with its source and /b without", v.Pages)
	}
	rows, err := csv.NewReader(get(t, h, "/api/admin/pages?days=7&format=csv").Body).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[0][5] != "source_file" || rows[0][6] != "edit_url" || rows[1][5] != "site/docs/a.md" ||
		rows[1][6] != sources["/a"].EditURL || rows[2][5] != "" {
		t.Errorf("pages CSV %q", rows)
	}
	// Without a site to ask, pages have no source.
	if v := getJSON[PagesReport](t, mustHandler(t, s), "/api/admin/pages?days=7"); len(v.Pages) != 2 || v.Pages[0].Source != nil {
		t.Errorf("pages without Options.Source %+v", v.Pages)
	}
}

func mustHandler(t *testing.T, s store.Store) http.Handler {
	t.Helper()
	h, err := Handler(Options{Store: s, Now: func() time.Time { return storetest.DashboardDay.AddDate(0, 0, 2) }})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestAskAIAndOverview(t *testing.T) {
	h, _ := seeded(t)
	a := getJSON[AskReport](t, h, "/api/admin/askai?days=7")
	if a.Totals.Questions != 4 || a.Totals.Up != 1 || a.Totals.Down != 3 || a.Totals.NoSource != 1 {
		t.Errorf("Ask AI totals %+v", a.Totals)
	}
	if len(a.Engines) != 3 || a.Engines[1].Engine != "local" || *a.Engines[1].UpRate != 0.5 || a.Engines[0].UpRate == nil {
		t.Errorf("engines %+v", a.Engines)
	}
	if len(a.ThumbsDown) != 3 || a.ThumbsDown[1].Question != "q3" || len(a.NoSource) != 1 || a.NoSource[0].Question != "q2" {
		t.Errorf("thumbs down %+v, without source %+v", a.ThumbsDown, a.NoSource)
	}
	o := getJSON[OverviewReport](t, h, "/api/admin/overview?days=7")
	if o.Search.Searches != 8 || o.Pages.Helpful != 3 || o.Pages.NotHelpful != 2 || o.AskAI.Questions != 4 || len(o.Days) != 7 {
		t.Errorf("overview %+v", o)
	}
	if d := o.Days[5]; d.Day != "2026-03-02" || d.Searches != 3 || d.Helpful != 2 || d.Questions != 2 || d.ThumbsDown != 2 {
		t.Errorf("overview of 2026-03-02: %+v", d)
	}
}

func TestCSVDownloads(t *testing.T) {
	h, s := seeded(t)
	if _, err := s.AddPage(t.Context(), store.Page{CreatedAt: storetest.DashboardDay.Add(time.Hour),
		URL: "/a", Comment: "=HYPERLINK(\"x\")\x1b[31m red"}); err != nil {
		t.Fatal(err)
	}
	rec := get(t, h, "/api/admin/pages?days=7&format=csv&table=comments")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "text/csv; charset=utf-8" {
		t.Fatalf("CSV: %d %q %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	if cd := rec.Header().Get("Content-Disposition"); cd != `attachment; filename="tzdocs-pages-comments-2026-02-25_2026-03-03.csv"` {
		t.Errorf("Content-Disposition %q", cd)
	}
	rows, err := csv.NewReader(rec.Body).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || strings.Join(rows[0], ",") != "at,url,helpful,category,comment" {
		t.Fatalf("rows %q", rows)
	}
	if got := rows[3][4]; got != `'=HYPERLINK("x")[31m red` {
		t.Errorf("hostile comment exported as %q: want the formula defused and ESC dropped", got)
	}
	// Without table, the first table of the view.
	rec = get(t, h, "/api/admin/search?days=7&format=csv")
	if first, _, _ := strings.Cut(rec.Body.String(), "\n"); first != "day,searches,no_results,clicks,ctr,avg_click_position" {
		t.Errorf("default search table starts %q", first)
	}
	if !strings.Contains(rec.Body.String(), "2026-03-01,5,2,2,0.4000,4.5000") {
		t.Errorf("search days CSV lacks 2026-03-01:\n%s", rec.Body)
	}
}

func TestBadRequestsAreExplained(t *testing.T) {
	h, _ := seeded(t)
	for _, tc := range []struct{ target, want string }{
		{"/api/admin/search?days=5", "use 7, 30 or 90"},
		{"/api/admin/search?days=7&from=2026-01-01", "either days or from and to"},
		{"/api/admin/search?from=2026-01-01", "give both from and to"},
		{"/api/admin/search?from=2026-13-01&to=2026-01-02", "is not a date"},
		{"/api/admin/search?from=2026-02-01&to=2026-01-02", "swap them"},
		{"/api/admin/search?from=2024-01-01&to=2026-01-02", "at most 400"},
		{"/api/admin/search?since=3", `unknown parameter \"since\"`},
		{"/api/admin/search?format=xml", "use json or csv"},
		{"/api/admin/search?table=top", "only goes with format=csv"},
		{"/api/admin/search?format=csv&table=nope", "use one of days, top, no-results, far-clicks"},
	} {
		rec := get(t, h, tc.target)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), tc.want) || !strings.Contains(rec.Body.String(), `"status":400`) {
			t.Errorf("GET %s: %d %s; want 400 saying %q", tc.target, rec.Code, rec.Body, tc.want)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/admin/search", nil))
	if rec.Code != 405 {
		t.Errorf("POST: %d, want 405", rec.Code)
	}
	if rec := get(t, h, "/api/admin/nothing"); rec.Code != 404 {
		t.Errorf("unknown path: %d, want 404", rec.Code)
	}
}
