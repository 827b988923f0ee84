package assistant

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
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

	"tzdocs/internal/feedback"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata")

const testAssistant = "tezos-docs"

var testSecret = []byte("0123456789abcdef0123456789abcdef")

type testServer struct {
	*httptest.Server
	clock *fixedClock
	store *memStore
}

func newTestServer(t *testing.T, mutate func(*Options)) *testServer {
	t.Helper()
	d := fixtureDocs(t)
	clock := &fixedClock{t: time.Unix(1_800_000_000, 0)}
	store := &memStore{}
	opts := Options{AssistantID: testAssistant, Secret: testSecret, Corpus: func() *Corpus { return d.corpus }, Store: store,
		Now: clock.Now, NewID: counterIDs()}
	if mutate != nil {
		mutate(&opts)
	}
	srv := httptest.NewServer(Handler(opts))
	t.Cleanup(srv.Close)
	return &testServer{Server: srv, clock: clock, store: store}
}

func (s *testServer) token(t *testing.T) string {
	t.Helper()
	req, _ := http.NewRequest("POST", s.URL+"/api/askai/chat/token", nil)
	req.Header.Set("x-algolia-assistant-id", testAssistant)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		Success bool
		Token   string
	}
	if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&body) != nil || !body.Success || body.Token == "" {
		t.Fatalf("token: status %d, body %+v", resp.StatusCode, body)
	}
	return body.Token
}

func (s *testServer) post(t *testing.T, path, token, body string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", s.URL+"/api/askai/"+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "TOKEN "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// chatBody builds an AI SDK v5 chat request whose last message asks question.
func chatBody(question string) string {
	b, _ := json.Marshal(ChatRequest{ID: "chat-1", Trigger: "submit-message", Messages: []Message{
		{ID: "u1", Role: "user", Parts: []Part{{Type: "text", Text: question}}},
	}})
	return string(b)
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// chunks parses an SSE body into its JSON chunks, checking the framing.
func chunks(t *testing.T, body string) []map[string]any {
	t.Helper()
	if !strings.HasSuffix(body, "data: [DONE]\n\n") {
		t.Fatalf("stream does not end with [DONE]:\n%s", body)
	}
	var out []map[string]any
	for _, ev := range strings.Split(strings.TrimSuffix(body, "\n\n"), "\n\n") {
		data, ok := strings.CutPrefix(ev, "data: ")
		if !ok || strings.Contains(data, "\n") {
			t.Fatalf("malformed event %q", ev)
		}
		if data == "[DONE]" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(data), &m); err != nil {
			t.Fatalf("event %q: %v", data, err)
		}
		out = append(out, m)
	}
	return out
}

func types(cs []map[string]any) string {
	var ts []string
	for _, c := range cs {
		ts = append(ts, c["type"].(string))
	}
	return strings.Join(ts, " ")
}

func TestChatStreamsExtractiveAnswer(t *testing.T) {
	for _, tc := range []struct{ name, question string }{
		{"extractive-one-part.txt", "How do I deploy a contract with the Octez client?"},
		{"extractive-two-parts.txt", "What is delegating? And how do I stake tez?"},
		{"extractive-nothing-found.txt", "zzzz qqqq"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestServer(t, nil)
			resp, body := s.post(t, "chat", s.token(t), chatBody(tc.question))
			if resp.StatusCode != 200 {
				t.Fatalf("status %d: %s", resp.StatusCode, body)
			}
			if got := resp.Header.Get("x-vercel-ai-ui-message-stream"); got != "v1" {
				t.Errorf("x-vercel-ai-ui-message-stream = %q", got)
			}
			if got := resp.Header.Get("Content-Type"); got != "text/event-stream" {
				t.Errorf("content-type = %q", got)
			}
			cs := chunks(t, body)
			ts := types(cs)
			// Code blocks of the answer come after its text, highlighted (one part per block).
			ts = strings.ReplaceAll(ts, " data-tz-code", "")
			if !strings.HasPrefix(ts, "start start-step tool-input-start") || !strings.HasSuffix(ts, "text-end finish-step finish") {
				t.Errorf("chunk sequence %s", ts)
			}
			golden(t, tc.name, body)
		})
	}
}

