package openai

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"tzdocs/internal/assistant"
	"tzdocs/internal/sitebuild/buildtest"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts")

// fakeServer is an OpenAI-compatible chat completions server that plays scripted rounds: each
// round is a list of SSE data payloads. It records the requests it gets.
type fakeServer struct {
	*httptest.Server
	mu       sync.Mutex
	rounds   [][]string
	requests []map[string]any
	// hold, when set, makes the server stop after the first event of a round and wait for the
	// client to go away; holding is closed when it starts waiting, gone when the client left.
	hold    bool
	holding chan struct{}
	gone    chan struct{}
}

func newFake(t *testing.T, rounds ...[]string) *fakeServer {
	f := &fakeServer{rounds: rounds, holding: make(chan struct{}), gone: make(chan struct{})}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeServer) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer test-key" {
		http.Error(w, "wrong path or key", http.StatusNotFound)
		return
	}
	var body map[string]any
	json.NewDecoder(r.Body).Decode(&body)
	f.mu.Lock()
	n := len(f.requests)
	f.requests = append(f.requests, body)
	f.mu.Unlock()
	if n >= len(f.rounds) {
		http.Error(w, `{"error":{"message":"no more scripted rounds"}}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	for i, ev := range f.rounds[n] {
		if ev == "!drop" { // cut the connection in the middle of the stream
			panic(http.ErrAbortHandler)
		}
		fmt.Fprintf(w, "data: %s\n\n", ev)
		w.(http.Flusher).Flush()
		if f.hold && i == 0 {
			close(f.holding)
			<-r.Context().Done()
			close(f.gone)
			return
		}
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

func delta(d string) string {
	return `{"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":` + d + `,"finish_reason":null}]}`
}

// testCorpus is the answer corpus the build makes of the assistant's test site, whose answers
// the golden transcripts in ../testdata hold.
func testCorpus(t *testing.T) *assistant.Corpus {
	site, err := os.ReadFile(filepath.Join("..", "testdata", "site.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	return assistant.NewCorpus(buildtest.Answers(t, string(site)))
}

// ask runs the engine behind the real assistant handler and returns the SSE body.
func ask(t *testing.T, f *fakeServer, ctx context.Context) (string, error) {
	t.Helper()
	eng, err := New(Config{BaseURL: f.URL + "/v1", Model: "test-model", APIKey: "test-key"})
	if err != nil {
		t.Fatal(err)
	}
	c := testCorpus(t)
	n := 0
	h := assistant.Handler(assistant.Options{AssistantID: "a", Secret: []byte("0123456789abcdef0123"), Engine: eng,
		Corpus: func() *assistant.Corpus { return c }, NewID: func() string { n++; return fmt.Sprintf("id-%d", n) }})
	srv := httptest.NewServer(h)
	defer eng.CloseIdleConnections()
	defer srv.Close() // waits for the handler to return
	tokReq, _ := http.NewRequest("POST", srv.URL+"/chat/token", nil)
	tokReq.Header.Set("x-algolia-assistant-id", "a")
	resp, err := http.DefaultClient.Do(tokReq)
	if err != nil {
		t.Fatal(err)
	}
	var tok struct{ Token string }
	json.NewDecoder(resp.Body).Decode(&tok)
	resp.Body.Close()
	body := `{"id":"c","trigger":"submit-message","messages":[{"id":"u1","role":"user","parts":[{"type":"text","text":"How do I stake?"}]},` +
		`{"id":"a1","role":"assistant","parts":[{"type":"text","text":"Earlier answer."}]},{"id":"u2","role":"user","parts":[{"type":"text","text":"How do I stake tez?"}]}]}`
	req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/chat", strings.NewReader(body))
	req.Header.Set("Authorization", "TOKEN "+tok.Token)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("..", "testdata", name)
	if *update {
		os.WriteFile(path, []byte(got), 0o644)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestToolLoopStreamsReasoningSearchesAndText(t *testing.T) {
	f := newFake(t,
		[]string{ // round 1: reasoning, then two tool calls with arguments split over chunks
			delta(`{"role":"assistant","reasoning_content":"The reader wants "}`),
			delta(`{"reasoning_content":"to stake."}`),
			delta(`{"tool_calls":[{"index":0,"id":"call_0","type":"function","function":{"name":"searchIndex","arguments":""}}]}`),
			delta(`{"tool_calls":[{"index":0,"function":{"arguments":"{\"que"}}]}`),
			delta(`{"tool_calls":[{"index":0,"function":{"arguments":"ry\": \"  stake tez \"}"}}]}`),
			delta(`{"tool_calls":[{"index":1,"id":"call_1","type":"function","function":{"name":"searchIndex","arguments":"{\"query\":\"   \"}"}}]}`),
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
		},
		[]string{ // round 2: Ollama-style reasoning field, then the answer in pieces
			delta(`{"reasoning":"Found it."}`),
			delta(`{"content":"Stake with "}`),
			delta(`{"content":"[Staking](/using/staking#staking)."}`),
			`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
		},
	)
	body, err := ask(t, f, context.Background())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "openai-tool-loop.txt", body)
	for _, want := range []string{
		`"type":"reasoning-delta","id":"id-2","delta":"The reader wants "`,
		`"inputTextDelta":"{\"que"`,
		`"type":"tool-input-available","toolCallId":"id-3","toolName":"searchIndex","input":{"query":"stake tez"}`,
		`"output":{"query":"","hits":[]}`,
		`"delta":"[Staking](/using/staking#staking)."`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("stream lacks %s", want)
		}
	}
	if len(f.requests) != 2 {
		t.Fatalf("%d rounds, want 2", len(f.requests))
	}
	first, second := f.requests[0], f.requests[1]
	if first["stream"] != true || first["model"] != "test-model" || first["tools"] == nil {
		t.Errorf("first request %v", first)
	}
	msgs := first["messages"].([]any)
	if len(msgs) != 5 || !strings.Contains(msgs[0].(map[string]any)["content"].(string), "searchIndex") {
		t.Errorf("first request messages %v", msgs)
	}
	if ctx := msgs[3].(map[string]any)["content"].(string); !strings.HasPrefix(ctx, contextText) || !strings.Contains(ctx, "(/using/staking#") {
		t.Errorf("the model is not given the passages that answer the question: %q", ctx)
	}
	msgs2 := second["messages"].([]any)
	tool := msgs2[len(msgs2)-2].(map[string]any)
	if tool["role"] != "tool" || tool["tool_call_id"] != "call_0" || !strings.Contains(tool["content"].(string), "/using/staking#staking") {
		t.Errorf("tool result %v", tool)
	}
	if empty := msgs2[len(msgs2)-1].(map[string]any); !strings.Contains(empty["content"].(string), "empty query") {
		t.Errorf("empty query result %v", empty)
	}
}

