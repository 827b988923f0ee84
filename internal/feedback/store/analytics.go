package store

import "time"

// DailyQuery is how often one query (as typed) was searched on one day (UTC), rolled up from
// search_queries.
type DailyQuery struct {
	Day      time.Time // 00:00 UTC
	Query    string
	Searches int64
	NbHits   int // the most hits a search of that query found that day
}

// DailyEvents is the number of Insights events of one kind on one day (UTC), rolled up from
// insight_events.
type DailyEvents struct {
	Day    time.Time // 00:00 UTC
	Type   string
	Name   string
	Index  string
	Events int64
}

// Retention bounds what the analytics tables keep; zero fields take the defaults in brackets.
type Retention struct {
	Raw          time.Duration // raw search queries and Insights events [90 days; at least 7]
	Daily        time.Duration // their daily totals [400 days]
	MaxRows      int64         // rows per raw table; the oldest go first past it [1,000,000]
	MaxDailyRows int64         // rows per daily table; the oldest days go first past it [1,000,000]
	// Exchanges is how long Ask AI questions and answers are kept, in exchanges and in the texts
	// of answer votes [90 days; at least 1 day].
	Exchanges time.Duration
}

// Defaults of Retention.
const (
	DefaultRawRetention   = 90 * 24 * time.Hour
	DefaultDailyRetention = 400 * 24 * time.Hour
	DefaultMaxRows        = 1_000_000
	// DefaultExchangeRetention is how long Ask AI questions and answers are kept.
	DefaultExchangeRetention = 90 * 24 * time.Hour
	minRawRetention          = 7 * 24 * time.Hour
)

// RollupLag is how long a day stays in the raw tables only, before its totals are rolled up: an
// Insights event may arrive up to 4 days after it happened (the window Algolia accepts), and a
// search log waits in the recorder for a few seconds.
const RollupLag = 4*24*time.Hour + time.Hour

// WithDefaults fills in zero fields and raises a raw retention too short to roll up from.
func (r Retention) WithDefaults() Retention {
	if r.Raw <= 0 {
		r.Raw = DefaultRawRetention
	}
	r.Raw = max(r.Raw, minRawRetention)
	if r.Daily <= 0 {
		r.Daily = DefaultDailyRetention
	}
	if r.MaxRows <= 0 {
		r.MaxRows = DefaultMaxRows
	}
	if r.MaxDailyRows <= 0 {
		r.MaxDailyRows = DefaultMaxRows
	}
	if r.Exchanges <= 0 {
		r.Exchanges = DefaultExchangeRetention
	}
	r.Exchanges = max(r.Exchanges, 24*time.Hour)
	return r
}

// RollupUntil is the end of the last day whose raw analytics may be rolled up at now.
func RollupUntil(now time.Time) time.Time {
	return Day(now.Add(-RollupLag))
}

// SearchRollupLag is how long a search log, and the clicks the dashboard counts, stay in the raw
// tables only: the recorder writes them seconds after they happen, so searches roll up into the
// daily totals an hour later, on a marker of their own (StateSearchesRolledUntil), while Insights
// events wait RollupLag. A click that reaches the server more than an hour late still counts in
// the Insights totals, not in the dashboard's.
const SearchRollupLag = time.Hour

// SearchRollupUntil is the whole hour up to which searches and the dashboard's clicks may be
// rolled up at now.
func SearchRollupUntil(now time.Time) time.Time {
	return now.UTC().Add(-SearchRollupLag).Truncate(time.Hour)
}

// Day is 00:00 UTC of t's day.
func Day(t time.Time) time.Time {
	return t.UTC().Truncate(24 * time.Hour)
}

// Pruned says what one Prune did.
type Pruned struct {
	RolledUp int64 // raw rows added to the daily totals
	Expired  int64 // raw and daily rows deleted for their age
	Dropped  int64 // rows deleted by the size cap
}

// AnalyticsState is what the analytics housekeeping has done so far.
type AnalyticsState struct {
	// RolledUntil: raw Insights events before it are counted in the daily tables (zero when
	// nothing is).
	RolledUntil time.Time
	// SearchesRolledUntil: raw search logs before it are counted in the daily totals, and clicks
	// in the dashboard's (zero when nothing is).
	SearchesRolledUntil time.Time
	// Rows dropped by the size cap, ever, per table.
	DroppedQueries, DroppedEvents, DroppedDaily int64
	// SkippedEvents counts the raw Insights events the roll-up left out because no valid
	// request could have made them (a position outside 1 to MaxPosition, say).
	SkippedEvents int64
}

// Names of the counters in the analytics_state table.
const (
	StateRolledUntil = "rolled_until"
	// StateSearchesRolledUntil is SearchesRolledUntil, in Unix milliseconds.
	StateSearchesRolledUntil = "searches_rolled_until"
	StateDroppedQueries      = "dropped_search_queries"
	StateDroppedEvents       = "dropped_insight_events"
	StateDroppedDaily        = "dropped_daily"
	StateSkippedEvents       = "skipped_insight_events"
)

// MaxPosition is the largest click position an event may give: the last of the 1,000 hits a
// search can reach. The roll-up and the dashboard count only events whose positions all lie in
// 1..MaxPosition, so that no stored row can overflow a sum.
const MaxPosition = 1000
