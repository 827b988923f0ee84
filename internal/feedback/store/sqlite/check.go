package sqlite

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
)

// Check proves that feedback can be saved now: it writes a random value into a one-row scratch
// table (created on first use) through the writing connection, commits it, and reads it back. A full
// disk, a read-only file or a database another process locks for too long fails it. Corruption that
// spares the pages it touches does not: QuickCheck finds that, at a higher cost.
func (s *Store) Check(ctx context.Context) error {
	var b [8]byte
	_, _ = rand.Read(b[:])
	want := hex.EncodeToString(b[:])
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS tzdocs_ready_probe (
		id INTEGER PRIMARY KEY CHECK (id = 1),
		value TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("feedback database %s: creating the readiness probe table: %w", s.path, err)
	}
	if _, err := s.w.ExecContext(ctx, `INSERT INTO tzdocs_ready_probe (id, value) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET value = excluded.value`, want); err != nil {
		return fmt.Errorf("feedback database %s: writing the readiness probe: %w", s.path, err)
	}
	var got string
	if err := s.r.QueryRowContext(ctx, "SELECT value FROM tzdocs_ready_probe WHERE id = 1").Scan(&got); err != nil {
		return fmt.Errorf("feedback database %s: reading the readiness probe back: %w", s.path, err)
	}
	if got != want {
		return fmt.Errorf("feedback database %s: the readiness probe read back %q, not the %q just written", s.path, got, want)
	}
	return nil
}

// QuickCheck runs PRAGMA quick_check on a reading connection: it reads the whole file, as
// IntegrityCheck does, but leaves out the costly index cross-checks and does not hold up writers.
func (s *Store) QuickCheck(ctx context.Context) error {
	rows, err := s.r.QueryContext(ctx, "PRAGMA quick_check")
	if err != nil {
		return fmt.Errorf("quick check of %s: %w", s.path, err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return fmt.Errorf("quick check of %s: %w", s.path, err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("quick check of %s: %w", s.path, err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("quick check of %s failed: %s", s.path, strings.Join(problems, "; "))
	}
	return nil
}
