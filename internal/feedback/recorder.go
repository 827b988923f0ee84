package feedback

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// RecorderOptions tune a Recorder; zero values take the defaults in brackets.
type RecorderOptions struct {
	FlushInterval time.Duration // longest time a record waits in memory [1s]
	BatchSize     int           // records written per transaction [500]
	QueueSize     int           // records held before new ones are dropped [10000]
	Logger        *slog.Logger  // failed writes; nil discards
	Now           func() time.Time
}

// Recorder writes search query logs and Insights events in the background, in batches, so that a
// search request never waits for the database. Analytics are best effort: when the queue is full or
// a batch fails the records are dropped and counted, never retried forever.
type Recorder struct {
	store   Store
	opts    RecorderOptions
	queue   chan record
	dropped atomic.Uint64

	closeOnce sync.Once
	stop      chan struct{}
	done      chan struct{}
	mu        sync.RWMutex // held for reading while sending, for writing while closing
	closed    bool
}

type record struct {
	query *Query
	event *Event
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
	r := &Recorder{store: s, opts: opts, queue: make(chan record, opts.QueueSize),
		stop: make(chan struct{}), done: make(chan struct{})}
	go r.run()
	return r
}

// Query queues one search log (At defaults to now); false means it was dropped.
func (r *Recorder) Query(q Query) bool {
	if q.At.IsZero() {
		q.At = r.opts.Now()
	}
	return r.enqueue(record{query: &q})
}

// Event queues one Insights event (At defaults to now); false means it was dropped.
func (r *Recorder) Event(e Event) bool {
	if e.At.IsZero() {
		e.At = r.opts.Now()
	}
	return r.enqueue(record{event: &e})
}

func (r *Recorder) enqueue(rec record) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if r.closed {
		r.dropped.Add(1)
		return false
	}
	select {
	case r.queue <- rec:
		return true
	default:
		r.dropped.Add(1)
		return false
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
	var queries []Query
	var events []Event
	flush := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if len(queries) > 0 {
			if err := r.store.AddQueries(ctx, queries); err != nil {
				r.dropped.Add(uint64(len(queries)))
				r.opts.Logger.Error("search queries not saved", "count", len(queries), "err", err)
			}
			queries = queries[:0]
		}
		if len(events) > 0 {
			if err := r.store.AddEvents(ctx, events); err != nil {
				r.dropped.Add(uint64(len(events)))
				r.opts.Logger.Error("insight events not saved", "count", len(events), "err", err)
			}
			events = events[:0]
		}
	}
	add := func(rec record) {
		if rec.query != nil {
			queries = append(queries, *rec.query)
		} else {
			events = append(events, *rec.event)
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
