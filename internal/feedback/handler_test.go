package feedback_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/feedback"
	"tzdocs/internal/feedback/store/sqlite"
)

func newStore(t *testing.T) feedback.Store {
	t.Helper()
	s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "feedback.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func allPages(t *testing.T, s feedback.Store) []feedback.Page {
	t.Helper()
	var out []feedback.Page
	if err := s.Pages(context.Background(), time.Time{}, func(p feedback.Page) error { out = append(out, p); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

type reply struct {
	status int
	header http.Header
	body   string
}

// send posts body to h the way a browser on http://docs.test would, with changes from edit.
func send(h http.Handler, body string, edit func(*http.Request)) reply {
	r := httptest.NewRequest(http.MethodPost, "http://docs.test/api/feedback", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.RemoteAddr = "192.0.2.10:50000"
	if edit != nil {
		edit(r)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return reply{w.Code, w.Header(), w.Body.String()}
}

func (r reply) fields(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(r.body), &m); err != nil {
		t.Fatalf("answer is not JSON: %q", r.body)
	}
	return m
}

func noLimit() feedback.Options { return feedback.Options{RateLimit: feedback.RateLimit{Off: true}} }

func TestHandlerValidatesEveryField(t *testing.T) {
	long := strings.Repeat("é", feedback.MaxCommentChars) // characters, not bytes, are counted
	yes, no := true, false
	cases := []struct {
		name      string
		body      string
		status    int
		field     string         // for 400
		want      *feedback.Page // for 201
		knownOnly bool           // use a KnownRoute that accepts /known only
	}{
		{name: "page widget vote", body: `{"url":"/tutorials/first","helpful":true}`, status: 201,
			want: &feedback.Page{URL: "/tutorials/first", Helpful: &yes}},
		{name: "page widget vote with comment", body: `{"url":"/a","helpful":false,"comment":"Step 3 fails."}`, status: 201,
			want: &feedback.Page{URL: "/a", Helpful: &no, Comment: "Step 3 fails."}},
		{name: "query and fragment are dropped from url", body: `{"url":"/a?x=1#part","helpful":true}`, status: 201,
			want: &feedback.Page{URL: "/a", Helpful: &yes}},
		{name: "general form", body: `{"category":"missing-topic","comment":"Explain DAL.","email":"Reader.One@example.org"}`, status: 201,
			want: &feedback.Page{Category: "missing-topic", Comment: "Explain DAL.", Email: "Reader.One@example.org"}},
		{name: "general form with page", body: `{"url":"/b","category":"content-error","comment":"Wrong fee."}`, status: 201,
			want: &feedback.Page{URL: "/b", Category: "content-error", Comment: "Wrong fee."}},
		{name: "comment at the limit", body: `{"url":"/a","helpful":true,"comment":"` + long + `"}`, status: 201,
			want: &feedback.Page{URL: "/a", Helpful: &yes, Comment: long}},
		{name: "comment over the limit", body: `{"url":"/a","helpful":true,"comment":"` + long + `x"}`, status: 400, field: "comment"},
		{name: "comment with a NUL", body: `{"url":"/a","helpful":true,"comment":"a\u0000b"}`, status: 400, field: "comment"},
		{name: "comment with an escape sequence", body: `{"url":"/a","helpful":true,"comment":"a\u001b[31m"}`, status: 400, field: "comment"},
		{name: "general form needs a comment", body: `{"category":"other"}`, status: 400, field: "comment"},
		{name: "general form blank comment", body: `{"category":"other","comment":"  \n "}`, status: 400, field: "comment"},
		{name: "unknown category", body: `{"category":"praise","comment":"hi"}`, status: 400, field: "category"},
		{name: "category label instead of id", body: `{"category":"Content error","comment":"hi"}`, status: 400, field: "category"},
		{name: "widget needs url", body: `{"helpful":true}`, status: 400, field: "url"},
		{name: "absolute url", body: `{"url":"https://evil.example/a","helpful":true}`, status: 400, field: "url"},
		{name: "scheme-relative url", body: `{"url":"//evil.example/a","helpful":true}`, status: 400, field: "url"},
		{name: "relative url", body: `{"url":"tutorials","helpful":true}`, status: 400, field: "url"},
		{name: "javascript url", body: `{"url":"javascript:alert(1)","helpful":true}`, status: 400, field: "url"},
		{name: "backslash url", body: `{"url":"/\\evil.example","helpful":true}`, status: 400, field: "url"},
		{name: "url with a space", body: `{"url":"/a b","helpful":true}`, status: 400, field: "url"},
		{name: "url too long", body: `{"url":"/` + strings.Repeat("a", 2048) + `","helpful":true}`, status: 400, field: "url"},
		{name: "unknown route", body: `{"url":"/nope","helpful":true}`, status: 400, field: "url", knownOnly: true},
		{name: "known route", body: `{"url":"/known","helpful":true}`, status: 201, knownOnly: true,
			want: &feedback.Page{URL: "/known", Helpful: &yes}},
		{name: "widget needs helpful", body: `{"url":"/a"}`, status: 400, field: "helpful"},
		{name: "helpful must be boolean", body: `{"url":"/a","helpful":"yes"}`, status: 400, field: "helpful"},
		{name: "comment must be a string", body: `{"url":"/a","helpful":true,"comment":5}`, status: 400, field: "comment"},
		{name: "email without domain dot", body: `{"category":"other","comment":"c","email":"me@localhost"}`, status: 400, field: "email"},
		{name: "email without at", body: `{"category":"other","comment":"c","email":"not-an-email"}`, status: 400, field: "email"},
		{name: "email with display name", body: `{"category":"other","comment":"c","email":"Me <me@example.com>"}`, status: 400, field: "email"},
		{name: "email with double dot", body: `{"category":"other","comment":"c","email":"me@example..com"}`, status: 400, field: "email"},
		{name: "email too long", body: `{"category":"other","comment":"c","email":"` + strings.Repeat("a", 250) + `@example.com"}`, status: 400, field: "email"},
		{name: "unknown field", body: `{"url":"/a","helpful":true,"helpfull":true}`, status: 400, field: "helpfull"},
		{name: "not JSON", body: `url=/a&helpful=true`, status: 400},
		{name: "empty body", body: ``, status: 400},
		{name: "array body", body: `[{"url":"/a","helpful":true}]`, status: 400},
		{name: "two objects", body: `{"url":"/a","helpful":true}{"url":"/b","helpful":true}`, status: 400},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStore(t)
			opts := noLimit()
			if c.knownOnly {
				opts.KnownRoute = func(p string) bool { return p == "/known" }
			}
			got := send(feedback.Handler(s, opts), c.body, nil)
			if got.status != c.status {
				t.Fatalf("status %d, want %d; body %s", got.status, c.status, got.body)
			}
			m := got.fields(t)
			rows := allPages(t, s)
			if c.status != 201 {
				if f, _ := m["field"].(string); f != c.field {
					t.Errorf("field %q, want %q (answer %s)", f, c.field, got.body)
				}
				if msg, _ := m["message"].(string); msg == "" {
					t.Errorf("no message in %s", got.body)
				}
				if len(rows) != 0 {
					t.Errorf("a refused post was stored: %+v", rows)
				}
				return
			}
			if m["ok"] != true || m["id"] == nil {
				t.Fatalf("201 answer %s lacks ok/id", got.body)
			}
			if len(rows) != 1 {
				t.Fatalf("%d rows stored, want 1", len(rows))
			}
			r := rows[0]
			if fmt.Sprint(m["id"]) != fmt.Sprint(r.ID) {
				t.Errorf("answered id %v, stored id %d", m["id"], r.ID)
			}
			w := c.want
			if r.URL != w.URL || r.Comment != w.Comment || r.Category != w.Category || r.Email != w.Email ||
				(r.Helpful == nil) != (w.Helpful == nil) || (r.Helpful != nil && *r.Helpful != *w.Helpful) {
				t.Errorf("stored %+v (helpful %v), want %+v (helpful %v)", r, deref(r.Helpful), *w, deref(w.Helpful))
			}
		})
	}
}

func deref(b *bool) any {
	if b == nil {
		return nil
	}
	return *b
}

func TestHandlerStoresSQLInjectionVerbatim(t *testing.T) {
	s := newStore(t)
	h := feedback.Handler(s, noLimit())
	attacks := []string{
		`'; DROP TABLE page_feedback; --`,
		`" OR 1=1 --`,
		`Robert'); DELETE FROM page_feedback WHERE ('a'='a`,
		`1; UPDATE page_feedback SET comment='pwned'`,
		`\'; SELECT * FROM tzdocs_migrations; --`,
		`<script>alert("x")</script>`,
	}
	for _, a := range attacks {
		body, _ := json.Marshal(map[string]any{"url": "/a'--", "helpful": false, "comment": a})
		if got := send(h, string(body), nil); got.status != 201 {
			t.Fatalf("post %q: %d %s", a, got.status, got.body)
		}
		body, _ = json.Marshal(map[string]any{"category": "other", "comment": a, "email": "x@example.com"})
		if got := send(h, string(body), nil); got.status != 201 {
			t.Fatalf("post %q: %d %s", a, got.status, got.body)
		}
	}
	rows := allPages(t, s)
	if len(rows) != 2*len(attacks) {
		t.Fatalf("%d rows, want %d", len(rows), 2*len(attacks))
	}
	for i, r := range rows {
		if want := attacks[i/2]; r.Comment != want {
			t.Errorf("row %d comment %q, want %q", i, r.Comment, want)
		}
	}
	if rows[0].URL != "/a'--" {
		t.Errorf("url %q, want /a'--", rows[0].URL)
	}
}

func TestHandlerChecksContentType(t *testing.T) {
	body := `{"url":"/a","helpful":true}`
	for _, c := range []struct {
		contentType string
		status      int
	}{
		{"application/json", 201},
		{"application/json; charset=utf-8", 201},
		{"text/plain", 415},
		{"application/x-www-form-urlencoded", 415},
		{"multipart/form-data; boundary=x", 415},
		{"", 415},
	} {
		s := newStore(t)
		got := send(feedback.Handler(s, noLimit()), body, func(r *http.Request) { r.Header.Set("Content-Type", c.contentType) })
		if got.status != c.status {
			t.Errorf("Content-Type %q: status %d, want %d (%s)", c.contentType, got.status, c.status, got.body)
		}
		if want := map[bool]int{true: 1, false: 0}[c.status == 201]; len(allPages(t, s)) != want {
			t.Errorf("Content-Type %q: %d rows stored, want %d", c.contentType, len(allPages(t, s)), want)
		}
	}
}

func TestHandlerRefusesBodiesOver16KB(t *testing.T) {
	s := newStore(t)
	h := feedback.Handler(s, noLimit())
	big := `{"url":"/a","helpful":true,"comment":"` + strings.Repeat("a", feedback.MaxBodyBytes) + `"}`
	if got := send(h, big, nil); got.status != 413 {
		t.Errorf("declared length: status %d, want 413", got.status)
	}
	// Without Content-Length (chunked upload) the limit is enforced while reading.
	got := send(h, big, func(r *http.Request) { r.ContentLength = -1 })
	if got.status != 413 {
		t.Errorf("chunked: status %d, want 413 (%s)", got.status, got.body)
	}
	// Just under the limit is fine.
	pad := feedback.MaxBodyBytes - len(`{"url":"/a","helpful":true,"comment":""}`) - 10
	ok := `{"url":"/a","helpful":true,"comment":"` + strings.Repeat("b", 4000) + `"}` + strings.Repeat(" ", pad-4000)
	if got := send(h, ok, nil); got.status != 201 {
		t.Errorf("body of %d bytes: status %d, want 201 (%s)", len(ok), got.status, got.body)
	}
	if n := len(allPages(t, s)); n != 1 {
		t.Errorf("%d rows, want 1", n)
	}
}

func TestHandlerRejectsCrossOriginPosts(t *testing.T) {
	body := `{"url":"/a","helpful":true}`
	opts := noLimit()
	opts.AllowedOrigins = []string{"https://docs.tezos.com"}
	cases := []struct {
		name   string
		header map[string]string
		status int
	}{
		{"no browser headers (curl)", nil, 201},
		{"same origin", map[string]string{"Origin": "http://docs.test"}, 201},
		{"same origin by fetch metadata", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://docs.test"}, 201},
		{"allowed origin", map[string]string{"Origin": "https://docs.tezos.com"}, 201},
		{"other origin", map[string]string{"Origin": "https://evil.example"}, 403},
		{"other port", map[string]string{"Origin": "http://docs.test:8081"}, 403},
		{"null origin", map[string]string{"Origin": "null"}, 403},
		{"cross-site fetch metadata", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"same-site fetch metadata", map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "https://api.docs.test"}, 403},
	}
	for _, c := range cases {
		s := newStore(t)
		got := send(feedback.Handler(s, opts), body, func(r *http.Request) {
			for k, v := range c.header {
				r.Header.Set(k, v)
			}
		})
		if got.status != c.status {
			t.Errorf("%s: status %d, want %d (%s)", c.name, got.status, c.status, got.body)
		}
		if c.status == 403 && len(allPages(t, s)) != 0 {
			t.Errorf("%s: a refused post was stored", c.name)
		}
	}
}

func TestOptionsCheckNamesABadOrigin(t *testing.T) {
	err := feedback.Options{AllowedOrigins: []string{"docs.tezos.com"}}.Check()
	if err == nil || !strings.Contains(err.Error(), "docs.tezos.com") {
		t.Fatalf("Check() = %v, want an error naming the origin", err)
	}
	if err := (feedback.Options{AllowedOrigins: []string{"https://docs.tezos.com/"}}).Check(); err != nil {
		t.Fatalf("a trailing slash should be accepted: %v", err)
	}
}

func TestHandlerHoneypotPretendsAndKeepsNothing(t *testing.T) {
	s := newStore(t)
	h := feedback.Handler(s, noLimit())
	got := send(h, `{"url":"/a","helpful":true,"comment":"buy now","website":"http://spam.example"}`, nil)
	if got.status != 201 || got.fields(t)["ok"] != true {
		t.Fatalf("honeypot post: %d %s, want a 201 that looks normal", got.status, got.body)
	}
	// Even an otherwise invalid bot post looks successful.
	if got := send(h, `{"website":"x","url":"https://spam.example"}`, nil); got.status != 201 {
		t.Fatalf("invalid honeypot post: %d, want 201", got.status)
	}
	if rows := allPages(t, s); len(rows) != 0 {
		t.Fatalf("honeypot posts were stored: %+v", rows)
	}
}

func TestHandlerRateLimitsEachClient(t *testing.T) {
	s := newStore(t)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	opts := feedback.Options{RateLimit: feedback.RateLimit{PerMinute: 6, Burst: 3}, Now: func() time.Time { return now }}
	h := feedback.Handler(s, opts)
	from := func(addr string) func(*http.Request) { return func(r *http.Request) { r.RemoteAddr = addr } }
	body := `{"url":"/a","helpful":true}`
	for i := range 3 {
		if got := send(h, body, from("198.51.100.1:1000")); got.status != 201 {
			t.Fatalf("post %d within the burst: %d", i, got.status)
		}
	}
	got := send(h, body, from("198.51.100.1:2000")) // another port, same client
	if got.status != 429 {
		t.Fatalf("post over the burst: %d, want 429", got.status)
	}
	if m := got.fields(t); m["status"] != 429.0 || m["message"] == "" || len(got.body) > 200 {
		t.Errorf("429 should be a short JSON {message, status: 429}, got %q", got.body)
	}
	if got.header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	if got := send(h, body, from("198.51.100.2:1000")); got.status != 201 {
		t.Fatalf("another client was limited: %d", got.status)
	}
	now = now.Add(10 * time.Second) // 6 a minute: one token back
	if got := send(h, body, from("198.51.100.1:1000")); got.status != 201 {
		t.Fatalf("after refill: %d, want 201", got.status)
	}
	if got := send(h, body, from("198.51.100.1:1000")); got.status != 429 {
		t.Fatalf("second post after one refill: %d, want 429", got.status)
	}
	// One IPv6 subscriber cannot dodge the limit by walking through its /64.
	for i := range 3 {
		send(h, body, from(fmt.Sprintf("[2001:db8:1:2::%x]:1000", i+1)))
	}
	if got := send(h, body, from("[2001:db8:1:2::ffff]:1000")); got.status != 429 {
		t.Fatalf("same /64: %d, want 429", got.status)
	}
	if n := len(allPages(t, s)); n != 3+1+1+3 {
		t.Fatalf("%d rows, want 8", n)
	}
}

func TestHandlerTrustsForwardedForOnlyWhenTold(t *testing.T) {
	body := `{"url":"/a","helpful":true}`
	viaProxy := func(client string) func(*http.Request) {
		return func(r *http.Request) {
			r.RemoteAddr = "10.0.0.1:4000" // the proxy
			r.Header.Set("X-Forwarded-For", "203.0.113.99, "+client)
		}
	}
	for _, trust := range []bool{false, true} {
		h := feedback.Handler(newStore(t), feedback.Options{TrustProxy: trust, RateLimit: feedback.RateLimit{PerMinute: 1, Burst: 1}})
		first := send(h, body, viaProxy("203.0.113.1"))
		second := send(h, body, viaProxy("203.0.113.2"))
		if first.status != 201 {
			t.Fatalf("trust=%v: first post %d", trust, first.status)
		}
		// Trusted: two different clients. Untrusted: both are the proxy.
		want := map[bool]int{true: 201, false: 429}[trust]
		if second.status != want {
			t.Errorf("trust=%v: second client got %d, want %d", trust, second.status, want)
		}
	}
	// The claimed (leftmost) address is ignored: a client cannot pick its own bucket.
	h := feedback.Handler(newStore(t), feedback.Options{TrustProxy: true, RateLimit: feedback.RateLimit{PerMinute: 1, Burst: 1}})
	spoof := func(claim string) func(*http.Request) {
		return func(r *http.Request) {
			r.RemoteAddr = "10.0.0.1:4000"
			r.Header.Set("X-Forwarded-For", claim+", 203.0.113.7")
		}
	}
	send(h, body, spoof("1.1.1.1"))
	if got := send(h, body, spoof("2.2.2.2")); got.status != 429 {
		t.Errorf("spoofed X-Forwarded-For escaped the limit: %d", got.status)
	}
}

func TestHandlerAnswersOnlyPOST(t *testing.T) {
	h := feedback.Handler(newStore(t), noLimit())
	r := httptest.NewRequest(http.MethodGet, "http://docs.test/api/feedback", nil)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 405 || w.Header().Get("Allow") != "POST" {
		t.Fatalf("GET: %d Allow=%q, want 405 Allow=POST", w.Code, w.Header().Get("Allow"))
	}
}

// brokenStore fails every write, like a full disk.
type brokenStore struct{ feedback.Store }

func (brokenStore) AddPage(context.Context, feedback.Page) (int64, error) {
	return 0, errors.New("disk I/O error at /srv/secret/path/tzdocs.db")
}

func TestHandlerHidesStoreFailures(t *testing.T) {
	got := send(feedback.Handler(brokenStore{}, noLimit()), `{"url":"/a","helpful":true}`, nil)
	if got.status != 500 {
		t.Fatalf("status %d, want 500", got.status)
	}
	if strings.Contains(got.body, "secret") || strings.Contains(got.body, "I/O") {
		t.Fatalf("500 leaks internals: %s", got.body)
	}
	if got.fields(t)["ok"] == true {
		t.Fatal("a failed write was acknowledged")
	}
}

func TestVoteThenCommentCountsOneVote(t *testing.T) {
	ctx := context.Background()
	st, err := feedback.Open(ctx, "file:"+filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := feedback.Handler(st, feedback.Options{RateLimit: feedback.RateLimit{Off: true}})
	for _, body := range []string{`{"url":"/a","helpful":false}`, `{"url":"/a","comment":"Out of date."}`} {
		req := httptest.NewRequest(http.MethodPost, "/api/feedback", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusCreated {
			t.Fatalf("%s: %d %s", body, rec.Code, rec.Body)
		}
	}
	stats, err := feedback.PageStats(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	if len(stats) != 1 || stats[0].Votes() != 1 || stats[0].Comments != 1 {
		t.Errorf("stats = %+v, want one vote and one comment", stats)
	}
}
