package assistant

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// postKey posts body to the handler's path with DocSearch 5's headers (an empty appID or key
// leaves that header out).
func (s *testServer) postKey(t *testing.T, path, appID, key, body string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", s.URL+"/api/askai/"+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if appID != "" {
		req.Header.Set("x-algolia-application-id", appID)
	}
	if key != "" {
		req.Header.Set("x-algolia-api-key", key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// DocSearch 5 asks through Agent Studio's completions endpoint with its application id and API
// key, and votes through its feedback endpoint: both reach the same engine and store as a token.
func TestAgentStudioCompletionsAnswerAndTakeVotes(t *testing.T) {
	s := newTestServer(t, nil)
	completions := "agent-studio/1/agents/" + testAssistant + "/completions?stream=true&compatibilityMode=ai-sdk-5"
	// DocSearch 5's body: no trigger, an "algolia" object of search parameters.
	body := `{"id":"conv-1","messages":[{"id":"u1","role":"user","parts":[{"type":"text","text":"How do I stake tez?"}]}],"algolia":{"searchParameters":{}}}`
	resp, stream := s.postKey(t, completions, "tzdocs", "public", body)
	if resp.StatusCode != 200 || resp.Header.Get("X-Vercel-AI-UI-Message-Stream") != "v1" {
		t.Fatalf("completions: %d %s", resp.StatusCode, stream)
	}
	cs := chunks(t, stream)
	if !strings.Contains(stream, "Staking locks tez") || cs[len(cs)-1]["type"] != "finish" {
		t.Fatalf("the answer did not stream to its end: %s", types(cs))
	}
	msgID := cs[0]["messageId"].(string)
	fb := `{"messageId":"` + msgID + `","agentId":"` + testAssistant + `","vote":1}`
	if resp, out := s.postKey(t, "agent-studio/1/feedback", "tzdocs", "public", fb); resp.StatusCode != 200 {
		t.Fatalf("feedback: %d %s", resp.StatusCode, out)
	}
	if len(s.store.answers) != 1 || s.store.answers[0].Thumbs != 1 || s.store.answers[0].Question != "How do I stake tez?" {
		t.Fatalf("stored %+v", s.store.answers)
	}
	for name, c := range map[string]struct {
		path, appID, key, body string
		status                 int
	}{
		"no API key":         {completions, "tzdocs", "", body, 401},
		"no application id":  {completions, "", "public", body, 401},
		"another agent":      {"agent-studio/1/agents/other/completions", "tzdocs", "public", body, 404},
		"a vote of 2":        {"agent-studio/1/feedback", "tzdocs", "public", `{"messageId":"` + msgID + `","agentId":"` + testAssistant + `","vote":2}`, 400},
		"a vote for another": {"agent-studio/1/feedback", "tzdocs", "public", `{"messageId":"` + msgID + `","agentId":"x","vote":1}`, 404},
		"a vote without key": {"agent-studio/1/feedback", "tzdocs", "", fb, 401},
	} {
		if resp, out := s.postKey(t, c.path, c.appID, c.key, c.body); resp.StatusCode != c.status {
			t.Errorf("%s: %d %s, want %d", name, resp.StatusCode, out, c.status)
		}
	}
}

// A client without a token gets the budget of one token, by its address: it cannot ask more
// questions than a client that fetched a token.
func TestAgentStudioIsRateLimitedLikeAToken(t *testing.T) {
	s := newTestServer(t, nil)
	completions := "agent-studio/1/agents/" + testAssistant + "/completions"
	tokenAllowed := 0
	tok := s.token(t)
	for range 100 {
		resp, _ := s.post(t, "chat", tok, chatBody("stake"))
		if resp.StatusCode != 200 {
			break
		}
		tokenAllowed++
	}
	s.clock.Advance(time.Hour)
	keyAllowed := 0
	for range 100 {
		resp, _ := s.postKey(t, completions, "tzdocs", "public", chatBody("stake"))
		if resp.StatusCode != 200 {
			if resp.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("status %d, want 429 past the limit", resp.StatusCode)
			}
			break
		}
		keyAllowed++
	}
	if tokenAllowed == 100 || keyAllowed != tokenAllowed {
		t.Errorf("a token allowed %d questions in a row, the API key %d; want the same, limited", tokenAllowed, keyAllowed)
	}
}
