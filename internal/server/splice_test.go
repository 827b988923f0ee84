package server

import (
	"bytes"
	"io/fs"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSplicedAnswersAreNetHTTPs makes every request of TestStaticResponsesKeepTheirHeaders, and
// a few more, over one keep-alive connection to a server behind the site's listener, which
// splices the answers' header lines in, and to one without it, where net/http writes the whole
// header set: both send the same bytes, Date aside. The files' compressed forms are made large
// enough to be gathered, so that most answers are spliced; the test fails when none is (net/http
// no longer writes headers as spliceWorks checks, and every answer takes the path without).
func TestSplicedAnswersAreNetHTTPs(t *testing.T) {
	s, dir := newTestServer(t)
	rng := rand.NewChaCha8([32]byte{2})
	sizes := []int{3 << 10, 9 << 10, maxGathered, minGathered, 5 << 10, minGathered - 1, 7 << 10, maxGathered + 1}
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), "_") || filepath.Ext(p) == ".gz" || filepath.Ext(p) == ".br" {
			return err
		}
		for _, ext := range []string{".gz", ".br"} {
			b := make([]byte, sizes[n%len(sizes)])
			n++
			_, _ = rng.Read(b)
			if err := os.WriteFile(p+ext, b, 0o644); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	photo := make([]byte, 5<<10)
	_, _ = rng.Read(photo)
	if err := os.WriteFile(filepath.Join(dir, "img", "photo.png"), photo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}

	var requests []string
	methods, paths, headers := staticVariants(t, s)
	for _, method := range methods {
		for _, p := range append(paths, "/img/photo.png") {
			for _, h := range headers {
				req := method + " " + p + " HTTP/1.1\r\nHost: docs\r\n"
				for i := 0; i+1 < len(h); i += 2 {
					req += h[i] + ": " + h[i+1] + "\r\n"
				}
				requests = append(requests, req+"\r\n")
			}
		}
	}
	requests = append(requests,
		"GET /img/photo.png HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",             // HTTP/1.0: not spliced
		"GET /img/photo.png HTTP/1.1\r\nHost: docs\r\nContent-Length: 3\r\n\r\nabc", // a body: Connection: close
	)
	last := "GET /architecture/bakers HTTP/1.1\r\nHost: docs\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n"

	serveOn := func(site bool) string {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		if site {
			ln = LimitListener(ln, 0)
		}
		hs := s.HTTPServer()
		go hs.Serve(ln)
		t.Cleanup(func() { hs.Close() })
		return ln.Addr().String()
	}
	splicing, plain := serveOn(true), serveOn(false)
	date := regexp.MustCompile(`\r\nDate: [^\r]*`)
	for _, batch := range [][]string{requests[:len(requests)-1], {requests[len(requests)-1]}} {
		before := splicedAnswers.Load()
		got := date.ReplaceAll(exchange(t, splicing, append(batch, last)), nil)
		spliced := splicedAnswers.Load() - before
		want := date.ReplaceAll(exchange(t, plain, append(batch, last)), nil)
		if !bytes.Equal(got, want) {
			i := 0
			for i < min(len(got), len(want)) && got[i] == want[i] {
				i++
			}
			from := max(0, bytes.LastIndex(want[:i], []byte("HTTP/1.")))
			t.Fatalf("the answers differ from net/http's own at byte %d:\n got %.400q\nwant %.400q", i, got[from:], want[from:])
		}
		if len(batch) > 1 && spliced < 25 {
			t.Fatalf("%d of %d answers spliced; net/http's header format may have changed (spliceWorks)", spliced, len(batch)+1)
		}
		t.Logf("%d requests: %d answers spliced, %d bytes the same", len(batch)+1, spliced, len(got))
	}
}

// TestSplicingChecksNetHTTPsHeaderFormat: the check made before any answer is spliced holds on
// this net/http, and fails on answers written in another order than the splice assumes.
func TestSplicingChecksNetHTTPsHeaderFormat(t *testing.T) {
	full, reduced, err := probeAnswers()
	if err != nil {
		t.Fatal(err)
	}
	if !spliceAgrees(full, reduced) {
		t.Fatalf("splicing does not give net/http's answer:\n full    %q\n reduced %q", full, reduced)
	}
	date := regexp.MustCompile(`Date: [^\r]*\r\n`)
	swap := func(b []byte, a, c string) []byte {
		return []byte(strings.NewReplacer(a, c, c, a).Replace(string(b)))
	}
	dateFirst := append([]byte(statusOK), date.Find(full)...)
	dateFirst = append(dateFirst, date.ReplaceAll(full[len(statusOK):], nil)...)
	for name, answers := range map[string][2][]byte{
		"Date first":             {dateFirst, reduced},
		"headers in their order": {swap(full, "Cache-Control", "X-Content-Type-Options"), reduced},
		"Date before the length": {full, swap(reduced, "Content-Length: 5", "Date")},
		"a type written":         {full, bytes.Replace(reduced, []byte("Date: "), []byte("Content-Type: \r\nDate: "), 1)},
		"HTTP/1.0":               {bytes.Replace(full, []byte("HTTP/1.1"), []byte("HTTP/1.0"), 1), bytes.Replace(reduced, []byte("HTTP/1.1"), []byte("HTTP/1.0"), 1)},
	} {
		if spliceAgrees(answers[0], answers[1]) {
			t.Errorf("%s: splicing taken for net/http's answer:\n full    %q\n reduced %q", name, answers[0], answers[1])
		}
	}
}

// recordingConn keeps what is written to it and notes its closing.
type recordingConn struct {
	net.Conn
	written bytes.Buffer
	closed  bool
}

func (c *recordingConn) Write(p []byte) (int, error) { return c.written.Write(p) }
func (c *recordingConn) Close() error                { c.closed = true; return nil }

// TestAnAnswerThatCannotBeSplicedIsNotSent: when what net/http wrote for an answer does not start
// where the header lines go, nothing of it is sent (it lacks its headers), the connection is
// closed, and no later answer is spliced; one that does start so is sent with its lines.
func TestAnAnswerThatCannotBeSplicedIsNotSent(t *testing.T) {
	t.Cleanup(func() { spliceBroken.Store(false) })
	wh := wireLines{}.wire(probeSet, 5)
	send := func(written string) *recordingConn {
		inner := &recordingConn{}
		c := &countedConn{Conn: inner, release: func() {}}
		c.startGathering()
		c.splice = wh
		for _, part := range []string{written, "probe"} {
			if n, err := c.Write([]byte(part)); n != len(part) || err != nil {
				t.Fatalf("gathered write: %d, %v", n, err)
			}
		}
		c.sendGathered()
		return inner
	}
	good := send(statusOK + "Content-Length: 5\r\nDate: Sat, 28 Nov 2026 03:00:00 GMT\r\n\r\n")
	want := statusOK + strings.Join(wh.lines, "") + "Date: Sat, 28 Nov 2026 03:00:00 GMT\r\n\r\nprobe"
	if good.written.String() != want || good.closed || spliceBroken.Load() {
		t.Fatalf("spliced answer: sent %q, closed %v, splicing off %v; want %q sent", good.written.String(), good.closed, spliceBroken.Load(), want)
	}
	bad := send(statusOK + "Date: Sat, 28 Nov 2026 03:00:00 GMT\r\nContent-Length: 5\r\n\r\n")
	if bad.written.Len() != 0 || !bad.closed || !spliceBroken.Load() {
		t.Fatalf("answer not spliceable: sent %q, closed %v, splicing off %v; want nothing sent, closed, off", bad.written.String(), bad.closed, spliceBroken.Load())
	}
}
