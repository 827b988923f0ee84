// Package sqlite keeps feedback in an SQLite file (pure Go driver, WAL journal, full sync on commit).
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	sqlite "modernc.org/sqlite" // also registers the "sqlite" database/sql driver

	"tzdocs/internal/feedback/store"
)

// DefaultPath is where the database lives when no path is given.
const DefaultPath = "data/tzdocs.db"

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrations returns the schema migrations this binary applies.
func Migrations() ([]store.Migration, error) {
	return store.LoadMigrations(migrationFiles, "migrations")
}

// Option changes how Open works.
type Option func(*config)

type config struct {
	migrations []store.Migration
	now        func() time.Time
}

// WithMigrations replaces the embedded migrations (tests use it to play a newer or older binary).
func WithMigrations(ms []store.Migration) Option { return func(c *config) { c.migrations = ms } }

// Store is an SQLite feedback store.
type Store struct {
	path string
	// w has a single connection: writers queue in Go rather than spin on SQLite's file lock, and
	// every write is one short transaction, committed (and fsynced) before the call returns.
	w *sql.DB
	// r serves the exports and stats; WAL lets it read while w writes.
	r   *sql.DB
	now func() time.Time
	// DashboardDB answers the dashboard's aggregates on r.
	store.DashboardDB
}

var _ store.Store = (*Store)(nil)

