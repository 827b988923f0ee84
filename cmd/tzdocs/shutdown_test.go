package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"tzdocs/internal/feedback"
	"tzdocs/internal/metrics"
	"tzdocs/internal/output"
	"tzdocs/internal/sitetest"
)

// slowModel is an OpenAI-compatible model server that streams the first words of an answer, then
// holds the stream open until its client goes away: an answer still streaming when a shutdown
// begins.
func slowModel(t *testing.T, firstWords string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/models" {
			fmt.Fprint(w, `{"object":"list","data":[{"id":"slow","object":"model"}]}`)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		delta, _ := json.Marshal(map[string]any{"id": "x", "object": "chat.completion.chunk",
			"choices": []any{map[string]any{"index": 0, "delta": map[string]string{"content": firstWords}, "finish_reason": nil}}})
		fmt.Fprintf(w, "data: %s\n\n", delta)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close() })
	return srv
}

// getStatus answers the status and Connection header of a GET, or the error.
func getStatus(url string) (int, string, error) {
	res, err := http.Get(url)
	if err != nil {
		return 0, "", err
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	conn := res.Header.Get("Connection")
	if res.Close {
		conn = "close"
	}
	return res.StatusCode, conn, nil
}

// On SIGTERM `tzdocs serve` fails /readyz at once, goes on answering for the drain time with
// Connection: close, then ends the answers still streaming with an error event the reader sees,
// stores them, closes its listener and ends without an error. The site is served through the
// symlink a release layout switches (current → releases/r1).
func TestServeDrainsOnSIGTERMAndEndsOpenAnswers(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	release := filepath.Join(dir, "srv", "releases", "r1")
	if _, _, err := runCmd(t, "build", "--site", filepath.Join(dir, "site"), "--out", release, "--web", filepath.Join(dir, "web")); err != nil {
		t.Fatal(err)
	}
	current := filepath.Join(dir, "srv", "current")
	if err := os.Symlink(filepath.Join("releases", "r1"), current); err != nil {
		t.Fatal(err)
	}
	const firstWords = "Stake by delegating"
	model := slowModel(t, firstWords)
	db := "file:" + filepath.Join(dir, "feedback.db")
	env := func(k string) string {
		return map[string]string{"TZDOCS_DATABASE_URL": db, "TZDOCS_LLM_BASE_URL": model.URL + "/v1", "TZDOCS_LLM_MODEL": "slow",
			"TZDOCS_DRAIN": "3s"}[k]
	}
	ctx, sigterm := context.WithCancel(context.Background())
	defer sigterm()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"tzdocs", "serve", "--dir", current, "--addr", "127.0.0.1:0"}, env, pw, io.Discard)
		pw.Close()
	}()
	lines := bufio.NewReader(pr)
	first, err := lines.ReadString('\n')
	if err != nil {
		t.Fatalf("serve --dir %s did not start: %v", current, <-done)
	}
	go io.Copy(io.Discard, lines)
	base := regexp.MustCompile(`http://127\.0\.0\.1:\d+`).FindString(first)

	// An answer starts streaming.
	tokReq, _ := http.NewRequest("POST", base+"/api/askai/chat/token", nil)
	tokReq.Header.Set("x-algolia-assistant-id", output.DefaultAssistantID)
	tokRes, err := http.DefaultClient.Do(tokReq)
	if err != nil {
		t.Fatal(err)
	}
	var tok struct{ Token string }
	json.NewDecoder(tokRes.Body).Decode(&tok)
	tokRes.Body.Close()
	chat, _ := http.NewRequest("POST", base+"/api/askai/chat", strings.NewReader(
		`{"id":"c1","trigger":"submit-message","messages":[{"id":"q1","role":"user","parts":[{"type":"text","text":"How do I stake?"}]}]}`))
	chat.Header.Set("Authorization", "TOKEN "+tok.Token)
	stream, err := http.DefaultClient.Do(chat)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	events := bufio.NewReader(stream.Body)
	var seen strings.Builder
	for !strings.Contains(seen.String(), firstWords) {
		line, err := events.ReadString('\n')
		if err != nil {
			t.Fatalf("the answer ended before its first words: %v\n%s", err, seen.String())
		}
		seen.WriteString(line)
	}

	sigterm()
	// Draining: /readyz fails at once, while pages are still answered, asking to close.
	for {
		status, _, err := getStatus(base + "/readyz")
		if err != nil {
			t.Fatalf("/readyz while draining: %v", err)
		}
		if status == http.StatusServiceUnavailable {
			break
		}
	}
	if status, conn, err := getStatus(base + "/architecture/bakers"); err != nil || status != 200 || conn != "close" {
		t.Errorf("a page while draining: %d %q %v, want 200 with Connection: close", status, conn, err)
	}

	// The drain over, the open answer ends with an error event, then [DONE].
	rest, err := io.ReadAll(events)
	if err != nil {
		t.Fatalf("the answer stream was cut instead of ended: %v", err)
	}
	tail := string(rest)
	if !strings.Contains(tail, `{"type":"error","errorText":"The server restarted while answering. Ask again."}`) ||
		!strings.HasSuffix(tail, "data: [DONE]\n\n") {
		t.Errorf("the end of the stream:\n%s", tail)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve ended with %v, want no error", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve still runs 30 s after SIGTERM")
	}
	if _, _, err := getStatus(base + "/"); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("after the shutdown: %v, want the connection refused", err)
	}

	// What was said is stored, and can be rated.
	msgID := regexp.MustCompile(`"messageId":"([^"]+)"`).FindStringSubmatch(seen.String())
	if msgID == nil {
		t.Fatalf("no message id in %s", seen.String())
	}
	st, err := feedback.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ex, err := st.Exchange(context.Background(), msgID[1])
	if err != nil || ex.Outcome != feedback.OutcomeInterrupted || ex.Answer != firstWords || ex.Question != "How do I stake?" {
		t.Errorf("stored exchange %+v (%v), want the first words, outcome %s", ex, err, feedback.OutcomeInterrupted)
	}
}

