package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestErrorShape(t *testing.T) {
	w := httptest.NewRecorder()
	w.Header().Set("Content-Length", "99")
	Error(w, http.StatusTeapot, "no coffee")
	var got map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
		t.Fatalf("body %q: %v", w.Body, err)
	}
	if got["message"] != "no coffee" || got["status"] != float64(http.StatusTeapot) || len(got) != 2 {
		t.Errorf("body = %v", got)
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type = %q", ct)
	}
	if w.Header().Get("Content-Length") != "" {
		t.Error("a stale Content-Length was kept")
	}
}

func TestMethodNotAllowedListsHEADAfterGET(t *testing.T) {
	w := httptest.NewRecorder()
	MethodNotAllowed(w, http.MethodGet, http.MethodPost)
	if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "GET, HEAD, POST" {
		t.Errorf("status %d, Allow %q", w.Code, w.Header().Get("Allow"))
	}
}

func TestTooManyRequestsClosesAndRoundsUp(t *testing.T) {
	w := httptest.NewRecorder()
	TooManyRequests(w, 1500*time.Millisecond, "slow down")
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "2" || w.Header().Get("Connection") != "close" {
		t.Errorf("status %d, headers %v", w.Code, w.Header())
	}
}

func TestJSONProblemNamesNoGoType(t *testing.T) {
	var target struct {
		Requests []map[string]json.RawMessage `json:"requests"`
		N        int                          `json:"n"`
		Flag     *bool                        `json:"flag"`
	}
	for body, want := range map[string]string{
		`[1]`:               "the JSON value should be an object, not an array",
		`{"requests":[1]}`:  "field requests should be an object, not a number",
		`{"n":"x"}`:         "field n should be a whole number, not a string",
		`{"flag":{}}`:       "field flag should be true or false, not an object",
		`{"requests":}`:     "not valid JSON at byte 13",
		`{"requests":[{}]`:  "not valid JSON at byte 16: unexpected end",
		`{"requests":"x"} `: "field requests should be an array, not a string",
	} {
		err := json.Unmarshal([]byte(body), &target)
		if err == nil {
			t.Fatalf("%s: no error", body)
		}
		got := JSONProblem(err)
		if !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want it to start with %q", body, got, want)
		}
		for _, goName := range []string{"map[", "json.RawMessage", "struct", "int", "*bool", "Go "} {
			if strings.Contains(got, goName) {
				t.Errorf("%s: %q names a Go type (%s)", body, got, goName)
			}
		}
	}
}

func TestJSONAnswersAreNeverCached(t *testing.T) {
	for name, write := range map[string]func(http.ResponseWriter){
		"JSON":    func(w http.ResponseWriter) { JSON(w, http.StatusCreated, map[string]int{"id": 1}) },
		"RawJSON": func(w http.ResponseWriter) { RawJSON(w, http.StatusCreated, []byte(`{"id":1}`)) },
	} {
		w := httptest.NewRecorder()
		write(w)
		h := w.Header()
		if w.Code != http.StatusCreated || h.Get("Content-Type") != "application/json; charset=utf-8" ||
			h.Get("Cache-Control") != "no-store" || !strings.Contains(w.Body.String(), `{"id":1}`) {
			t.Errorf("%s: %d %v %q", name, w.Code, h, w.Body)
		}
	}
}
