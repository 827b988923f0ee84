// Package sqlite keeps feedback in an SQLite file (pure Go driver, WAL journal, full sync on commit).
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	sqlite "modernc.org/sqlite" // also registers the "sqlite" database/sql driver

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/sqlstore"
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
	r *sql.DB
	// Store answers in the SQL both databases share.
	*sqlstore.Store
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
	s := &Store{path: path, w: w, r: r}
	s.Store = &sqlstore.Store{Conn: conn{runner{w}, w, r}, Dialect: sqlstore.SQLite, Name: path, Now: cfg.now, Rollup: rollup}
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
		err = retryBusy(ctx, func() error { return s.Migrate(ctx, cfg.migrations) })
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
