package live

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/sitetest"
)

// events reads server-sent events from the dev server into a channel of "event: data" strings.
func events(t *testing.T, url string) <-chan string {
	t.Helper()
	res, err := http.Get(url + "/_dev/events")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	ch := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(res.Body)
		var ev string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ch <- ev + " " + strings.TrimPrefix(line, "data: ")
			}
		}
		close(ch)
	}()
	return ch
}

func waitFor(t *testing.T, ch <-chan string, prefix string) string {
	t.Helper()
	timeout := time.After(15 * time.Second)
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				t.Fatalf("event stream ended before %q", prefix)
			}
			if strings.HasPrefix(ev, prefix) {
				return ev
			}
		case <-timeout:
			t.Fatalf("no %q event", prefix)
		}
	}
}

func page(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

func TestEditRebuildsAndNotifiesBrowsers(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d, err := Start(ctx, Options{SiteDir: filepath.Join(dir, "site"), OutDir: filepath.Join(dir, "out"), WebDir: filepath.Join(dir, "web")})
	if err != nil {
		t.Fatal(err)
	}
	<-d.rebuilt
	srv := httptest.NewServer(d)
	defer func() {
		d.Close() // ends the event streams, so the test server can close
		srv.Close()
	}()
	if !strings.Contains(page(t, srv.URL+"/architecture/bakers"), "Bakers get rights.") {
		t.Fatal("first build not served")
	}
	if !strings.Contains(page(t, srv.URL+"/architecture/bakers"), `"devEventsUrl":"/_dev/events"`) {
		t.Error("dev build lacks the event URL")
	}
	ch := events(t, srv.URL)
	file := filepath.Join(dir, "site/docs/architecture/bakers.md")
	src, _ := os.ReadFile(file)
	os.WriteFile(file, []byte(strings.Replace(string(src), "Bakers get rights.", "Bakers earn rights.", 1)), 0o644)
	ev := waitFor(t, ch, "reload ")
	if !strings.Contains(ev, `"/architecture/bakers"`) || strings.Contains(ev, `"/architecture/accounts"`) {
		t.Errorf("reload event %q should name only the edited page", ev)
	}
	if !strings.Contains(page(t, srv.URL+"/architecture/bakers"), "Bakers earn rights.") {
		t.Error("edit not served")
	}

	// A broken edit: the error reaches the browser with file and line, the last good build stays.
	os.WriteFile(file, []byte("---\ntitle: Bakers\nlast_update:\n  date: whenever\n---\nBroken.\n"), 0o644)
	ev = waitFor(t, ch, "error ")
	if !strings.Contains(ev, `"file":"site/docs/architecture/bakers.md"`) || !strings.Contains(ev, `"line":4`) {
		t.Errorf("error event %q lacks file and line", ev)
	}
	if !strings.Contains(page(t, srv.URL+"/architecture/bakers"), "Bakers earn rights.") {
		t.Error("last good build not kept")
	}
	os.WriteFile(file, src, 0o644)
	waitFor(t, ch, "ok ")
}
