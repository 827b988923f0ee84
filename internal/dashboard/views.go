package dashboard

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/output"
)

// TrendPages is how many of the worst rated pages the pages view gives a daily trend for.
const TrendPages = 5

// rate is n/of, or nil (JSON null, an empty CSV cell) when of is 0.
func rate(n, of int64) *float64 {
	if of == 0 {
		return nil
	}
	v := float64(n) / float64(of)
	return &v
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func ftoa(v *float64) string {
	if v == nil {
		return ""
	}
	return strconv.FormatFloat(*v, 'f', 4, 64)
}

func day(t time.Time) string { return t.Format(time.DateOnly) }

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// SearchReportDay is a day of the search view.
type SearchReportDay struct {
	store.SearchDay
	// CTR is clicks per search; AvgPosition the mean position of the clicks that gave one.
	CTR         *float64 `json:"ctr"`
	AvgPosition *float64 `json:"avgPosition"`
}

// FarClick is a query whose clicks land far down its results.
type FarClick struct {
	store.FarClicks
	AvgPosition *float64 `json:"avgPosition"`
}

// SearchReport is the answer of /api/admin/search: what readers searched for and what they clicked.
// FarPosition is the position from which a click counts as far down the results.
type SearchReport struct {
	Range       ReportRange        `json:"range"`
	FarPosition int                `json:"farPosition"`
	Totals      SearchTotals       `json:"totals"`
	Days        []SearchReportDay  `json:"days"`
	Top         []store.QueryCount `json:"top"`
	NoResults   []store.QueryCount `json:"noResults"`
	FarClicks   []FarClick         `json:"farClicks"`
}

// SearchTotals sums the search view's days.
type SearchTotals struct {
	Searches    int64    `json:"searches"`
	NoResults   int64    `json:"noResults"`
	Clicks      int64    `json:"clicks"`
	CTR         *float64 `json:"ctr"`
	AvgPosition *float64 `json:"avgPosition"`
}

func searchDays(days []store.SearchDay) ([]SearchReportDay, SearchTotals) {
	out := make([]SearchReportDay, len(days))
	var t SearchTotals
	var positions, sum int64
	for i, d := range days {
		out[i] = SearchReportDay{SearchDay: d, CTR: rate(d.Clicks, d.Searches), AvgPosition: rate(d.PositionSum, d.ClickPositions)}
		t.Searches += d.Searches
		t.NoResults += d.NoResults
		t.Clicks += d.Clicks
		positions += d.ClickPositions
		sum += d.PositionSum
	}
	t.CTR, t.AvgPosition = rate(t.Clicks, t.Searches), rate(sum, positions)
	return out, t
}

func queryTable(name string, list []store.QueryCount) table {
	t := table{name: name, header: []string{"query", "searches", "most_hits"}}
	for _, q := range list {
		t.rows = append(t.rows, []string{q.Query, itoa(q.Searches), itoa(q.NbHits)})
	}
	return t
}

func searchView(h *handler, s store.Dashboard, r *http.Request, rg store.Range) (result, error) {
	ctx := r.Context()
	days, err := s.SearchDays(ctx, rg)
	if err != nil {
		return result{}, err
	}
	lists, err := s.SearchQueries(ctx, rg)
	if err != nil {
		return result{}, err
	}
	top, none, far := lists.Top, lists.NoResults, lists.FarClicks
	body := SearchReport{Range: rangeOf(rg), FarPosition: store.FarPosition, Top: top, NoResults: none, FarClicks: []FarClick{}}
	body.Days, body.Totals = searchDays(days)
	daysT := table{name: "days", header: []string{"day", "searches", "no_results", "clicks", "ctr", "avg_click_position"}}
	for _, d := range body.Days {
		daysT.rows = append(daysT.rows, []string{day(d.Day), itoa(d.Searches), itoa(d.NoResults), itoa(d.Clicks), ftoa(d.CTR), ftoa(d.AvgPosition)})
	}
	farT := table{name: "far-clicks", header: []string{"query", "clicks", "avg_click_position", "clicks_below_" + strconv.Itoa(store.FarPosition)}}
	for _, f := range far {
		fc := FarClick{FarClicks: f, AvgPosition: rate(f.PositionSum, f.Clicks)}
		body.FarClicks = append(body.FarClicks, fc)
		farT.rows = append(farT.rows, []string{f.Query, itoa(f.Clicks), ftoa(fc.AvgPosition), itoa(f.Far)})
	}
	return result{body: body, tables: []table{daysT, queryTable("top", top), queryTable("no-results", none), farT}}, nil
}

// PageRow is a page of the pages view.
type PageRow struct {
	URL        string   `json:"url"`
	Helpful    int64    `json:"helpful"`
	NotHelpful int64    `json:"notHelpful"`
	Comments   int64    `json:"comments"`
	Ratio      *float64 `json:"ratio"` // share of helpful votes
	// Source is the file the page was built from (JSON null when the served site does not say).
	Source *output.PageSource `json:"source"`
}

// source is the file the page at path was built from, nil when unknown.
func (h *handler) source(path string) *output.PageSource {
	if h.opts.Source == nil {
		return nil
	}
	if src, ok := h.opts.Source(path); ok {
		return &src
	}
	return nil
}

// PageTrend is the daily votes of one page, every day of the range present.
type PageTrend struct {
	URL  string     `json:"url"`
	Days []TrendDay `json:"days"`
}

// TrendDay is one day of a page's trend.
type TrendDay struct {
	Day        string `json:"day"`
	Helpful    int64  `json:"helpful"`
	NotHelpful int64  `json:"notHelpful"`
}

// PagesReport is the answer of /api/admin/pages: the readers' votes and comments on pages.
type PagesReport struct {
	Range    ReportRange     `json:"range"`
	Totals   PageTotals      `json:"totals"`
	Pages    []PageRow       `json:"pages"`
	Trend    []PageTrend     `json:"trend"`
	Comments []store.Comment `json:"comments"`
}

// PageTotals sums the votes and comments of the range.
type PageTotals struct {
	Helpful    int64 `json:"helpful"`
	NotHelpful int64 `json:"notHelpful"`
	Comments   int64 `json:"comments"`
}

// worstFirst orders pages by their share of helpful votes, lowest first (compared exactly), then
// most "not helpful" votes, then URL; pages without votes come last.
func worstFirst(pages []PageRow) {
	sort.Slice(pages, func(i, j int) bool {
		a, b := pages[i], pages[j]
		av, bv := a.Helpful+a.NotHelpful, b.Helpful+b.NotHelpful
		if (av == 0) != (bv == 0) {
			return bv == 0
		}
		if l, r := a.Helpful*bv, b.Helpful*av; l != r {
			return l < r
		}
		if a.NotHelpful != b.NotHelpful {
			return a.NotHelpful > b.NotHelpful
		}
		return a.URL < b.URL
	})
}

func pagesView(h *handler, s store.Dashboard, r *http.Request, rg store.Range) (result, error) {
	ctx := r.Context()
	votes, err := s.PageVotes(ctx, rg)
	if err != nil {
		return result{}, err
	}
	comments, err := s.Comments(ctx, rg)
	if err != nil {
		return result{}, err
	}
	body := PagesReport{Range: rangeOf(rg), Pages: []PageRow{}, Trend: []PageTrend{}, Comments: comments}
	for _, v := range votes {
		body.Totals.Helpful += v.Helpful
		body.Totals.NotHelpful += v.NotHelpful
		body.Totals.Comments += v.Comments
		if v.URL != "" {
			body.Pages = append(body.Pages, PageRow{URL: v.URL, Helpful: v.Helpful, NotHelpful: v.NotHelpful,
				Comments: v.Comments, Ratio: rate(v.Helpful, v.Helpful+v.NotHelpful)})
		}
	}
	worstFirst(body.Pages)
	var worst []string
	for _, p := range body.Pages {
		if len(worst) == TrendPages || p.Helpful+p.NotHelpful == 0 {
			break
		}
		worst = append(worst, p.URL)
	}
	trend, err := s.PageTrend(ctx, rg, worst)
	if err != nil {
		return result{}, err
	}
	trendT := table{name: "trend", header: []string{"url", "day", "helpful", "not_helpful"}}
	for _, u := range worst {
		pt := PageTrend{URL: u, Days: make([]TrendDay, rg.Days())}
		for i := range pt.Days {
			pt.Days[i].Day = day(rg.From.AddDate(0, 0, i))
		}
		for _, v := range trend {
			if i := int(v.Day.Sub(rg.From) / (24 * time.Hour)); v.URL == u && i >= 0 && i < len(pt.Days) {
				pt.Days[i].Helpful, pt.Days[i].NotHelpful = v.Helpful, v.NotHelpful
			}
		}
		for _, d := range pt.Days {
			trendT.rows = append(trendT.rows, []string{u, d.Day, itoa(d.Helpful), itoa(d.NotHelpful)})
		}
		body.Trend = append(body.Trend, pt)
	}
	if len(body.Pages) > store.DashboardLimit {
		body.Pages = body.Pages[:store.DashboardLimit]
	}
	pagesT := table{name: "pages", header: []string{"url", "helpful", "not_helpful", "helpful_ratio", "comments", "source_file", "edit_url"}}
	for i := range body.Pages {
		p := &body.Pages[i]
		p.Source = h.source(p.URL)
		var file, edit string
		if p.Source != nil {
			file, edit = p.Source.File, p.Source.EditURL
		}
		pagesT.rows = append(pagesT.rows, []string{p.URL, itoa(p.Helpful), itoa(p.NotHelpful), ftoa(p.Ratio), itoa(p.Comments), file, edit})
	}
	commentsT := table{name: "comments", header: []string{"at", "url", "helpful", "category", "comment"}}
	for _, c := range comments {
		helpful := ""
		if c.Helpful != nil {
			helpful = map[bool]string{true: "yes", false: "no"}[*c.Helpful]
		}
		commentsT.rows = append(commentsT.rows, []string{stamp(c.At), c.URL, helpful, c.Category, c.Comment})
	}
	return result{body: body, tables: []table{pagesT, trendT, commentsT}}, nil
}

// EngineRow is the votes of one Ask AI engine.
type EngineRow struct {
	store.EngineVotes
	UpRate *float64 `json:"upRate"`
}

// AskReport is the answer of /api/admin/askai: the questions asked to Ask AI and how its answers were rated.
type AskReport struct {
	Range      ReportRange     `json:"range"`
	Totals     store.AskDay    `json:"totals"`
	Days       []store.AskDay  `json:"days"`
	Engines    []EngineRow     `json:"engines"`
	ThumbsDown []store.AskItem `json:"thumbsDown"`
	NoSource   []store.AskItem `json:"noSource"`
}

func askTotals(days []store.AskDay) store.AskDay {
	var t store.AskDay
	for _, d := range days {
		t.Questions += d.Questions
		t.Answered += d.Answered
		t.NoSource += d.NoSource
		t.Up += d.Up
		t.Down += d.Down
	}
	return t
}

func itemTable(name string, items []store.AskItem) table {
	t := table{name: name, header: []string{"at", "engine", "question", "answer", "sources"}}
	for _, it := range items {
		t.rows = append(t.rows, []string{stamp(it.At), it.Engine, it.Question, it.Answer, strings.Join(it.Sources, " ")})
	}
	return t
}

func askView(h *handler, s store.Dashboard, r *http.Request, rg store.Range) (result, error) {
	ctx := r.Context()
	days, err := s.AskDays(ctx, rg)
	if err != nil {
		return result{}, err
	}
	engines, err := s.EngineVotes(ctx, rg)
	if err != nil {
		return result{}, err
	}
	down, err := s.ThumbsDown(ctx, rg)
	if err != nil {
		return result{}, err
	}
	bare, err := s.NoSourceAnswers(ctx, rg)
	if err != nil {
		return result{}, err
	}
	body := AskReport{Range: rangeOf(rg), Totals: askTotals(days), Days: days, Engines: []EngineRow{}, ThumbsDown: down, NoSource: bare}
	daysT := table{name: "days", header: []string{"day", "questions", "answered", "answered_without_source", "thumbs_up", "thumbs_down"}}
	for _, d := range days {
		daysT.rows = append(daysT.rows, []string{day(d.Day), itoa(d.Questions), itoa(d.Answered), itoa(d.NoSource), itoa(d.Up), itoa(d.Down)})
	}
	enginesT := table{name: "engines", header: []string{"engine", "thumbs_up", "thumbs_down", "up_rate"}}
	for _, e := range engines {
		row := EngineRow{EngineVotes: e, UpRate: rate(e.Up, e.Up+e.Down)}
		body.Engines = append(body.Engines, row)
		enginesT.rows = append(enginesT.rows, []string{e.Engine, itoa(e.Up), itoa(e.Down), ftoa(row.UpRate)})
	}
	return result{body: body, tables: []table{daysT, enginesT, itemTable("thumbs-down", down), itemTable("no-source", bare)}}, nil
}

// OverviewDay is one day of the overview's sparklines.
type OverviewDay struct {
	Day        string `json:"day"`
	Searches   int64  `json:"searches"`
	NoResults  int64  `json:"noResults"`
	Clicks     int64  `json:"clicks"`
	Helpful    int64  `json:"helpful"`
	NotHelpful int64  `json:"notHelpful"`
	Questions  int64  `json:"questions"`
	ThumbsUp   int64  `json:"thumbsUp"`
	ThumbsDown int64  `json:"thumbsDown"`
}

// OverviewReport is the answer of /api/admin/overview: the totals of every view and their days.
type OverviewReport struct {
	Range  ReportRange   `json:"range"`
	Search SearchTotals  `json:"search"`
	Pages  PageTotals    `json:"pages"`
	AskAI  store.AskDay  `json:"askai"`
	Days   []OverviewDay `json:"days"`
}

func overview(h *handler, s store.Dashboard, r *http.Request, rg store.Range) (result, error) {
	ctx := r.Context()
	sdays, err := s.SearchDays(ctx, rg)
	if err != nil {
		return result{}, err
	}
	adays, err := s.AskDays(ctx, rg)
	if err != nil {
		return result{}, err
	}
	pdays, err := s.PageDays(ctx, rg)
	if err != nil {
		return result{}, err
	}
	body := OverviewReport{Range: rangeOf(rg), AskAI: askTotals(adays), Days: make([]OverviewDay, rg.Days())}
	_, body.Search = searchDays(sdays)
	for i := range body.Days {
		d := &body.Days[i]
		d.Day = day(rg.From.AddDate(0, 0, i))
		d.Searches, d.NoResults, d.Clicks = sdays[i].Searches, sdays[i].NoResults, sdays[i].Clicks
		d.Questions, d.ThumbsUp, d.ThumbsDown = adays[i].Questions, adays[i].Up, adays[i].Down
		d.Helpful, d.NotHelpful = pdays[i].Helpful, pdays[i].NotHelpful // every day of the range, as the others
		body.Pages.Helpful += pdays[i].Helpful
		body.Pages.NotHelpful += pdays[i].NotHelpful
		body.Pages.Comments += pdays[i].Comments
	}
	t := table{name: "days", header: []string{"day", "searches", "no_results", "clicks", "helpful", "not_helpful", "questions", "thumbs_up", "thumbs_down"}}
	for _, d := range body.Days {
		t.rows = append(t.rows, []string{d.Day, itoa(d.Searches), itoa(d.NoResults), itoa(d.Clicks), itoa(d.Helpful),
			itoa(d.NotHelpful), itoa(d.Questions), itoa(d.ThumbsUp), itoa(d.ThumbsDown)})
	}
	return result{body: body, tables: []table{t}}, nil
}
