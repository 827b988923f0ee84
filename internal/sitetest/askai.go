package sitetest

import (
	"encoding/json"
	"net/http"
	"testing"

	"tzdocs/internal/output"
)

// AskAIToken fetches an Ask AI token from the server at base (http://host:port), for the
// assistant id a site gets when its config names none (output.DefaultAssistantID).
func AskAIToken(t testing.TB, base string) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/api/askai/chat/token", nil)
	req.Header.Set("x-algolia-assistant-id", output.DefaultAssistantID)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var tok struct{ Token string }
	if err := json.NewDecoder(res.Body).Decode(&tok); err != nil || tok.Token == "" {
		t.Fatalf("token: %d %v", res.StatusCode, err)
	}
	return tok.Token
}
