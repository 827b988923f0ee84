package asynclog

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
)

// gate is an output whose writes wait until it is opened, telling when one has started.
type gate struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	entered chan struct{}
	open    chan struct{}
}

func newGate() *gate { return &gate{entered: make(chan struct{}, 100), open: make(chan struct{})} }

func (g *gate) Write(p []byte) (int, error) {
	g.entered <- struct{}{}
	<-g.open
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.buf.Write(p)
}

func TestWritesEverythingInOrderByClose(t *testing.T) {
	var out bytes.Buffer
	w := New(&out, 0, nil)
	var want strings.Builder
	for i := range 1000 {
		line := strings.Repeat("x", i%50) + "\n"
		want.WriteString(line)
		if n, err := w.Write([]byte(line)); err != nil || n != len(line) {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if out.String() != want.String() {
		t.Errorf("wrote %d bytes, want %d in order", out.Len(), want.Len())
	}
	if _, err := w.Write([]byte("late\n")); !errors.Is(err, ErrClosed) {
		t.Errorf("Write after Close: %v, want ErrClosed", err)
	}
}

func TestDropsAndCountsWhenTheOutputIsSlow(t *testing.T) {
	g := newGate()
	dropped := 0
	w := New(g, 10, func() { dropped++ })
	if _, err := w.Write([]byte("first\n")); err != nil {
		t.Fatal(err)
	}
	<-g.entered                                                   // the goroutine now waits on the output with "first" taken out of the buffer
	for _, line := range []string{"kept\n", "held\n", "lost\n"} { // 10 bytes hold two of them
		if n, err := w.Write([]byte(line)); err != nil || n != len(line) {
			t.Fatalf("Write(%q) = %d, %v; a full buffer must not fail the caller", line, n, err)
		}
	}
	if dropped != 1 {
		t.Errorf("dropped %d writes, want 1", dropped)
	}
	close(g.open)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got := g.buf.String(); got != "first\nkept\nheld\n" {
		t.Errorf("wrote %q", got)
	}
}

type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestCloseReportsTheOutputsError(t *testing.T) {
	w := New(failing{}, 0, nil)
	_, _ = w.Write([]byte("line\n"))
	if err := w.Close(); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Close = %v, want the output's error", err)
	}
}
