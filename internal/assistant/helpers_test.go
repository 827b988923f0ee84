package assistant

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"tzdocs/internal/search"
	"tzdocs/internal/sitebuild/buildtest"
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

// docs is a site as the server hands it to the assistant: its answer corpus, and its search
// index for SectionText without one.
type docs struct {
	ix     *search.Index
	corpus *Corpus
}

// fixtureDocs is testSite as the server would load it after a build.
func fixtureDocs(tb testing.TB) docs {
	tb.Helper()
	return siteDocs(tb, testSite)
}

// siteDocs is a txtar site as the server would load it after a build.
func siteDocs(tb testing.TB, archive string) docs {
	tb.Helper()
	return docs{ix: search.NewIndex(buildtest.Records(tb, archive)), corpus: NewCorpus(buildtest.Answers(tb, archive))}
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

// isAPIError tells whether body is exactly the API error shape {"message": msg, "status": status}.
func isAPIError(body string, status int, msg string) bool {
	return apiErrorMessage(body, status) == msg
}

// apiErrorMessage is the message of an API error body {"message", "status"} with that status, or
// "" when body is something else.
func apiErrorMessage(body string, status int) string {
	var got map[string]any
	if json.Unmarshal([]byte(body), &got) != nil || len(got) != 2 || got["status"] != float64(status) {
		return ""
	}
	msg, _ := got["message"].(string)
	return msg
}

// runEngine answers one question with an engine and returns the stream's bytes.
func runEngine(tb testing.TB, e Engine, d docs, question string, history ...Turn) (string, *Stream) {
	tb.Helper()
	var buf bytes.Buffer
	s := newStream(&buf, nil, counterIDs())
	if err := e.Answer(tb.Context(), &Request{Question: question, History: history, Corpus: d.corpus}, s); err != nil {
		tb.Fatalf("Answer(%q): %v", question, err)
	}
	return buf.String(), s
}
