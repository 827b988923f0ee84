package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tzdocs/internal/assistant"
)

// syncBuffer is a log the handler's goroutines write while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// askEngine asks eng one question through the real assistant handler and returns the SSE body
// and what the handler logged.
func askEngine(t *testing.T, eng assistant.Engine) (body, logged string) {
	t.Helper()
	c := testCorpus(t)
	var log syncBuffer
	n := 0
	h := assistant.Handler(assistant.Options{AssistantID: "a", Secret: []byte("0123456789abcdef0123"), Engine: eng,
		Corpus: func() *assistant.Corpus { return c }, NewID: func() string { n++; return fmt.Sprintf("id-%d", n) },
		Logger: slog.New(slog.NewTextHandler(&log, nil))})
	srv := httptest.NewServer(h)
	defer srv.Close()
	tokReq, _ := http.NewRequest("POST", srv.URL+"/chat/token", nil)
	tokReq.Header.Set("x-algolia-assistant-id", "a")
	resp, err := http.DefaultClient.Do(tokReq)
	if err != nil {
		t.Fatal(err)
	}
	var tok struct{ Token string }
	json.NewDecoder(resp.Body).Decode(&tok)
	resp.Body.Close()
	q := `{"id":"c","trigger":"submit-message","messages":[{"id":"u1","role":"user","parts":[{"type":"text","text":"How do I stake tez?"}]}]}`
	req, _ := http.NewRequest("POST", srv.URL+"/chat", strings.NewReader(q))
	req.Header.Set("Authorization", "TOKEN "+tok.Token)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b), log.String()
}

// modelServer serves h as a model server's chat completions endpoint and returns an engine on it.
func modelServer(t *testing.T, cfg Config, h http.HandlerFunc) *Engine {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	cfg.BaseURL, cfg.Model = srv.URL+"/v1", "test-model"
	eng, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.CloseIdleConnections)
	return eng
}

func TestAReplySentWholeIsAnAnswer(t *testing.T) {
	rounds := 0
	eng := modelServer(t, Config{}, func(w http.ResponseWriter, r *http.Request) {
		rounds++
		w.Header().Set("Content-Type", "application/json")
		if rounds == 1 {
			fmt.Fprint(w, `{"choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"searchIndex","arguments":"{\"query\":\"stake\"}"}}]}}]}`)
			return
		}
		fmt.Fprint(w, `{"choices":[{"message":{"role":"assistant","content":"<think>plan</think>Stake with octez-client stake."}}]}`)
	})
	body, _ := askEngine(t, eng)
	for _, want := range []string{`"type":"tool-input-available"`, `"query":"stake"`, `"type":"reasoning-delta","id":"id-`, `"delta":"Stake with octez-client stake."`} {
		if !strings.Contains(body, want) {
			t.Errorf("the stream lacks %s:\n%s", want, body)
		}
	}
	if strings.Contains(body, `"type":"error"`) || rounds != 2 {
		t.Errorf("rounds %d, stream:\n%s", rounds, body)
	}
}

func TestRepliesThatAreNotAnswersAreErrorsNamingWhatCame(t *testing.T) {
	tests := []struct {
		name    string
		cfg     Config
		handler http.HandlerFunc
		shown   string // the reader's message
		logged  string // what the maintainers read
	}{
		{"an HTML page with 200", Config{}, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<!doctype html><title>Sign in</title>")
		}, "sent an unreadable reply", "text/html"},
		{"an HTML 502 from a proxy", Config{}, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprint(w, "<html><body>Bad gateway</body></html>")
		}, "failed to answer", "502 Bad Gateway (text/html)"},
		{"an empty stream", Config{}, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
		}, "sent an empty reply", "no stream events"},
		{"headers that never come", Config{HTTPClient: &http.Client{Transport: &http.Transport{ResponseHeaderTimeout: 50 * time.Millisecond}}},
			func(w http.ResponseWriter, r *http.Request) { io.Copy(io.Discard, r.Body); <-r.Context().Done() },
			"took too long to start answering", "no response headers in time"},
		{"a stream that stalls", Config{StreamIdle: 50 * time.Millisecond}, func(w http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body) // so the server sees the client go away
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprintf(w, "data: %s\n\n", delta(`{"reasoning_content":"thinking"}`))
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		}, "stopped in the middle", "sent nothing for 50ms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, logged := askEngine(t, modelServer(t, tt.cfg, tt.handler))
			if !strings.Contains(body, `"type":"error","errorText":"The answer engine `+tt.shown) {
				t.Errorf("the reader's error is not %q:\n%s", tt.shown, body)
			}
			if !strings.Contains(logged, tt.logged) {
				t.Errorf("the log does not say %q:\n%s", tt.logged, logged)
			}
		})
	}
}

