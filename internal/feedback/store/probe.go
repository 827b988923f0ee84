package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
)

// ProbeTableSQL creates the one-row scratch table of the readiness probe, in SQL both databases read.
const ProbeTableSQL = `CREATE TABLE IF NOT EXISTS tzdocs_ready_probe (
	id    INTEGER PRIMARY KEY CHECK (id = 1),
	value TEXT NOT NULL)`

// ProbeSelectSQL reads the probe's value back.
const ProbeSelectSQL = "SELECT value FROM tzdocs_ready_probe WHERE id = 1"

// RoundTrip proves that a store can save now: write stores a new random value in the probe row
// (creating the table first) and commits it, read reads the row back, and the two must agree.
// name names the database in errors.
func RoundTrip(ctx context.Context, name string, write func(ctx context.Context, value string) error,
	read func(ctx context.Context) (string, error)) error {
	var b [8]byte
	_, _ = rand.Read(b[:])
	want := hex.EncodeToString(b[:])
	if err := write(ctx, want); err != nil {
		return fmt.Errorf("feedback database %s: writing the readiness probe: %w", name, err)
	}
	got, err := read(ctx)
	if err != nil {
		return fmt.Errorf("feedback database %s: reading the readiness probe back: %w", name, err)
	}
	if got != want {
		return fmt.Errorf("feedback database %s: the readiness probe read back %q, not the %q just written", name, got, want)
	}
	return nil
}
