package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/feedback"
)

// newInsightsServer serves a small site with a fresh SQLite store; close flushes the recorder.
func newInsightsServer(t *testing.T, noLimits bool) (s *Server, st feedback.Store, close func()) {
	t.Helper()
	st, err := feedback.Open(context.Background(), "file:"+filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s, err = New(Options{Dir: writeBuiltSite(t), Feedback: st, NoRateLimits: noLimits})
	if err != nil {
		t.Fatal(err)
	}
	return s, st, func() {
		if err := s.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

func storedEvents(t *testing.T, st feedback.Store) []feedback.Event {
	t.Helper()
	var out []feedback.Event
	if err := st.Events(context.Background(), time.Time{}, func(e feedback.Event) error { out = append(out, e); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

func viewEvents(n int, name string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf(`{"eventType":"view","eventName":%q,"index":"i","userToken":"u1","objectIDs":["a"]}`, name)
	}
	return `{"events":[` + strings.Join(parts, ",") + `]}`
}

// readSpy tells whether a handler read the request body.
type readSpy struct {
	*strings.Reader
	read bool
}

func (b *readSpy) Read(p []byte) (int, error) { b.read = true; return b.Reader.Read(p) }

func checkJSONError(t *testing.T, rec *httptest.ResponseRecorder, status int) {
	t.Helper()
	var e struct {
		Message string `json:"message"`
		Status  int    `json:"status"`
	}
	if rec.Code != status || json.Unmarshal(rec.Body.Bytes(), &e) != nil || e.Status != status || e.Message == "" {
		t.Fatalf("got %d %q, want %d with JSON {message, status: %d}", rec.Code, rec.Body, status, status)
	}
}

func TestInsightsLimitRequestsPerClientBeforeReadingTheBody(t *testing.T) {
	for _, noLimits := range []bool{false, true} {
		s, _, closeServer := newInsightsServer(t, noLimits)
		limited := 0
		for i := range 60 {
			body := &readSpy{Reader: strings.NewReader(viewEvents(1, "v"))}
			req := httptest.NewRequest(http.MethodPost, "/api/insights/1/events", body)
			req.RemoteAddr = "192.0.2.7:1234"
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if rec.Code == http.StatusTooManyRequests {
				limited++
				checkJSONError(t, rec, http.StatusTooManyRequests)
				if body.read {
					t.Fatalf("request %d: the 429 was decided after reading the body", i)
				}
				if rec.Header().Get("Retry-After") == "" {
					t.Error("429 without Retry-After")
				}
			} else if rec.Code != http.StatusOK {
				t.Fatalf("request %d: %d %s", i, rec.Code, rec.Body)
			}
		}
		// 60 requests in well under a second: the burst of 50 passes, the rest are refused.
		if noLimits && limited != 0 || !noLimits && (limited < 5 || limited > 10) {
			t.Errorf("NoRateLimits=%v: %d of 60 requests limited", noLimits, limited)
		}
		// Another client is not held back by the first.
		other := httptest.NewRequest(http.MethodPost, "/api/insights/1/events", strings.NewReader(viewEvents(1, "v")))
		other.RemoteAddr = "198.51.100.9:1"
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, other)
		if rec.Code != http.StatusOK {
			t.Errorf("another client: %d %s", rec.Code, rec.Body)
		}
		closeServer()
	}
}

func TestInsightsLimitEventsPerClientPerDay(t *testing.T) {
	s, st, closeServer := newInsightsServer(t, false)
	accepted := 0
	var last *httptest.ResponseRecorder
	for range 21 { // 21 × 500 = 10,500 events
		last = post(t, s, "/api/insights/1/events", "text/plain", viewEvents(500, "v"))
		if last.Code == http.StatusOK {
			accepted += 500
		}
	}
	checkJSONError(t, last, http.StatusTooManyRequests)
	if accepted != 10000 {
		t.Fatalf("%d events accepted from one client in a day, want 10000", accepted)
	}
	closeServer()
	if n := len(storedEvents(t, st)); n != accepted {
		t.Fatalf("%d events stored, %d acknowledged", n, accepted)
	}
}

func TestInsightsBatchWithOneBadEventIsRefusedWhole(t *testing.T) {
	s, st, closeServer := newInsightsServer(t, false)
	good := `{"eventType":"click","eventName":"Item Selected","index":"docs","userToken":"u1","queryID":"3e48cd0616e466948dd85abf5c3fbbe2","objectIDs":["a"],"positions":[1]}`
	now := time.Now()
	bad := []struct{ name, event, want string }{
		{"NUL byte", `{"eventType":"view","eventName":"x\u0000y","index":"docs","userToken":"u1","objectIDs":["a"]}`, "eventName must be 1 to 64 visible ASCII characters"},
		{"ESC in an object id", `{"eventType":"view","eventName":"x","index":"docs","userToken":"u1","objectIDs":["\u001b[31m"]}`, "objectIDs[0] contains control characters"},
		{"5 days old", fmt.Sprintf(`{"eventType":"view","eventName":"x","index":"docs","userToken":"u1","objectIDs":["a"],"timestamp":%d}`, now.Add(-5*24*time.Hour).UnixMilli()), "more than 4 days in the past"},
		{"2 hours ahead", fmt.Sprintf(`{"eventType":"view","eventName":"x","index":"docs","userToken":"u1","objectIDs":["a"],"timestamp":%d}`, now.Add(2*time.Hour).UnixMilli()), "more than 1 hour in the future"},
		{"out of range", `{"eventType":"view","eventName":"x","index":"docs","userToken":"u1","objectIDs":["a"],"timestamp":99999999999999999}`, "timestamp"},
		{"wrong type", `{"eventType":"view","eventName":"x","index":"docs","userToken":"u1","objectIDs":["a"],"timestamp":"soon"}`, "timestamp must be an integer"},
	}
	for _, b := range bad {
		events := make([]string, 31)
		for i := range events {
			events[i] = good
		}
		events[17] = b.event
		rec := post(t, s, "/api/insights/1/events", "text/plain", `{"events":[`+strings.Join(events, ",")+`]}`)
		checkJSONError(t, rec, http.StatusUnprocessableEntity)
		if msg := rec.Body.String(); !strings.Contains(msg, "events[17]: ") || !strings.Contains(msg, b.want) {
			t.Errorf("%s: message %s does not name events[17] and say %q", b.name, rec.Body, b.want)
		}
		if strings.Contains(rec.Body.String(), "Go ") || strings.Contains(rec.Body.String(), "int64") {
			t.Errorf("%s: message exposes Go types: %s", b.name, rec.Body)
		}
	}
	ok := post(t, s, "/api/insights/1/events", "text/plain", fmt.Sprintf(`{"events":[%s,{"eventType":"view","eventName":"x","index":"docs","userToken":"u1","objectIDs":["b"],"timestamp":%d}]}`,
		good, now.Add(-3*24*time.Hour).UnixMilli()))
	if ok.Code != http.StatusOK {
		t.Fatalf("valid batch: %d %s", ok.Code, ok.Body)
	}
	trailing := post(t, s, "/api/insights/1/events", "text/plain", `{"events":[`+good+`]} {"events":[`+good+`]}`)
	checkJSONError(t, trailing, http.StatusBadRequest)
	closeServer()
	if got := storedEvents(t, st); len(got) != 2 {
		t.Fatalf("%d events stored, want the 2 of the one valid batch", len(got))
	}
}