func TestLastRoundHasNoTools(t *testing.T) {
	call := delta(`{"tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":"searchIndex","arguments":"{\"query\":\"stake\"}"}}]}`)
	var rounds [][]string
	for range 4 {
		rounds = append(rounds, []string{call})
	}
	rounds = append(rounds, []string{delta(`{"content":"Done."}`)})
	f := newFake(t, rounds...)
	body, err := ask(t, f, context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(f.requests) != 5 || f.requests[4]["tools"] != nil || f.requests[3]["tools"] == nil {
		t.Errorf("%d rounds; tools in the last: %v", len(f.requests), f.requests[len(f.requests)-1]["tools"])
	}
	if !strings.Contains(body, `"delta":"Done."`) || !strings.HasSuffix(body, "data: [DONE]\n\n") {
		t.Errorf("stream:\n%s", body)
	}
}

func TestServerErrorsBecomeStreamErrors(t *testing.T) {
	for name, rounds := range map[string][][]string{
		"error event mid-stream": {{delta(`{"content":"Stak"}`), `{"error":{"message":"out of memory on the GPU"}}`}},
		"connection cut":         {{delta(`{"content":"Stak"}`), "!drop"}},
		"HTTP 500":               {},
	} {
		t.Run(name, func(t *testing.T) {
			f := newFake(t, rounds...)
			body, err := ask(t, f, context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(body, `{"type":"error","errorText":"The answer engine`) || !strings.HasSuffix(body, "data: [DONE]\n\n") {
				t.Errorf("stream:\n%s", body)
			}
			if strings.Contains(body, "GPU") || strings.Contains(body, "scripted") {
				t.Error("the server's error text leaked to the reader")
			}
			if name == "error event mid-stream" {
				golden(t, "openai-error.txt", body)
			}
		})
	}
}

func TestDisconnectCancelsTheModelRequest(t *testing.T) {
	before := runtime.NumGoroutine()
	f := newFake(t, []string{delta(`{"content":"Stake"}`), delta(`{"content":" more"}`)})
	f.hold = true
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		ask(t, f, ctx)
	}()
	<-f.holding // the model server is answering: now the reader goes away
	cancel()
	select {
	case <-f.gone:
	case <-time.After(5 * time.Second):
		t.Fatal("the model server's request was not cancelled")
	}
	<-done
	f.Close()
	http.DefaultClient.CloseIdleConnections()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines before, %d after:\n%s", before, n, buf[:runtime.Stack(buf, true)])
	}
}

