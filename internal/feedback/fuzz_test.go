package feedback_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"tzdocs/internal/feedback"
)

// memStore keeps page posts in memory, for fuzzing the handler without a database.
type memStore struct {
	feedback.Store
	mu     sync.Mutex
	pages  []feedback.Page
	lastID int64
}

func (m *memStore) AddPage(_ context.Context, p feedback.Page) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.pages = append(m.pages, p)
	m.lastID++
	return m.lastID, nil
}

func (m *memStore) ReservePageID(context.Context) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.lastID++
	return m.lastID, nil
}

func hasControlText(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\r' && r != '\t' }) >= 0
}

func FuzzFeedbackRequest(f *testing.F) {
	for _, seed := range []string{
		`{"url":"/a","helpful":true}`,
		`{"url":"/a","helpful":false,"comment":"Step 3 fails."}`,
		`{"category":"missing-topic","comment":"Explain DAL.","email":"reader@example.org"}`,
		`{"url":"/a","helpful":true,"website":"http://spam.example"}`,
		`{"url":"/a","helpful":"yes"}`,
		`{"url":"/a","helpful":true,"comment":"a\u0000b"}`,
		`{"url":"/a","helpful":true}{}`,
		`[1,2]`,
		`{"url":"/a","helpful":true,"comment":"🎉🎉"}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		s := &memStore{}
		got := send(feedback.Handler(s, noLimit()), body, nil)
		var m map[string]any
		if err := json.Unmarshal([]byte(got.body), &m); err != nil {
			t.Fatalf("%d answer is not JSON: %q", got.status, got.body)
		}
		switch got.status {
		case http.StatusCreated:
			if id, _ := m["id"].(float64); m["ok"] != true || id < 1 {
				t.Fatalf("201 answer %s", got.body)
			}
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
			msg, _ := m["message"].(string)
			if msg == "" || exposesGo(msg) {
				t.Fatalf("%d message %q is empty or names Go types", got.status, msg)
			}
		default:
			t.Fatalf("status %d for %q", got.status, body)
		}
		for _, p := range s.pages {
			if n := utf8.RuneCountInString(p.Comment); n > feedback.MaxCommentChars || hasControlText(p.Comment) ||
				hasControlText(p.URL) || hasControlText(p.Email) || !utf8.ValidString(p.Comment) {
				t.Fatalf("stored a row the limits forbid: %+v", p)
			}
		}
	})
}

func FuzzInsightsRequest(f *testing.F) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, seed := range []string{
		`{"events":[{"eventType":"click","eventName":"Item Selected","index":"docs","userToken":"u1","queryID":"q1","objectIDs":["a1"],"positions":[1]}]}`,
		`{"events":[{"eventType":"view","eventName":"Seen","index":"docs","objectIDs":["a","b"],"timestamp":1777636800000}]}`,
		`{"events":[{"eventType":"view","eventName":"x\u0000","index":"docs","objectIDs":["a"]}]}`,
		`{"events":[{"eventType":"view","eventName":"x","index":"docs","objectIDs":["a"],"timestamp":"soon"}]}`,
		`{"events":[]} trailing`,
		`{"events":[null]}`,
		`{"events":{}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		events, err := feedback.DecodeEvents(body, now)
		if err != nil {
			var ee *feedback.EventsError
			if !errors.As(err, &ee) || (ee.Status != http.StatusBadRequest && ee.Status != http.StatusUnprocessableEntity) {
				t.Fatalf("error %v is not a 400 or 422", err)
			}
			if ee.Message == "" || exposesGo(ee.Message) {
				t.Fatalf("message %q is empty or names Go types", ee.Message)
			}
			if events != nil {
				t.Fatal("events returned with an error")
			}
			return
		}
		if len(events) == 0 || len(events) > feedback.MaxInsightsEvents {
			t.Fatalf("%d events accepted", len(events))
		}
		for _, e := range events {
			if e.At.Before(now.Add(-feedback.MaxEventAge)) || e.At.After(now.Add(feedback.MaxEventAhead)) {
				t.Fatalf("event time %v is outside the window", e.At)
			}
			texts := append([]string{e.Type, e.Name, e.Index, e.UserToken, e.QueryID}, e.ObjectIDs...)
			for _, s := range texts {
				if strings.IndexFunc(s, unicode.IsControl) >= 0 || !utf8.ValidString(s) {
					t.Fatalf("accepted text %q", s)
				}
			}
			if len(e.ObjectIDs) == 0 {
				t.Fatal("event without object ids accepted")
			}
		}
	})
}
