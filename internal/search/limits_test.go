package search

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tzdocs/internal/ratelimit"
	"tzdocs/internal/sitebuild/buildtest"
)

// bigSite is one page with n sections that all mention baking, so a query has more hits than
// Algolia lets a client reach.
func bigSite(n int) string {
	var b strings.Builder
	b.WriteString("-- site/site.yaml --\ntitle: Big\nurl: https://docs.example.org\n")
	b.WriteString("i18n: {defaultLocale: en, locales: [en], localeConfigs: {en: {label: English, direction: ltr, htmlLang: en}}}\n")
	b.WriteString("-- site/sidebars.yaml --\ndocumentation: [big]\n")
	b.WriteString("-- site/docs/big.md --\n---\ntitle: Big\n---\n\n")
	for i := range n {
		fmt.Fprintf(&b, "## Baking step %d\n\nBaking needs a node, step %d.\n\n", i, i)
	}
	return b.String()
}

func TestPagingStopsAtPaginationLimitedTo(t *testing.T) {
	ix := NewIndex(buildtest.Records(t, bigSite(1100)))
	first := ix.Search(Query{Text: "baking", HitsPerPage: 1000})
	if first.NbHits <= PaginationLimitedTo || len(first.Hits) != 1000 {
		t.Fatalf("nbHits %d, %d hits; the test needs more than %d hits and a full page", first.NbHits, len(first.Hits), PaginationLimitedTo)
	}
	if first.NbPages != 1 {
		t.Errorf("nbPages = %d with 1,000 a page, want 1: pages past the limit do not count", first.NbPages)
	}
	second := ix.Search(Query{Text: "baking", HitsPerPage: 1000, Page: 1})
	if len(second.Hits) != 0 || second.NbHits != first.NbHits {
		t.Errorf("page 1 of 1,000: %d hits, nbHits %d; want none past the limit and the same nbHits", len(second.Hits), second.NbHits)
	}
	last := ix.Search(Query{Text: "baking", HitsPerPage: 300, Page: 3})
	if len(last.Hits) != 100 || last.NbPages != 4 {
		t.Errorf("page 3 of 300: %d hits, nbPages %d; want the 100 hits left before the limit, 4 pages", len(last.Hits), last.NbPages)
	}
}

func TestHandlerRefusesAnAnswerLargerThanItsBudget(t *testing.T) {
	srv := newTestServer(t, HandlerOptions{Limits: Limits{MaxResponseBytes: 3000}})
	status, _, small := post(t, srv, multiPath, "text/plain", `{"requests":[{"indexName":"docs","query":"michelson","hitsPerPage":1,"attributesToRetrieve":["url"]}]}`)
	if status != http.StatusOK {
		t.Fatalf("a small answer: %d %v", status, small)
	}
	status, _, out := post(t, srv, multiPath, "text/plain", `{"requests":[
		{"indexName":"docs","query":"bakers","hitsPerPage":1000,"distinct":false},
		{"indexName":"docs","query":"bakers","hitsPerPage":1000,"distinct":false}]}`)
	msg, _ := out["message"].(string)
	if status != http.StatusBadRequest || out["status"] != 400.0 || !strings.Contains(msg, "limit of 3000 bytes") {
		t.Errorf("answer over the budget: %d %v, want 400 naming the limit", status, out)
	}
	status, _, out = post(t, srv, "/api/search/1/indexes/docs/query", "application/json", `{"query":"bakers","hitsPerPage":1000,"distinct":false}`)
	if status != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out["message"]), "3000 bytes") {
		t.Errorf("single query over the budget: %d %v", status, out)
	}
}

// steppingClock advances by step at every reading.
type steppingClock struct {
	mu   sync.Mutex
	t    time.Time
	step time.Duration
}

func (c *steppingClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(c.step)
	return c.t
}

