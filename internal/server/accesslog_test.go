package server

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// slogLine is the line log/slog's JSON handler writes for the same request.
func slogLine(e *accessEntry) string {
	var buf bytes.Buffer
	h := slog.NewJSONHandler(&buf, nil)
	r := slog.NewRecord(e.end, slog.LevelInfo, "request", 0)
	r.AddAttrs(e.attrs()...)
	_ = h.Handle(context.Background(), r)
	return buf.String()
}

func TestJSONAccessLogWritesWhatSlogWrites(t *testing.T) {
	var out bytes.Buffer
	l := newJSONAccessLog(&out)
	zones := []*time.Location{time.UTC, time.FixedZone("east", 5*3600+1800), time.FixedZone("west", -7*3600)}
	paths := []string{"/overview/", "", "/a b/\"quoted\"\\", "/<script>&amp;", "/\x00\x01\x1f\x7f\n\r\t",
		"/caf\u00e9/\u65e5\u672c", "/\xff\xfe/bad\xc3", "/\u2028\u2029", "/emoji/\U0001F600"}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ { // random bytes too: every byte value, valid UTF-8 or not
		p := make([]byte, rng.IntN(24))
		for j := range p {
			p[j] = byte(rng.IntN(256))
		}
		paths = append(paths, string(p))
	}
	for i, p := range paths {
		end := time.Date(2026, 11, 24, 20, 57, 3, rng.IntN(1e9), zones[i%len(zones)])
		d := time.Duration(rng.Int64N(int64(3 * time.Second)))
		out.Reset()
		e := accessEntry{end: end, method: "GET", path: p, status: 200 + i%4*100, bytes: i * 37, d: d, remote: "127.0.0.1:5" + p, ua: p}
		if i%2 == 1 {
			e.query, e.peer = "q="+p, "127.0.0.1:41096"
		}
		if i%5 == 0 {
			e.d = time.Duration(i) // under a microsecond: 0
		}
		l.line(&e)
		if want := slogLine(&e); out.String() != want {
			t.Fatalf("path %q:\n got %s\nwant %s", p, out.String(), want)
		}
	}
}

func BenchmarkAccessLogLine(b *testing.B) {
	e := &accessEntry{end: time.Now(), method: "GET", path: "/overview/", status: 200, bytes: 9912, d: 41 * time.Microsecond,
		remote: "127.0.0.1:41234", ua: "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"}
	end := e.end
	b.Run("slog", func(b *testing.B) {
		h := slog.NewJSONHandler(discard{}, nil)
		b.ReportAllocs()
		for b.Loop() {
			r := slog.NewRecord(end, slog.LevelInfo, "request", 0)
			r.AddAttrs(e.attrs()...)
			_ = h.Handle(context.Background(), r)
		}
	})
	b.Run("direct", func(b *testing.B) {
		l := newJSONAccessLog(discard{})
		b.ReportAllocs()
		for b.Loop() {
			l.line(e)
		}
	})
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// Behind a trusted proxy the access log names the client the proxy saw, and the proxy's own
// connection apart; it keeps the query without its secrets, the user agent, and the duration in
// milliseconds. Both writers (the direct one and a log/slog handler) say the same.
func TestAccessLogNamesTheForwardedClientAndHidesSecrets(t *testing.T) {
	dir := writeBuiltSite(t)
	for _, trust := range []bool{true, false} {
		for _, writer := range []string{"direct", "slog"} {
			var out bytes.Buffer
			opts := Options{Dir: dir, TrustProxy: trust}
			if writer == "direct" {
				opts.AccessLog = &out
			} else {
				opts.Logger = slog.New(slog.NewJSONHandler(&out, nil))
			}
			s, err := New(opts)
			if err != nil {
				t.Fatal(err)
			}
			req := httptest.NewRequest(http.MethodGet, "/architecture/bakers?token=s3cret&q=bakers&x-algolia-api-key=k3y", nil)
			req.RemoteAddr = "127.0.0.1:41096"
			req.Header.Set("X-Forwarded-For", "198.51.100.9, 203.0.113.7")
			req.Header.Set("User-Agent", "curl/8.5.0")
			s.ServeHTTP(httptest.NewRecorder(), req)
			var line map[string]any
			if err := json.Unmarshal(out.Bytes(), &line); err != nil {
				t.Fatalf("%s writer: not one JSON line: %q", writer, out.String())
			}
			wantRemote, wantPeer := "127.0.0.1:41096", any(nil)
			if trust {
				wantRemote, wantPeer = "203.0.113.7", "127.0.0.1:41096"
			}
			if line["remote"] != wantRemote || line["peer"] != wantPeer {
				t.Errorf("trust proxy %v, %s writer: remote %v, peer %v; want %v, %v", trust, writer, line["remote"], line["peer"], wantRemote, wantPeer)
			}
			if q := line["query"]; q != "token=REDACTED&q=bakers&x-algolia-api-key=REDACTED" || strings.Contains(out.String(), "s3cret") || strings.Contains(out.String(), "k3y") {
				t.Errorf("%s writer: query %v, want the secrets hidden", writer, q)
			}
			if line["ua"] != "curl/8.5.0" || line["path"] != "/architecture/bakers" || line["status"] != 200.0 {
				t.Errorf("%s writer: line %v", writer, line)
			}
			if ms, ok := line["duration_ms"].(float64); !ok || ms < 0 || line["duration"] != nil {
				t.Errorf("%s writer: duration_ms %v, want milliseconds and no unitless duration", writer, line["duration_ms"])
			}
		}
	}
}

func TestRedactQuery(t *testing.T) {
	for raw, want := range map[string]string{
		"":                          "",
		"q=bakers&page=2":           "q=bakers&page=2",
		"token=abc":                 "token=REDACTED",
		"Api_Key=abc&x":             "Api_Key=REDACTED&x",
		"%74oken=abc":               "%74oken=REDACTED",
		"password=a&password=b":     "password=REDACTED&password=REDACTED",
		"session":                   "session",
		"utm_source=x&sig=abc&a==b": "utm_source=x&sig=REDACTED&a==b",
	} {
		if got := redactQuery(raw); got != want {
			t.Errorf("redactQuery(%q) = %q, want %q", raw, got, want)
		}
	}
}
