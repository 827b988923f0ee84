package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Range is a span of whole days (UTC) the dashboard reads: From at 00:00 up to, not including, To
// at 00:00.
type Range struct {
	From, To time.Time
}

// NewRange returns the range of the days from's day through to's day, both included.
func NewRange(from, to time.Time) (Range, error) {
	r := Range{From: Day(from), To: Day(to).AddDate(0, 0, 1)}
	if !r.From.Before(r.To) {
		return Range{}, fmt.Errorf("the range starts on %s, after its end on %s", from.Format(time.DateOnly), to.Format(time.DateOnly))
	}
	return r, nil
}

// Days is the number of days of r.
func (r Range) Days() int { return int(r.To.Sub(r.From) / (24 * time.Hour)) }

// FarPosition is the last click position that counts as near the top of a result list: a click
// below it lands "far down", a sign that ranking or a page is missing.
const FarPosition = 5

// DashboardLimit is how many rows a dashboard list (top queries, comments…) holds at most.
const DashboardLimit = 50

// SearchDay is one day of search activity.
type SearchDay struct {
	Day       time.Time `json:"day"`
	Searches  int64     `json:"searches"`
	NoResults int64     `json:"noResults"`
	Clicks    int64     `json:"clicks"`
	// ClickPositions is how many clicks said where the result was, PositionSum the sum of those
	// positions (1 is the first result); days rolled up before schema version 5 have none.
	ClickPositions int64 `json:"clickPositions"`
	PositionSum    int64 `json:"positionSum"`
}

// QueryCount is how often a query (as typed) was searched, and the most results it found.
type QueryCount struct {
	Query    string `json:"query"`
	Searches int64  `json:"searches"`
	NbHits   int64  `json:"nbHits"`
}

// FarClicks sums up the clicks on the results of one query: how many, the sum of their positions
// and how many landed below FarPosition.
type FarClicks struct {
	Query       string `json:"query"`
	Clicks      int64  `json:"clicks"`
	PositionSum int64  `json:"positionSum"`
	Far         int64  `json:"far"`
}

// QueryLists are the lists of queries of the search view, each cut to DashboardLimit rows.
type QueryLists struct {
	// Top lists the most searched queries, most first, then by query in byte order; NoResults
	// the same counting only the searches that found nothing (NbHits 0).
	Top, NoResults []QueryCount
	// FarClicks lists the queries with clicks below FarPosition, most such clicks first, then by
	// query; clicks count on the day they were made, for the query of the search they followed.
	FarClicks []FarClicks
}

// SearchView is the dashboard's search view.
type SearchView struct {
	Days      []SearchDay  `json:"days"`
	Top       []QueryCount `json:"top"`
	NoResults []QueryCount `json:"noResults"`
	FarClicks []FarClicks  `json:"farClicks"`
}

// PageVotes counts the votes and comments of one page (URL "" for notes without a page), or of
// one day of one page in a trend.
type PageVotes struct {
	Day        time.Time `json:"day,omitzero"`
	URL        string    `json:"url"`
	Helpful    int64     `json:"helpful"`
	NotHelpful int64     `json:"notHelpful"`
	Comments   int64     `json:"comments"`
}

// Comment is one reader's comment with its date.
type Comment struct {
	At       time.Time `json:"at"`
	URL      string    `json:"url"`
	Helpful  *bool     `json:"helpful"`
	Comment  string    `json:"comment"`
	Category string    `json:"category"`
}

// AskDay is one day of Ask AI activity.
type AskDay struct {
	Day       time.Time `json:"day,omitzero"`
	Questions int64     `json:"questions"`
	Answered  int64     `json:"answered"`
	// NoSource counts the answers that cited no source.
	NoSource int64 `json:"noSource"`
	Up       int64 `json:"up"`
	Down     int64 `json:"down"`
}

// EngineVotes counts the thumbs of the answers of one engine ("" when the exchange is gone).
type EngineVotes struct {
	Engine string `json:"engine"`
	Up     int64  `json:"up"`
	Down   int64  `json:"down"`
}

// AskItem is one question with what was answered.
type AskItem struct {
	At       time.Time `json:"at"`
	Question string    `json:"question"`
	Answer   string    `json:"answer"`
	Sources  []string  `json:"sources"`
	Engine   string    `json:"engine"`
}

// AskView is the dashboard's Ask AI view.
type AskView struct {
	Days       []AskDay      `json:"days"`
	Engines    []EngineVotes `json:"engines"`
	ThumbsDown []AskItem     `json:"thumbsDown"`
	NoSource   []AskItem     `json:"noSource"`
}

// Dashboard reads the aggregates of the maintainers' dashboard, computed in the database. Every
// method reads the days of r; lists are cut to DashboardLimit rows. Both stores implement it, as
// part of Store, and give the same results.
type Dashboard interface {
	// SearchDays counts searches, searches without result and clicks per day, every day of r
	// present; days already rolled up are read from the daily totals.
	SearchDays(ctx context.Context, r Range) ([]SearchDay, error)
	// SearchQueries gives the lists of the search view, from one reading of the totals per query.
	SearchQueries(ctx context.Context, r Range) (QueryLists, error)
	// PageVotes counts votes and comments per page, in no particular order (no limit).
	PageVotes(ctx context.Context, r Range) ([]PageVotes, error)
	// PageTrend counts votes per page and day, for the pages of urls (every page, the notes
	// without one under URL "", when urls is nil), by URL then day.
	PageTrend(ctx context.Context, r Range, urls []string) ([]PageVotes, error)
	// PageDays counts votes and comments per day, of every page and of the notes without one,
	// every day of r present (URL "").
	PageDays(ctx context.Context, r Range) ([]PageVotes, error)
	// Comments lists the comments, newest first.
	Comments(ctx context.Context, r Range) ([]Comment, error)
	// AskDays counts questions, answers without source and thumbs per day, every day of r present.
	AskDays(ctx context.Context, r Range) ([]AskDay, error)
	// EngineVotes counts thumbs per engine, by engine name.
	EngineVotes(ctx context.Context, r Range) ([]EngineVotes, error)
	// ThumbsDown lists the answers rated down, newest first; NoSourceAnswers the answers that
	// cited no source, newest first.
	ThumbsDown(ctx context.Context, r Range) ([]AskItem, error)
	NoSourceAnswers(ctx context.Context, r Range) ([]AskItem, error)
	// Snapshot calls fn with a Dashboard whose methods all read one state of the database (a
	// read-only transaction), so that the aggregates of a view agree even while searches are
	// recorded and rolled up.
	Snapshot(ctx context.Context, fn func(Dashboard) error) error
}

// ErrBadRange is returned for an empty or reversed range.
var ErrBadRange = errors.New("the date range is empty")

// Check returns ErrBadRange unless r holds at least a day.
func (r Range) Check() error {
	if r.From.IsZero() || !r.From.Before(r.To) {
		return ErrBadRange
	}
	return nil
}
