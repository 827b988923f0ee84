// Package pgtest gives tests a fresh PostgreSQL schema on the server named by
// TZDOCS_TEST_POSTGRES_URL (scripts/with-postgres.sh starts one and sets it).
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// ServerURL returns TZDOCS_TEST_POSTGRES_URL. When it is unset the test is skipped, or fails if
// TZDOCS_REQUIRE_POSTGRES=1 (so `make test` cannot pass without really testing PostgreSQL).
func ServerURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("TZDOCS_TEST_POSTGRES_URL")
	if u == "" {
		if os.Getenv("TZDOCS_REQUIRE_POSTGRES") == "1" {
			t.Fatal("TZDOCS_REQUIRE_POSTGRES=1 but TZDOCS_TEST_POSTGRES_URL is unset: run the tests through scripts/with-postgres.sh")
		}
		t.Skip("TZDOCS_TEST_POSTGRES_URL is unset; run through scripts/with-postgres.sh to test PostgreSQL")
	}
	return u
}

// FreshURL creates an empty schema for this test, dropped when it ends, and returns a database URL
// whose connections work in it.
func FreshURL(t testing.TB) string {
	t.Helper()
	base := ServerURL(t)
	b := make([]byte, 6)
	rand.Read(b)
	schema := "tzdocs_test_" + hex.EncodeToString(b)
	exec := func(ctx context.Context, sql string) error {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			return err
		}
		defer conn.Close(context.Background())
		_, err = conn.Exec(ctx, sql)
		return err
	}
	if err := exec(context.Background(), "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("creating a test schema: %v", err)
	}
	t.Cleanup(func() {
		if err := exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("dropping test schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TZDOCS_TEST_POSTGRES_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
