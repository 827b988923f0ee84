package server

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// A page's answer carries a dozen headers, and net/http's work on them (cloning the handler's
// header map, sorting its keys, writing each line) costs about as much as the rest of a static
// answer. For the answers that leave in one write (gather.go), the header lines are made once,
// when the site is loaded, in the exact form net/http writes them: net/http is given only the
// Content-Length (so that it neither chunks nor counts) and an empty Content-Type (so that it
// neither sniffs the body nor writes a type), and the gathering connection splices the lines
// into what net/http wrote, where net/http writes the handler's headers: after the status line,
// before the Date it adds. The bytes sent are the same as net/http's with the whole set.
//
// That depends on net/http's format: the handler's headers sorted by key right after the status
// line, then Date. spliceWorks checks it once, on net/http itself, before the first answer is
// spliced; where it does not hold, every answer takes the gathered path alone.

// statusOK is the status line net/http writes for a 200 answer over HTTP/1.1.
const statusOK = "HTTP/1.1 200 OK\r\n"

// wireHeader is a full header set in wire form.
type wireHeader struct {
	length []string // the Content-Length value, the one header net/http is given
	lines  []string // "Key: value\r\n" for every header, in net/http's order
}

// wireLines holds the header lines made for a site's files, so that the lines their answers
// share (the policies, the types, caching) are held once.
type wireLines map[string]string

// wire makes the wire form of set, whose Content-Length is length.
func (l wireLines) wire(set headerSet, length int) *wireHeader {
	h := make(http.Header, len(set.base)+len(set.own))
	for _, e := range set.headers() {
		h[e.key] = e.val
	}
	var b strings.Builder
	_ = h.Write(&b) // net/http's own writer: its order, its trimming, its dropping of bad keys
	wh := &wireHeader{length: h["Content-Length"]}
	if len(wh.length) != 1 || wh.length[0] != strconv.Itoa(length) {
		return nil
	}
	wh.lines = make([]string, 0, strings.Count(b.String(), "\r\n"))
	for rest := b.String(); rest != ""; {
		line, after, _ := strings.Cut(rest, "\r\n")
		rest = after
		line += "\r\n"
		if held, ok := l[line]; ok {
			line = held
		} else {
			l[line] = line
		}
		wh.lines = append(wh.lines, line)
	}
	return wh
}

// reduced sets what net/http is given of wh: the length, and a Content-Type with no value.
func (wh *wireHeader) reduced(h http.Header) {
	h["Content-Length"] = wh.length
	h["Content-Type"] = nil
}

// splice appends to dst what net/http would have written with wh's whole set, given p, the
// start of what it wrote with the reduced set: "HTTP/1.1 200 OK", the Content-Length, then
// "Date: …" and the rest. It reports false, appending nothing, when p does not start so.
func (wh *wireHeader) splice(dst, p []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(p, []byte(statusOK+"Content-Length: "))
	if ok {
		rest, ok = bytes.CutPrefix(rest, []byte(wh.length[0]))
	}
	if ok {
		rest, ok = bytes.CutPrefix(rest, []byte("\r\nDate: "))
	}
	if !ok {
		return dst, false
	}
	dst = append(dst, statusOK...)
	for _, line := range wh.lines {
		dst = append(dst, line...)
	}
	dst = append(dst, "Date: "...)
	return append(dst, rest...), true
}

// splicedAnswers counts the answers sent spliced, for the tests.
var splicedAnswers atomic.Int64

// spliceBroken is set when a gathered answer did not start as net/http's format was checked to
// make it start; later answers are not spliced.
var spliceBroken atomic.Bool

// spliceWorks tells whether answers may be spliced: net/http, asked once, writes a set of
// headers as splicing its lines into the reduced set's answer makes it.
var spliceWorks = sync.OnceValue(func() bool {
	full, reduced, err := probeAnswers()
	return err == nil && spliceAgrees(full, reduced)
})

// probeSet is the header set of the answers spliceWorks compares: keys sorted apart from their
// order here, one with two values, Content-Length and Content-Type among them.
var probeSet = headerSet{
	base: []header{{"X-Content-Type-Options", noSniffValue}, {"Content-Type", one("text/html; charset=utf-8")},
		{"Cache-Control", noCacheValue}},
	own: []header{{"Etag", one(`"probe"`)}, {"Content-Length", one("5")}, {"Vary", varyBothValue},
		{"Content-Encoding", gzipValue}},
}

