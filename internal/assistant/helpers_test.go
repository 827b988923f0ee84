package assistant

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"
	"testing"
	"time"

	"tzdocs/internal/build/buildtest"
	"tzdocs/internal/search"
)

// testSite is the assistant's test site (testdata/site.txtar).
//
//go:embed testdata/site.txtar
var testSite string

// fixtureIndex indexes the records the build makes of testSite.
func fixtureIndex(tb testing.TB) *search.Index {
	tb.Helper()
	return search.NewIndex(buildtest.Records(tb, testSite))
}

// counterIDs returns an id generator giving id-1, id-2, …
func counterIDs() func() string {
	var mu sync.Mutex
	n := 0
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		n++
		return fmt.Sprintf("id-%d", n)
	}
}

// fixedClock is a settable clock.
type fixedClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fixedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fixedClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// runEngine answers one question with an engine and returns the stream's bytes.
func runEngine(tb testing.TB, e Engine, ix *search.Index, question string, history ...Turn) (string, *Stream) {
	tb.Helper()
	var buf bytes.Buffer
	s := newStream(&buf, nil, counterIDs())
	if err := e.Answer(tb.Context(), &Request{Question: question, History: history, Index: ix}, s); err != nil {
		tb.Fatalf("Answer(%q): %v", question, err)
	}
	return buf.String(), s
}
