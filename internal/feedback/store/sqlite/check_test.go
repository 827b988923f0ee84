package sqlite_test

import (
	"path/filepath"
	"testing"

	"tzdocs/internal/feedback/store/sqlite"
)

func TestCheckWritesAndReadsBackAndQuickCheckPasses(t *testing.T) {
	s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "tzdocs.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for range 2 { // the second run finds the probe table made by the first
		if err := s.Check(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.QuickCheck(t.Context()); err != nil {
		t.Fatal(err)
	}
}
