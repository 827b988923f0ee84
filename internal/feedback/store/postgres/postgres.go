// Package postgres keeps feedback in PostgreSQL through a pgx connection pool, for sites served by
// more than one replica.
package postgres

import (
	"context"
	"embed"
	"fmt"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/sqlstore"
)

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

// Store is a PostgreSQL feedback store.
type Store struct {
	pool *pgxpool.Pool
	// Store answers in the SQL both databases share.
	*sqlstore.Store
	// DashboardDB answers the dashboard's aggregates.
	store.DashboardDB
}

var _ store.Store = (*Store)(nil)

// Open connects to the database at rawURL (postgres://user:password@host:port/db?…; pgx settings
// such as pool_max_conns and server settings such as search_path may be given as query parameters)
// and applies pending migrations.
func Open(ctx context.Context, rawURL string, opts ...Option) (*Store, error) {
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
	name := redact(rawURL)
	pc, err := pgxpool.ParseConfig(rawURL)
	if err != nil {
		return nil, fmt.Errorf("feedback database %s: %w", name, err)
	}
	if pc.ConnConfig.ConnectTimeout == 0 { // an unreachable host should fail the start, not hang it
		pc.ConnConfig.ConnectTimeout = 10 * time.Second
	}
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, fmt.Errorf("feedback database %s: %w", name, err)
	}
	s := &Store{pool: pool}
	s.Store = &sqlstore.Store{Conn: conn{runner{pool}, pool}, Dialect: sqlstore.PostgreSQL, Name: name, Now: cfg.now, Rollup: rollup}
	s.DashboardDB = store.DashboardDB{SQL: dashboardSQL, Query: querier(s.pool), InSnapshot: s.inSnapshot}
	if err := s.Migrate(ctx, cfg.migrations); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// redact drops the password from a database URL.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable PostgreSQL URL)"
	}
	return u.Redacted()
}

// Close closes the pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// ReservePageID implements store.Store: a value taken from the id's sequence is never given
// again.
func (s *Store) ReservePageID(ctx context.Context) (int64, error) {
	var id int64
	if err := s.pool.QueryRow(ctx, "SELECT nextval(pg_get_serial_sequence('page_feedback', 'id'))").Scan(&id); err != nil {
		return 0, fmt.Errorf("reserving a page feedback id: %w", err)
	}
	return id, nil
}
