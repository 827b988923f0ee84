package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tzdocs/internal/output"
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

// Every JSON answer of the APIs, success or error, is written by httpapi: the same content type,
// never cached.
func TestAPIAnswersShareTheirHeaders(t *testing.T) {
	s, _ := fullServer(t, nil, 0, nil)
	for _, c := range []struct {
		method, path, body string
		header             map[string]string
		status             int
	}{
		{"POST", "/api/search/1/indexes/*/queries", `{"requests":[{"indexName":"docs","query":"bakers"}]}`, nil, 200},
		{"GET", "/api/search/1/indexes/docs/settings", "", nil, 200},
		{"POST", "/api/search/1/indexes/*/queries", `{"requests":[{"indexName":"docs","colour":"red"}]}`, nil, 400},
		{"POST", "/api/askai/chat/token", "", map[string]string{"x-algolia-assistant-id": output.DefaultAssistantID}, 200},
		{"POST", "/api/askai/chat/token", "", map[string]string{"x-algolia-assistant-id": "another"}, 403},
		{"POST", "/api/askai/chat", `{}`, nil, 401},
		{"POST", "/api/feedback", `{"url":"/architecture","helpful":true}`, map[string]string{"Content-Type": "application/json"}, 201},
		{"POST", "/api/feedback", `{"url":"/architecture","helpful":"yes"}`, map[string]string{"Content-Type": "application/json"}, 400},
		{"POST", "/api/insights/1/events", `{"events":[{"eventType":"view","eventName":"Hits Viewed","index":"docs","userToken":"reader-1","objectIDs":["a"]}]}`, map[string]string{"Content-Type": "application/json"}, 200},
		{"GET", "/api/admin/session", "", nil, 0},
		{"GET", "/readyz", "", nil, 200},
		{"GET", "/api/nothing/here", "", nil, 404},
	} {
		req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
		for k, v := range c.header {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if c.status != 0 && rec.Code != c.status {
			t.Errorf("%s %s: status %d, want %d: %s", c.method, c.path, rec.Code, c.status, rec.Body)
			continue
		}
		h := rec.Header()
		if h.Get("Content-Type") != "application/json; charset=utf-8" || h.Get("Cache-Control") != "no-store" ||
			h.Get("X-Content-Type-Options") != "nosniff" || !json.Valid(rec.Body.Bytes()) {
			t.Errorf("%s %s: %d, Content-Type %q, Cache-Control %q, nosniff %q, body %q", c.method, c.path, rec.Code,
				h.Get("Content-Type"), h.Get("Cache-Control"), h.Get("X-Content-Type-Options"), rec.Body)
		}
	}
}
