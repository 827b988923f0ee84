package sqlite

import (
	"database/sql"
	"path/filepath"
	"testing"
)

func TestConnectionsUseWALFullSyncAndABusyTimeout(t *testing.T) {
	s, err := Open(t.Context(), filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	check := func(which string, query string, want string) {
		t.Helper()
		for label, db := range map[string]*sql.DB{"writer": s.w, "reader": s.r} {
			var got string
			if err := db.QueryRowContext(t.Context(), query).Scan(&got); err != nil {
				t.Fatalf("%s %s: %v", label, query, err)
			}
			if got != want {
				t.Errorf("%s connection: %s = %q, want %q", label, which, got, want)
			}
		}
	}
	check("journal_mode", "PRAGMA journal_mode", "wal")
	check("synchronous", "PRAGMA synchronous", "2") // FULL
	check("busy_timeout", "PRAGMA busy_timeout", "10000")
	if _, err := s.r.ExecContext(t.Context(), "DELETE FROM page_feedback"); err == nil {
		t.Error("the reader pool can write; it should be query-only")
	}
}
