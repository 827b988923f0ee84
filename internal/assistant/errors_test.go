package assistant

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
)

// Every error of the Ask AI API outside a stream is the API error shape, and names no Go type.
func TestErrorsAreJSON(t *testing.T) {
	s := newTestServer(t, nil)
	tok := s.token(t)
	for _, c := range []struct {
		name, method, path, token, body string
		status                          int
		allow                           string
	}{
		{"no token", "POST", "chat", "", chatBody("stake"), 401, ""},
		{"bad token", "POST", "chat", "x.y", chatBody("stake"), 401, ""},
		{"wrong method", "GET", "chat", tok, "", 405, "POST"},
		{"wrong method on health", "POST", "chat/health", tok, "", 405, "GET, HEAD"},
		{"unknown path", "POST", "nothing/here", tok, "", 404, ""},
		{"messages of the wrong type", "POST", "chat", tok, `{"messages":"hi"}`, 400, ""},
		{"part of the wrong type", "POST", "chat", tok, `{"messages":[{"role":"user","parts":[1]}]}`, 400, ""},
		{"not JSON", "POST", "chat", tok, `{"messages":`, 400, ""},
		{"trailing garbage", "POST", "chat", tok, chatBody("stake") + "]", 400, ""},
		{"feedback of the wrong type", "POST", "chat/feedback", tok, `{"messageId":5,"thumbs":1}`, 400, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest(c.method, s.URL+"/api/askai/"+c.path, strings.NewReader(c.body))
			if c.token != "" {
				req.Header.Set("Authorization", "TOKEN "+c.token)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body bytes.Buffer
			_, _ = body.ReadFrom(resp.Body)
			if resp.StatusCode != c.status {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, c.status, body.String())
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q: %s", ct, body.String())
			}
			msg := apiErrorMessage(body.String(), c.status)
			if msg == "" {
				t.Errorf("not the API error shape: %s", body.String())
			}
			for _, goName := range []string{"assistant.", "[]", "map[", "json.", "struct"} {
				if strings.Contains(msg, goName) {
					t.Errorf("message %q names a Go type (%s)", msg, goName)
				}
			}
			if got := resp.Header.Get("Allow"); got != c.allow {
				t.Errorf("Allow %q, want %q", got, c.allow)
			}
		})
	}
}
