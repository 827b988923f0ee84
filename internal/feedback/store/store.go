// Package store defines what the feedback database keeps and the contract its implementations meet.
//
// It is kept apart from package feedback so that store/sqlite and store/postgres can share these
// types while package feedback imports both of them to pick one from a URL.
package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"
)

// Page is one reader's note about the site: a vote from the page widget, a comment from the general
// feedback form, or both.
type Page struct {
	ID        int64
	CreatedAt time.Time
	URL       string // a path of the site; empty when the general form left it out
	Helpful   *bool  // nil when the reader did not vote
	Comment   string
	Category  string // empty for widget posts
	Email     string
}

// Answer is a thumbs up or down on one Ask AI answer, kept with what was asked and answered so
// maintainers can read it without the assistant's memory.
type Answer struct {
	ID        int64
	CreatedAt time.Time
	MessageID string
	Thumbs    int // 1 up, 0 down
	Question  string
	Answer    string
	Sources   []string
}

// Query is one search request as the search handler saw it.
type Query struct {
	ID             int64
	At             time.Time
	Query          string
	NbHits         int
	ProcessingTime time.Duration
	// QueryID is the queryID the search answered with (clicks on its results carry it); empty
	// when the client did not ask for click analytics.
	QueryID string
}

// Event is one Algolia Insights event (click, view or conversion).
type Event struct {
	ID        int64
	At        time.Time
	Type      string
	Name      string
	Index     string
	UserToken string
	QueryID   string
	ObjectIDs []string
	Positions []int
	// Filters are the facet filters ("attribute:value") of an event about filters rather than
	// records; such an event has no object ids.
	Filters []string
}

// PageStat sums up the page feedback of one URL.
type PageStat struct {
	URL        string
	Helpful    int
	NotHelpful int
	Comments   int
}

// Votes is the number of yes and no votes.
func (p PageStat) Votes() int { return p.Helpful + p.NotHelpful }

// Ratio is the share of yes votes, or -1 when the page has no vote.
func (p PageStat) Ratio() float64 {
	if p.Votes() == 0 {
		return -1
	}
	return float64(p.Helpful) / float64(p.Votes())
}

// Store keeps page feedback, answer feedback and search analytics. Add methods return only after
// the rows are committed durably. List methods call fn for each row created at or after since, oldest
// first, and stop at the first error fn returns. Implementations are safe for concurrent use.
type Store interface {
	AddPage(ctx context.Context, p Page) (int64, error)
	// ReservePageID takes the next page feedback id without storing a row: no row will ever
	// have it. The form's honeypot answers bots with such ids, so that they look like real ones
	// and a real post never gets one of them.
	ReservePageID(ctx context.Context) (int64, error)
	AddAnswer(ctx context.Context, a Answer) (int64, error)
	AddQueries(ctx context.Context, qs []Query) error
	AddEvents(ctx context.Context, es []Event) error

	Pages(ctx context.Context, since time.Time, fn func(Page) error) error
	Answers(ctx context.Context, since time.Time, fn func(Answer) error) error
	Queries(ctx context.Context, since time.Time, fn func(Query) error) error
	Events(ctx context.Context, since time.Time, fn func(Event) error) error

	// Prune rolls the raw analytics of days ended before RollupUntil(now) up into daily totals,
	// deletes raw rows and totals older than r allows, then the oldest rows past r's size caps
	// (counted in AnalyticsState), all in one transaction.
	Prune(ctx context.Context, r Retention, now time.Time) (Pruned, error)
	// DailyQueries and DailyEvents call fn for each daily total of a day at or after since, oldest
	// day first.
	DailyQueries(ctx context.Context, since time.Time, fn func(DailyQuery) error) error
	DailyEvents(ctx context.Context, since time.Time, fn func(DailyEvents) error) error
	// AnalyticsState says how far raw analytics are rolled up and how many rows the caps dropped.
	AnalyticsState(ctx context.Context) (AnalyticsState, error)

	// PageStats sums up page feedback per URL, in no particular order.
	PageStats(ctx context.Context) ([]PageStat, error)
	// SchemaVersion is the number of the last migration applied to the database.
	SchemaVersion(ctx context.Context) (int, error)
	Close() error

	Exchanges
	Sessions
	Dashboard
}

// ErrInvalid marks a row the store refuses (a thumbs value other than 0 or 1, for instance).
var ErrInvalid = errors.New("invalid feedback row")

// ErrDuplicate is returned by AddAnswer for a second vote on the same message id: one vote is kept
// per answered exchange.
var ErrDuplicate = errors.New("this answer was already rated")

// VoteKey is what keeps one vote per answer: a digest of the message id, short enough for any
// index whatever the id's length.
func VoteKey(messageID string) string {
	sum := sha256.Sum256([]byte(messageID))
	return hex.EncodeToString(sum[:])
}

// Stamp returns t in UTC at millisecond precision, or now when t is zero, so that both databases give
// back exactly the time they were given.
func Stamp(t time.Time, now func() time.Time) time.Time {
	if t.IsZero() {
		t = now()
	}
	return t.UTC().Truncate(time.Millisecond)
}