func TestExtractiveSplitsMultiPartQuestions(t *testing.T) {
	s := newTestServer(t, nil)
	_, body := s.post(t, "chat", s.token(t), chatBody("What is delegating? And how do I stake tez?"))
	var queries []string
	var text strings.Builder
	for _, c := range chunks(t, body) {
		switch c["type"] {
		case "tool-input-available":
			queries = append(queries, c["input"].(map[string]any)["query"].(string))
		case "tool-output-available":
			if hits := c["output"].(map[string]any)["hits"].([]any); len(hits) == 0 {
				t.Errorf("no hits for %v", c["output"])
			}
		case "text-delta":
			text.WriteString(c["delta"].(string))
		}
	}
	if len(queries) != 2 || queries[0] != "delegating" || queries[1] != "stake tez" {
		t.Errorf("queries = %q, want [delegating, stake tez]", queries)
	}
	for _, want := range []string{"(/using/staking#delegating)", "(/using/staking#staking)", "Delegated tez stay spendable", "octez-client stake 100 for alice"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("answer lacks %q:\n%s", want, text.String())
		}
	}
}

func TestChatAcceptsWholeHistories(t *testing.T) {
	s := newTestServer(t, nil)
	history, err := os.ReadFile(filepath.Join("testdata", "history.json"))
	if err != nil {
		t.Fatal(err)
	}
	resp, body := s.post(t, "chat", s.token(t), string(history))
	if resp.StatusCode != 200 {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	cs := chunks(t, body)
	if !strings.HasSuffix(types(cs), "finish") {
		t.Errorf("unfinished: %s", types(cs))
	}
	// The follow-up "and how do I undo it?" leans on the first question.
	var in string
	for _, c := range cs {
		if c["type"] == "tool-input-available" {
			in = c["input"].(map[string]any)["query"].(string)
			break
		}
	}
	if !strings.Contains(in, "stake") {
		t.Errorf("follow-up query %q ignores the previous question", in)
	}
}

func TestTokens(t *testing.T) {
	clock := &fixedClock{t: time.Unix(1_800_000_000, 0)}
	tk := NewTokens(testSecret, testAssistant, clock.Now)
	tok, claims, err := tk.Issue()
	if err != nil {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(tok, ".")
	var payload Claims
	if err := json.NewDecoder(base64Std(head)).Decode(&payload); err != nil || payload.Exp != clock.Now().Add(5*time.Minute).Unix() || payload.AID != testAssistant || payload.JTI == "" {
		t.Fatalf("payload %+v, %v", payload, err)
	}
	if c, err := tk.Verify(tok); err != nil || c != claims {
		t.Fatalf("Verify(fresh) = %+v, %v", c, err)
	}
	clock.Advance(4*time.Minute + 59*time.Second)
	if _, err := tk.Verify(tok); err != nil {
		t.Errorf("Verify at 4m59s: %v", err)
	}
	clock.Advance(time.Second)
	if _, err := tk.Verify(tok); !errors.Is(err, ErrTokenExpired) {
		t.Errorf("Verify at 5m: %v, want expired", err)
	}
	tok2, _, _ := tk.Issue()
	h2, sig, _ := strings.Cut(tok2, ".")
	longer, _ := json.Marshal(Claims{Exp: clock.Now().Add(time.Hour).Unix(), AID: testAssistant, JTI: "x"})
	for name, bad := range map[string]string{
		"payload changed":  b64(longer) + "." + sig,
		"signature cut":    h2 + "." + sig[:len(sig)-2],
		"no signature":     h2,
		"other secret":     mustIssue(NewTokens([]byte("another secret of 32 characters!"), testAssistant, clock.Now)),
		"other assistant":  mustIssue(NewTokens(testSecret, "other", clock.Now)),
		"garbage":          "!!!.???",
		"empty":            "",
		"signature as std": h2 + "." + strings.NewReplacer("-", "+", "_", "/").Replace(sig) + "+",
	} {
		if _, err := tk.Verify(bad); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestChatRequiresAValidToken(t *testing.T) {
	s := newTestServer(t, nil)
	tok := s.token(t)
	for name, tc := range map[string]struct {
		token string
		want  int
	}{
		"none":     {"", 401},
		"tampered": {tok[:len(tok)-3] + "abc", 401},
		"valid":    {tok, 200},
	} {
		resp, body := s.post(t, "chat", tc.token, chatBody("stake"))
		if resp.StatusCode != tc.want {
			t.Errorf("%s: status %d (%s), want %d", name, resp.StatusCode, body, tc.want)
		}
	}
	s.clock.Advance(TokenTTL)
	if resp, body := s.post(t, "chat", tok, chatBody("stake")); resp.StatusCode != 401 || !strings.Contains(body, "expired") {
		t.Errorf("expired token: %d %s", resp.StatusCode, body)
	}
	req, _ := http.NewRequest("POST", s.URL+"/api/askai/chat/token", nil)
	req.Header.Set("x-algolia-assistant-id", "someone-else")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Errorf("token for a wrong assistant id: %d", resp.StatusCode)
	}
}

func TestRateLimits(t *testing.T) {
	t.Run("per token", func(t *testing.T) {
		s := newTestServer(t, func(o *Options) {
			o.Limits.PerToken = RateLimit{PerMinute: 2, Burst: 2}
			o.Limits.PerAddress = RateLimit{Off: true}
		})
		tok := s.token(t)
		for i := range 2 {
			if resp, body := s.post(t, "chat", tok, chatBody("stake")); resp.StatusCode != 200 {
				t.Fatalf("request %d: %d %s", i, resp.StatusCode, body)
			}
		}
		resp, body := s.post(t, "chat", tok, chatBody("stake"))
		if resp.StatusCode != 429 || !isAPIError(body, 429, "Too many questions in a short time. Try again in a minute.") || resp.Header.Get("Retry-After") == "" {
			t.Errorf("third request: %d %q", resp.StatusCode, body)
		}
		if resp, _ := s.post(t, "chat", s.token(t), chatBody("stake")); resp.StatusCode != 200 {
			t.Errorf("a new token is limited too: %d", resp.StatusCode)
		}
		s.clock.Advance(30 * time.Second)
		if resp, _ := s.post(t, "chat", tok, chatBody("stake")); resp.StatusCode != 200 {
			t.Errorf("after refill: %d", resp.StatusCode)
		}
	})
	t.Run("per address", func(t *testing.T) {
		s := newTestServer(t, func(o *Options) {
			o.Limits.PerAddress = RateLimit{PerMinute: 3, Burst: 3}
		})
		tok := s.token(t) // request 1 of the burst of 3
		if resp, _ := s.post(t, "chat", tok, chatBody("stake")); resp.StatusCode != 200 {
			t.Fatalf("request 2: %d", resp.StatusCode)
		}
		if resp, _ := s.post(t, "chat/feedback", tok, `{"messageId":"m","thumbs":1}`); resp.StatusCode != 404 {
			t.Fatalf("request 3 (a vote for an unknown answer): %d", resp.StatusCode)
		}
		for _, path := range []string{"chat", "chat/token", "chat/feedback"} {
			resp, body := s.post(t, path, tok, chatBody("stake"))
			if resp.StatusCode != 429 || !isAPIError(body, 429, msgTooMany) {
				t.Errorf("%s after the burst: %d %q", path, resp.StatusCode, body)
			}
		}
		s.clock.Advance(20 * time.Second) // one request back
		if resp, _ := s.post(t, "chat", tok, chatBody("stake")); resp.StatusCode != 200 {
			t.Errorf("after refill: %d", resp.StatusCode)
		}
	})
}

func TestChatInputLimits(t *testing.T) {
	s := newTestServer(t, nil)
	tok := s.token(t)
	long := make([]Message, 0, 42)
	for i := range 21 {
		long = append(long, Message{ID: fmt.Sprint("u", i), Role: "user", Parts: []Part{{Type: "text", Text: "stake"}}})
		if i < 20 {
			long = append(long, Message{ID: fmt.Sprint("a", i), Role: "assistant", Parts: []Part{{Type: "text", Text: "answer"}}})
		}
	}
	deep, _ := json.Marshal(ChatRequest{ID: "c", Messages: long, Trigger: "submit-message"})
	huge := `{"id":"c","trigger":"submit-message","messages":[{"id":"u","role":"user","parts":[{"type":"text","text":"` + strings.Repeat("a", 1<<20) + `"}]}]}`
	for name, tc := range map[string]struct {
		body   string
		status int
		text   string
	}{
		"21 exchanges":       {string(deep), 400, "Start a new conversation to continue."},
		"over 1 MB":          {huge, 413, "Start a new conversation to continue."},
		"malformed JSON":     {`{"messages":[`, 400, "not valid JSON"},
		"messages not array": {`{"messages":"hi"}`, 400, "messages"},
		"no messages":        {`{"id":"c","messages":[]}`, 400, "no messages"},
		"unknown role":       {`{"messages":[{"id":"x","role":"robot","parts":[{"type":"text","text":"hi"}]}]}`, 400, "role"},
		"last is assistant":  {`{"messages":[{"id":"x","role":"assistant","parts":[{"type":"text","text":"hi"}]}]}`, 400, "last message"},
		"no text":            {`{"messages":[{"id":"x","role":"user","parts":[{"type":"step-start"}]}]}`, 400, "empty"},
		"question too long":  {chatBody(strings.Repeat("word ", 500)), 400, "at most 2000"},
	} {
		resp, body := s.post(t, "chat", tok, tc.body)
		if resp.StatusCode != tc.status || !strings.Contains(body, tc.text) {
			t.Errorf("%s: %d %q, want %d with %q", name, resp.StatusCode, body, tc.status, tc.text)
		}
	}
	// 20 exchanges are fine.
	ok, _ := json.Marshal(ChatRequest{ID: "c", Messages: long[2:], Trigger: "submit-message"})
	if resp, body := s.post(t, "chat", tok, string(ok)); resp.StatusCode != 200 {
		t.Errorf("20 exchanges: %d %s", resp.StatusCode, body)
	}
}

// Ids are stored with the exchange: each is bounded, whatever room the body leaves.
func TestChatRefusesLongIDs(t *testing.T) {
	s := newTestServer(t, nil)
	for name, tc := range map[string]struct {
		body   string
		status int
		text   string
	}{
		"long message id": {`{"id":"c","trigger":"submit-message","messages":[{"id":"` + strings.Repeat("i", 201) + `","role":"user","parts":[{"type":"text","text":"hi"}]}]}`, 400, "messages[0].id"},
		"long earlier id": {`{"id":"c","trigger":"submit-message","messages":[{"id":"` + strings.Repeat("i", 900<<10) + `","role":"assistant","parts":[]},{"id":"u","role":"user","parts":[{"type":"text","text":"hi"}]}]}`, 400, "messages[0].id"},
		"long chat id":    {`{"id":"` + strings.Repeat("c", 201) + `","trigger":"submit-message","messages":[{"id":"u","role":"user","parts":[{"type":"text","text":"hi"}]}]}`, 400, "id is"},
		"long messageId":  {`{"id":"c","trigger":"regenerate-message","messageId":"` + strings.Repeat("m", 201) + `","messages":[{"id":"u","role":"user","parts":[{"type":"text","text":"hi"}]}]}`, 400, "messageId"},
		"long trigger":    {`{"id":"c","trigger":"` + strings.Repeat("t", 201) + `","messages":[{"id":"u","role":"user","parts":[{"type":"text","text":"hi"}]}]}`, 400, "trigger"},
	} {
		resp, body := s.post(t, "chat", s.token(t), tc.body)
		if resp.StatusCode != tc.status || !strings.Contains(body, tc.text) {
			t.Errorf("%s: %d %.200q, want %d with %q", name, resp.StatusCode, body, tc.status, tc.text)
		}
	}
	if len(s.store.exchanges) != 0 {
		t.Errorf("%d exchanges stored, want none", len(s.store.exchanges))
	}
}

// blockingEngine writes a first text delta, then waits for its context to end.
type blockingEngine struct {
	started chan struct{}
	ended   chan error
	once    sync.Once
}

func (b *blockingEngine) Name() string { return "blocking" }

func (b *blockingEngine) Answer(ctx context.Context, req *Request, out *Stream) error {
	out.TextDelta("first words")
	b.once.Do(func() { close(b.started) })
	<-ctx.Done()
	b.ended <- ctx.Err()
	return ctx.Err()
}

func TestDisconnectCancelsGeneration(t *testing.T) {
	before := runtime.NumGoroutine()
	eng := &blockingEngine{started: make(chan struct{}), ended: make(chan error, 1)}
	s := newTestServer(t, func(o *Options) { o.Engine = eng })
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", s.URL+"/api/askai/chat", strings.NewReader(chatBody("stake")))
	req.Header.Set("Authorization", "TOKEN "+s.token(t))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(resp.Body).ReadString('\n')
	if !strings.Contains(line, `"start"`) {
		t.Fatalf("first line %q", line)
	}
	<-eng.started
	cancel()
	resp.Body.Close()
	select {
	case err := <-eng.ended:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("engine ended with %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the engine still runs 5 s after the client went away")
	}
	s.Close()
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

// failingEngine searches, then fails with a public error.
type failingEngine struct{}

func (failingEngine) Name() string { return "failing" }

func (failingEngine) Answer(ctx context.Context, req *Request, out *Stream) error {
	out.SearchCall(req, "stake")
	out.TextDelta("Partial")
	return &PublicError{Text: "The answer engine failed while answering. Try again later.", Err: errors.New("boom")}
}

func TestEngineErrorEndsStreamWithErrorChunk(t *testing.T) {
	s := newTestServer(t, func(o *Options) { o.Engine = failingEngine{} })
	_, body := s.post(t, "chat", s.token(t), chatBody("stake"))
	cs := chunks(t, body)
	last := cs[len(cs)-1]
	if last["type"] != "error" || last["errorText"] != "The answer engine failed while answering. Try again later." {
		t.Errorf("last chunk %v", last)
	}
	if strings.Contains(body, "boom") {
		t.Error("the internal error leaked to the client")
	}
	golden(t, "engine-error.txt", body)
}

func TestFeedbackIsStoredWithTheExchange(t *testing.T) {
	s := newTestServer(t, nil)
	tok := s.token(t)
	_, body := s.post(t, "chat", tok, chatBody("How do I stake tez?"))
	msgID := chunks(t, body)[0]["messageId"].(string)
	resp, fb := s.post(t, "chat/feedback", tok, `{"appId":"x","messageId":"`+msgID+`","thumbs":1}`)
	if resp.StatusCode != 200 || !strings.Contains(fb, `"success":true`) {
		t.Fatalf("feedback: %d %s", resp.StatusCode, fb)
	}
	if len(s.store.answers) != 1 {
		t.Fatalf("stored %d answers", len(s.store.answers))
	}
	a := s.store.answers[0]
	if a.MessageID != msgID || a.Thumbs != 1 || a.Question != "How do I stake tez?" || !strings.Contains(a.Answer, "Staking locks tez") ||
		len(a.Sources) == 0 || a.Sources[0] != "/using/staking#staking" {
		t.Errorf("stored %+v", a)
	}
	if resp, _ := s.post(t, "chat/feedback", tok, `{"appId":"x","messageId":"`+msgID+`","thumbs":0}`); resp.StatusCode != 409 {
		t.Errorf("second rating: %d, want 409", resp.StatusCode)
	}
	for name, b := range map[string]string{"thumbs 2": `{"messageId":"m","thumbs":2}`, "thumbs text": `{"messageId":"m","thumbs":"up"}`,
		"no message": `{"thumbs":1}`, "bad JSON": `{`} {
		if resp, _ := s.post(t, "chat/feedback", tok, b); resp.StatusCode != 400 {
			t.Errorf("%s: %d, want 400", name, resp.StatusCode)
		}
	}
	if resp, _ := s.post(t, "chat/feedback", "", `{"messageId":"m","thumbs":1}`); resp.StatusCode != 401 {
		t.Errorf("no token: %d", resp.StatusCode)
	}
	s.clock.Advance(time.Minute) // refill the token's rate limit
	// An id the server never gave is refused, and nothing is stored.
	for _, id := range []string{"elsewhere", msgID + "x", "x" + msgID, strings.Replace(msgID, ".", "", 1), msgID + ".again"} {
		if resp, _ := s.post(t, "chat/feedback", tok, `{"messageId":"`+id+`","thumbs":0}`); resp.StatusCode != 404 || len(s.store.answers) != 1 {
			t.Errorf("unknown message %q: %d, %d stored; want 404 and nothing stored", id, resp.StatusCode, len(s.store.answers))
		}
	}
	// An answer signed with this secret (by another replica, or before a restart) whose exchange
	// was never stored is refused too: a vote is only kept with the texts it rates.
	other := NewTokens(testSecret, testAssistant, nil).exchangeID("from-another-replica")
	if resp, fb := s.post(t, "chat/feedback", tok, `{"messageId":"`+other+`","thumbs":0}`); resp.StatusCode != 404 || len(s.store.answers) != 1 ||
		!strings.Contains(fb, "not saved") {
		t.Errorf("a signed answer never stored: %d %s, %d stored; want 404 and nothing stored", resp.StatusCode, fb, len(s.store.answers))
	}
	// A regenerated answer keeps its id only when the server gave it.
	_, body = s.post(t, "chat", tok, `{"id":"c","trigger":"regenerate-message","messageId":"forged","messages":[{"id":"u","role":"user","parts":[{"type":"text","text":"stake"}]}]}`)
	if id := chunks(t, body)[0]["messageId"].(string); id == "forged" || !NewTokens(testSecret, testAssistant, nil).answered(id) {
		t.Errorf("regenerating a forged id answered with id %q", id)
	}
}

func TestHealth(t *testing.T) {
	s := newTestServer(t, nil)
	resp, err := http.Get(s.URL + "/api/askai/chat/health")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || strings.TrimSpace(string(b)) != `{"engine":"extractive","status":"ok"}` {
		t.Errorf("health: %d %s", resp.StatusCode, b)
	}
	if resp, _ := s.post(t, "chat/health", "", ""); resp.StatusCode != 405 {
		t.Errorf("POST health: %d", resp.StatusCode)
	}
}

func TestAnswerSources(t *testing.T) {
	got := answerSources("See [A](/a#x), [B](/b) and https://example.com/c. Also [A again](/a#x).\n```\n[C](/c)\n```", []string{"/hit"})
	want := []string{"/a#x", "/b", "https://example.com/c"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("answerSources = %q, want %q", got, want)
	}
	if got := answerSources("no links", []string{"/hit"}); len(got) != 1 || got[0] != "/hit" {
		t.Errorf("fallback = %q", got)
	}
	// Links a model writes that are no web page nor page of the site are not sources.
	got = answerSources("[x](javascript:alert(1)) [y](data:text/html,hi) [z](vbscript:msgbox) [w](//evil.example/p) [v](/ok)", nil)
	if strings.Join(got, " ") != "/ok" {
		t.Errorf("answerSources kept %q, want only /ok", got)
	}
}

// memStore records answer feedback and exchanges.
type memStore struct {
	feedback.Store
	mu        sync.Mutex
	answers   []feedback.Answer
	exchanges []feedback.Exchange
}

func (m *memStore) AddExchange(_ context.Context, e feedback.Exchange) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, old := range m.exchanges {
		if old.MessageID == e.MessageID {
			m.exchanges[i] = e
			return nil
		}
	}
	m.exchanges = append(m.exchanges, e)
	return nil
}

func (m *memStore) find(match func(feedback.Exchange) bool) (feedback.Exchange, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := len(m.exchanges) - 1; i >= 0; i-- {
		if match(m.exchanges[i]) {
			return m.exchanges[i], nil
		}
	}
	return feedback.Exchange{}, feedback.ErrNotFound
}

func (m *memStore) Exchange(_ context.Context, id string) (feedback.Exchange, error) {
	return m.find(func(e feedback.Exchange) bool { return e.MessageID == id })
}

func (m *memStore) ExchangeForQuestion(_ context.Context, id string) (feedback.Exchange, error) {
	return m.find(func(e feedback.Exchange) bool { return id != "" && e.QuestionID == id })
}

func (m *memStore) AddAnswer(_ context.Context, a feedback.Answer) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, old := range m.answers {
		if old.MessageID == a.MessageID {
			return 0, feedback.ErrDuplicate
		}
	}
	m.answers = append(m.answers, a)
	return int64(len(m.answers)), nil
}

// Stock DocSearch rates an answer by the id of the question's message: the exchange it names is
// stored, once, under the answer's id.
func TestFeedbackByTheQuestionsMessageID(t *testing.T) {
	s := newTestServer(t, nil)
	tok := s.token(t)
	_, body := s.post(t, "chat", tok, chatBody("How do I stake tez?"))
	answerID := chunks(t, body)[0]["messageId"].(string)
	resp, fb := s.post(t, "chat/feedback", tok, `{"appId":"x","messageId":"u1","thumbs":0}`)
	if resp.StatusCode != 200 || len(s.store.answers) != 1 {
		t.Fatalf("feedback by the question's id: %d %s, %d stored", resp.StatusCode, fb, len(s.store.answers))
	}
	if a := s.store.answers[0]; a.MessageID != answerID || a.Question != "How do I stake tez?" || a.Thumbs != 0 {
		t.Errorf("stored %+v, want the exchange under %s", a, answerID)
	}
	// The same exchange by its answer's id is the same vote.
	if resp, _ := s.post(t, "chat/feedback", tok, `{"appId":"x","messageId":"`+answerID+`","thumbs":1}`); resp.StatusCode != 409 {
		t.Errorf("second vote by the answer's id: %d, want 409", resp.StatusCode)
	}
	// A question id this server never answered is unknown.
	if resp, _ := s.post(t, "chat/feedback", tok, `{"appId":"x","messageId":"u2","thumbs":1}`); resp.StatusCode != 404 {
		t.Errorf("an unknown question id: %d, want 404", resp.StatusCode)
	}
}

// Every exchange is stored complete, and a vote reaching another replica (another handler on the
// same store, here) is stored with the question and answer it rates.
func TestExchangeIsStoredAndRatedOnAnotherReplica(t *testing.T) {
	s := newTestServer(t, nil)
	_, body := s.post(t, "chat", s.token(t), chatBody("How do I stake tez?"))
	msgID := chunks(t, body)[0]["messageId"].(string)
	if len(s.store.exchanges) != 1 {
		t.Fatalf("stored %d exchanges, want 1", len(s.store.exchanges))
	}
	e := s.store.exchanges[0]
	if e.MessageID != msgID || e.QuestionID != "u1" || e.Question != "How do I stake tez?" || !strings.Contains(e.Answer, "Staking locks tez") ||
		len(e.Sources) == 0 || e.Engine != "extractive" || e.Outcome != feedback.OutcomeAnswered || e.FirstText <= 0 {
		t.Fatalf("stored exchange %+v", e)
	}
	other := newTestServer(t, func(o *Options) { o.Store = s.store })
	resp, fb := other.post(t, "chat/feedback", other.token(t), `{"appId":"x","messageId":"`+msgID+`","thumbs":0}`)
	if resp.StatusCode != 200 || len(s.store.answers) != 1 {
		t.Fatalf("vote on the other replica: %d %s, %d stored", resp.StatusCode, fb, len(s.store.answers))
	}
	if a := s.store.answers[0]; a.Question != e.Question || a.Answer != e.Answer || len(a.Sources) != len(e.Sources) {
		t.Errorf("vote stored %+v, want the texts of %+v", a, e)
	}
	// A failed answer is stored too, with its outcome.
	failing := newTestServer(t, func(o *Options) {
		o.Engine, o.Store, o.NewID = failingEngine{}, s.store, func() string { return "failing" }
	})
	failing.post(t, "chat", failing.token(t), chatBody("stake"))
	if n := len(s.store.exchanges); n != 2 || s.store.exchanges[1].Outcome != feedback.OutcomeFailed || s.store.exchanges[1].Answer != "Partial" {
		t.Errorf("after a failed answer: %d exchanges, last %+v", n, s.store.exchanges[n-1])
	}
}

// On shutdown an answer still streaming ends with an error event the reader sees, after what it
// had said is stored; a vote on it is then taken like any other.
func TestShutdownEndsOpenAnswersWithAnErrorAndStoresThem(t *testing.T) {
	eng := &blockingEngine{started: make(chan struct{}), ended: make(chan error, 1)}
	stopping, stop := context.WithCancel(context.Background())
	defer stop()
	s := newTestServer(t, func(o *Options) { o.Engine, o.Stopping = eng, stopping })
	tok := s.token(t)
	req, _ := http.NewRequest("POST", s.URL+"/api/askai/chat", strings.NewReader(chatBody("How do I stake tez?")))
	req.Header.Set("Authorization", "TOKEN "+tok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	<-eng.started
	stop()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("the stream did not end cleanly: %v", err)
	}
	cs := chunks(t, string(b)) // ends with [DONE]
	if last := cs[len(cs)-1]; last["type"] != "error" || last["errorText"] != msgShuttingDown {
		t.Errorf("last chunk %v, want the error event %q", last, msgShuttingDown)
	}
	if got := types(cs); !strings.Contains(got, "text-delta text-end error") {
		t.Errorf("chunks %s, want the open text closed before the error", got)
	}
	msgID := cs[0]["messageId"].(string)
	e, err := s.store.Exchange(context.Background(), msgID)
	if err != nil || e.Outcome != feedback.OutcomeInterrupted || e.Answer != "first words" || e.Question != "How do I stake tez?" {
		t.Fatalf("stored exchange %+v (%v), want what was said, outcome %q", e, err, feedback.OutcomeInterrupted)
	}
	if resp, fb := s.post(t, "chat/feedback", tok, `{"appId":"x","messageId":"`+msgID+`","thumbs":0}`); resp.StatusCode != 200 ||
		len(s.store.answers) != 1 || s.store.answers[0].Answer != "first words" {
		t.Errorf("vote on the interrupted answer: %d %s, stored %+v", resp.StatusCode, fb, s.store.answers)
	}
	<-eng.ended
	// A question asked after the shutdown began is told at once.
	_, body := s.post(t, "chat", tok, chatBody("stake"))
	if cs := chunks(t, body); cs[len(cs)-1]["errorText"] != msgShuttingDown {
		t.Errorf("a question after the shutdown: %v", cs[len(cs)-1])
	}
}