func TestNewChecksTheConfiguration(t *testing.T) {
	for _, cfg := range []Config{{BaseURL: "127.0.0.1:11434", Model: "m"}, {BaseURL: "http://127.0.0.1:1/v1"}} {
		if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "TZDOCS_LLM_") {
			t.Errorf("New(%+v) = %v", cfg, err)
		}
	}
	env := map[string]string{"TZDOCS_LLM_BASE_URL": " http://h/v1 ", "TZDOCS_LLM_MODEL": "m", "TZDOCS_LLM_API_KEY": "k"}
	cfg, ok := FromEnv(func(k string) string { return env[k] })
	if !ok || cfg.BaseURL != "http://h/v1" || cfg.Model != "m" || cfg.APIKey != "k" {
		t.Errorf("FromEnv = %+v, %v", cfg, ok)
	}
	if _, ok := FromEnv(func(string) string { return "" }); ok {
		t.Error("FromEnv without a base URL")
	}
}

func TestModelGetsABoundedHistoryAndTheEnginesPassages(t *testing.T) {
	var history []assistant.Turn
	for i := range 10 {
		history = append(history, assistant.Turn{Question: fmt.Sprintf("question %d ", i) + strings.Repeat("long ", 1000),
			Answer: strings.Repeat("answer ", 1000)})
	}
	req := &assistant.Request{Question: "How do I stake tez?", History: history, Corpus: testCorpus(t)}
	msgs := conversation(req)
	// The rules, four earlier exchanges, the passages, the question.
	if len(msgs) != 1+2*maxHistoryTurns+2 {
		t.Fatalf("%d messages, want %d", len(msgs), 1+2*maxHistoryTurns+2)
	}
	if first := *msgs[1].Content; !strings.HasPrefix(first, "question 6 ") || len(first) > maxHistoryQuestion+len("…") {
		t.Errorf("the oldest question sent is %.20q… (%d bytes); want question 6, clipped to %d", first, len(first), maxHistoryQuestion)
	}
	total := 0
	for _, m := range msgs {
		total += len(*m.Content)
	}
	if total > 20000 {
		t.Errorf("a long conversation sends %d bytes to the model", total)
	}
	passages := *msgs[len(msgs)-2].Content
	for _, p := range req.Passages(contextPassages) {
		if !strings.Contains(passages, p.Text) || !strings.Contains(passages, "("+p.URL+")") {
			t.Errorf("the model lacks the passage of %s:\n%s", p.URL, passages)
		}
	}
	if !strings.Contains(passages, "octez-client stake") {
		t.Errorf("the passages lack the section's command:\n%s", passages)
	}
}

func TestModelInstructionsNameTheRequestsSiteAndNoOther(t *testing.T) {
	for _, tc := range []struct{ site, want string }{
		{"Example Docs", "the Example Docs website"},
		{"  ", "this documentation website"},
	} {
		req := &assistant.Request{Question: "How do I install it?", Site: tc.site, Corpus: testCorpus(t)}
		prompt := *conversation(req)[0].Content
		var tool struct {
			Function struct {
				Description string `json:"description"`
			} `json:"function"`
		}
		if err := json.Unmarshal(searchTool(tc.site), &tool); err != nil {
			t.Fatal(err)
		}
		for what, text := range map[string]string{"system prompt": prompt, "search tool": tool.Function.Description} {
			if !strings.Contains(text, tc.want) {
				t.Errorf("site %q: the %s does not name %q:\n%s", tc.site, what, tc.want, text)
			}
			if strings.Contains(strings.ToLower(text), "tezos") {
				t.Errorf("site %q: the %s names a site the request did not: %s", tc.site, what, text)
			}
		}
	}
}
