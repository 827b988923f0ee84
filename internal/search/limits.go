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
	// One client holds all turns but one (with its rate limit on), so another's search never
	// waits behind its requests.
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

// gate lets at most n requests in at once, and at most perClient of one client. Requests that
// find no turn they may take wait, and turns are given to clients in rotation, each client's
// requests in order: a client with many requests waiting holds back its own, not another's,
// which waits for one turn at most, and none when the client has all it may hold.
type gate struct {
	mu        sync.Mutex
	free      int
	perClient int
	holding   map[string]int             // turns held, per client
	waiting   map[string][]chan struct{} // per client, its waiting requests, oldest first
	next      []string                   // the clients with waiting requests, in the order of their turns
}

func newGate(n, perClient int) *gate {
	return &gate{free: n, perClient: max(1, min(perClient, n)), holding: map[string]int{}, waiting: map[string][]chan struct{}{}}
}

// enter waits for a turn for a request of client; it fails when the client goes away first.
func (g *gate) enter(r *http.Request, client string) bool {
	g.mu.Lock()
	// A free turn means no waiting request may take it (see handOn).
	if g.free > 0 && g.holding[client] < g.perClient && len(g.waiting[client]) == 0 {
		g.free--
		g.holding[client]++
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
		g.release(client)
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

// leave gives back a turn of client, to the next client waiting that may take it, if any.
func (g *gate) leave(client string) {
	g.mu.Lock()
	g.release(client)
	g.mu.Unlock()
}

// release frees a turn of client and hands it on. g.mu is held.
func (g *gate) release(client string) {
	if g.holding[client]--; g.holding[client] <= 0 {
		delete(g.holding, client)
	}
	g.handOn()
}

// handOn gives a free turn to the oldest request of the next client in the rotation that holds
// fewer than perClient turns, which then goes to the back of the rotation if it has more
// waiting; with no such client, the turn stays free. g.mu is held.
func (g *gate) handOn() {
	i := slices.IndexFunc(g.next, func(c string) bool { return g.holding[c] < g.perClient })
	if i < 0 {
		g.free++
		return
	}
	client := g.next[i]
	g.next = slices.Delete(g.next, i, i+1)
	q := g.waiting[client]
	g.holding[client]++
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
