package sqlstore

import "context"

// DB runs statements rendered by a Dialect.
type DB interface {
	// Exec runs a statement and returns the number of rows it changed.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
	// Query runs a query and calls row for each row it gives, with the scanner of that row; it
	// stops at the first error row returns.
	Query(ctx context.Context, query string, args []any, row func(scan func(dest ...any) error) error) error
}

// Conn is what a driver package gives the shared store: where writes go (its own methods, also for
// statements that write and return rows), where reads go, and transactions.
type Conn interface {
	DB
	// Read is where reads go: SQLite's read-only pool, which reads while a write commits; the same
	// pool in PostgreSQL.
	Read() DB
	// Tx runs fn in one transaction, committed when fn returns nil and rolled back otherwise.
	Tx(ctx context.Context, fn func(tx DB) error) error
	// Batch runs query once per element of args in one transaction, in as few round trips as the
	// database allows.
	Batch(ctx context.Context, query string, args [][]any) error
}
