package postgres_test

import (
	"testing"

	"tzdocs/internal/feedback/store/postgres"
	"tzdocs/internal/feedback/store/postgres/pgtest"
)

func TestCheckWritesAndReadsBack(t *testing.T) {
	s, err := postgres.Open(t.Context(), pgtest.FreshURL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for range 2 { // the second run finds the probe table made by the first
		if err := s.Check(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	if err := s.Check(t.Context()); err == nil {
		t.Fatal("Check passed on a closed store")
	}
}
