package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/assistant"
	"tzdocs/internal/feedback"
	"tzdocs/internal/sitetest"
)

var testSecret = []byte("0123456789abcdef0123456789abcdef")

// fullServer is a Server with every API (feedback in a fresh SQLite file, Ask AI with engine, the
// extractive one when nil)
// listening on 127.0.0.1, through the connection cap as `tzdocs serve` does.
func fullServer(t *testing.T, engine assistant.Engine, perClient int, mutate func(*Options)) (*Server, string) {
	t.Helper()
	st, err := feedback.Open(t.Context(), "file:"+filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if engine == nil {
		engine = assistant.NewExtractive()
	}
	opts := Options{Dir: writeBuiltSite(t), Feedback: st, Assistant: engine, Secret: testSecret}
	if mutate != nil {
		mutate(&opts)
	}
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s, listen(t, s.HTTPServer(), perClient)
}

// listen serves hs on a free port of 127.0.0.1 until the test ends and returns its address.
func listen(t *testing.T, hs *http.Server, perClient int) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(LimitListener(ln, perClient))
	t.Cleanup(func() { hs.Close() })
	return ln.Addr().String()
}

// token fetches an Ask AI token.
func token(t *testing.T, addr string) string {
	t.Helper()
	return sitetest.AskAIToken(t, "http://"+addr)
}

// stalledRequest sends a request's headers announcing a body of 1000 bytes and only sent bytes
// of it, then waits (at most limit) for the server to answer or close. It returns the status, 0
// when the server closed without answering, and whether the connection was closed afterwards.
func stalledRequest(t *testing.T, addr, path, auth, sent string, limit time.Duration) (status int, closed bool) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	head := "POST " + path + " HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n"
	if auth != "" {
		head += "Authorization: TOKEN " + auth + "\r\n"
	}
	if _, err := io.WriteString(c, head+"\r\n"+sent); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(limit))
	br := bufio.NewReader(c)
	res, err := http.ReadResponse(br, nil)
	var ne net.Error
	switch {
	case errors.As(err, &ne) && ne.Timeout():
		t.Fatalf("POST %s: no answer and the connection still open after %v", path, limit)
	case err != nil:
		return 0, true // closed without an answer
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	_, err = br.ReadByte()
	if errors.As(err, &ne) && ne.Timeout() {
		return res.StatusCode, false
	}
	return res.StatusCode, true
}

// A body that does not arrive within the body timeout is cut, on every API that reads one.
func TestStalledBodiesAreCut(t *testing.T) {
	_, addr := fullServer(t, nil, 0, func(o *Options) { o.Timeouts.Body = 300 * time.Millisecond })
	tok := token(t, addr)
	for _, c := range []struct{ path, auth string }{
		{"/api/search/1/indexes/*/queries", ""},
		{"/api/feedback", ""},
		{"/api/insights/1/events", ""},
		{"/api/askai/chat", tok},
		{"/api/askai/chat/feedback", tok},
	} {
		status, closed := stalledRequest(t, addr, c.path, c.auth, `{"requests":[`, 10*time.Second)
		if !closed || (status != 0 && status != http.StatusRequestTimeout && status != http.StatusBadRequest) {
			t.Errorf("POST %s with a stalled body: status %d, connection closed %v; want 408 (or 400) and closed", c.path, status, closed)
		}
	}
}

// A client over a rate limit gets its 429 without sending its body first.
func TestRateLimitsAnswerBeforeTheBody(t *testing.T) {
	_, addr := fullServer(t, nil, 0, nil)
	base := "http://" + addr
	tok := token(t, addr)
	for _, c := range []struct {
		path, body, auth string
	}{
		{"/api/search/1/indexes/*/queries", `{"requests":[{"indexName":"docs","query":"bakers"}]}`, ""},
		{"/api/feedback", `{"url":"/architecture","helpful":true}`, ""},
		{"/api/askai/chat/feedback", `{"messageId":"m","thumbs":1}`, tok},
	} {
		limited := false
		for i := 0; i < 1000 && !limited; i++ { // bounded: every default burst is far below 1000
			req, _ := http.NewRequest(http.MethodPost, base+c.path, strings.NewReader(c.body))
			req.Header.Set("Content-Type", "application/json")
			if c.auth != "" {
				req.Header.Set("Authorization", "TOKEN "+c.auth)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			limited = res.StatusCode == http.StatusTooManyRequests
		}
		if !limited {
			t.Fatalf("%s: never rate limited", c.path)
		}
		status, closed := stalledRequest(t, addr, c.path, c.auth, "", 5*time.Second)
		if status != http.StatusTooManyRequests || !closed {
			t.Errorf("POST %s over the limit, body not sent: status %d, closed %v; want 429, then closed", c.path, status, closed)
		}
	}
}

// slowEngine thinks for a while before answering, like a model server on a long question.
type slowEngine struct{ think time.Duration }

func (slowEngine) Name() string { return "slow" }

func (e slowEngine) Answer(ctx context.Context, req *assistant.Request, out *assistant.Stream) error {
	if err := out.TextDelta("Thinking"); err != nil {
		return err
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(e.think):
	}
	return out.TextDelta(" done.")
}

// An Ask AI stream lasts longer than the body and write timeouts without being cut.
func TestAskAIStreamsOutliveTheDeadlines(t *testing.T) {
	timeouts := Timeouts{Body: 200 * time.Millisecond, Write: 200 * time.Millisecond}
	_, addr := fullServer(t, slowEngine{think: 4 * timeouts.Write}, 0, func(o *Options) { o.Timeouts = timeouts })
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/api/askai/chat",
		strings.NewReader(`{"id":"c","trigger":"submit-message","messages":[{"id":"m","role":"user","parts":[{"type":"text","text":"bakers?"}]}]}`))
	req.Header.Set("Authorization", "TOKEN "+token(t, addr))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	stream, err := io.ReadAll(res.Body)
	if err != nil || !strings.Contains(string(stream), " done.") || !strings.HasSuffix(string(stream), "data: [DONE]\n\n") {
		t.Errorf("stream cut (%v):\n%s", err, stream)
	}
}

