// Package dashboard answers the docs team's dashboard APIs: /api/admin/overview, /api/admin/search,
// /api/admin/pages and /api/admin/askai. Each reads a range of days (days=7|30|90, or from and to
// as YYYY-MM-DD) from the feedback database's aggregates and answers JSON, or one of the view's
// tables as CSV (format=csv&table=NAME). The server mounts Handler behind admin.RequireSession, so
// nothing here answers without a maintainer's session; see docs/decisions/0015-dashboard.md.
package dashboard

//go:generate go run ../../cmd/tsgen

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"tzdocs/internal/feedback"
	"tzdocs/internal/feedback/store"
	"tzdocs/internal/httpapi"
	"tzdocs/internal/output"
)

// Options wires the dashboard's handler.
type Options struct {
	// Store answers the aggregates; required.
	Store store.Dashboard
	// Now is the clock that says which day is today; nil means time.Now.
	Now func() time.Time
	// Logger receives database errors; nil discards them.
	Logger *slog.Logger
	// Source names the file the page at a site path was built from; nil, or ok false, when it is
	// not known (the pages view then gives no source).
	Source func(path string) (src output.PageSource, ok bool)
}

// Paths of the dashboard's APIs.
const (
	OverviewPath = "/api/admin/overview"
	SearchPath   = "/api/admin/search"
	PagesPath    = "/api/admin/pages"
	AskAIPath    = "/api/admin/askai"
)

// Paths lists every path Handler answers.
var Paths = []string{OverviewPath, SearchPath, PagesPath, AskAIPath}

// Presets are the values days= takes; DefaultDays is the range without days, from or to.
var Presets = []int{7, 30, 90}

// DefaultDays is the number of days read when the request names no range.
const DefaultDays = 30

// MaxDays bounds a custom range: the daily totals are kept 400 days.
const MaxDays = 400

// view builds one dashboard view for a range, reading s.
type view func(h *handler, s store.Dashboard, r *http.Request, rg store.Range) (result, error)

// result is a view: its JSON body and its tables, the first being the CSV default.
type result struct {
	body   any
	tables []table
}

// table is one table of a view, as its CSV download gives it.
type table struct {
	name   string
	header []string
	rows   [][]string
}

type handler struct {
	opts  Options
	views map[string]view
}