// spliceAgrees tells whether splicing the probe set's lines into reduced, net/http's answer with
// the reduced set, gives full, its answer with the whole set, their dates aside.
func spliceAgrees(full, reduced []byte) bool {
	wh := wireLines{}.wire(probeSet, 5)
	if wh == nil {
		return false
	}
	spliced, ok := wh.splice(nil, reduced)
	return ok && bytes.Equal(withoutDate(spliced), withoutDate(full))
}

// withoutDate is an answer without the value of its Date header, nil when it has none.
func withoutDate(answer []byte) []byte {
	before, after, ok := bytes.Cut(answer, []byte("\r\nDate: "))
	if !ok {
		return nil
	}
	_, after, ok = bytes.Cut(after, []byte("\r\n"))
	if !ok {
		return nil
	}
	return append(append(bytes.Clone(before), "\r\nDate:\r\n"...), after...)
}

// probeAnswers has net/http answer two requests over one keep-alive connection in memory, with
// the probe set and with its reduced form, and returns both answers as they were sent.
func probeAnswers() (full, reduced []byte, err error) {
	server, client := net.Pipe()
	defer client.Close()
	deadline := time.Now().Add(5 * time.Second)
	_ = server.SetDeadline(deadline)
	_ = client.SetDeadline(deadline)
	hs := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/full" {
				probeSet.apply(w.Header())
			} else {
				wireLines{}.wire(probeSet, 5).reduced(w.Header())
			}
			w.WriteHeader(http.StatusOK)
			_, _ = io.WriteString(w, "probe")
		}),
		ErrorLog: log.New(io.Discard, "", 0),
	}
	l := &oneConn{c: server, closed: make(chan struct{})}
	go func() { _ = hs.Serve(l) }()
	defer hs.Close()
	go func() {
		_, _ = io.WriteString(client, "GET /full HTTP/1.1\r\nHost: probe\r\n\r\nGET /reduced HTTP/1.1\r\nHost: probe\r\n\r\n")
	}()
	br := bufio.NewReader(client)
	if full, err = readProbeAnswer(br); err == nil {
		reduced, err = readProbeAnswer(br)
	}
	return full, reduced, err
}

// readProbeAnswer reads one answer of probeAnswers: its header, then its 5-byte body.
func readProbeAnswer(br *bufio.Reader) ([]byte, error) {
	var answer []byte
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			return nil, err
		}
		answer = append(answer, line...)
		if string(line) == "\r\n" {
			break
		}
		if len(answer) > 4<<10 {
			return nil, errors.New("probe answer: header too long")
		}
	}
	body := make([]byte, 5)
	if _, err := io.ReadFull(br, body); err != nil {
		return nil, err
	}
	return append(answer, body...), nil
}

// oneConn is a listener that accepts one connection, then waits to be closed.
type oneConn struct {
	mu     sync.Mutex
	c      net.Conn
	closed chan struct{}
	once   sync.Once
}

func (l *oneConn) Accept() (net.Conn, error) {
	l.mu.Lock()
	c := l.c
	l.c = nil
	l.mu.Unlock()
	if c != nil {
		return c, nil
	}
	<-l.closed
	return nil, net.ErrClosed
}

func (l *oneConn) Close() error {
	l.once.Do(func() { close(l.closed) })
	return nil
}

func (l *oneConn) Addr() net.Addr { return probeAddr{} }

type probeAddr struct{}

func (probeAddr) Network() string { return "pipe" }
func (probeAddr) String() string  { return "probe" }

// splicingConn is the connection of the site's listener r arrived on, when an answer to r may
// be spliced: a GET over HTTP/1.1, through a writer that can flush, with net/http's format
// checked.
func splicingConn(w http.ResponseWriter, r *http.Request) *countedConn {
	if r.Method != http.MethodGet || r.ProtoMajor != 1 || r.ProtoMinor != 1 {
		return nil
	}
	if _, ok := w.(http.Flusher); !ok {
		return nil
	}
	c, ok := r.Context().Value(connKey{}).(*countedConn)
	if !ok || spliceBroken.Load() || !spliceWorks() {
		return nil
	}
	return c
}
