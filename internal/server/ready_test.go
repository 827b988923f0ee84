package server

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/assistant"
	"tzdocs/internal/feedback"
)

// readyz asks a server whether it is ready and decodes the answer.
func readyz(t *testing.T, s *Server) (int, map[string]any) {
	t.Helper()
	res := get(t, s, "/readyz")
	var out map[string]any
	if err := json.Unmarshal([]byte(body(t, res)), &out); err != nil {
		t.Fatalf("/readyz: %d, not JSON: %v", res.StatusCode, err)
	}
	return res.StatusCode, out
}

// corruptDatabase writes a feedback database with enough rows to fill many pages, then overwrites
// pages in the middle of the file, as a failing disk would.
func corruptDatabase(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f.db")
	st, err := feedback.Open(t.Context(), "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 400 {
		if _, err := st.AddPage(t.Context(), feedback.Page{URL: "/architecture", Comment: strings.Repeat("x", 500+i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte(strings.Repeat("\xde\xad\xbe\xef", 2048)), info.Size()/2); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReadyzOnAHealthyStore(t *testing.T) {
	s, _ := fullServer(t, nil, 0, nil)
	status, out := readyz(t, s)
	checks, _ := out["checks"].(map[string]any)
	if status != 200 || out["status"] != "ready" || checks["feedback_store"] != "ok" || checks["feedback_integrity"] != "ok" {
		t.Errorf("/readyz: %d %v", status, out)
	}
	if !strings.Contains(checks["model_server"].(string), "extractive") {
		t.Errorf("model server state: %v", checks["model_server"])
	}
	if res := get(t, s, "/healthz"); res.StatusCode != 200 {
		t.Errorf("/healthz: %d", res.StatusCode)
	}
}

// A server started on a corrupted database accepts posts, but is not ready.
func TestReadyzFailsOnACorruptedDatabase(t *testing.T) {
	st, err := feedback.Open(t.Context(), "file:"+corruptDatabase(t))
	if err != nil {
		t.Skipf("the corrupted database did not open, so no server would start on it: %v", err)
	}
	defer st.Close()
	s, err := New(Options{Dir: writeBuiltSite(t), Feedback: st})
	if err != nil {
		t.Fatal(err)
	}
	status, out := readyz(t, s)
	msg, _ := out["message"].(string)
	if status != http.StatusServiceUnavailable || out["status"] != float64(503) || !strings.Contains(msg, "corrupt") {
		t.Errorf("/readyz on a corrupted database: %d %v", status, out)
	}
}

// A store that cannot write (closed here; a full disk or a database down alike) is not ready.
func TestReadyzFailsWhenFeedbackCannotBeSaved(t *testing.T) {
	st, err := feedback.Open(t.Context(), "file:"+filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Options{Dir: writeBuiltSite(t), Feedback: st})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	status, out := readyz(t, s)
	msg, _ := out["message"].(string)
	if status != http.StatusServiceUnavailable || !strings.Contains(msg, "feedback cannot be saved") {
		t.Errorf("/readyz with a closed store: %d %v", status, out)
	}
	if strings.Contains(msg, "sql:") || strings.Contains(msg, ".db") {
		t.Errorf("/readyz shows internals: %q", msg)
	}
}

// downEngine is a model-server engine whose server does not answer.
type downEngine struct{ slowEngine }

func (downEngine) Name() string { return "openai" }

func (downEngine) Health(context.Context) error { return errors.New("connection refused") }

var _ assistant.HealthChecker = downEngine{}

// A model server that is down is reported; the server stays ready (pages and search still work).
func TestReadyzReportsTheModelServerWithoutFailing(t *testing.T) {
	s, _ := fullServer(t, downEngine{}, 0, nil)
	status, out := readyz(t, s)
	checks, _ := out["checks"].(map[string]any)
	model, _ := checks["model_server"].(string)
	if status != 200 || !strings.Contains(model, "does not answer") {
		t.Errorf("/readyz with the model server down: %d %v", status, out)
	}
}

// The slow integrity check runs in the first request, then behind the answers, which report its
// last result meanwhile.
func TestBackgroundChecksDoNotHoldReadyz(t *testing.T) {
	release := make(chan struct{})
	calls := 0
	c := &check{name: "slow", background: true, ttl: time.Nanosecond, timeout: time.Minute, okText: "ok", failText: "bad",
		run: func(context.Context) error {
			calls++ // under rd.mu for the first call, then the only refresh running
			if calls == 1 {
				return nil
			}
			<-release
			return errors.New("found corruption")
		}}
	rd := &readiness{log: slog.New(slog.DiscardHandler), checks: []*check{c}}
	if failed, _ := rd.run(t.Context()); len(failed) != 0 {
		t.Fatalf("first run: %v", failed)
	}
	if failed, res := rd.run(t.Context()); len(failed) != 0 || res["slow"] != "ok" {
		t.Fatalf("while the refresh runs, the last result should be reported: %v %v", failed, res)
	}
	close(release)
	deadline := time.Now().Add(10 * time.Second)
	for {
		rd.mu.Lock()
		done := !c.running && c.err != nil
		rd.mu.Unlock()
		if done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the background refresh never recorded its result")
		}
		time.Sleep(time.Millisecond)
	}
	if failed, _ := rd.run(t.Context()); len(failed) != 1 || !strings.Contains(failed[0], "bad") {
		t.Errorf("after the refresh failed: %v", failed)
	}
}

// Once a shutdown begins, /readyz fails at once, without running its checks, while pages and the
// APIs are still answered, so that a load balancer stops sending before the listener closes.
func TestDrainFailsReadinessAndStillAnswers(t *testing.T) {
	s, _ := fullServer(t, nil, 0, nil)
	if status, out := readyz(t, s); status != 200 {
		t.Fatalf("before the drain: /readyz %d %v", status, out)
	}
	s.Drain()
	status, out := readyz(t, s)
	if status != http.StatusServiceUnavailable || !strings.Contains(out["message"].(string), "shutting down") || out["status"] != 503.0 {
		t.Errorf("draining: /readyz %d %v, want 503 saying it shuts down", status, out)
	}
	for _, path := range []string{"/", "/healthz", "/architecture/bakers"} {
		if res := get(t, s, path); res.StatusCode != 200 && res.StatusCode != 301 {
			t.Errorf("draining: GET %s = %d, want it answered", path, res.StatusCode)
		}
	}
}
