package server

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"tzdocs/internal/output"
)

// writeLog records the size of every write made to the connections of a listener.
type writeLog struct {
	net.Listener
	mu    sync.Mutex
	sizes []int
}

func (l *writeLog) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &loggedConn{Conn: c, log: l}, nil
}

func (l *writeLog) writes() []int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.sizes)
}

type loggedConn struct {
	net.Conn
	log *writeLog
}

func (c *loggedConn) Write(p []byte) (int, error) {
	c.log.mu.Lock()
	c.log.sizes = append(c.log.sizes, len(p))
	c.log.mu.Unlock()
	return c.Conn.Write(p)
}

// exchange sends requests over one connection to addr, the last one closing it, and returns all
// the server sent back.
func exchange(t *testing.T, addr string, requests []string) []byte {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, strings.Join(requests, "")); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(c)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// answerSizes splits a stream of HTTP/1.1 answers into their sizes; bodiless tells which have
// no body whatever their Content-Length (answers to HEAD, 304s).
func answerSizes(t *testing.T, stream []byte, bodiless []bool) []int {
	t.Helper()
	var sizes []int
	for i := range bodiless {
		end := bytes.Index(stream, []byte("\r\n\r\n"))
		if end < 0 {
			t.Fatalf("answer %d: no end of header in %q", i+1, stream)
		}
		head := string(stream[:end])
		n := end + 4
		if !bodiless[i] && !strings.Contains(head, " 304 ") {
			m := regexp.MustCompile(`(?i)\r\nContent-Length: (\d+)`).FindStringSubmatch(head)
			if m == nil {
				t.Fatalf("answer %d has no Content-Length: %q", i+1, head)
			}
			length, _ := strconv.Atoi(m[1])
			n += length
		}
		if n > len(stream) {
			t.Fatalf("answer %d: %d bytes announced, %d left", i+1, n, len(stream))
		}
		sizes = append(sizes, n)
		stream = stream[n:]
	}
	if len(stream) != 0 {
		t.Fatalf("%d bytes after the last answer: %q", len(stream), stream)
	}
	return sizes
}

// TestSmallAnswersLeaveInOneWrite serves the same requests over one keep-alive connection from a
// server behind the site's listener and from one without it: the bytes sent are the same (Date
// aside), and behind the listener every answer of up to maxGathered bytes of body is one write
// to the connection, where net/http alone splits a 10 KB body over two.
func TestSmallAnswersLeaveInOneWrite(t *testing.T) {
	dir := writeBuiltSite(t)
	random := func(n int) []byte {
		b := make([]byte, n)
		r := rand.NewChaCha8([32]byte{1})
		_, _ = r.Read(b)
		return b
	}
	overview := filepath.Join(dir, filepath.FromSlash(output.PageFile("/overview/")))
	for name, data := range map[string][]byte{
		overview + ".gz":                       random(10 << 10), // not the page's gzip form: the text stays too
		filepath.Join(dir, "img", "photo.png"): random(12 << 10),
		filepath.Join(dir, "img", "huge.png"):  random(maxGathered + 1),
	} {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path, extra string) string {
		return "GET " + path + " HTTP/1.1\r\nHost: docs\r\n" + extra + "\r\n"
	}
	requests := []string{
		get("/overview/", "Accept-Encoding: gzip\r\n"), // 10 KB gzip sidecar
		get("/img/photo.png", ""),                      // 12 KB served as it is
		get("/img/logo.svg", ""),                       // under minGathered
		"HEAD /overview/ HTTP/1.1\r\nHost: docs\r\nAccept-Encoding: gzip\r\n\r\n",
		get("/overview/", "If-None-Match: *\r\n"), // 304
		get("/img/huge.png", ""),                  // over maxGathered: written as net/http writes it
		get("/nope", ""),                          // the not-found page
		get("/overview/", "Accept-Encoding: gzip\r\nConnection: close\r\n"),
	}
	bodiless := []bool{false, false, false, true, false, false, false, false}
	const huge = 5

	serveOn := func(gather bool) (string, *writeLog) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		logged := &writeLog{Listener: ln}
		var served net.Listener = logged
		if gather {
			served = LimitListener(logged, 0)
		}
		hs := s.HTTPServer()
		go hs.Serve(served)
		t.Cleanup(func() { hs.Close() })
		return ln.Addr().String(), logged
	}
	gatheringAddr, gathering := serveOn(true)
	plainAddr, plain := serveOn(false)

	date := regexp.MustCompile(`\r\nDate: [^\r]*`)
	got := exchange(t, gatheringAddr, requests)
	want := exchange(t, plainAddr, requests)
	if !bytes.Equal(date.ReplaceAll(got, nil), date.ReplaceAll(want, nil)) {
		t.Fatalf("the answers differ from net/http's own:\n got %.600q\nwant %.600q", got, want)
	}
	sizes := answerSizes(t, got, bodiless)

	writes := gathering.writes()
	for i, size := range sizes {
		if i == huge {
			if len(writes) == 0 || writes[0] >= size {
				t.Fatalf("answer %d (%d bytes, over the gathered size) was sent as writes %v", i+1, size, writes)
			}
			for size > 0 && len(writes) > 0 {
				size -= writes[0]
				writes = writes[1:]
			}
			continue
		}
		if len(writes) == 0 || writes[0] != size {
			t.Fatalf("answer %d (%s) is %d bytes; the writes left are %v, not one write of it",
				i+1, strings.SplitN(requests[i], "\r\n", 2)[0], size, writes)
		}
		writes = writes[1:]
	}
	if len(writes) != 0 {
		t.Errorf("writes after the last answer: %v", writes)
	}
	// Without the site's listener net/http writes the first answer in two: what this test is about.
	if w := plain.writes(); len(w) == 0 || w[0] >= sizes[0] {
		t.Errorf("net/http alone wrote the 10 KB answer as %v: nothing to gather any more?", w)
	}
}

// failingConn fails every write after the first ok bytes, and notes its closing.
type failingConn struct {
	net.Conn
	ok     int
	closed bool
}

var errBroken = errors.New("connection reset")

func (c *failingConn) Write(p []byte) (int, error) {
	if len(p) > c.ok {
		n := c.ok
		c.ok = 0
		return n, errBroken
	}
	c.ok -= len(p)
	return len(p), nil
}

func (c *failingConn) Close() error {
	c.closed = true
	return nil
}

// TestAFailedGatheredWriteClosesTheConnection: part of an answer may have left, so the connection
// is closed (released under the cap once) and later writes go to it, failing, instead of being
// gathered and lost.
func TestAFailedGatheredWriteClosesTheConnection(t *testing.T) {
	inner := &failingConn{ok: 100}
	released := 0
	c := &countedConn{Conn: inner, release: func() { released++ }}
	c.startGathering()
	for _, part := range []string{strings.Repeat("h", 80), strings.Repeat("b", 4000)} {
		if n, err := c.Write([]byte(part)); n != len(part) || err != nil {
			t.Fatalf("gathered write: %d, %v", n, err)
		}
	}
	c.sendGathered()
	if !inner.closed || released != 1 {
		t.Fatalf("after a failed write: closed %v, released %d times; want closed, released once", inner.closed, released)
	}
	if _, err := c.Write([]byte("next")); !errors.Is(err, errBroken) {
		t.Fatalf("a write after the failure: %v, want the connection's error", err)
	}
	_ = c.Close()
	if released != 1 {
		t.Fatalf("closing again released %d times", released)
	}
}
