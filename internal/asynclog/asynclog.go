// Package asynclog is a buffered, asynchronous io.Writer for log lines that must never slow the
// requests they describe: Write copies the line into memory and returns, a goroutine writes what
// gathered in one call, and when the buffer is full (the output is slower than the lines come)
// the line is dropped and counted instead of waiting.
package asynclog

import (
	"errors"
	"io"
	"sync"
	"time"
)

// DefaultSize is the default buffer size: about 4,000 access log lines.
const DefaultSize = 1 << 20

// batchDelay is how long the goroutine lets lines gather after the first one before writing them
// out: under load, one write call carries hundreds of lines instead of a few.
const batchDelay = 10 * time.Millisecond

// Writer buffers writes for out. Each Write is kept or dropped whole, so a log handler that
// writes one line a call (as log/slog's do) never has half a line written.
type Writer struct {
	out     io.Writer
	size    int
	dropped func() // called once for each dropped write; may be nil

	mu      sync.Mutex
	buf     []byte // lines waiting for the goroutine
	closed  bool
	lastErr error

	wake    chan struct{} // one pending wake-up at most: lines are waiting, or the writer closed
	closing chan struct{} // closed by Close: write what is held without waiting for more
	done    chan struct{} // closed when the goroutine has written everything and stopped
}

// New starts a Writer holding up to size bytes (DefaultSize when size ≤ 0) for out; dropped, when
// not nil, is called for each write dropped because the buffer was full. Close it to write what is
// left.
func New(out io.Writer, size int, dropped func()) *Writer {
	if size <= 0 {
		size = DefaultSize
	}
	w := &Writer{out: out, size: size, dropped: dropped, buf: make([]byte, 0, 64<<10),
		wake: make(chan struct{}, 1), closing: make(chan struct{}), done: make(chan struct{})}
	go w.loop()
	return w
}

// ErrClosed is returned by Write after Close.
var ErrClosed = errors.New("asynclog: write after close")

// Write keeps a copy of p to write later, or drops it when the buffer is full. It never waits for
// the output and reports success for a dropped write (the caller could do nothing better).
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return 0, ErrClosed
	}
	if len(w.buf)+len(p) > w.size {
		w.mu.Unlock()
		if w.dropped != nil {
			w.dropped()
		}
		return len(p), nil
	}
	first := len(w.buf) == 0
	w.buf = append(w.buf, p...)
	w.mu.Unlock()
	if first { // the goroutine is idle or writing the previous batch: one wake-up is enough
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
	return len(p), nil
}

// loop writes the gathered lines, swapping two buffers so that writers append to one while the
// other goes out.
func (w *Writer) loop() {
	defer close(w.done)
	var spare []byte
	delay := time.NewTimer(batchDelay)
	delay.Stop()
	for range w.wake {
		delay.Reset(batchDelay)
		select {
		case <-delay.C:
		case <-w.closing:
			delay.Stop()
		}
		w.mu.Lock()
		pending, closed := w.buf, w.closed
		w.buf = spare[:0]
		w.mu.Unlock()
		if len(pending) > 0 {
			if _, err := w.out.Write(pending); err != nil {
				w.mu.Lock()
				w.lastErr = err
				w.mu.Unlock()
			}
		}
		spare = pending
		if closed { // no write can have come after the swap: they fail once closed is set
			return
		}
	}
}

// Close writes every line still held and stops the writer; later writes fail with ErrClosed. It
// returns the first error of the output, if any.
func (w *Writer) Close() error {
	w.mu.Lock()
	already := w.closed
	w.closed = true
	w.mu.Unlock()
	if !already {
		close(w.closing)
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.lastErr
}

// Locked returns a writer that passes each Write to w under a mutex, for a Writer and a
// synchronous logger sharing one output (such as standard error) that is not safe for concurrent
// writes.
func Locked(w io.Writer) io.Writer { return &locked{w: w} }

type locked struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *locked) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