// A connection accepted just before the listener closes gets its answer: the request it sends
// after the shutdown began is handled, not dropped (a proxy would answer a POST dropped so 502).
func TestShutdownAnswersConnectionsAcceptedBeforeTheListenerClosed(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	dist := filepath.Join(dir, "dist")
	if _, _, err := runCmd(t, "build", "--site", filepath.Join(dir, "site"), "--out", dist, "--web", filepath.Join(dir, "web")); err != nil {
		t.Fatal(err)
	}
	env := func(k string) string {
		return map[string]string{"TZDOCS_DATABASE_URL": "file:" + filepath.Join(dir, "feedback.db")}[k]
	}
	ctx, sigterm := context.WithCancel(context.Background())
	defer sigterm()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"tzdocs", "serve", "--dir", dist, "--addr", "127.0.0.1:0", "--no-rate-limits"}, env, pw, io.Discard)
		pw.Close()
	}()
	lines := bufio.NewReader(pr)
	first, err := lines.ReadString('\n')
	if err != nil {
		t.Fatalf("serve did not start: %v", <-done)
	}
	go io.Copy(io.Discard, lines)
	addr := regexp.MustCompile(`127\.0\.0\.1:\d+`).FindString(first)

	// Connections the server has accepted, without a request yet.
	before := testutil.ToFloat64(metrics.OpenConnections)
	var conns []net.Conn
	for range 8 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns = append(conns, c)
	}
	for testutil.ToFloat64(metrics.OpenConnections) < before+float64(len(conns)) {
		runtime.Gosched()
	}
	sigterm()
	// The shutdown has begun once the listener refuses new connections.
	for {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			break
		}
		c.Close()
	}
	for i, c := range conns {
		if _, err := fmt.Fprintf(c, "POST /api/search/1/indexes/*/queries HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 52\r\n\r\n{\"requests\":[{\"indexName\":\"tezosdocs\",\"query\":\"x\"}]}"); err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Errorf("connection %d, accepted before the shutdown, was dropped: %v", i, err)
			continue
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !res.Close {
			t.Errorf("connection %d: %d, close %v; want 200 and Connection: close", i, res.StatusCode, res.Close)
		}
	}
	if err := <-done; err != nil {
		t.Errorf("serve ended with %v", err)
	}
}
