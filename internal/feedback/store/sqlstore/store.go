package sqlstore

import (
	"context"
	"fmt"
	"time"

	"tzdocs/internal/feedback/store"
)

// Store implements every method of store.Store that both databases answer with the same SQL. A
// driver's store embeds it and adds the rest (ReservePageID, Close, the dashboard).
type Store struct {
	Conn    Conn
	Dialect Dialect
	// Name names the database in errors (a file path, or a URL without its password).
	Name string
	Now  func() time.Time
	// Rollup is the driver's spelling of the analytics roll-up, which no common SQL says.
	Rollup Rollup
}

func (s *Store) sql(query string) string { return s.Dialect.SQL(query) }

// stamp is the argument of a row's time: t in UTC at millisecond precision, or now.
func (s *Store) stamp(t time.Time) any { return s.Dialect.Time(store.Stamp(t, s.Now)) }

// since is the argument of a list's lower bound (the start of 1970 when since is zero).
func (s *Store) since(t time.Time) any {
	if t.IsZero() {
		t = time.UnixMilli(0)
	}
	return s.Dialect.Time(t.UTC())
}

// Migrate applies the migrations ms the database lacks, all in one transaction, and records them.
func (s *Store) Migrate(ctx context.Context, ms []store.Migration) error {
	err := s.Conn.Tx(ctx, func(tx DB) error {
		if s.Dialect.MigrationLock != "" {
			if _, err := tx.Exec(ctx, s.Dialect.MigrationLock); err != nil {
				return fmt.Errorf("taking the migration lock: %w", err)
			}
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS tzdocs_migrations (
			version    INTEGER PRIMARY KEY,
			name       TEXT NOT NULL,
			applied_at `+s.Dialect.TimeType+` NOT NULL)`); err != nil {
			return fmt.Errorf("creating the migrations table: %w", err)
		}
		current, err := schemaVersion(ctx, tx)
		if err != nil {
			return fmt.Errorf("reading the schema version: %w", err)
		}
		pending, err := store.Pending(current, ms)
		if err != nil {
			return err
		}
		for _, m := range pending {
			// Migrations are run as written: they may hold '?' (a jsonb operator, say).
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
			if _, err := tx.Exec(ctx, s.sql("INSERT INTO tzdocs_migrations (version, name, applied_at) VALUES (?, ?, ?)"),
				m.Version, m.Name, s.Dialect.Time(s.Now())); err != nil {
				return fmt.Errorf("recording migration %s: %w", m.Name, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("feedback database %s: %w", s.Name, err)
	}
	return nil
}

func schemaVersion(ctx context.Context, db DB) (int, error) {
	var v int
	err := db.Query(ctx, "SELECT COALESCE(MAX(version), 0) FROM tzdocs_migrations", nil, func(scan func(...any) error) error {
		return scan(&v)
	})
	return v, err
}

// SchemaVersion implements store.Store.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	return schemaVersion(ctx, s.Conn.Read())
}

// Check proves that feedback can be saved now: it writes a random value into a one-row scratch
// table (created on first use) where writes go, commits it, and reads it back where reads go. A full
// disk, a read-only database or one locked for too long fails it.
func (s *Store) Check(ctx context.Context) error {
	return store.RoundTrip(ctx, s.Name, func(ctx context.Context, value string) error {
		if _, err := s.Conn.Exec(ctx, store.ProbeTableSQL); err != nil {
			return err
		}
		_, err := s.Conn.Exec(ctx, s.sql(`INSERT INTO tzdocs_ready_probe (id, value) VALUES (1, ?)
			ON CONFLICT (id) DO UPDATE SET value = excluded.value`), value)
		return err
	}, func(ctx context.Context) (string, error) {
		var got string
		err := s.Conn.Read().Query(ctx, store.ProbeSelectSQL, nil, func(scan func(...any) error) error { return scan(&got) })
		return got, err
	})
}

// one runs a query on db that gives at most one row, scanning it into dest; found is false when it
// gives none.
func one(ctx context.Context, db DB, query string, args []any, dest ...any) (found bool, err error) {
	err = db.Query(ctx, query, args, func(scan func(...any) error) error {
		found = true
		return scan(dest...)
	})
	return found, err
}

// AddPage implements store.Store.
func (s *Store) AddPage(ctx context.Context, p store.Page) (int64, error) {
	var id int64
	_, err := one(ctx, s.Conn, s.sql(`INSERT INTO page_feedback (created_at, url, helpful, comment, category, email)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`),
		[]any{s.stamp(p.CreatedAt), p.URL, p.Helpful, p.Comment, p.Category, p.Email}, &id)
	if err != nil {
		return 0, fmt.Errorf("saving page feedback: %w", err)
	}
	return id, nil
}

// AddAnswer implements store.Store.
func (s *Store) AddAnswer(ctx context.Context, a store.Answer) (int64, error) {
	if a.Thumbs != 0 && a.Thumbs != 1 {
		return 0, fmt.Errorf("%w: thumbs must be 0 or 1, got %d", store.ErrInvalid, a.Thumbs)
	}
	var id int64
	found, err := one(ctx, s.Conn, s.sql(`INSERT INTO answer_feedback (created_at, message_id, thumbs, question, answer, sources, vote_key)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (vote_key) DO NOTHING RETURNING id`),
		[]any{s.stamp(a.CreatedAt), a.MessageID, a.Thumbs, a.Question, a.Answer, jsonText(a.Sources), store.VoteKey(a.MessageID)}, &id)
	if err != nil {
		return 0, fmt.Errorf("saving answer feedback: %w", err)
	}
	if !found {
		return 0, fmt.Errorf("saving answer feedback for message %q: %w", a.MessageID, store.ErrDuplicate)
	}
	return id, nil
}

// AddQueries implements store.Store.
func (s *Store) AddQueries(ctx context.Context, qs []store.Query) error {
	if len(qs) == 0 {
		return nil
	}
	args := make([][]any, len(qs))
	for i, q := range qs {
		args[i] = []any{s.stamp(q.At), q.Query, q.NbHits, q.ProcessingTime.Microseconds(), q.QueryID}
	}
	if err := s.Conn.Batch(ctx, s.sql("INSERT INTO search_queries (at, query, nb_hits, processing_us, query_id) VALUES (?, ?, ?, ?, ?)"), args); err != nil {
		return fmt.Errorf("saving search queries: %w", err)
	}
	return nil
}

// AddEvents implements store.Store.
func (s *Store) AddEvents(ctx context.Context, es []store.Event) error {
	if len(es) == 0 {
		return nil
	}
	args := make([][]any, len(es))
	for i, e := range es {
		args[i] = []any{s.stamp(e.At), e.Type, e.Name, e.Index, e.UserToken, e.QueryID,
			jsonText(e.ObjectIDs), jsonText(e.Positions), jsonText(e.Filters)}
	}
	if err := s.Conn.Batch(ctx, s.sql(`INSERT INTO insight_events (at, type, name, index_name, user_token, query_id, object_ids, positions, filters)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`), args); err != nil {
		return fmt.Errorf("saving insight events: %w", err)
	}
	return nil
}

// Pages implements store.Store.
func (s *Store) Pages(ctx context.Context, since time.Time, fn func(store.Page) error) error {
	return s.Conn.Read().Query(ctx, s.sql("SELECT id, created_at, url, helpful, comment, category, email FROM page_feedback WHERE created_at >= ? ORDER BY id"),
		[]any{s.since(since)}, func(scan func(...any) error) error {
			var p store.Page
			if err := scan(&p.ID, instant{&p.CreatedAt}, &p.URL, &p.Helpful, &p.Comment, &p.Category, &p.Email); err != nil {
				return err
			}
			return fn(p)
		})
}

// Answers implements store.Store.
func (s *Store) Answers(ctx context.Context, since time.Time, fn func(store.Answer) error) error {
	return s.Conn.Read().Query(ctx, s.sql("SELECT id, created_at, message_id, thumbs, question, answer, sources FROM answer_feedback WHERE created_at >= ? ORDER BY id"),
		[]any{s.since(since)}, func(scan func(...any) error) error {
			var a store.Answer
			var sources string
			if err := scan(&a.ID, instant{&a.CreatedAt}, &a.MessageID, &a.Thumbs, &a.Question, &a.Answer, &sources); err != nil {
				return err
			}
			if err := fromJSON(sources, &a.Sources); err != nil {
				return fmt.Errorf("answer feedback %d: sources: %w", a.ID, err)
			}
			return fn(a)
		})
}

// Queries implements store.Store.
func (s *Store) Queries(ctx context.Context, since time.Time, fn func(store.Query) error) error {
	return s.Conn.Read().Query(ctx, s.sql("SELECT id, at, query, nb_hits, processing_us, query_id FROM search_queries WHERE at >= ? ORDER BY id"),
		[]any{s.since(since)}, func(scan func(...any) error) error {
			var q store.Query
			var us int64
			if err := scan(&q.ID, instant{&q.At}, &q.Query, &q.NbHits, &us, &q.QueryID); err != nil {
				return err
			}
			q.ProcessingTime = time.Duration(us) * time.Microsecond
			return fn(q)
		})
}

// Events implements store.Store.
func (s *Store) Events(ctx context.Context, since time.Time, fn func(store.Event) error) error {
	return s.Conn.Read().Query(ctx, s.sql(`SELECT id, at, type, name, index_name, user_token, query_id, object_ids, positions, filters
		FROM insight_events WHERE at >= ? ORDER BY id`),
		[]any{s.since(since)}, func(scan func(...any) error) error {
			var e store.Event
			var objectIDs, positions, filters string
			if err := scan(&e.ID, instant{&e.At}, &e.Type, &e.Name, &e.Index, &e.UserToken, &e.QueryID, &objectIDs, &positions, &filters); err != nil {
				return err
			}
			if err := fromJSON(objectIDs, &e.ObjectIDs); err != nil {
				return fmt.Errorf("insight event %d: object ids: %w", e.ID, err)
			}
			if err := fromJSON(positions, &e.Positions); err != nil {
				return fmt.Errorf("insight event %d: positions: %w", e.ID, err)
			}
			if err := fromJSON(filters, &e.Filters); err != nil {
				return fmt.Errorf("insight event %d: filters: %w", e.ID, err)
			}
			if len(e.Filters) == 0 {
				e.Filters = nil // an event about records
			}
			return fn(e)
		})
}

// PageStats implements store.Store.
func (s *Store) PageStats(ctx context.Context) ([]store.PageStat, error) {
	var out []store.PageStat
	err := s.Conn.Read().Query(ctx, `SELECT url, COUNT(CASE WHEN helpful THEN 1 END), COUNT(CASE WHEN NOT helpful THEN 1 END),
		COUNT(CASE WHEN comment <> '' THEN 1 END) FROM page_feedback GROUP BY url`, nil, func(scan func(...any) error) error {
		var p store.PageStat
		if err := scan(&p.URL, &p.Helpful, &p.NotHelpful, &p.Comments); err != nil {
			return err
		}
		out = append(out, p)
		return nil
	})
	return out, err
}
