package sqlite

import (
	"context"
	"fmt"
	"strings"
)

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
