package feedback_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tzdocs/internal/feedback"
	"tzdocs/internal/feedback/store/postgres/pgtest"
)

// post sends one feedback post over HTTP and returns the status and answered id.
func postHTTP(c *http.Client, base string, body any) (int, int64, error) {
	b, _ := json.Marshal(body)
	resp, err := c.Post(base+"/api/feedback", "application/json", bytes.NewReader(b))
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, 0, err
	}
	var ans struct {
		OK bool  `json:"ok"`
		ID int64 `json:"id"`
	}
	if resp.StatusCode == http.StatusCreated {
		if err := json.Unmarshal(data, &ans); err != nil || !ans.OK {
			return resp.StatusCode, 0, fmt.Errorf("bad 201 answer %q", data)
		}
	}
	return resp.StatusCode, ans.ID, nil
}

// eachStore runs f against SQLite and, when a test server is configured, PostgreSQL, both opened
// through feedback.Open as the server opens them.
func eachStore(t *testing.T, f func(t *testing.T, s feedback.Store)) {
	open := func(t *testing.T, url string) feedback.Store {
		s, err := feedback.Open(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	t.Run("sqlite", func(t *testing.T) { f(t, open(t, "file:"+filepath.Join(t.TempDir(), "tzdocs.db"))) })
	t.Run("postgres", func(t *testing.T) { f(t, open(t, pgtest.FreshURL(t))) })
}

func TestFiveThousandConcurrentPostsAreAllStored(t *testing.T) {
	eachStore(t, testFiveThousandPosts)
}

func testFiveThousandPosts(t *testing.T, s feedback.Store) {
	const clients, each = 50, 100
	mux := http.NewServeMux()
	mux.Handle("POST /api/feedback", feedback.Handler(s, noLimit()))
	srv := httptest.NewServer(mux) // listens on 127.0.0.1
	defer srv.Close()

	start := time.Now()
	var wg sync.WaitGroup
	var failures atomic.Int64
	ids := make([][]int64, clients)
	for c := range clients {
		wg.Go(func() {
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}, Timeout: time.Minute}
			defer client.CloseIdleConnections()
			for i := range each {
				status, id, err := postHTTP(client, srv.URL, map[string]any{
					"url": fmt.Sprintf("/page/%d", i%7), "helpful": (c+i)%3 != 0, "comment": fmt.Sprintf("client %d post %d", c, i)})
				if err != nil || status != http.StatusCreated {
					if failures.Add(1) <= 5 {
						t.Errorf("client %d post %d: status %d, err %v", c, i, status, err)
					}
					continue
				}
				ids[c] = append(ids[c], id)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	t.Logf("%d posts from %d clients in %v (%.0f posts/s)", clients*each, clients, elapsed, float64(clients*each)/elapsed.Seconds())
	if failures.Load() > 0 {
		t.Fatalf("%d posts failed", failures.Load())
	}
	rows := allPages(t, s)
	if len(rows) != clients*each {
		t.Fatalf("%d rows after %d acknowledged posts", len(rows), clients*each)
	}
	stored := map[int64]string{}
	for _, r := range rows {
		stored[r.ID] = r.Comment
	}
	for c, list := range ids {
		for i, id := range list {
			if want := fmt.Sprintf("client %d post %d", c, i); stored[id] != want {
				t.Fatalf("id %d holds %q, want %q", id, stored[id], want)
			}
		}
	}
}
