package sqlstore

import (
	"context"
	"time"

	"tzdocs/internal/feedback/store"
)

// Rollup is what the analytics housekeeping (store.PruneIn) spells for one database: days from
// times, and the positions of JSON arrays. Statements use '?' placeholders; see store.PruneSQL for
// their arguments.
type Rollup struct {
	CountBadEvents              string
	RollupQueries, RollupEvents string
	RollupDashboard             []string
	ExpireBlocks                string
}

// pruneSQL is every statement of store.PruneIn for s's database: the shared ones and the driver's
// Rollup, rendered.
func (s *Store) pruneSQL() store.PruneSQL {
	r := s.Rollup
	dashboard := make([]string, len(r.RollupDashboard))
	for i, q := range r.RollupDashboard {
		dashboard[i] = s.sql(q)
	}
	capped := func(table, order string) string {
		key := "id"
		if order == "day" {
			key = s.Dialect.RowID
		}
		return s.sql("DELETE FROM " + table + " WHERE " + key + " IN (SELECT " + key + " FROM " + table + " ORDER BY " + order + " LIMIT ?)")
	}
	return store.PruneSQL{
		Time: s.Dialect.Time,
		Day:  s.Dialect.Day,

		GetState: s.sql("SELECT value FROM analytics_state WHERE name = ?"),
		AddState: s.sql("INSERT INTO analytics_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = analytics_state.value + excluded.value"),
		SetState: s.sql("INSERT INTO analytics_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value"),

		CountQueries:    s.sql("SELECT COUNT(*) FROM search_queries WHERE at >= ? AND at < ?"),
		CountEvents:     s.sql("SELECT COUNT(*) FROM insight_events WHERE at >= ? AND at < ?"),
		CountBadEvents:  s.sql(r.CountBadEvents),
		RollupQueries:   s.sql(r.RollupQueries),
		RollupEvents:    s.sql(r.RollupEvents),
		RollupDashboard: dashboard,

		ExpireQueries: s.sql("DELETE FROM search_queries WHERE at < ?"),
		ExpireEvents:  s.sql("DELETE FROM insight_events WHERE at < ?"),
		ExpireDaily: []string{s.sql("DELETE FROM search_daily WHERE day < ?"), s.sql("DELETE FROM insight_daily WHERE day < ?"),
			s.sql("DELETE FROM dashboard_daily WHERE day < ?")},
		ExpireBlocks: s.sql(r.ExpireBlocks),

		Caps: []store.CapSQL{
			{Count: "SELECT COUNT(*) FROM search_queries", Dropped: store.StateDroppedQueries, DropOldest: capped("search_queries", "at, id")},
			{Count: "SELECT COUNT(*) FROM insight_events", Dropped: store.StateDroppedEvents, DropOldest: capped("insight_events", "at, id")},
			{Count: "SELECT COUNT(*) FROM search_daily", Dropped: store.StateDroppedDaily, Daily: true, DropOldest: capped("search_daily", "day")},
			{Count: "SELECT COUNT(*) FROM insight_daily", Dropped: store.StateDroppedDaily, Daily: true, DropOldest: capped("insight_daily", "day")},
		},
	}
}

// pruneTx runs store.PruneIn's statements, written for the driver's database, in a transaction.
type pruneTx struct{ tx DB }

func (p pruneTx) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	return p.tx.Exec(ctx, query, args...)
}

func (p pruneTx) Int(ctx context.Context, query string, args ...any) (int64, error) {
	var n int64
	_, err := one(ctx, p.tx, query, args, &n)
	return n, err
}

// Prune implements store.Store.
func (s *Store) Prune(ctx context.Context, r store.Retention, now time.Time) (store.Pruned, error) {
	var p store.Pruned
	err := s.Conn.Tx(ctx, func(tx DB) error {
		var err error
		p, err = store.PruneIn(ctx, pruneTx{tx}, s.pruneSQL(), r, now)
		return err
	})
	if err != nil {
		return store.Pruned{}, err
	}
	return p, nil
}

// DailyQueries implements store.Store.
func (s *Store) DailyQueries(ctx context.Context, since time.Time, fn func(store.DailyQuery) error) error {
	return s.Conn.Read().Query(ctx, s.sql("SELECT day, query, searches, nb_hits FROM search_daily WHERE day >= ? AND searches > 0 ORDER BY day, query"),
		[]any{s.Dialect.Day(store.Day(since))}, func(scan func(...any) error) error {
			var d store.DailyQuery
			if err := scan(instant{&d.Day}, &d.Query, &d.Searches, &d.NbHits); err != nil {
				return err
			}
			return fn(d)
		})
}

// DailyEvents implements store.Store.
func (s *Store) DailyEvents(ctx context.Context, since time.Time, fn func(store.DailyEvents) error) error {
	return s.Conn.Read().Query(ctx, s.sql("SELECT day, type, name, index_name, events FROM insight_daily WHERE day >= ? ORDER BY day, type, name, index_name"),
		[]any{s.Dialect.Day(store.Day(since))}, func(scan func(...any) error) error {
			var d store.DailyEvents
			if err := scan(instant{&d.Day}, &d.Type, &d.Name, &d.Index, &d.Events); err != nil {
				return err
			}
			return fn(d)
		})
}

// AnalyticsState implements store.Store.
func (s *Store) AnalyticsState(ctx context.Context) (store.AnalyticsState, error) {
	values := map[string]int64{}
	err := s.Conn.Read().Query(ctx, "SELECT name, value FROM analytics_state", nil, func(scan func(...any) error) error {
		var name string
		var v int64
		if err := scan(&name, &v); err != nil {
			return err
		}
		values[name] = v
		return nil
	})
	if err != nil {
		return store.AnalyticsState{}, err
	}
	return store.StateOf(values), nil
}
