package server

import (
	"bytes"
	"context"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"
)

// slogLine is the line log/slog's JSON handler writes for the same request.
func slogLine(end time.Time, method, path string, status, n int, d time.Duration, remote string) string {
	var buf bytes.Buffer
	h := slog.NewJSONHandler(&buf, nil)
	r := slog.NewRecord(end, slog.LevelInfo, "request", 0)
	r.AddAttrs(slog.String("method", method), slog.String("path", path), slog.Int("status", status),
		slog.Int("bytes", n), slog.Duration("duration", d), slog.String("remote", remote))
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
		l.line(end, "GET", p, 200+i%4*100, i*37, d, "127.0.0.1:5"+p)
		if want := slogLine(end, "GET", p, 200+i%4*100, i*37, d, "127.0.0.1:5"+p); out.String() != want {
			t.Fatalf("path %q:\n got %s\nwant %s", p, out.String(), want)
		}
	}
}

func BenchmarkAccessLogLine(b *testing.B) {
	end := time.Now()
	b.Run("slog", func(b *testing.B) {
		h := slog.NewJSONHandler(discard{}, nil)
		b.ReportAllocs()
		for b.Loop() {
			r := slog.NewRecord(end, slog.LevelInfo, "request", 0)
			r.AddAttrs(slog.String("method", "GET"), slog.String("path", "/overview/"), slog.Int("status", 200),
				slog.Int("bytes", 9912), slog.Duration("duration", 41*time.Microsecond), slog.String("remote", "127.0.0.1:41234"))
			_ = h.Handle(context.Background(), r)
		}
	})
	b.Run("direct", func(b *testing.B) {
		l := newJSONAccessLog(discard{})
		b.ReportAllocs()
		for b.Loop() {
			l.line(end, "GET", "/overview/", 200, 9912, 41*time.Microsecond, "127.0.0.1:41234")
		}
	})
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
