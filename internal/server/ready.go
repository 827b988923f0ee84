package server

import (
	"context"
	"log/slog"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tzdocs/internal/assistant"
	"tzdocs/internal/feedback"
	"tzdocs/internal/httpapi"
	"tzdocs/internal/metrics"
)

// How long readiness results are reused: load balancers poll every few seconds, and each run of a
// check writes to the database (and an integrity check reads all of it).
const (
	readyTTL          = 3 * time.Second
	integrityTTL      = 10 * time.Minute
	checkTimeout      = 5 * time.Second
	integrityTimeout  = 2 * time.Minute
	modelCheckTimeout = 3 * time.Second
)

// storeChecker is a store that can prove it saves now (sqlite and postgres stores: a scratch-row
// write and read back).
type storeChecker interface {
	Check(ctx context.Context) error
}

// integrityChecker is a store that can verify its whole file (sqlite: PRAGMA quick_check), which
// finds corruption a write to one row does not touch.
type integrityChecker interface {
	QuickCheck(ctx context.Context) error
}

// readiness runs and caches the checks of /readyz.
type readiness struct {
	log    *slog.Logger
	checks []*check
	// draining is set when the server begins to shut down: /readyz fails from then on, while
	// every other request is still answered, so that load balancers stop sending first.
	draining atomic.Bool

	mu sync.Mutex // one run of the checks at a time
}

// check is one readiness check; a failing optional check is reported without failing readiness.
// A background check runs in the request the first time, then is refreshed behind the answers,
// which report its last result meanwhile: it is slow (it reads the whole database).
type check struct {
	name       string
	optional   bool
	background bool
	ttl        time.Duration
	timeout    time.Duration
	run        func(ctx context.Context) error
	okText     string // what a pass reports ("ok", or the engine's name)
	failText   string // what a failure reports; the error itself goes to the log only

	at      time.Time
	err     error
	running bool // a background refresh is under way
}

func newReadiness(st feedback.Store, engine assistant.Engine, log *slog.Logger) *readiness {
	rd := &readiness{log: log}
	if c, ok := st.(storeChecker); ok {
		rd.checks = append(rd.checks, &check{name: "feedback_store", ttl: readyTTL, timeout: checkTimeout, run: c.Check,
			okText: "ok", failText: "feedback cannot be saved: a test write and read of the database failed (details in the server log)"})
	}
	if c, ok := st.(integrityChecker); ok {
		rd.checks = append(rd.checks, &check{name: "feedback_integrity", ttl: integrityTTL, timeout: integrityTimeout, run: c.QuickCheck, background: true,
			okText: "ok", failText: "the feedback database is corrupt: its integrity check failed (details in the server log); restore it from a backup"})
	}
	if engine != nil {
		c := &check{name: "model_server", optional: true, ttl: readyTTL, timeout: modelCheckTimeout, okText: "ok (" + engine.Name() + ")",
			failText: "the model server does not answer; Ask AI answers fail until it does (details in the server log)"}
		if h, ok := engine.(assistant.HealthChecker); ok {
			c.run = h.Health
		} else {
			c.okText = "none: the " + engine.Name() + " engine answers in-process"
			c.run = func(context.Context) error { return nil }
		}
		rd.checks = append(rd.checks, c)
	}
	return rd
}

// msgShuttingDown is what /readyz says while the server drains.
const msgShuttingDown = "shutting down: this server answers what it is sent until it stops, but takes no new work"

// readyBody is the answer of /readyz; a 503 carries the API error fields too.
type readyBody struct {
	Message string            `json:"message,omitempty"`
	Status  any               `json:"status"`
	Checks  map[string]string `json:"checks"`
}

// handler answers GET /readyz: 200 when feedback can be saved, else 503 naming why. The model
// server's state is reported without failing: the site and search work without it.
func (rd *readiness) handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rd.draining.Load() {
			httpapi.JSON(w, http.StatusServiceUnavailable, readyBody{Message: "not ready: " + msgShuttingDown,
				Status: http.StatusServiceUnavailable, Checks: map[string]string{"shutdown": msgShuttingDown}})
			return
		}
		failed, results := rd.run(r.Context())
		body := readyBody{Status: "ready", Checks: results}
		status := http.StatusOK
		if len(failed) > 0 {
			status = http.StatusServiceUnavailable
			body.Status = status
			body.Message = "not ready: " + strings.Join(failed, "; ")
		}
		httpapi.JSON(w, status, body)
	})
}

// run runs the checks whose result is older than their TTL and returns the failures that make the
// server not ready and every check's result.
func (rd *readiness) run(ctx context.Context) (failed []string, results map[string]string) {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	results = map[string]string{}
	now := time.Now()
	for _, c := range rd.checks {
		switch {
		case !c.at.IsZero() && now.Sub(c.at) < c.ttl, c.running:
		case c.background && !c.at.IsZero():
			c.running = true
			go func() {
				err := c.runOnce(context.Background())
				rd.mu.Lock()
				defer rd.mu.Unlock()
				rd.record(c, err)
			}()
		default:
			rd.record(c, c.runOnce(ctx))
		}
		results[c.name] = c.okText
		if c.err != nil {
			results[c.name] = c.failText
			if !c.optional {
				failed = append(failed, c.name+": "+c.failText)
			}
		}
	}
	sort.Strings(failed)
	return failed, results
}

// runOnce runs the check within its timeout, whether or not the client that asked waits.
func (c *check) runOnce(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.timeout)
	defer cancel()
	return c.run(ctx)
}

// record keeps a check's result, in the metrics too; rd.mu is held.
func (rd *readiness) record(c *check, err error) {
	c.at, c.err, c.running = time.Now(), err, false
	up := 1.0
	if err != nil {
		up = 0
		rd.log.Error("readiness check failed", "check", c.name, "error", err)
	}
	metrics.Ready.WithLabelValues(c.name).Set(up)
}
