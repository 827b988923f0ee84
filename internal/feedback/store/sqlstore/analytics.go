package sqlstore

import (
	"context"
	"time"

	"tzdocs/internal/feedback/store"
)

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
		p, err = store.PruneIn(ctx, pruneTx{tx}, s.PruneSQL, r, now)
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
