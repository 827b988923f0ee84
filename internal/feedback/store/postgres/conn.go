package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/sqlstore"
)

// runner runs the shared SQL on the pool or a transaction.
type runner struct {
	db interface {
		Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
		Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	}
}

func (r runner) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := r.db.Exec(ctx, query, args...)
	return tag.RowsAffected(), err
}

func (r runner) Query(ctx context.Context, query string, args []any, row func(scan func(...any) error) error) error {
	rows, err := r.db.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return store.EachRow(rows, row)
}

// conn is the sqlstore.Conn of a pool: reads and writes share it.
type conn struct {
	runner
	pool *pgxpool.Pool
}

func (c conn) Read() sqlstore.DB { return c.runner }

func (c conn) Tx(ctx context.Context, fn func(sqlstore.DB) error) error {
	return pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error { return fn(runner{tx}) })
}

// Batch sends every row in one round trip, in one transaction.
func (c conn) Batch(ctx context.Context, query string, args [][]any) error {
	b := &pgx.Batch{}
	for _, a := range args {
		b.Queue(query, a...)
	}
	return pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error {
		return tx.SendBatch(ctx, b).Close()
	})
}