func TestHandlerStopsARequestPastItsTimeBudget(t *testing.T) {
	clock := &steppingClock{t: time.Unix(0, 0), step: 600 * time.Millisecond}
	srv := newTestServer(t, HandlerOptions{Limits: Limits{MaxRequestTime: time.Second, Now: clock.now, RateLimit: ratelimit.Limit{Off: true}}})
	status, _, out := post(t, srv, multiPath, "text/plain", `{"requests":[{"indexName":"docs","query":"bakers"},{"indexName":"docs","query":"stake"}]}`)
	msg, _ := out["message"].(string)
	if status != http.StatusBadRequest || !strings.Contains(msg, "time limit of 1s") || !strings.Contains(msg, "after 1 of its queries") {
		t.Errorf("second query past the time budget: %d %v, want 400 naming the limit", status, out)
	}
	status, _, out = post(t, srv, multiPath, "text/plain", `{"requests":[{"indexName":"docs","query":"bakers"}]}`)
	if status != http.StatusOK {
		t.Errorf("one query within the budget: %d %v", status, out)
	}
}

func TestHandlerLimitsSearchesPerClient(t *testing.T) {
	clock := time.Unix(0, 0)
	srv := newTestServer(t, HandlerOptions{Limits: Limits{RateLimit: ratelimit.Limit{PerMinute: 30, Burst: 2}, Now: func() time.Time { return clock }}})
	body := `{"requests":[{"indexName":"docs","query":"bakers"}]}`
	for i := range 2 {
		if status, _, out := post(t, srv, multiPath, "text/plain", body); status != http.StatusOK {
			t.Fatalf("request %d within the burst: %d %v", i, status, out)
		}
	}
	status, h, out := post(t, srv, multiPath, "text/plain", body)
	if status != http.StatusTooManyRequests || out["status"] != 429.0 || out["message"] == "" {
		t.Fatalf("request past the burst: %d %v, want a 429 JSON error", status, out)
	}
	if h.Get("Retry-After") != "2" {
		t.Errorf("Retry-After = %q, want 2 (one token every 2 s)", h.Get("Retry-After"))
	}
	resp, err := http.DefaultClient.Do(preflight(t, srv))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Errorf("a preflight counts against the limit: %d", resp.StatusCode)
	}
}

func preflight(t *testing.T, srv *httptest.Server) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodOptions, srv.URL+multiPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", "https://docs.example.org")
	req.Header.Set("Access-Control-Request-Method", "POST")
	return req
}

