package openai

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestHealth(t *testing.T) {
	up := true
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !up || r.URL.Path != "/v1/models" || r.Header.Get("Authorization") != "Bearer k" {
			http.Error(w, "down", http.StatusBadGateway)
			return
		}
		w.Write([]byte(`{"object":"list","data":[{"id":"qwen3:8b","object":"model"}]}`))
	}))
	defer srv.Close()
	for _, c := range []struct {
		model string
		up    bool
		ok    bool
	}{{"qwen3:8b", true, true}, {"qwen3:8", true, false}, {"qwen3:8b", false, false}} {
		up = c.up
		e, err := New(Config{BaseURL: srv.URL + "/v1/", Model: c.model, APIKey: "k"})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Health(t.Context()); (err == nil) != c.ok {
			t.Errorf("model %q, server up %v: Health() = %v", c.model, c.up, err)
		}
	}
	srv.Close()
	e, _ := New(Config{BaseURL: srv.URL + "/v1", Model: "qwen3:8b"})
	if err := e.Health(t.Context()); err == nil {
		t.Error("Health passed with the model server stopped")
	}
}
