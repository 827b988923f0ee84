package store

import (
	"context"
	"fmt"
	"time"
)

// PruneTx is what PruneIn needs from a transaction of either database.
type PruneTx interface {
	// Exec runs a statement and returns the number of rows it changed.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
	// Int runs a query answering one integer (0 when it answers no row).
	Int(ctx context.Context, query string, args ...any) (int64, error)
}

// PruneSQL is one database's spelling of the statements of PruneIn. Times are passed through Time
// and days through Day; the roll-up statements take (from, until) and add to existing totals.
type PruneSQL struct {
	Time, Day func(time.Time) any

	GetState, AddState, SetState string // (name); (name, delta); (name, value)

	CountQueries, CountEvents string // raw rows with from <= at < until
	// CountBadEvents counts the raw Insights events with from <= at < until that the roll-up
	// leaves out (see MaxPosition).
	CountBadEvents              string
	RollupQueries, RollupEvents string
	// RollupDashboard add to the dashboard's totals, on the searches' marker: searches and clicks
	// per day (dashboard_daily), clicks per day and query of the search each followed
	// (search_daily).
	RollupDashboard []string

	ExpireQueries, ExpireEvents string // raw rows at < cutoff
	ExpireDaily                 []string
	// ExpireBlocks deletes, after the caps, the blocks of search_blocks that start before the
	// first day search_daily still holds (all of them when it holds none).
	ExpireBlocks string

	Caps []CapSQL
}

// CapSQL counts a table's rows and drops its n oldest, counting them in the state counter Dropped.
type CapSQL struct {
	Count, DropOldest string // (); (n)
	Dropped           string
	Daily             bool // capped by MaxDailyRows rather than MaxRows
}

// rollUp adds the raw rows from the time the state counter marker holds up to until to the daily
// totals (count counts them, each of rollups adds them) and moves the marker there. It returns
// where the marker stands after.
func rollUp(ctx context.Context, tx PruneTx, q PruneSQL, marker string, until time.Time, count string, rollups []string, p *Pruned) (time.Time, error) {
	fromMS, err := tx.Int(ctx, q.GetState, marker)
	if err != nil {
		return time.Time{}, fmt.Errorf("reading the roll-up state: %w", err)
	}
	from := time.UnixMilli(fromMS).UTC()
	if !until.After(from) {
		return from, nil
	}
	n, err := tx.Int(ctx, count, q.Time(from), q.Time(until))
	if err != nil {
		return time.Time{}, fmt.Errorf("counting rows to roll up: %w", err)
	}
	for _, stmt := range rollups {
		if _, err := tx.Exec(ctx, stmt, q.Time(from), q.Time(until)); err != nil {
			return time.Time{}, fmt.Errorf("rolling up: %w", err)
		}
	}
	if _, err := tx.Exec(ctx, q.SetState, marker, until.UnixMilli()); err != nil {
		return time.Time{}, fmt.Errorf("saving the roll-up state: %w", err)
	}
	p.RolledUp += n
	return until, nil
}

// PruneIn runs Prune's steps in tx (see Store.Prune).
func PruneIn(ctx context.Context, tx PruneTx, q PruneSQL, r Retention, now time.Time) (Pruned, error) {
	r = r.WithDefaults()
	var p Pruned
	fail := func(step string, err error) (Pruned, error) {
		return Pruned{}, fmt.Errorf("pruning analytics: %s: %w", step, err)
	}
	// Searches and the dashboard's clicks roll up an hour after they happen, Insights events
	// after the days in which they may still arrive.
	searchRollups := append([]string{q.RollupQueries}, q.RollupDashboard...)
	if _, err := rollUp(ctx, tx, q, StateSearchesRolledUntil, SearchRollupUntil(now), q.CountQueries, searchRollups, &p); err != nil {
		return fail("searches", err)
	}
	from, err := tx.Int(ctx, q.GetState, StateRolledUntil)
	if err != nil {
		return fail("Insights events", err)
	}
	until, err := rollUp(ctx, tx, q, StateRolledUntil, RollupUntil(now), q.CountEvents, []string{q.RollupEvents}, &p)
	if err != nil {
		return fail("Insights events", err)
	}
	if start := time.UnixMilli(from).UTC(); until.After(start) {
		bad, err := tx.Int(ctx, q.CountBadEvents, q.Time(start), q.Time(until))
		if err == nil && bad > 0 {
			_, err = tx.Exec(ctx, q.AddState, StateSkippedEvents, bad)
		}
		if err != nil {
			return fail("counting skipped Insights events", err)
		}
	}
	// Raw rows go once they are past their retention and rolled up, never before.
	cutoff := now.Add(-r.Raw)
	if until.Before(cutoff) {
		cutoff = until
	}
	for _, stmt := range []string{q.ExpireQueries, q.ExpireEvents} {
		n, err := tx.Exec(ctx, stmt, q.Time(cutoff))
		if err != nil {
			return fail("deleting expired rows", err)
		}
		p.Expired += n
	}
	for _, stmt := range q.ExpireDaily {
		n, err := tx.Exec(ctx, stmt, q.Day(Day(now.Add(-r.Daily))))
		if err != nil {
			return fail("deleting expired daily totals", err)
		}
		p.Expired += n
	}
	for _, c := range q.Caps {
		limit := r.MaxRows
		if c.Daily {
			limit = r.MaxDailyRows
		}
		n, err := tx.Int(ctx, c.Count)
		if err != nil {
			return fail("counting rows", err)
		}
		if n <= limit {
			continue
		}
		dropped, err := tx.Exec(ctx, c.DropOldest, n-limit)
		if err != nil {
			return fail("dropping rows past the size cap", err)
		}
		if _, err := tx.Exec(ctx, q.AddState, c.Dropped, dropped); err != nil {
			return fail("counting dropped rows", err)
		}
		p.Dropped += dropped
	}
	// A block of days goes with the first of its days to leave the daily totals (by age or by
	// the cap): it would otherwise keep queries past their retention.
	if q.ExpireBlocks != "" {
		n, err := tx.Exec(ctx, q.ExpireBlocks)
		if err != nil {
			return fail("deleting expired blocks of days", err)
		}
		p.Expired += n
	}
	return p, nil
}

// Rows is what EachRow needs from the answer of a query, in either database.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// StateOf is the AnalyticsState of the counters of analytics_state, by name.
func StateOf(values map[string]int64) AnalyticsState {
	at := func(name string) time.Time {
		if v := values[name]; v > 0 {
			return time.UnixMilli(v).UTC()
		}
		return time.Time{}
	}
	return AnalyticsState{
		RolledUntil:         at(StateRolledUntil),
		SearchesRolledUntil: at(StateSearchesRolledUntil),
		DroppedQueries:      values[StateDroppedQueries],
		DroppedEvents:       values[StateDroppedEvents],
		DroppedDaily:        values[StateDroppedDaily],
		SkippedEvents:       values[StateSkippedEvents],
	}
}