// Handler answers the dashboard's APIs (GET and HEAD); other paths get a JSON 404.
func Handler(opts Options) (http.Handler, error) {
	if opts.Store == nil {
		return nil, errors.New("dashboard: Options.Store is nil")
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	h := &handler{opts: opts, views: map[string]view{
		OverviewPath: overview, SearchPath: searchView, PagesPath: pagesView, AskAIPath: askView,
	}}
	return h, nil
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	v, ok := h.views[r.URL.Path]
	if !ok {
		httpapi.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		httpapi.MethodNotAllowed(w, http.MethodGet)
		return
	}
	q := r.URL.Query()
	if bad := unknownParam(q); bad != "" {
		httpapi.Error(w, http.StatusBadRequest, fmt.Sprintf("unknown parameter %q: use days (7, 30 or 90) or from and to (YYYY-MM-DD), format (json or csv) and table", bad))
		return
	}
	rg, err := parseRange(q, h.opts.Now())
	if err != nil {
		httpapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	format := q.Get("format")
	if format != "" && format != "json" && format != "csv" {
		httpapi.Error(w, http.StatusBadRequest, fmt.Sprintf("format %q is not known: use json or csv", format))
		return
	}
	if q.Has("table") && format != "csv" {
		httpapi.Error(w, http.StatusBadRequest, "table only goes with format=csv")
		return
	}
	// A view reads one snapshot, so that its tables agree with each other.
	var res result
	err = h.opts.Store.Snapshot(r.Context(), func(s store.Dashboard) error {
		var err error
		res, err = v(h, s, r, rg)
		return err
	})
	if err != nil {
		h.opts.Logger.Error("dashboard: reading a view", "path", r.URL.Path, "error", err)
		httpapi.Error(w, http.StatusInternalServerError, "the dashboard could not read the feedback database; try again later")
		return
	}
	if format == "csv" {
		h.writeCSV(w, r, rg, res, q.Get("table"))
		return
	}
	httpapi.JSON(w, http.StatusOK, res.body)
}

// writeCSV answers one table of a view as a CSV download.
func (h *handler) writeCSV(w http.ResponseWriter, r *http.Request, rg store.Range, res result, name string) {
	t := res.tables[0]
	if name != "" {
		i := slices.IndexFunc(res.tables, func(t table) bool { return t.name == name })
		if i < 0 {
			names := make([]string, len(res.tables))
			for i, t := range res.tables {
				names[i] = t.name
			}
			httpapi.Error(w, http.StatusBadRequest, fmt.Sprintf("table %q is not part of this view: use one of %s", name, strings.Join(names, ", ")))
			return
		}
		t = res.tables[i]
	}
	file := fmt.Sprintf("tzdocs-%s-%s-%s_%s.csv", strings.TrimPrefix(r.URL.Path, "/api/admin/"), t.name,
		rg.From.Format(time.DateOnly), rg.To.AddDate(0, 0, -1).Format(time.DateOnly))
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+file+`"`)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if err := feedback.WriteCSV(w, t.header, t.rows); err != nil {
		h.opts.Logger.Error("dashboard: writing a CSV table", "error", err)
	}
}

// unknownParam returns the first query parameter the APIs do not take, or "".
func unknownParam(q url.Values) string {
	for k := range q {
		switch k {
		case "days", "from", "to", "format", "table":
		default:
			return k
		}
	}
	return ""
}

// parseRange reads days= or from= and to= (both days included); neither means the last
// DefaultDays days, today included.
func parseRange(q url.Values, now time.Time) (store.Range, error) {
	today := store.Day(now)
	from, to := q.Get("from"), q.Get("to")
	if q.Has("days") {
		if q.Has("from") || q.Has("to") {
			return store.Range{}, errors.New("give either days or from and to, not both")
		}
		n, err := strconv.Atoi(q.Get("days"))
		if err != nil || !slices.Contains(Presets, n) {
			return store.Range{}, fmt.Errorf("days=%q: use 7, 30 or 90, or from and to (YYYY-MM-DD) for another range", q.Get("days"))
		}
		return store.Range{From: today.AddDate(0, 0, 1-n), To: today.AddDate(0, 0, 1)}, nil
	}
	if from == "" && to == "" {
		return store.Range{From: today.AddDate(0, 0, 1-DefaultDays), To: today.AddDate(0, 0, 1)}, nil
	}
	if from == "" || to == "" {
		return store.Range{}, errors.New("give both from and to (YYYY-MM-DD), or days")
	}
	f, err := time.Parse(time.DateOnly, from)
	if err != nil {
		return store.Range{}, fmt.Errorf("from=%q is not a date: write it YYYY-MM-DD", from)
	}
	t, err := time.Parse(time.DateOnly, to)
	if err != nil {
		return store.Range{}, fmt.Errorf("to=%q is not a date: write it YYYY-MM-DD", to)
	}
	rg, err := store.NewRange(f, t)
	if err != nil {
		return store.Range{}, fmt.Errorf("from %s is after to %s: swap them", from, to)
	}
	if rg.Days() > MaxDays {
		return store.Range{}, fmt.Errorf("the range from %s to %s has %d days; at most %d are kept", from, to, rg.Days(), MaxDays)
	}
	return rg, nil
}

// ReportRange is the range a view answers for, both days included.
type ReportRange struct {
	From string `json:"from"`
	To   string `json:"to"`
	Days int    `json:"days"`
}

func rangeOf(rg store.Range) ReportRange {
	return ReportRange{From: rg.From.Format(time.DateOnly), To: rg.To.AddDate(0, 0, -1).Format(time.DateOnly), Days: rg.Days()}
}
