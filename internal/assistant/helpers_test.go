package assistant

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"tzdocs/internal/dist"
	"tzdocs/internal/search"
	"tzdocs/internal/search/sitepages"
)

var (
	siteOnce    sync.Once
	siteIndex   *search.Index
	siteIdxErr  error
	fixtureOnce sync.Once
	fixtureIdx  *search.Index
)

// realIndex loads the built site's records (dist/_search/records.json), or skips the test when
// the site was not built.
func realIndex(tb testing.TB) *search.Index {
	tb.Helper()
	siteOnce.Do(func() {
		pages, err := sitepages.Load(filepath.Join("..", "..", "site"))
		if err != nil {
			siteIdxErr = err
			return
		}
		siteIndex = search.NewIndex(search.Records(pages))
	})
	if siteIdxErr != nil {
		tb.Fatalf("loading the real site: %v", siteIdxErr)
	}
	return siteIndex
}

// fixtureIndex is a small hand-written index (testdata/records.json) for golden transcripts.
func fixtureIndex(tb testing.TB) *search.Index {
	tb.Helper()
	fixtureOnce.Do(func() {
		data, err := os.ReadFile(filepath.Join("testdata", "records.json"))
		if err != nil {
			panic(err)
		}
		var recs []dist.Record
		if err := json.Unmarshal(data, &recs); err != nil {
			panic(fmt.Sprintf("testdata/records.json: %v", err))
		}
		fixtureIdx = search.NewIndex(recs)
	})
	return fixtureIdx
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
