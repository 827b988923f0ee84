package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Every API error is {"message", "status"}; a wrong method gets 405 with the route's own Allow.
func TestAPIErrorsHaveOneShape(t *testing.T) {
	s, _ := fullServer(t, nil, 0, nil)
	for _, c := range []struct {
		method, path, body string
		status             int
		allow              string
	}{
		{"GET", "/api/feedback", "", 405, "POST"},
		{"PUT", "/api/feedback", "{}", 405, "POST"},
		{"GET", "/api/insights/1/events", "", 405, "POST, OPTIONS"},
		{"GET", "/api/search/1/indexes/*/queries", "", 405, "POST, OPTIONS"},
		{"POST", "/api/search/1/indexes/docs", "{}", 405, "GET, HEAD, OPTIONS"},
		{"GET", "/api/askai/chat", "", 405, "POST"},
		{"GET", "/api/nothing/here", "", 404, ""},
		{"POST", "/api/askai/nothing", "", 404, ""},
		{"POST", "/api/search/1/indexes/*/queries", `[1]`, 400, ""},
		{"POST", "/api/search/1/indexes/*/queries", `{"requests":[["q"]]}`, 400, ""},
	} {
		req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		var out struct {
			Message string
			Status  int
		}
		err := json.Unmarshal(rec.Body.Bytes(), &out)
		if rec.Code != c.status || err != nil || out.Status != c.status || out.Message == "" ||
			!strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Errorf("%s %s: %d %s %q", c.method, c.path, rec.Code, rec.Header().Get("Content-Type"), rec.Body)
			continue
		}
		if got := rec.Header().Get("Allow"); got != c.allow {
			t.Errorf("%s %s: Allow %q, want %q", c.method, c.path, got, c.allow)
		}
		for _, goName := range []string{"map[", "[]", "json.", "struct", "search."} {
			if strings.Contains(out.Message, goName) {
				t.Errorf("%s %s: message %q names a Go type", c.method, c.path, out.Message)
			}
		}
	}
	// The site's pages keep their own answers.
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/architecture", nil))
	if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST a page: %d, Allow %q", rec.Code, rec.Header().Get("Allow"))
	}
}