// A client may hold at most connsPerUpload × perClient connections; over them it may send any
// number of requests, and a connection it closes frees its place.
func TestConnectionCapPerClient(t *testing.T) {
	const perClient = 3
	_, addr := fullServer(t, nil, perClient, nil)
	var conns []net.Conn
	var readers []*bufio.Reader
	for range connsPerUpload * perClient {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns, readers = append(conns, c), append(readers, bufio.NewReader(c))
	}
	// Many requests for static files over the connections held: none refused.
	for i := range 60 {
		c, br := conns[i%perClient], readers[i%perClient]
		fmt.Fprintf(c, "GET /img/logo.svg HTTP/1.1\r\nHost: x\r\n\r\n")
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("request %d over a held connection: %d", i, res.StatusCode)
		}
	}
	refused := func() (int, string) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("connection over the cap: %v", err)
		}
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if status, b := refused(); status != http.StatusTooManyRequests || !strings.Contains(b, `"status":429`) {
		t.Fatalf("connection %d: %d %s, want 429 in the API error shape", connsPerUpload*perClient+1, status, b)
	}
	conns[0].Close()
	deadline := time.Now().Add(5 * time.Second)
	for { // the server notices the close when its read of the connection ends
		if status, _ := refused(); status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a closed connection did not free its place")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// stalledMethod is stalledRequest with another method than POST.
func stalledMethod(t *testing.T, addr, method, path string, limit time.Duration) (status int, closed bool) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{", method, path, addr)
	_ = c.SetReadDeadline(time.Now().Add(limit))
	br := bufio.NewReader(c)
	res, err := http.ReadResponse(br, nil)
	var ne net.Error
	switch {
	case errors.As(err, &ne) && ne.Timeout():
		t.Fatalf("%s %s: no answer and the connection still open after %v", method, path, limit)
	case err != nil:
		return 0, true
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	_, err = br.ReadByte()
	if errors.As(err, &ne) && ne.Timeout() {
		return res.StatusCode, false
	}
	return res.StatusCode, true
}

// Routes that read no body answer a request announcing one at once and close its connection;
// /mcp, which reads one, cuts it at the body timeout like the other APIs.
func TestStalledBodiesOutsideTheAPIsAreNotWaitedFor(t *testing.T) {
	_, addr := fullServer(t, nil, 0, func(o *Options) { o.Timeouts.Body = 300 * time.Millisecond })
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/", 200},
		{"GET", "/architecture", 200},
		{"POST", "/", 405},
		{"GET", "/healthz", 200},
		{"GET", "/readyz", 200},
		{"POST", "/api/nothing-here", 404},
	} {
		// Far below the body timeout of `serve` (30 s): the answer does not wait for the body.
		status, closed := stalledMethod(t, addr, c.method, c.path, 5*time.Second)
		if status != c.status || !closed {
			t.Errorf("%s %s with a stalled body: %d, closed %v; want %d and closed", c.method, c.path, status, closed, c.status)
		}
	}
	status, closed := stalledMethod(t, addr, "POST", "/mcp", 5*time.Second)
	if !closed || (status != 0 && status != http.StatusRequestTimeout && status != http.StatusBadRequest) {
		t.Errorf("POST /mcp with a stalled body: %d, closed %v; want 408 (or 400) and closed", status, closed)
	}
}

// Only connections whose body is on its way count against the per-client cap of uploads: while
// an address holds that many stalled bodies, its readers still load pages, and one more upload
// is refused at once.
func TestStalledUploadsDoNotLockOutReaders(t *testing.T) {
	const perClient = 4
	s, _ := fullServer(t, nil, 0, func(o *Options) { o.Timeouts.Body = 30 * time.Second })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	capped := LimitListener(ln, perClient).(*limitListener)
	hs := s.HTTPServer()
	go hs.Serve(capped)
	t.Cleanup(func() { hs.Close() })
	addr := ln.Addr().String()
	for range perClient {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
	}
	deadline := time.Now().Add(5 * time.Second)
	for capped.uploads("127.0.0.1") < perClient {
		if time.Now().After(deadline) {
			t.Fatalf("%d uploads in progress, want %d", capped.uploads("127.0.0.1"), perClient)
		}
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	res, err := http.Get("http://" + addr + "/architecture")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("a reader beside %d stalled uploads: %d", perClient, res.StatusCode)
	}
	t.Logf("page loaded in %v beside %d stalled uploads", time.Since(start), perClient)
	status, closed := stalledRequest(t, addr, "/api/feedback", "", "{", 5*time.Second)
	if status != http.StatusTooManyRequests || !closed {
		t.Errorf("upload %d: %d, closed %v; want 429 and closed", perClient+1, status, closed)
	}
}

// Behind a trusted proxy, which sends a whole body before it reads the answer, a route that reads
// no body reads it anyway before answering, and keeps the connection.
func TestBodiesOutsideTheAPIsAreReadBehindAProxy(t *testing.T) {
	_, addr := fullServer(t, nil, 0, func(o *Options) { o.TrustProxy = true })
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	br := bufio.NewReader(c)
	for i := range 2 {
		fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("request %d on one connection: %v", i+1, err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed || res.Close {
			t.Fatalf("request %d: %d, close %v; want 405 on a connection kept open", i+1, res.StatusCode, res.Close)
		}
	}
}