// Open opens (creating it and its folder when missing) the database at path, DefaultPath when path is
// empty, and applies pending migrations.
func Open(ctx context.Context, path string, opts ...Option) (*Store, error) {
	cfg := config{now: time.Now}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.migrations == nil {
		ms, err := Migrations()
		if err != nil {
			return nil, err
		}
		cfg.migrations = ms
	}
	if path == "" {
		path = DefaultPath
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("sqlite database path %q: '?' and '#' are not allowed in the file name", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("creating the folder of the feedback database: %w", err)
	}
	// busy_timeout covers other processes (a CLI export, a second server) holding the lock;
	// synchronous=FULL makes each commit survive power loss, not only a crash of this process.
	// WAL is switched on once, below: it is recorded in the file, so connections need not ask.
	params := "?_pragma=busy_timeout(10000)&_pragma=synchronous(FULL)"
	w, err := sql.Open("sqlite", path+params+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("opening feedback database %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	r, err := sql.Open("sqlite", path+params+"&_pragma=query_only(1)")
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("opening feedback database %s: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	s := &Store{path: path, w: w, r: r, now: cfg.now}
	s.DashboardDB = store.DashboardDB{SQL: dashboardSQL, Query: querier(r), InSnapshot: s.inSnapshot}
	err = retryBusy(ctx, func() error {
		var mode string
		if err := w.QueryRowContext(ctx, "PRAGMA journal_mode=WAL").Scan(&mode); err != nil {
			return err
		}
		if mode != "wal" {
			return fmt.Errorf("journal mode is %q; WAL is needed (is the file on a network file system?)", mode)
		}
		return nil
	})
	if err == nil {
		err = retryBusy(ctx, func() error { return s.migrate(ctx, cfg.migrations) })
	}
	if err != nil {
		if !strings.Contains(err.Error(), path) {
			err = fmt.Errorf("feedback database %s: %w", path, err)
		}
		s.Close()
		return nil, err
	}
	return s, nil
}

// retryBusy runs fn again while SQLite answers SQLITE_BUSY without waiting for the busy timeout,
// which it does in a few cases, such as switching a new file to WAL while another process opens it.
func retryBusy(ctx context.Context, fn func() error) error {
	deadline := time.Now().Add(10 * time.Second)
	wait := 5 * time.Millisecond
	for {
		err := fn()
		var se *sqlite.Error
		if err == nil || !errors.As(err, &se) || se.Code()&0xff != sqliteBusy || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait = min(2*wait, 200*time.Millisecond)
	}
}

// sqliteBusy is SQLITE_BUSY, the primary result code of every "database is locked" error.
const sqliteBusy = 5

// Path is the database file.
func (s *Store) Path() string { return s.path }

// Close closes the database.
func (s *Store) Close() error {
	return errors.Join(s.w.Close(), s.r.Close())
}

// IntegrityCheck runs PRAGMA integrity_check and returns an error unless SQLite answers "ok".
func (s *Store) IntegrityCheck(ctx context.Context) error {
	rows, err := s.w.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return fmt.Errorf("integrity check of %s: %w", s.path, err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("integrity check of %s failed: %s", s.path, strings.Join(problems, "; "))
	}
	return nil
}

func (s *Store) migrate(ctx context.Context, ms []store.Migration) error {
	tx, err := s.w.BeginTx(ctx, nil) // BEGIN IMMEDIATE: one process migrates at a time
	if err != nil {
		return fmt.Errorf("feedback database %s: %w", s.path, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS tzdocs_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("feedback database %s: creating the migrations table: %w", s.path, err)
	}
	var current int
	if err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM tzdocs_migrations").Scan(&current); err != nil {
		return fmt.Errorf("feedback database %s: reading the schema version: %w", s.path, err)
	}
	pending, err := store.Pending(current, ms)
	if err != nil {
		return fmt.Errorf("feedback database %s: %w", s.path, err)
	}
	for _, m := range pending {
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			return fmt.Errorf("feedback database %s: migration %s: %w", s.path, m.Name, err)
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO tzdocs_migrations (version, name, applied_at) VALUES (?, ?, ?)",
			m.Version, m.Name, s.now().UnixMilli()); err != nil {
			return fmt.Errorf("feedback database %s: recording migration %s: %w", s.path, m.Name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("feedback database %s: committing migrations: %w", s.path, err)
	}
	return nil
}

// SchemaVersion implements store.Store.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.r.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM tzdocs_migrations").Scan(&v)
	return v, err
}

func (s *Store) stamp(t time.Time) int64 { return store.Stamp(t, s.now).UnixMilli() }

func fromMilli(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// AddPage implements store.Store.
func (s *Store) AddPage(ctx context.Context, p store.Page) (int64, error) {
	var helpful any
	if p.Helpful != nil {
		helpful = boolInt(*p.Helpful)
	}
	res, err := s.w.ExecContext(ctx,
		"INSERT INTO page_feedback (created_at, url, helpful, comment, category, email) VALUES (?, ?, ?, ?, ?, ?)",
		s.stamp(p.CreatedAt), p.URL, helpful, p.Comment, p.Category, p.Email)
	if err != nil {
		return 0, fmt.Errorf("saving page feedback: %w", err)
	}
	return res.LastInsertId()
}

// ReservePageID implements store.Store: AUTOINCREMENT never gives an id below the table's
// sqlite_sequence entry again, so moving the entry on takes the id.
func (s *Store) ReservePageID(ctx context.Context) (int64, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("reserving a page feedback id: %w", err)
	}
	defer tx.Rollback()
	var id int64
	_, err = tx.ExecContext(ctx, `INSERT INTO sqlite_sequence (name, seq)
		SELECT 'page_feedback', COALESCE((SELECT MAX(id) FROM page_feedback), 0)
		WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'page_feedback')`)
	if err == nil {
		err = tx.QueryRowContext(ctx, "UPDATE sqlite_sequence SET seq = seq + 1 WHERE name = 'page_feedback' RETURNING seq").Scan(&id)
	}
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		return 0, fmt.Errorf("reserving a page feedback id: %w", err)
	}
	return id, nil
}

// AddAnswer implements store.Store.
func (s *Store) AddAnswer(ctx context.Context, a store.Answer) (int64, error) {
	if a.Thumbs != 0 && a.Thumbs != 1 {
		return 0, fmt.Errorf("%w: thumbs must be 0 or 1, got %d", store.ErrInvalid, a.Thumbs)
	}
	res, err := s.w.ExecContext(ctx,
		`INSERT INTO answer_feedback (created_at, message_id, thumbs, question, answer, sources, vote_key) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (vote_key) DO NOTHING`,
		s.stamp(a.CreatedAt), a.MessageID, a.Thumbs, a.Question, a.Answer, jsonText(a.Sources), store.VoteKey(a.MessageID))
	if err != nil {
		return 0, fmt.Errorf("saving answer feedback: %w", err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return 0, fmt.Errorf("saving answer feedback for message %q: %w", a.MessageID, store.ErrDuplicate)
	}
	return res.LastInsertId()
}

// AddQueries implements store.Store.
func (s *Store) AddQueries(ctx context.Context, qs []store.Query) error {
	return s.batch(ctx, "search queries",
		"INSERT INTO search_queries (at, query, nb_hits, processing_us, query_id) VALUES (?, ?, ?, ?, ?)", len(qs),
		func(i int) []any {
			q := qs[i]
			return []any{s.stamp(q.At), q.Query, q.NbHits, q.ProcessingTime.Microseconds(), q.QueryID}
		})
}

// AddEvents implements store.Store.
func (s *Store) AddEvents(ctx context.Context, es []store.Event) error {
	return s.batch(ctx, "insight events",
		"INSERT INTO insight_events (at, type, name, index_name, user_token, query_id, object_ids, positions, filters) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
		len(es), func(i int) []any {
			e := es[i]
			return []any{s.stamp(e.At), e.Type, e.Name, e.Index, e.UserToken, e.QueryID, jsonText(e.ObjectIDs), jsonText(e.Positions), jsonText(e.Filters)}
		})
}

// batch inserts n rows in one transaction.
func (s *Store) batch(ctx context.Context, what, query string, n int, args func(int) []any) error {
	if n == 0 {
		return nil
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("saving %s: %w", what, err)
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, query)
	if err != nil {
		return fmt.Errorf("saving %s: %w", what, err)
	}
	defer stmt.Close()
	for i := range n {
		if _, err := stmt.ExecContext(ctx, args(i)...); err != nil {
			return fmt.Errorf("saving %s: %w", what, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("saving %s: %w", what, err)
	}
	return nil
}

// Pages implements store.Store.
func (s *Store) Pages(ctx context.Context, since time.Time, fn func(store.Page) error) error {
	return s.each(ctx, "SELECT id, created_at, url, helpful, comment, category, email FROM page_feedback WHERE created_at >= ? ORDER BY id",
		since, func(rows *sql.Rows) error {
			var p store.Page
			var at int64
			var helpful sql.NullInt64
			if err := rows.Scan(&p.ID, &at, &p.URL, &helpful, &p.Comment, &p.Category, &p.Email); err != nil {
				return err
			}
			p.CreatedAt = fromMilli(at)
			if helpful.Valid {
				h := helpful.Int64 == 1
				p.Helpful = &h
			}
			return fn(p)
		})
}

// Answers implements store.Store.
func (s *Store) Answers(ctx context.Context, since time.Time, fn func(store.Answer) error) error {
	return s.each(ctx, "SELECT id, created_at, message_id, thumbs, question, answer, sources FROM answer_feedback WHERE created_at >= ? ORDER BY id",
		since, func(rows *sql.Rows) error {
			var a store.Answer
			var at int64
			var sources string
			if err := rows.Scan(&a.ID, &at, &a.MessageID, &a.Thumbs, &a.Question, &a.Answer, &sources); err != nil {
				return err
			}
			a.CreatedAt = fromMilli(at)
			if err := json.Unmarshal([]byte(sources), &a.Sources); err != nil {
				return fmt.Errorf("answer feedback %d: sources: %w", a.ID, err)
			}
			return fn(a)
		})
}

// Queries implements store.Store.
func (s *Store) Queries(ctx context.Context, since time.Time, fn func(store.Query) error) error {
	return s.each(ctx, "SELECT id, at, query, nb_hits, processing_us, query_id FROM search_queries WHERE at >= ? ORDER BY id",
		since, func(rows *sql.Rows) error {
			var q store.Query
			var at, us int64
			if err := rows.Scan(&q.ID, &at, &q.Query, &q.NbHits, &us, &q.QueryID); err != nil {
				return err
			}
			q.At = fromMilli(at)
			q.ProcessingTime = time.Duration(us) * time.Microsecond
			return fn(q)
		})
}

// Events implements store.Store.
func (s *Store) Events(ctx context.Context, since time.Time, fn func(store.Event) error) error {
	return s.each(ctx, "SELECT id, at, type, name, index_name, user_token, query_id, object_ids, positions, filters FROM insight_events WHERE at >= ? ORDER BY id",
		since, func(rows *sql.Rows) error {
			var e store.Event
			var at int64
			var objectIDs, positions, filters string
			if err := rows.Scan(&e.ID, &at, &e.Type, &e.Name, &e.Index, &e.UserToken, &e.QueryID, &objectIDs, &positions, &filters); err != nil {
				return err
			}
			if filters != "[]" {
				if err := json.Unmarshal([]byte(filters), &e.Filters); err != nil {
					return fmt.Errorf("insight event %d: filters: %w", e.ID, err)
				}
			}
			e.At = fromMilli(at)
			if err := json.Unmarshal([]byte(objectIDs), &e.ObjectIDs); err != nil {
				return fmt.Errorf("insight event %d: object ids: %w", e.ID, err)
			}
			if err := json.Unmarshal([]byte(positions), &e.Positions); err != nil {
				return fmt.Errorf("insight event %d: positions: %w", e.ID, err)
			}
			return fn(e)
		})
}

func (s *Store) each(ctx context.Context, query string, since time.Time, row func(*sql.Rows) error) error {
	var from int64
	if !since.IsZero() {
		from = since.UnixMilli()
	}
	rows, err := s.r.QueryContext(ctx, query, from)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// PageStats implements store.Store.
func (s *Store) PageStats(ctx context.Context) ([]store.PageStat, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT url,
		COUNT(CASE WHEN helpful = 1 THEN 1 END),
		COUNT(CASE WHEN helpful = 0 THEN 1 END),
		COUNT(CASE WHEN comment <> '' THEN 1 END)
		FROM page_feedback GROUP BY url`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.PageStat
	for rows.Next() {
		var p store.PageStat
		if err := rows.Scan(&p.URL, &p.Helpful, &p.NotHelpful, &p.Comments); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// jsonText encodes a list as a JSON array, never as null.
func jsonText[T any](v []T) string {
	if v == nil {
		v = []T{}
	}
	b, _ := json.Marshal(v) // strings and ints always encode
	return string(b)
}
