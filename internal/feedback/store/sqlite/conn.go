package sqlite

import (
	"context"
	"database/sql"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/sqlstore"
)

// runner runs the shared SQL on a pool or a transaction.
type runner struct {
	db interface {
		ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
		QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	}
}

func (r runner) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := r.db.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (r runner) Query(ctx context.Context, query string, args []any, row func(scan func(...any) error) error) error {
	rows, err := r.db.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return store.EachRow(rows, row)
}

// conn is the sqlstore.Conn of a database: writes on w, a single connection (writers queue in Go
// rather than spin on SQLite's file lock), reads on the read-only pool r.
type conn struct {
	runner
	w, r *sql.DB
}

func (c conn) Read() sqlstore.DB { return runner{c.r} }

func (c conn) Tx(ctx context.Context, fn func(sqlstore.DB) error) error {
	tx, err := c.w.BeginTx(ctx, nil) // BEGIN IMMEDIATE (see Open)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(runner{tx}); err != nil {
		return err
	}
	return tx.Commit()
}

// Batch prepares query once and runs it for each row of args, in one transaction.
func (c conn) Batch(ctx context.Context, query string, args [][]any) error {
	tx, err := c.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, query)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, a := range args {
		if _, err := stmt.ExecContext(ctx, a...); err != nil {
			return err
		}
	}
	return tx.Commit()
}
