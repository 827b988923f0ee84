package postgres_test

import (
	"fmt"
	"os"
	"testing"
)

// TestMain marks the package as having run nothing when no PostgreSQL server is given: each test
// skips itself, and the go command then prints "[no tests to run]" after the package's "ok"
// instead of a bare "ok" that reads as PostgreSQL tested.
func TestMain(m *testing.M) {
	code := m.Run()
	if code == 0 && os.Getenv("TZDOCS_TEST_POSTGRES_URL") == "" {
		fmt.Println("SKIP: PostgreSQL tests need TZDOCS_TEST_POSTGRES_URL; run them through scripts/with-postgres.sh")
		fmt.Println("testing: warning: no tests to run")
	}
	os.Exit(code)
}
