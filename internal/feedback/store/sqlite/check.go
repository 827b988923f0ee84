package sqlite

import (
	"context"
	"fmt"
	"strings"

	"tzdocs/internal/feedback/store"
)

// Check proves that feedback can be saved now: it writes a random value into a one-row scratch
// table (created on first use) through the writing connection, commits it, and reads it back. A full
// disk, a read-only file or a database another process locks for too long fails it. Corruption that
// spares the pages it touches does not: QuickCheck finds that, at a higher cost.
func (s *Store) Check(ctx context.Context) error {
	return store.RoundTrip(ctx, s.path, func(ctx context.Context, value string) error {
		if _, err := s.w.ExecContext(ctx, store.ProbeTableSQL); err != nil {
			return err
		}
		_, err := s.w.ExecContext(ctx, `INSERT INTO tzdocs_ready_probe (id, value) VALUES (1, ?)
			ON CONFLICT (id) DO UPDATE SET value = excluded.value`, value)
		return err
	}, func(ctx context.Context) (string, error) {
		var got string
		err := s.r.QueryRowContext(ctx, store.ProbeSelectSQL).Scan(&got)
		return got, err
	})
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
