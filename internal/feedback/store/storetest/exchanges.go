package storetest

import (
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"tzdocs/internal/feedback/store"
)

func exchanges(t *testing.T, s store.Store) []store.Exchange {
	t.Helper()
	var out []store.Exchange
	if err := s.Exchanges(t.Context(), time.Time{}, func(e store.Exchange) error { out = append(out, e); return nil }); err != nil {
		t.Fatalf("Exchanges: %v", err)
	}
	return out
}

func testExchanges(t *testing.T, s store.Store) {
	ctx := t.Context()
	in := []store.Exchange{
		{CreatedAt: t0, MessageID: "a1.sig", QuestionID: "q1", Question: "How do I originate a contract?",
			Answer: "Use `octez-client originate`.\n\n[Originating](/developing/originate)", Sources: []string{"/developing/originate"},
			Engine: "extractive", FirstText: 1234 * time.Millisecond, Outcome: store.OutcomeAnswered},
		{CreatedAt: t0.Add(time.Minute), MessageID: "a2.sig", Question: "Ω — «what»?", Engine: "openai", Outcome: store.OutcomeFailed},
	}
	for _, e := range in {
		if err := s.AddExchange(ctx, e); err != nil {
			t.Fatalf("AddExchange: %v", err)
		}
	}
	got := exchanges(t, s)
	if len(got) != 2 {
		t.Fatalf("Exchanges gave %d rows, want 2: %s", len(got), dump(got))
	}
	for i := range in {
		in[i].ID = got[i].ID
	}
	in[1].Sources = []string{} // stored as an empty list, never null
	if !reflect.DeepEqual(got, in) {
		t.Fatalf("Exchanges gave\n%s\nwant\n%s", dump(got), dump(in))
	}
	one, err := s.Exchange(ctx, "a1.sig")
	if err != nil || !reflect.DeepEqual(one, in[0]) {
		t.Fatalf("Exchange(a1.sig) = %s, %v; want %s", dump([]store.Exchange{one}), err, dump(in[:1]))
	}
	byQ, err := s.ExchangeForQuestion(ctx, "q1")
	if err != nil || byQ.MessageID != "a1.sig" {
		t.Fatalf("ExchangeForQuestion(q1) = %q, %v; want a1.sig", byQ.MessageID, err)
	}
	if _, err := s.Exchange(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Exchange(nope): err = %v, want ErrNotFound", err)
	}
	if _, err := s.ExchangeForQuestion(ctx, ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("ExchangeForQuestion(\"\") found an exchange without a question id: err = %v", err)
	}
	// A regenerated answer keeps its message id and replaces the row.
	again := in[0]
	again.Answer, again.FirstText, again.CreatedAt = "A better answer.", 0, t0.Add(2*time.Minute)
	if err := s.AddExchange(ctx, again); err != nil {
		t.Fatal(err)
	}
	got = exchanges(t, s)
	if len(got) != 2 {
		t.Fatalf("after regenerating: %d rows, want 2", len(got))
	}
	if e, _ := s.Exchange(ctx, "a1.sig"); e.Answer != "A better answer." || e.FirstText != 0 {
		t.Fatalf("regenerated exchange = %s", dump([]store.Exchange{e}))
	}
}

func testPruneExchanges(t *testing.T, s store.Store) {
	ctx := t.Context()
	for i, at := range []time.Time{t0.Add(-100 * 24 * time.Hour), t0} {
		id := []string{"old", "new"}[i]
		if err := s.AddExchange(ctx, store.Exchange{CreatedAt: at, MessageID: id, Question: "q " + id, Answer: "a " + id, Outcome: store.OutcomeAnswered}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddAnswer(ctx, store.Answer{CreatedAt: at, MessageID: id, Thumbs: 1, Question: "q " + id, Answer: "a " + id}); err != nil {
			t.Fatal(err)
		}
	}
	n, err := s.PruneExchanges(ctx, t0.Add(-90*24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("PruneExchanges changed %d rows, want 2 (one exchange deleted, one vote blanked)", n)
	}
	if got := exchanges(t, s); len(got) != 1 || got[0].MessageID != "new" {
		t.Fatalf("exchanges left: %s", dump(got))
	}
	var votes []store.Answer
	if err := s.Answers(ctx, time.Time{}, func(a store.Answer) error { votes = append(votes, a); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(votes) != 2 || votes[0].Question != "" || votes[0].Answer != "" || votes[0].Thumbs != 1 || votes[1].Question != "q new" {
		t.Fatalf("votes after pruning: %s", dump(votes))
	}
}

func testSignInLinkWorksOnce(t *testing.T, s store.Store) {
	ctx := t.Context()
	if err := s.AddSignInLink(ctx, "k1", "alice", t0.Add(15*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := s.AddSignInLink(ctx, "k2", "bob", t0.Add(15*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.UseSignInLink(ctx, "k2", t0.Add(15*time.Minute)); err != nil || ok {
		t.Fatalf("a link used when it expires: ok = %v, err = %v", ok, err)
	}
	if _, ok, err := s.UseSignInLink(ctx, "unknown", t0); err != nil || ok {
		t.Fatalf("an unknown link: ok = %v, err = %v", ok, err)
	}
	// Many replicas racing for one link: exactly one wins.
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for range 8 {
		wg.Go(func() {
			who, ok, err := s.UseSignInLink(ctx, "k1", t0.Add(time.Minute))
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				wins++
				mu.Unlock()
				if who != "alice" {
					t.Errorf("who = %q, want alice", who)
				}
			}
		})
	}
	wg.Wait()
	if wins != 1 {
		t.Fatalf("the link signed in %d times, want once", wins)
	}
	n, err := s.PruneSessions(ctx, t0, t0.Add(time.Hour))
	if err != nil || n != 2 {
		t.Fatalf("PruneSessions deleted %d links (err %v), want 2 (one used, one expired)", n, err)
	}
}

func testSessions(t *testing.T, s store.Store) {
	ctx := t.Context()
	in := store.Session{Key: "sk", Who: "alice", Method: "link", CreatedAt: t0, SeenAt: t0}
	if err := s.AddSession(ctx, in); err != nil {
		t.Fatal(err)
	}
	if err := s.AddSession(ctx, in); err == nil {
		t.Fatal("a second session with the same key was stored")
	}
	got, err := s.Session(ctx, "sk")
	if err != nil || got != in {
		t.Fatalf("Session = %+v, %v; want %+v", got, err, in)
	}
	if err := s.TouchSession(ctx, "sk", t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Session(ctx, "sk"); !got.SeenAt.Equal(t0.Add(time.Hour)) {
		t.Fatalf("SeenAt = %v after TouchSession", got.SeenAt)
	}
	if n, err := s.PruneSessions(ctx, t0.Add(time.Minute), t0); err != nil || n != 0 {
		t.Fatalf("PruneSessions deleted %d (err %v) of a session seen since", n, err)
	}
	if n, err := s.PruneSessions(ctx, t0.Add(2*time.Hour), t0); err != nil || n != 1 {
		t.Fatalf("PruneSessions deleted %d (err %v), want the idle session", n, err)
	}
	if _, err := s.Session(ctx, "sk"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("pruned session: err = %v, want ErrNotFound", err)
	}
	if err := s.AddSession(ctx, in); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteSession(ctx, "sk"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Session(ctx, "sk"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleted session: err = %v, want ErrNotFound", err)
	}
}
