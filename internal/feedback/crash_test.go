package feedback_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tzdocs/internal/feedback"
	"tzdocs/internal/feedback/store/sqlite"
)

// crashDBEnv tells a re-executed test binary to serve POST /api/feedback on that SQLite file.
const crashDBEnv = "TZDOCS_FEEDBACK_CRASH_HELPER_DB"

// TestCrashHelperProcess is not a test: it is the server that TestKilledServerLosesNoAcknowledgedPost
// starts in a child process and kills.
func TestCrashHelperProcess(t *testing.T) {
	path := os.Getenv(crashDBEnv)
	if path == "" {
		t.Skip("helper process for the crash test")
	}
	s, err := sqlite.Open(context.Background(), path)
	if err != nil {
		fmt.Println("ERROR", err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("ERROR", err)
		os.Exit(1)
	}
	fmt.Println("LISTENING", ln.Addr())
	mux := http.NewServeMux()
	mux.Handle("POST /api/feedback", feedback.Handler(s, feedback.Options{RateLimit: feedback.RateLimit{Off: true}}))
	http.Serve(ln, mux) // runs until the parent kills the process
	os.Exit(1)
}

// startHelper starts the helper server on path and returns its base URL.
func startHelper(t *testing.T, path string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelperProcess$")
	cmd.Env = append(os.Environ(), crashDBEnv+"="+path)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "LISTENING ") || strings.HasPrefix(sc.Text(), "ERROR ") {
				line <- sc.Text()
				return
			}
		}
		line <- "ERROR helper exited without listening"
	}()
	select {
	case l := <-line:
		addr, ok := strings.CutPrefix(l, "LISTENING ")
		if !ok {
			t.Fatalf("helper: %s", l)
		}
		return cmd, "http://" + addr
	case <-time.After(30 * time.Second):
		t.Fatal("helper did not start within 30s")
	}
	return nil, ""
}

func TestKilledServerLosesNoAcknowledgedPost(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills a server process")
	}
	path := filepath.Join(t.TempDir(), "tzdocs.db")
	cmd, base := startHelper(t, path)

	const writers = 8
	var mu sync.Mutex
	acked := map[int64]string{} // id → comment, for every 201
	var unanswered int
	killed := make(chan struct{})
	enough := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			client := &http.Client{Timeout: 10 * time.Second}
			for i := 0; ; i++ {
				comment := fmt.Sprintf("writer %d post %d", w, i)
				status, id, err := postHTTP(client, base, map[string]any{"url": "/crash", "helpful": i%2 == 0, "comment": comment})
				mu.Lock()
				if err == nil && status == http.StatusCreated {
					acked[id] = comment
					if len(acked) >= 400 {
						once.Do(func() { close(enough) })
					}
				} else {
					unanswered++
				}
				mu.Unlock()
				// Keep writing through the kill; stop at the first failure after it.
				if err != nil {
					if !isKilled(killed) {
						t.Errorf("writer %d: %v before the kill", w, err)
					}
					return
				}
			}
		})
	}
	select {
	case <-enough:
	case <-time.After(60 * time.Second):
		t.Fatal("the helper acknowledged fewer than 400 posts in 60s")
	}
	close(killed) // from now on, failed posts are expected
	// SIGKILL: no deferred cleanup, no graceful close.
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	wg.Wait()
	t.Logf("killed the server after %d acknowledged posts; %d posts in flight got no answer", len(acked), unanswered)

	// Reopen the same database as a restarted server would.
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatalf("reopening after the kill: %v", err)
	}
	if err := s.IntegrityCheck(t.Context()); err != nil {
		t.Fatal(err)
	}
	stored := map[int64]string{}
	for _, p := range allPages(t, s) {
		stored[p.ID] = p.Comment
	}
	s.Close()
	missing := 0
	for id, comment := range acked {
		if stored[id] != comment {
			missing++
			if missing <= 5 {
				t.Errorf("acknowledged post %d (%q) is %q after the crash", id, comment, stored[id])
			}
		}
	}
	if missing > 0 {
		t.Fatalf("%d of %d acknowledged posts lost", missing, len(acked))
	}
	if len(stored) < len(acked) {
		t.Fatalf("%d rows for %d acknowledged posts", len(stored), len(acked))
	}

	// A restarted server keeps working on the same file.
	_, base = startHelper(t, path)
	status, id, err := postHTTP(http.DefaultClient, base, map[string]any{"url": "/after-crash", "helpful": true})
	if err != nil || status != http.StatusCreated {
		t.Fatalf("post to the restarted server: %d %v", status, err)
	}
	if _, dup := stored[id]; dup {
		t.Fatalf("restarted server reused id %d", id)
	}
}

func isKilled(killed chan struct{}) bool {
	select {
	case <-killed:
		return true
	default:
		return false
	}
}
