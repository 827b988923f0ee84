package feedback

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"tzdocs/internal/metrics"
)

// RecorderOptions tune a Recorder; zero values take the defaults in brackets.
type RecorderOptions struct {
	FlushInterval time.Duration // longest time a record waits in memory [1s]
	BatchSize     int           // records written per transaction [500]
	QueueSize     int           // records held before new ones are dropped [10000]
	Logger        *slog.Logger  // failed writes; nil discards
	Now           func() time.Time
	// Retention bounds the analytics tables (see Store.Prune); zero fields take its defaults.
	Retention Retention
	// PruneEvery is how often the tables are rolled up and pruned [1h]; they also are at start and
	// whenever a tenth of Retention.MaxRows rows were written since the last time.
	PruneEvery time.Duration
}

// Recorder writes search query logs and Insights events in the background, in batches, so that a
// search request never waits for the database. Analytics are best effort: when the queue is full or
// a batch fails the records are dropped and counted, never retried forever.
type Recorder struct {
	store   Store
	opts    RecorderOptions
	queue   chan record
	queued  atomic.Int64 // records (queries and events) in queue, at most QueueSize
	dropped atomic.Uint64

	closeOnce sync.Once
	stop      chan struct{}
	done      chan struct{}
	mu        sync.RWMutex // held for reading while sending, for writing while closing
	closed    bool
}

type record struct {
	query  *Query
	events []Event
}

