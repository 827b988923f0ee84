package search

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"tzdocs/internal/httpapi"
	"tzdocs/internal/ratelimit"
)

// Bounds on the work of one search request. Algolia's own limits (PaginationLimitedTo, at most
// maxRequests queries, MaxHitsPerPage) bound what a request can ask for; these bound what it costs,
// so that a burst of the largest requests cannot take the server's memory: one request of 50
// queries of 1,000 hits with snippets would otherwise answer 84 MB.
const (
	// DefaultMaxResponseBytes bounds the JSON of one answer: a query of 1,000 hits with
	// highlights and snippets (about 1.7 MB on the Tezos docs) fits, twenty of them do not.
	DefaultMaxResponseBytes = 4 << 20
	// DefaultMaxRequestTime bounds the time spent answering the queries of one request.
	DefaultMaxRequestTime = time.Second
	// DefaultMaxConcurrent is how many search requests are answered at once; others wait for a
	// turn (or for their client to give up), so the memory in use stays a few answers' worth.
	// A typed query takes well under a millisecond, so the wait is short unless the queue holds
	// large requests. bench/search/http -burst 12: peak RSS 193 MB with 2, 234 MB with 4.
	DefaultMaxConcurrent = 2
	// MaxFilterConditions bounds the conditions of each filter parameter of a query (filters,
	// facetFilters, numericFilters, tagFilters, optionalFilters): each is tested on every
	// candidate record. DocSearch sends two or three; 100 leaves room for any real page while
	// keeping a query's filtering to milliseconds.
	MaxFilterConditions = 100
)

// DefaultRateLimit is the per-client limit of search requests: DocSearch sends one request a
// keystroke, so a person typing fast, or paging through results, stays far below it.
var DefaultRateLimit = ratelimit.Limit{PerMinute: 600, Burst: 120}

// Limits configures the bounds of Handler; zero fields take the defaults.
type Limits struct {
	MaxResponseBytes int
	MaxRequestTime   time.Duration
	MaxConcurrent    int
	RateLimit        ratelimit.Limit // per client; Off turns it off (load tests)
	TrustProxy       bool            // the client is the last address of X-Forwarded-For
	Now              func() time.Time
}

func (l Limits) withDefaults() Limits {
	if l.MaxResponseBytes <= 0 {
		l.MaxResponseBytes = DefaultMaxResponseBytes
	}
	if l.MaxRequestTime <= 0 {
		l.MaxRequestTime = DefaultMaxRequestTime
	}
	if l.MaxConcurrent <= 0 {
		l.MaxConcurrent = DefaultMaxConcurrent
	}
	if l.Now == nil {
		l.Now = time.Now
	}
	return l
}

// overBudget is a request whose answer would pass a per-request budget: a client error (400)
// whose message names the limit and what to change.
type overBudget struct{ msg string }

func (e *overBudget) Error() string { return e.msg }

// budget tracks one request's spending against its limits.
type budget struct {
	limits Limits
	start  time.Time
	bytes  int
}

func newBudget(l Limits) *budget { return &budget{limits: l, start: l.Now()} }

// spendTime fails once the request has run longer than its time limit; it is checked before
// each query, so a request stops at the first query it cannot afford.
func (b *budget) spendTime(done int) error {
	if took := b.limits.Now().Sub(b.start); took > b.limits.MaxRequestTime {
		return &overBudget{fmt.Sprintf("the request ran past the time limit of %v per request after %d of its queries; send fewer queries or ask for fewer hits per query",
			b.limits.MaxRequestTime, done)}
	}
	return nil
}

// overTime says whether the request has run longer than its time limit; a query asks it as it
// goes (Query.Stop), so one long query stops too.
func (b *budget) overTime() bool {
	return b.limits.Now().Sub(b.start) > b.limits.MaxRequestTime
}

// stoppedIn is the error of a request whose query n (from 1; 0 for a single query) was stopped
// by overTime.
func (b *budget) stoppedIn(n int) error {
	return &overBudget{fmt.Sprintf("the request ran past the time limit of %v per request during its query %d; send fewer queries, fewer filters, or ask for fewer hits per query",
		b.limits.MaxRequestTime, max(n, 1))}
}

// spendBytes adds n bytes of answer and fails when the total passes the size limit.
func (b *budget) spendBytes(n int) error {
	b.bytes += n
	if b.bytes > b.limits.MaxResponseBytes {
		return &overBudget{fmt.Sprintf("the answer would be larger than the limit of %d bytes per request; ask for fewer hits (hitsPerPage), fewer attributes (attributesToRetrieve, attributesToSnippet) or send fewer queries",
			b.limits.MaxResponseBytes)}
	}
	return nil
}

// gate lets at most n requests in at once. Requests that find no free turn wait, and turns are
// given to clients in rotation, each client's requests in order: a client with many requests
// waiting holds back its own, not another's, which waits for one turn at most.
type gate struct {
	mu      sync.Mutex
	free    int
	waiting map[string][]chan struct{} // per client, its waiting requests, oldest first
	next    []string                   // the clients with waiting requests, in the order of their turns
}

func newGate(n int) *gate { return &gate{free: n, waiting: map[string][]chan struct{}{}} }

// enter waits for a turn for a request of client; it fails when the client goes away first.
func (g *gate) enter(r *http.Request, client string) bool {
	g.mu.Lock()
	if g.free > 0 && len(g.next) == 0 {
		g.free--
		g.mu.Unlock()
		return true
	}
	turn := make(chan struct{})
	if len(g.waiting[client]) == 0 {
		g.next = append(g.next, client)
	}
	g.waiting[client] = append(g.waiting[client], turn)
	g.mu.Unlock()
	select {
	case <-turn:
		return true
	case <-r.Context().Done():
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	select {
	case <-turn: // given meanwhile: pass it on
		g.handOn()
		return false
	default:
	}
	q := g.waiting[client]
	i := slices.Index(q, turn)
	q = slices.Delete(q, i, i+1)
	if len(q) > 0 {
		g.waiting[client] = q
	} else {
		delete(g.waiting, client)
		g.next = slices.DeleteFunc(g.next, func(c string) bool { return c == client })
	}
	return false
}

// leave gives the turn back, to the next client waiting if any.
func (g *gate) leave() {
	g.mu.Lock()
	g.handOn()
	g.mu.Unlock()
}

// handOn gives a turn to the oldest request of the client whose turn it is, which then goes to
// the back of the rotation if it has more waiting; with none waiting, the turn is free. g.mu is
// held.
func (g *gate) handOn() {
	if len(g.next) == 0 {
		g.free++
		return
	}
	client := g.next[0]
	g.next = g.next[1:]
	q := g.waiting[client]
	close(q[0])
	if len(q) > 1 {
		g.waiting[client] = q[1:]
		g.next = append(g.next, client)
	} else {
		delete(g.waiting, client)
	}
}

// queued is the number of requests of client waiting for a turn.
func (g *gate) queued(client string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.waiting[client])
}

// refuseRate answers 429 with the seconds to wait, as Algolia's clients expect a JSON error.
func refuseRate(w http.ResponseWriter, wait time.Duration) {
	secs := int((wait + time.Second - 1) / time.Second)
	httpapi.TooManyRequests(w, wait, "Too many search requests from your address; wait "+strconv.Itoa(max(secs, 1))+" s and try again")
}
