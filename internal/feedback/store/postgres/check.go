package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
)

// Check proves that feedback can be saved now: it writes a random value into a one-row scratch
// table (created on first use), commits it and reads it back. A database that is down, read-only,
// out of disk or refusing connections fails it.
func (s *Store) Check(ctx context.Context) error {
	var b [8]byte
	_, _ = rand.Read(b[:])
	want := hex.EncodeToString(b[:])
	if _, err := s.pool.Exec(ctx, `CREATE TABLE IF NOT EXISTS tzdocs_ready_probe (
		id    INTEGER PRIMARY KEY CHECK (id = 1),
		value TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("feedback database %s: creating the readiness probe table: %w", s.name, err)
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO tzdocs_ready_probe (id, value) VALUES (1, $1)
		ON CONFLICT (id) DO UPDATE SET value = excluded.value`, want); err != nil {
		return fmt.Errorf("feedback database %s: writing the readiness probe: %w", s.name, err)
	}
	var got string
	if err := s.pool.QueryRow(ctx, "SELECT value FROM tzdocs_ready_probe WHERE id = 1").Scan(&got); err != nil {
		return fmt.Errorf("feedback database %s: reading the readiness probe back: %w", s.name, err)
	}
	if got != want {
		return fmt.Errorf("feedback database %s: the readiness probe read back %q, not the %q just written", s.name, got, want)
	}
	return nil
}
