package search

import (
	"net/http"
	"strings"
	"testing"
)

// DocSearch's Ask AI asks the suggested-questions index for the questions it offers, filtered by
// state and assistant id; the site's questions come back in its order, and another assistant's
// filter finds none.
func TestSuggestedQuestionsIndexAnswersAsDocSearchAsks(t *testing.T) {
	srv := newTestServer(t, HandlerOptions{
		IndexName: "tezosdocs",
		Suggested: NewSuggested([]string{"How do I stake tez?", "What is a smart rollup?", "How do bakers earn rewards?"}, "tezos-docs", "site_questions"),
	})
	ask := func(index, filters string, hitsPerPage int) (int, map[string]any) {
		body := `{"requests":[{"indexName":"` + index + `","filters":"` + filters + `","hitsPerPage":` + itoa(hitsPerPage) + `}]}`
		status, _, out := post(t, srv, multiPath, "text/plain", body)
		return status, out
	}
	status, out := ask(SuggestedQuestionsIndex, "state:published AND assistantId:tezos-docs", 2)
	if status != http.StatusOK {
		t.Fatalf("status %d: %v", status, out)
	}
	res := out["results"].([]any)[0].(map[string]any)
	hits := res["hits"].([]any)
	if len(hits) != 2 || res["nbHits"].(float64) != 3 || res["nbPages"].(float64) != 2 {
		t.Fatalf("want the first 2 of 3 questions, got %v", res)
	}
	first := hits[0].(map[string]any)
	if first["question"] != "How do I stake tez?" || first["objectID"] == "" || first["assistantId"] != "tezos-docs" {
		t.Errorf("first hit: %v", first)
	}
	if _, out := ask(SuggestedQuestionsIndex, "state:published AND assistantId:someone-else", 3); len(out["results"].([]any)[0].(map[string]any)["hits"].([]any)) != 0 {
		t.Errorf("another assistant's filter found questions: %v", out)
	}
	if _, out := ask("site_questions", "NOT order:1 AND order < 3", 3); len(out["results"].([]any)[0].(map[string]any)["hits"].([]any)) != 1 {
		t.Errorf("the configured name with a numeric filter: %v", out)
	}
	// A query narrows the questions by their words.
	status, _, out = post(t, srv, multiPath, "text/plain", `{"requests":[{"indexName":"algolia_ask_ai_suggested_questions","query":"ROLLUP"}]}`)
	if hits := out["results"].([]any)[0].(map[string]any)["hits"].([]any); status != 200 || len(hits) != 1 ||
		!strings.Contains(hits[0].(map[string]any)["question"].(string), "rollup") {
		t.Errorf("query: %d %v", status, out)
	}
	// Without suggested questions configured, the index does not exist, as on Algolia.
	bare := newTestServer(t, HandlerOptions{IndexName: "tezosdocs"})
	if status, _, _ := post(t, bare, multiPath, "text/plain", `{"requests":[{"indexName":"algolia_ask_ai_suggested_questions"}]}`); status != http.StatusNotFound {
		t.Errorf("no suggested index: status %d, want 404", status)
	}
}

// Every header DocSearch 4 and 5's Ask AI and the AI SDK send is allowed in a preflight from an
// allowed origin.
func TestPreflightAllowsTheAskAIClientsHeaders(t *testing.T) {
	origins, err := ParseOrigins([]string{"https://docs.example.org"})
	if err != nil {
		t.Fatal(err)
	}
	srv := newTestServer(t, HandlerOptions{Origins: &origins})
	req, _ := http.NewRequest(http.MethodOptions, srv.URL+multiPath, nil)
	req.Header.Set("Origin", "https://docs.example.org")
	req.Header.Set("Access-Control-Request-Method", "POST")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	allowed := strings.Split(resp.Header.Get("Access-Control-Allow-Headers"), ", ")
	for _, h := range []string{"x-ai-sdk-version", "x-algolia-index-name", "x-algolia-assistant-id", "x-algolia-api-key",
		"x-algolia-application-id", "x-algolia-secure-user-token", "authorization", "content-type"} {
		found := false
		for _, a := range allowed {
			found = found || strings.EqualFold(a, h)
		}
		if !found {
			t.Errorf("preflight does not allow %s: %q", h, allowed)
		}
	}
}
