// Package postgres keeps feedback in PostgreSQL through a pgx connection pool, for sites served by
// more than one replica.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"tzdocs/internal/feedback/store"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrations returns the schema migrations this binary applies.
func Migrations() ([]store.Migration, error) {
	return store.LoadMigrations(migrationFiles, "migrations")
}

// migrationLock is the advisory lock key that lets one replica at a time migrate the database.
const migrationLock = 0x747a646f6373 // "tzdocs"

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
	name string // the URL without its password, for messages
	now  func() time.Time
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
	s := &Store{pool: pool, name: name, now: cfg.now}
	s.DashboardDB = store.DashboardDB{SQL: dashboardSQL, Query: querier(s.pool), InSnapshot: s.inSnapshot}
	if err := s.migrate(ctx, cfg.migrations); err != nil {
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

func (s *Store) migrate(ctx context.Context, ms []store.Migration) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("feedback database %s: %w", s.name, err)
	}
	defer tx.Rollback(ctx)
	// PostgreSQL runs DDL inside transactions, so either every pending migration is applied and
	// recorded or none is; the advisory lock keeps replicas starting together from racing.
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(migrationLock)); err != nil {
		return fmt.Errorf("feedback database %s: taking the migration lock: %w", s.name, err)
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS tzdocs_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT        NOT NULL,
		applied_at TIMESTAMPTZ NOT NULL)`); err != nil {
		return fmt.Errorf("feedback database %s: creating the migrations table: %w", s.name, err)
	}
	var current int
	if err := tx.QueryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM tzdocs_migrations").Scan(&current); err != nil {
		return fmt.Errorf("feedback database %s: reading the schema version: %w", s.name, err)
	}
	pending, err := store.Pending(current, ms)
	if err != nil {
		return fmt.Errorf("feedback database %s: %w", s.name, err)
	}
	for _, m := range pending {
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return fmt.Errorf("feedback database %s: migration %s: %w", s.name, m.Name, err)
		}
		if _, err := tx.Exec(ctx, "INSERT INTO tzdocs_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
			m.Version, m.Name, s.now()); err != nil {
			return fmt.Errorf("feedback database %s: recording migration %s: %w", s.name, m.Name, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("feedback database %s: committing migrations: %w", s.name, err)
	}
	return nil
}

// SchemaVersion implements store.Store.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.pool.QueryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM tzdocs_migrations").Scan(&v)
	return v, err
}

func (s *Store) stamp(t time.Time) time.Time { return store.Stamp(t, s.now) }

// AddPage implements store.Store.
func (s *Store) AddPage(ctx context.Context, p store.Page) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx,
		"INSERT INTO page_feedback (created_at, url, helpful, comment, category, email) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
		s.stamp(p.CreatedAt), p.URL, p.Helpful, p.Comment, p.Category, p.Email).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("saving page feedback: %w", err)
	}
	return id, nil
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

// AddAnswer implements store.Store.
func (s *Store) AddAnswer(ctx context.Context, a store.Answer) (int64, error) {
	if a.Thumbs != 0 && a.Thumbs != 1 {
		return 0, fmt.Errorf("%w: thumbs must be 0 or 1, got %d", store.ErrInvalid, a.Thumbs)
	}
	var id int64
	err := s.pool.QueryRow(ctx,
		`INSERT INTO answer_feedback (created_at, message_id, thumbs, question, answer, sources, vote_key) VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (vote_key) DO NOTHING RETURNING id`,
		s.stamp(a.CreatedAt), a.MessageID, a.Thumbs, a.Question, a.Answer, list(a.Sources), store.VoteKey(a.MessageID)).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, fmt.Errorf("saving answer feedback for message %q: %w", a.MessageID, store.ErrDuplicate)
	}
	if err != nil {
		return 0, fmt.Errorf("saving answer feedback: %w", err)
	}
	return id, nil
}

// AddQueries implements store.Store.
func (s *Store) AddQueries(ctx context.Context, qs []store.Query) error {
	b := &pgx.Batch{}
	for _, q := range qs {
		b.Queue("INSERT INTO search_queries (at, query, nb_hits, processing_us, query_id) VALUES ($1, $2, $3, $4, $5)",
			s.stamp(q.At), q.Query, q.NbHits, q.ProcessingTime.Microseconds(), q.QueryID)
	}
	return s.batch(ctx, "search queries", b)
}

// AddEvents implements store.Store.
func (s *Store) AddEvents(ctx context.Context, es []store.Event) error {
	b := &pgx.Batch{}
	for _, e := range es {
		b.Queue("INSERT INTO insight_events (at, type, name, index_name, user_token, query_id, object_ids, positions, filters) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
			s.stamp(e.At), e.Type, e.Name, e.Index, e.UserToken, e.QueryID, list(e.ObjectIDs), list(e.Positions), list(e.Filters))
	}
	return s.batch(ctx, "insight events", b)
}

// batch runs b in one transaction.
func (s *Store) batch(ctx context.Context, what string, b *pgx.Batch) error {
	if b.Len() == 0 {
		return nil
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return fmt.Errorf("saving %s: %w", what, err)
	}
	return nil
}

// Pages implements store.Store.
func (s *Store) Pages(ctx context.Context, since time.Time, fn func(store.Page) error) error {
	var p store.Page
	return s.each(ctx, "SELECT id, created_at, url, helpful, comment, category, email FROM page_feedback WHERE created_at >= $1 ORDER BY id",
		since, []any{&p.ID, &p.CreatedAt, &p.URL, &p.Helpful, &p.Comment, &p.Category, &p.Email}, func() error {
			p.CreatedAt = p.CreatedAt.UTC()
			row := p
			p.Helpful = nil // Scan allocates a fresh bool for the next row; never share one
			return fn(row)
		})
}

// Answers implements store.Store.
func (s *Store) Answers(ctx context.Context, since time.Time, fn func(store.Answer) error) error {
	var a store.Answer
	return s.each(ctx, "SELECT id, created_at, message_id, thumbs, question, answer, sources FROM answer_feedback WHERE created_at >= $1 ORDER BY id",
		since, []any{&a.ID, &a.CreatedAt, &a.MessageID, &a.Thumbs, &a.Question, &a.Answer, &a.Sources}, func() error {
			a.CreatedAt = a.CreatedAt.UTC()
			row := a
			a.Sources = nil
			return fn(row)
		})
}

// Queries implements store.Store.
func (s *Store) Queries(ctx context.Context, since time.Time, fn func(store.Query) error) error {
	var q store.Query
	var us int64
	return s.each(ctx, "SELECT id, at, query, nb_hits, processing_us, query_id FROM search_queries WHERE at >= $1 ORDER BY id",
		since, []any{&q.ID, &q.At, &q.Query, &q.NbHits, &us, &q.QueryID}, func() error {
			q.At = q.At.UTC()
			q.ProcessingTime = time.Duration(us) * time.Microsecond
			return fn(q)
		})
}

// Events implements store.Store.
func (s *Store) Events(ctx context.Context, since time.Time, fn func(store.Event) error) error {
	var e store.Event
	return s.each(ctx, "SELECT id, at, type, name, index_name, user_token, query_id, object_ids, positions, filters FROM insight_events WHERE at >= $1 ORDER BY id",
		since, []any{&e.ID, &e.At, &e.Type, &e.Name, &e.Index, &e.UserToken, &e.QueryID, &e.ObjectIDs, &e.Positions, &e.Filters}, func() error {
			e.At = e.At.UTC()
			row := e
			if len(row.Filters) == 0 {
				row.Filters = nil
			}
			e.ObjectIDs, e.Positions, e.Filters = nil, nil, nil
			return fn(row)
		})
}

// each scans every row of query into dest and calls row after each scan.
func (s *Store) each(ctx context.Context, query string, since time.Time, dest []any, row func() error) error {
	from := time.Unix(0, 0).UTC()
	if !since.IsZero() {
		from = since
	}
	rows, err := s.pool.Query(ctx, query, from)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		if err := row(); err != nil {
			return err
		}
	}
	return rows.Err()
}

// PageStats implements store.Store.
func (s *Store) PageStats(ctx context.Context) ([]store.PageStat, error) {
	rows, err := s.pool.Query(ctx, `SELECT url,
		COUNT(*) FILTER (WHERE helpful),
		COUNT(*) FILTER (WHERE NOT helpful),
		COUNT(*) FILTER (WHERE comment <> '')
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

// list turns a nil slice into an empty one so the JSONB column holds [] rather than null.
func list[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}
