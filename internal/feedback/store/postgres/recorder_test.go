package postgres_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"tzdocs/internal/feedback"
	"tzdocs/internal/feedback/store/postgres"
	"tzdocs/internal/feedback/store/postgres/pgtest"
)

// PostgreSQL refuses a NUL byte in text and a time past year 294276, and with them the whole
// transaction: the recorder must still store the other events of the batch.
func TestRecorderKeepsTheGoodEventsOfARefusedBatch(t *testing.T) {
	s, err := postgres.Open(t.Context(), pgtest.FreshURL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := feedback.NewRecorder(s, feedback.RecorderOptions{FlushInterval: time.Hour})
	batch := make([]feedback.Event, 32)
	for i := range batch {
		batch[i] = feedback.Event{Type: "view", Name: "good", Index: "docs", ObjectIDs: []string{fmt.Sprint(i)}}
	}
	batch[5].Name = "bad\x00name"
	batch[20].At = time.Date(300000, 1, 1, 0, 0, 0, 0, time.UTC)
	if !r.Events(batch) {
		t.Fatal("batch not queued")
	}
	r.Query(feedback.Query{Query: "nul\x00query"}) // the recorder cleans search logs itself
	if err := r.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	n := 0
	if err := s.Events(t.Context(), time.Time{}, func(e feedback.Event) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	var queries []string
	if err := s.Queries(t.Context(), time.Time{}, func(q feedback.Query) error { queries = append(queries, q.Query); return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 30 || r.Dropped() != 2 || len(queries) != 1 || queries[0] != "nulquery" {
		t.Fatalf("stored %d events and queries %q, dropped %d; want 30 events, [nulquery] and 2 dropped", n, queries, r.Dropped())
	}
}
