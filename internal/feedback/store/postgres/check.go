package postgres

import (
	"context"

	"tzdocs/internal/feedback/store"
)

// Check proves that feedback can be saved now: it writes a random value into a one-row scratch
// table (created on first use), commits it and reads it back. A database that is down, read-only,
// out of disk or refusing connections fails it.
func (s *Store) Check(ctx context.Context) error {
	return store.RoundTrip(ctx, s.name, func(ctx context.Context, value string) error {
		if _, err := s.pool.Exec(ctx, store.ProbeTableSQL); err != nil {
			return err
		}
		_, err := s.pool.Exec(ctx, `INSERT INTO tzdocs_ready_probe (id, value) VALUES (1, $1)
			ON CONFLICT (id) DO UPDATE SET value = excluded.value`, value)
		return err
	}, func(ctx context.Context) (string, error) {
		var got string
		err := s.pool.QueryRow(ctx, store.ProbeSelectSQL).Scan(&got)
		return got, err
	})
}
