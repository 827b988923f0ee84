package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
)

// Behind a trusted proxy, an API that refuses a request before reading its body (no token, too
// large, not JSON) reads the rest of it first: a proxy sends the whole body before it reads the
// answer, and a connection closed under it is a 502 for the reader instead of the API's error.
func TestBehindAProxyARefusalReadsTheBodyBeforeAnswering(t *testing.T) {
	s, _ := fullServer(t, nil, 0, func(o *Options) { o.TrustProxy = true })
	// Small receive buffers, as a busy host's are (and the sender's): the body does not fit in them, so a server
	// that closes without reading it resets the connection under the sender.
	small := func(opt int) func(_, _ string, rc syscall.RawConn) error {
		return func(_, _ string, rc syscall.RawConn) error {
			return rc.Control(func(fd uintptr) { _ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, opt, 16<<10) })
		}
	}
	lc := net.ListenConfig{Control: small(syscall.SO_RCVBUF)}
	dialer := net.Dialer{Control: small(syscall.SO_SNDBUF)}
	ln, err := lc.Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := s.HTTPServer()
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	addr := ln.Addr().String()
	for _, tt := range []struct {
		path   string
		size   int
		status int
	}{
		{"/api/askai/chat", 900 << 10, http.StatusUnauthorized},                        // no token: refused before the body
		{"/api/feedback", 64 << 10, http.StatusBadRequest},                             // not JSON: refused at its first byte
		{"/api/search/1/indexes/*/queries", 2 << 20, http.StatusRequestEntityTooLarge}, // over the limit
	} {
		c, err := dialer.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		// As nginx does: the whole request, then the answer.
		_, err = fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: docs.example.org\r\nX-Forwarded-For: 203.0.113.9\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
			tt.path, tt.size, strings.Repeat("a", tt.size))
		if err != nil {
			t.Errorf("%s: the server closed the connection while the body was sent: %v", tt.path, err)
			c.Close()
			continue
		}
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Errorf("%s: no answer: %v", tt.path, err)
			c.Close()
			continue
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		c.Close()
		if res.StatusCode != tt.status || !strings.Contains(string(b), fmt.Sprintf(`"status":%d`, tt.status)) {
			t.Errorf("%s: %d %s, want %d in the API's JSON shape", tt.path, res.StatusCode, b, tt.status)
		}
	}
}
