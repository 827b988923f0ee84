package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tzdocs/internal/sitetest"
)

// startDevCommand runs `tzdocs dev` in-process from the folder dir (so its output folder is the
// default one, .tzdocs/dev under dir) and returns its URL and a function that stops it.
func startDevCommand(t *testing.T, dir string, extra ...string) (url string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	args := append([]string{"tzdocs", "dev", "--site", "site", "--web", "web", "--addr", "127.0.0.1:0"}, extra...)
	go func() {
		done <- run(ctx, args, func(string) string { return "" }, pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		cancel()
		t.Fatalf("dev printed no address: %v (exit: %v)", err, <-done)
	}
	go io.Copy(io.Discard, pr)
	url = regexp.MustCompile(`http://127\.0\.0\.1:\d+`).FindString(line)
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("dev did not stop cleanly: %v", err)
				}
			case <-time.After(15 * time.Second):
				t.Error("dev did not stop after its context ended")
			}
		})
	}
	// Also when the test fails: before t.Chdir's clean-up, registered earlier, changes the folder back.
	t.Cleanup(stop)
	return url, stop
}

// getUntil fetches url until its status and body satisfy ok, failing the test after 20 s.
func getUntil(t *testing.T, url, what string, ok func(status int, body string) bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	var status int
	var body string
	for {
		res, err := http.Get(url)
		if err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			status, body = res.StatusCode, string(b)
			if ok(status, body) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: still %d %.600s", what, status, body)
		}
		time.Sleep(20 * time.Millisecond) // the poll interval
	}
}

func TestDevRecoversFromAnErrorPresentAtStartUp(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	t.Chdir(dir)
	page := filepath.Join("site", "docs", "architecture", "bakers.md")
	good, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(good), "Bakers get rights.", "Bakers get rights.\n\n![x](/img/nope.png)", 1)
	if err := os.WriteFile(page, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	failing := func(status int, body string) bool {
		return status == http.StatusInternalServerError && strings.Contains(body, "/img/nope.png")
	}
	fixed := func(status int, body string) bool {
		return status == http.StatusOK && strings.Contains(body, "Bakers get rights.")
	}

	// A fresh folder: the first build fails, then the writer fixes the page.
	url, stop := startDevCommand(t, dir)
	getUntil(t, url+"/architecture/bakers", "the start-up error is shown", failing)
	if err := os.WriteFile(page, good, 0o644); err != nil {
		t.Fatal(err)
	}
	getUntil(t, url+"/architecture/bakers", "dev recovers once the page is fixed", fixed)
	stop()

	// Broken again at the next start, with what a killed build may leave in the folder.
	if err := os.WriteFile(page, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(".tzdocs", "dev", "_manifest.json")); err != nil {
		t.Fatal(err)
	}
	url, _ = startDevCommand(t, dir)
	getUntil(t, url+"/architecture/bakers", "the error is shown after a restart", failing)
	if err := os.WriteFile(page, good, 0o644); err != nil {
		t.Fatal(err)
	}
	getUntil(t, url+"/architecture/bakers", "dev recovers after a restart", fixed)
}

func TestDevLeavesAChosenOutputFolderWithOtherFilesAlone(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	t.Chdir(dir)
	mine := filepath.Join("elsewhere", "notes.txt")
	if err := os.MkdirAll("elsewhere", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mine, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	url, _ := startDevCommand(t, dir, "--out", "elsewhere")
	getUntil(t, url+"/architecture/bakers", "a folder dev does not own is refused", func(status int, body string) bool {
		return status == http.StatusInternalServerError && strings.Contains(body, "is not a tzdocs build")
	})
	if b, err := os.ReadFile(mine); err != nil || string(b) != "keep me" {
		t.Errorf("a file in a folder given with --out was touched: %q %v", b, err)
	}
}

func TestDevServesTheAPIsOfServeOverTheRebuiltIndex(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	t.Chdir(dir)
	url, _ := startDevCommand(t, dir)
	getUntil(t, url+"/architecture/bakers", "the first build is served", func(status int, body string) bool { return status == http.StatusOK })

	page := filepath.Join("site", "docs", "architecture", "bakers.md")
	src, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, []byte(strings.Replace(string(src), "Bakers get rights.", "Bakers get quuxoplastic rights.", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	search := func(status int, body string) bool { return strings.Contains(body, "/architecture/bakers") }
	getUntil(t, url+"/api/search/1/indexes/tezosdocs?query=quuxoplastic", "the edit is found by search", search)

	if _, stream := ask(t, url, "What do bakers get?"); !strings.Contains(stream, "quuxoplastic") {
		t.Errorf("Ask AI does not answer from the rebuilt index: %s", stream)
	}
	// The feedback API checks the page against the build (a stored vote would count in the
	// process's metrics, which another test reads).
	if res := postJSON(t, url+"/api/feedback", "", `{"url":"/architecture/nowhere","helpful":true}`); res.StatusCode != http.StatusBadRequest {
		t.Errorf("page feedback for a page the build lacks: %d, want 400 from the feedback API", res.StatusCode)
	}
}