func TestAServerThatIsDownCannotBeReached(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	eng, err := New(Config{BaseURL: "http://" + addr + "/v1", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	body, logged := askEngine(t, eng)
	if !strings.Contains(body, "The answer engine cannot be reached right now") || !strings.Contains(logged, "connecting to http://"+addr) {
		t.Errorf("stream:\n%s\nlog:\n%s", body, logged)
	}
}

func TestTheExtractiveEngineAnswersWhenTheModelCannot(t *testing.T) {
	down := modelServer(t, Config{}, func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "<html>502</html>", http.StatusBadGateway)
	})
	body, logged := askEngine(t, assistant.WithFallback(down, assistant.NewExtractive(), slog.New(slog.NewTextHandler(io.Discard, nil))))
	note, _ := json.Marshal(assistant.FallbackNote)
	if !strings.Contains(body, `"delta":`+string(note)) || strings.Contains(body, `"type":"error"`) {
		t.Fatalf("no fallback answer:\n%s", body)
	}
	// The quoted answer follows the note: some text of the docs, with its sources.
	if strings.Count(body, `"type":"text-delta"`) < 2 || !strings.Contains(body, `"type":"source-url"`) && !strings.Contains(body, "](/") {
		t.Errorf("the fallback answered nothing after the note:\n%s", body)
	}
	if logged != "" && strings.Contains(logged, "level=ERROR") {
		t.Errorf("a fallback answer was logged as an error:\n%s", logged)
	}

	// Once the model has shown text, a failure stays a failure: no second answer after it.
	midway := modelServer(t, Config{}, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: %s\n\ndata: {\"error\":{\"message\":\"GPU lost\"}}\n\n", delta(`{"content":"Stake by"}`))
	})
	body, _ = askEngine(t, assistant.WithFallback(midway, assistant.NewExtractive(), nil))
	if strings.Contains(body, string(note[1:len(note)-1])) || !strings.Contains(body, `"type":"error"`) {
		t.Errorf("a failure after text fell back:\n%s", body)
	}
}

func TestHealthProbesTheModelListAndCachesIt(t *testing.T) {
	var probes atomic.Int32
	var models atomic.Value
	models.Store(`{"object":"list","data":[{"id":"other"},{"id":"test-model"}]}`)
	eng := modelServer(t, Config{}, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/models" {
			http.NotFound(w, r)
			return
		}
		probes.Add(1)
		fmt.Fprint(w, models.Load())
	})
	if err := eng.Health(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := eng.Health(context.Background()); err != nil || probes.Load() != 1 {
		t.Fatalf("second check: %v after %d probes, want the cached answer", err, probes.Load())
	}
	models.Store(`{"data":[{"id":"other"}]}`)
	eng.health.at = time.Time{} // as if 30 s had passed
	if err := eng.Health(context.Background()); err == nil || !strings.Contains(err.Error(), `does not list the model "test-model"`) {
		t.Errorf("a model the server does not have: %v", err)
	}

	// And the handler reports it, answers still going on with the fallback.
	srv := httptest.NewServer(assistant.Handler(assistant.Options{AssistantID: "a", Secret: []byte("0123456789abcdef0123"),
		Engine: assistant.WithFallback(eng, assistant.NewExtractive(), nil), Corpus: func() *assistant.Corpus { return testCorpus(t) }}))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/chat/health")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var h map[string]string
	json.NewDecoder(resp.Body).Decode(&h)
	if resp.StatusCode != http.StatusOK || h["status"] != "degraded" || h["model"] != "unavailable" || h["fallback"] != "extractive" || h["engine"] != "openai" {
		t.Errorf("health: %d %v", resp.StatusCode, h)
	}
}
