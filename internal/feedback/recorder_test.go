package feedback_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"tzdocs/internal/feedback"
)

func countQueries(t *testing.T, s feedback.Store) int {
	t.Helper()
	n := 0
	if err := s.Queries(context.Background(), time.Time{}, func(feedback.Query) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestRecorderWritesEverythingQueuedByClose(t *testing.T) {
	s := newStore(t)
	r := feedback.NewRecorder(s, feedback.RecorderOptions{FlushInterval: time.Hour, BatchSize: 7})
	for i := range 100 {
		if !r.Query(feedback.Query{Query: fmt.Sprint("q", i), NbHits: i, ProcessingTime: time.Millisecond}) {
			t.Fatalf("query %d dropped", i)
		}
	}
	r.Event(feedback.Event{Type: "click", Name: "Hit clicked", ObjectIDs: []string{"x"}, Positions: []int{1}})
	if err := r.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	if n := countQueries(t, s); n != 100 {
		t.Fatalf("%d queries stored, want 100", n)
	}
	var events []feedback.Event
	s.Events(t.Context(), time.Time{}, func(e feedback.Event) error { events = append(events, e); return nil })
	if len(events) != 1 || events[0].At.IsZero() || events[0].Type != "click" {
		t.Fatalf("events %+v", events)
	}
	if r.Query(feedback.Query{Query: "late"}) || r.Dropped() != 1 {
		t.Fatalf("a closed recorder accepted a record (dropped %d)", r.Dropped())
	}
	if err := r.Close(t.Context()); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}

func TestRecorderFlushesOnItsInterval(t *testing.T) {
	s := newStore(t)
	r := feedback.NewRecorder(s, feedback.RecorderOptions{FlushInterval: 20 * time.Millisecond})
	defer r.Close(context.Background())
	r.Query(feedback.Query{Query: "tezos"})
	deadline := time.Now().Add(5 * time.Second)
	for countQueries(t, s) != 1 {
		if time.Now().After(deadline) {
			t.Fatal("a queued query was not written within 5s of a 20ms flush interval")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// slowStore blocks writes until released, or fails them.
type slowStore struct {
	feedback.Store
	release chan struct{}
	fail    bool
}

func (s slowStore) AddQueries(ctx context.Context, qs []feedback.Query) error {
	<-s.release
	if s.fail {
		return errors.New("disk full")
	}
	return s.Store.AddQueries(ctx, qs)
}

func TestRecorderDropsWhenTheQueueIsFull(t *testing.T) {
	base := newStore(t)
	release := make(chan struct{})
	r := feedback.NewRecorder(slowStore{Store: base, release: release},
		feedback.RecorderOptions{FlushInterval: time.Hour, BatchSize: 1, QueueSize: 5})
	accepted := 0
	for i := range 50 {
		if r.Query(feedback.Query{Query: fmt.Sprint(i)}) {
			accepted++
		}
	}
	close(release)
	if err := r.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	// One record is being written while 5 wait: never more than 6 accepted, and the rest counted.
	if accepted > 6 || accepted < 5 || int(r.Dropped()) != 50-accepted {
		t.Fatalf("accepted %d, dropped %d of 50 with a queue of 5", accepted, r.Dropped())
	}
	if n := countQueries(t, base); n != accepted {
		t.Fatalf("%d stored, %d accepted", n, accepted)
	}
}

func TestRecorderCountsFailedWrites(t *testing.T) {
	release := make(chan struct{})
	close(release)
	r := feedback.NewRecorder(slowStore{Store: newStore(t), release: release, fail: true}, feedback.RecorderOptions{FlushInterval: time.Hour})
	for range 3 {
		r.Query(feedback.Query{Query: "x"})
	}
	r.Close(t.Context())
	if r.Dropped() != 3 {
		t.Fatalf("Dropped() = %d, want 3", r.Dropped())
	}
}

// pickyStore refuses any write holding an event named "bad", as PostgreSQL refuses a whole
// transaction over one row it cannot store.
type pickyStore struct{ feedback.Store }

func (s pickyStore) AddEvents(ctx context.Context, es []feedback.Event) error {
	for _, e := range es {
		if e.Name == "bad" {
			return errors.New("invalid byte sequence")
		}
	}
	return s.Store.AddEvents(ctx, es)
}

func TestRecorderLosesOnlyTheRowTheDatabaseRefuses(t *testing.T) {
	base := newStore(t)
	r := feedback.NewRecorder(pickyStore{base}, feedback.RecorderOptions{FlushInterval: time.Hour})
	batch := make([]feedback.Event, 31)
	for i := range batch {
		batch[i] = feedback.Event{Type: "view", Name: "good", ObjectIDs: []string{fmt.Sprint(i)}}
	}
	batch[12].Name = "bad"
	if !r.Events(batch) {
		t.Fatal("batch not queued")
	}
	if err := r.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	n := 0
	base.Events(t.Context(), time.Time{}, func(feedback.Event) error { n++; return nil })
	if n != 30 || r.Dropped() != 1 {
		t.Fatalf("%d events stored and %d dropped, want 30 and 1", n, r.Dropped())
	}
}

func TestRecorderQueuesABatchWholeOrNotAtAll(t *testing.T) {
	base := newStore(t)
	release := make(chan struct{})
	r := feedback.NewRecorder(slowStore{Store: base, release: release},
		feedback.RecorderOptions{FlushInterval: time.Hour, BatchSize: 1, QueueSize: 10})
	r.Query(feedback.Query{Query: "blocks the writer"})
	some := make([]feedback.Event, 8)
	for i := range some {
		some[i] = feedback.Event{Type: "view", Name: "v", ObjectIDs: []string{"a"}}
	}
	if !r.Events(some) {
		t.Fatal("8 events refused by a queue of 10")
	}
	if r.Events(some) {
		t.Fatal("8 more events queued in the room left for at most 2")
	}
	close(release)
	if err := r.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	n := 0
	base.Events(t.Context(), time.Time{}, func(feedback.Event) error { n++; return nil })
	if n != 8 || r.Dropped() != 8 {
		t.Fatalf("%d events stored, %d dropped; want 8 and 8", n, r.Dropped())
	}
}

// The recorder's housekeeping also forgets Ask AI questions and answers past their retention.
func TestRecorderPrunesOldExchanges(t *testing.T) {
	s := newStore(t)
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	for _, e := range []feedback.Exchange{
		{CreatedAt: now.Add(-31 * 24 * time.Hour), MessageID: "old", Question: "old question", Outcome: feedback.OutcomeAnswered},
		{CreatedAt: now.Add(-29 * 24 * time.Hour), MessageID: "kept", Question: "recent question", Outcome: feedback.OutcomeAnswered},
	} {
		if err := s.AddExchange(context.Background(), e); err != nil {
			t.Fatal(err)
		}
	}
	r := feedback.NewRecorder(s, feedback.RecorderOptions{Now: func() time.Time { return now },
		Retention: feedback.Retention{Exchanges: 30 * 24 * time.Hour}})
	if err := r.Close(context.Background()); err != nil { // pruning runs at start, before Close returns
		t.Fatal(err)
	}
	var left []string
	if err := s.Exchanges(context.Background(), time.Time{}, func(e feedback.Exchange) error { left = append(left, e.MessageID); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(left) != 1 || left[0] != "kept" {
		t.Fatalf("exchanges left after pruning: %v, want [kept]", left)
	}
}