// NewRecorder starts a Recorder writing to s. Call Close to flush and stop it.
func NewRecorder(s Store, opts RecorderOptions) *Recorder {
	if opts.FlushInterval <= 0 {
		opts.FlushInterval = time.Second
	}
	if opts.BatchSize <= 0 {
		opts.BatchSize = 500
	}
	if opts.QueueSize <= 0 {
		opts.QueueSize = 10000
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.PruneEvery <= 0 {
		opts.PruneEvery = time.Hour
	}
	opts.Retention = opts.Retention.WithDefaults()
	r := &Recorder{store: s, opts: opts, queue: make(chan record, opts.QueueSize),
		stop: make(chan struct{}), done: make(chan struct{})}
	go r.run()
	return r
}

// MaxLoggedQueryChars bounds the text of a logged search query; longer ones are cut.
const MaxLoggedQueryChars = 512

// Query queues one search log (At defaults to now); false means it was dropped. The query loses
// its control characters (NUL among them, which PostgreSQL refuses) and is cut to
// MaxLoggedQueryChars characters.
func (r *Recorder) Query(q Query) bool {
	if q.At.IsZero() {
		q.At = r.opts.Now()
	}
	q.Query = printable(q.Query, true)
	if utf8.RuneCountInString(q.Query) > MaxLoggedQueryChars {
		q.Query = string([]rune(q.Query)[:MaxLoggedQueryChars])
	}
	return r.enqueue(record{query: &q})
}

// Event queues one Insights event (At defaults to now); false means it was dropped.
func (r *Recorder) Event(e Event) bool {
	return r.Events([]Event{e})
}

// Events queues Insights events all together or not at all (At defaults to now): false means the
// queue had no room for every one of them and none was queued, so a caller can refuse the request
// rather than acknowledge events that are then lost.
func (r *Recorder) Events(es []Event) bool {
	if len(es) == 0 {
		return true
	}
	batch := make([]Event, len(es))
	for i, e := range es {
		if e.At.IsZero() {
			e.At = r.opts.Now()
		}
		batch[i] = e
	}
	return r.enqueue(record{events: batch})
}

func (r *Recorder) enqueue(rec record) bool {
	n := int64(max(len(rec.events), 1))
	r.mu.RLock()
	defer r.mu.RUnlock()
	if r.closed || !r.reserve(n) {
		r.dropped.Add(uint64(n))
		metrics.AnalyticsEventsDropped.WithLabelValues("buffer_full").Add(float64(n))
		return false
	}
	// Every record holds at least one item and at most QueueSize items are reserved, so the channel
	// (QueueSize slots) always has room here.
	r.queue <- rec
	return true
}

// reserve counts n more records as queued, unless that would pass QueueSize.
func (r *Recorder) reserve(n int64) bool {
	limit := int64(r.opts.QueueSize)
	for {
		cur := r.queued.Load()
		if cur+n > limit {
			return false
		}
		if r.queued.CompareAndSwap(cur, cur+n) {
			return true
		}
	}
}

// Dropped counts records lost to a full queue, a closed recorder or a failed write (for /metrics).
func (r *Recorder) Dropped() uint64 { return r.dropped.Load() }

// Close writes what is queued and stops the recorder; ctx bounds the wait.
func (r *Recorder) Close(ctx context.Context) error {
	r.closeOnce.Do(func() {
		r.mu.Lock()
		r.closed = true
		r.mu.Unlock()
		close(r.stop)
	})
	select {
	case <-r.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (r *Recorder) run() {
	defer close(r.done)
	tick := time.NewTicker(r.opts.FlushInterval)
	defer tick.Stop()
	pruneTick := time.NewTicker(r.opts.PruneEvery)
	defer pruneTick.Stop()
	var queries []Query
	var events []Event
	written := int64(0) // rows written since the last prune
	prune := func() {
		written = 0
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		p, err := r.store.Prune(ctx, r.opts.Retention, r.opts.Now())
		switch {
		case err != nil:
			r.opts.Logger.Error("search analytics not pruned", "err", err)
		case p.Dropped > 0:
			metrics.AnalyticsEventsDropped.WithLabelValues("size_cap").Add(float64(p.Dropped))
			r.opts.Logger.Warn("search analytics over their size cap: oldest rows dropped", "dropped", p.Dropped, "max_rows", r.opts.Retention.MaxRows)
		}
		if _, err := r.store.PruneExchanges(ctx, r.opts.Now().Add(-r.opts.Retention.Exchanges)); err != nil {
			r.opts.Logger.Error("Ask AI exchanges not pruned", "err", err)
		}
	}
	prune()
	flush := func() {
		written += int64(len(queries) + len(events))
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if len(queries) > 0 {
			r.save(ctx, "search queries", len(queries), func(i, j int) error { return r.store.AddQueries(ctx, queries[i:j]) })
			queries = queries[:0]
		}
		if len(events) > 0 {
			r.save(ctx, "insight events", len(events), func(i, j int) error { return r.store.AddEvents(ctx, events[i:j]) })
			events = events[:0]
		}
	}
	add := func(rec record) {
		if rec.query != nil {
			queries = append(queries, *rec.query)
			r.queued.Add(-1)
		} else {
			events = append(events, rec.events...)
			r.queued.Add(-int64(len(rec.events)))
		}
		if len(queries)+len(events) >= r.opts.BatchSize {
			flush()
		}
	}
	for {
		select {
		case rec := <-r.queue:
			add(rec)
		case <-tick.C:
			flush()
			if written >= r.opts.Retention.MaxRows/10 {
				prune()
			}
		case <-pruneTick.C:
			flush()
			prune()
		case <-r.stop:
			// No sender is left (closed is set under the lock), so the queue only drains.
			for {
				select {
				case rec := <-r.queue:
					add(rec)
				default:
					flush()
					return
				}
			}
		}
	}
}

// save writes n records with add(0, n) in one transaction; when that fails it writes them one at a
// time, so that one record the database refuses loses only itself. Records that still fail are
// dropped and counted.
func (r *Recorder) save(ctx context.Context, what string, n int, add func(i, j int) error) {
	err := add(0, n)
	if err == nil {
		return
	}
	if ctx.Err() == nil && n > 1 {
		lost := 0
		for i := range n {
			if e := add(i, i+1); e != nil {
				lost++
				err = e
			}
		}
		n = lost
	}
	if n > 0 {
		r.dropped.Add(uint64(n))
		metrics.AnalyticsEventsDropped.WithLabelValues("store_failed").Add(float64(n))
		r.opts.Logger.Error(what+" not saved", "count", n, "err", err)
	}
}
