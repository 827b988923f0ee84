package feedback

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDescribeNamesTheDatabaseWithoutItsPassword(t *testing.T) {
	wd, _ := os.Getwd()
	for url, want := range map[string]string{
		"postgres://tzdocs:s3cret@db.internal:5432/tzdocs?sslmode=verify-full": "postgres://tzdocs:xxxxx@db.internal:5432/tzdocs?sslmode=verify-full",
		"postgresql://db.internal/tzdocs":                                      "postgresql://db.internal/tzdocs",
		"file:/var/lib/tzdocs/tzdocs.db":                                       "/var/lib/tzdocs/tzdocs.db",
		"":                                                                     filepath.Join(wd, "data", "tzdocs.db"),
	} {
		if got := Describe(url); got != want {
			t.Errorf("Describe(%q) = %q, want %q", url, got, want)
		}
	}
}

func TestOpenExistingCreatesNoDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data", "tzdocs.db")
	_, err := OpenExisting(t.Context(), "file:"+path)
	if !errors.Is(err, ErrNoDatabase) || !strings.Contains(err.Error(), path) {
		t.Errorf("a missing file: %v, want ErrNoDatabase naming %s", err, path)
	}
	if _, err := os.Stat(filepath.Dir(path)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the folder was created (%v)", err)
	}
	st, err := Open(t.Context(), "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	st, err = OpenExisting(t.Context(), "file:"+path)
	if err != nil {
		t.Fatalf("an existing database: %v", err)
	}
	st.Close()
}