func TestGateTurnsAwayAClientThatLeavesWhileWaiting(t *testing.T) {
	g := newGate(1, 1)
	r := httptest.NewRequest(http.MethodPost, "/", nil)
	if !g.enter(r, "a") {
		t.Fatal("an empty gate refused a request")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if g.enter(r.WithContext(ctx), "b") {
		t.Error("a full gate let in a request whose client had left")
	}
	g.leave("a")
	if !g.enter(r, "a") {
		t.Error("a freed turn was not given")
	}
}

// One client holds at most perClient turns at once: with 2 turns and 1 per client, a client's
// second request waits while a turn stays free for another client, which gets it at once.
func TestGateKeepsATurnForOtherClients(t *testing.T) {
	g := newGate(2, 1)
	r := httptest.NewRequest(http.MethodPost, "/", nil)
	if !g.enter(r, "heavy") {
		t.Fatal("an empty gate refused a request")
	}
	second := make(chan bool)
	go func() { second <- g.enter(r, "heavy") }()
	for deadline := time.Now().Add(5 * time.Second); g.queued("heavy") < 1; {
		if time.Now().After(deadline) {
			t.Fatal("the heavy client's second request neither waited nor entered")
		}
		time.Sleep(time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if !g.enter(r.WithContext(ctx), "light") {
		t.Fatal("another client waited for the turn the heavy client may not take")
	}
	g.leave("heavy")
	if !<-second {
		t.Fatal("the heavy client's second request did not get the turn its first left")
	}
	g.leave("heavy")
	g.leave("light")
}

// Clients take turns: one with many requests waiting does not keep another's out until all of
// its own are answered.
func TestGateLetsClientsInByTurns(t *testing.T) {
	g := newGate(1, 1)
	r := httptest.NewRequest(http.MethodPost, "/", nil)
	if !g.enter(r, "heavy") {
		t.Fatal("an empty gate refused a request")
	}
	in := make(chan string)
	wait := func(client string, n int) {
		for range n {
			go func() {
				if g.enter(r, client) {
					in <- client
				}
			}()
		}
		for deadline := time.Now().Add(5 * time.Second); g.queued(client) < n; {
			if time.Now().After(deadline) {
				t.Fatalf("%d requests of %s queued, want %d", g.queued(client), client, n)
			}
			time.Sleep(time.Millisecond)
		}
	}
	wait("heavy", 5)
	wait("light", 1)
	var order []string
	for holder := "heavy"; len(order) < 6; {
		g.leave(holder)
		holder = <-in
		order = append(order, holder)
	}
	g.leave(order[len(order)-1])
	if at := slices.Index(order, "light"); at > 1 {
		t.Errorf("turns given in the order %v: the light client waited behind %d heavy requests, want at most 1", order, at)
	}
}

// Each filter parameter holds at most MaxFilterConditions conditions: more is a 400 naming the
// limit, as many is answered.
func TestHandlerBoundsFilterConditions(t *testing.T) {
	srv := newTestServer(t, HandlerOptions{})
	list := func(n int) string {
		s := make([]string, n)
		for i := range s {
			s[i] = fmt.Sprintf("%q", fmt.Sprint("hierarchy.lvl0:Section ", i))
		}
		return "[" + strings.Join(s, ",") + "]"
	}
	expr := func(n int) string {
		s := make([]string, n)
		for i := range s {
			s[i] = fmt.Sprintf("weight.position != %d", i)
		}
		return fmt.Sprintf("%q", strings.Join(s, " AND "))
	}
	for _, param := range []string{"optionalFilters", "facetFilters", "numericFilters", "tagFilters", "filters"} {
		for _, n := range []int{MaxFilterConditions, MaxFilterConditions + 1} {
			value := list(n)
			switch param {
			case "filters":
				value = expr(n)
			case "numericFilters":
				value = strings.ReplaceAll(list(n), "hierarchy.lvl0:Section ", "weight.position>=")
			}
			status, _, out := post(t, srv, multiPath, "text/plain",
				`{"requests":[{"indexName":"docs","query":"bakers","`+param+`":`+value+`}]}`)
			msg, _ := out["message"].(string)
			want := http.StatusOK
			if n > MaxFilterConditions {
				want = http.StatusBadRequest
			}
			if status != want || (want == http.StatusBadRequest && !strings.Contains(msg, fmt.Sprint("at most ", MaxFilterConditions, " conditions"))) {
				t.Errorf("%s with %d conditions: %d %q, want %d", param, n, status, msg, want)
			}
		}
	}
}

// The time budget is checked while a query runs, not only between queries: one long query is
// stopped too.
func TestHandlerStopsAQueryPastItsTimeBudget(t *testing.T) {
	clock := &steppingClock{t: time.Unix(0, 0), step: 300 * time.Millisecond}
	mux := http.NewServeMux()
	mux.Handle("/api/search/", Handler(NewIndex(buildtest.Records(t, bigSite(1100))), HandlerOptions{
		Limits: Limits{MaxRequestTime: time.Second, Now: clock.now, RateLimit: ratelimit.Limit{Off: true}}}))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	status, _, out := post(t, srv, multiPath, "text/plain", `{"requests":[{"indexName":"docs","query":"baking"}]}`)
	msg, _ := out["message"].(string)
	if status != http.StatusBadRequest || !strings.Contains(msg, "time limit of 1s") || !strings.Contains(msg, "during its query 1") {
		t.Errorf("one query running past the time budget: %d %.200v, want 400 naming the limit", status, out)
	}
}
