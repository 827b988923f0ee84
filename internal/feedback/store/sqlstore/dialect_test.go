package sqlstore

import (
	"testing"
	"time"
)

func TestPlaceholdersRenderPerDialect(t *testing.T) {
	for _, c := range []struct{ in, sqlite, postgres string }{
		{"SELECT 1", "SELECT 1", "SELECT 1"},
		{"a = ? AND b = ?", "a = ? AND b = ?", "a = $1 AND b = $2"},
		{"used_at = ?1 WHERE key = ?2 AND expires_at > ?1", "used_at = ?1 WHERE key = ?2 AND expires_at > ?1",
			"used_at = $1 WHERE key = $2 AND expires_at > $1"},
		{"LIMIT ?", "LIMIT ?", "LIMIT $1"},
		{"x IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", "x IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", "x IN ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"},
	} {
		if got := SQLite.SQL(c.in); got != c.sqlite {
			t.Errorf("SQLite.SQL(%q) = %q, want %q", c.in, got, c.sqlite)
		}
		if got := PostgreSQL.SQL(c.in); got != c.postgres {
			t.Errorf("PostgreSQL.SQL(%q) = %q, want %q", c.in, got, c.postgres)
		}
	}
}

func TestTimeColumnsScanFromEitherDatabase(t *testing.T) {
	want := time.Date(2026, 3, 4, 5, 6, 7, 8_000_000, time.UTC)
	for _, src := range []any{want.UnixMilli(), want.In(time.FixedZone("x", 3600))} {
		var got time.Time
		if err := (instant{&got}).Scan(src); err != nil || !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("Scan(%v) = %v, %v; want %v in UTC", src, got, err, want)
		}
	}
	var got time.Time
	if err := (instant{&got}).Scan("2026-03-04"); err == nil {
		t.Error("Scan of a string passed; want an error naming what the column holds")
	}
}
