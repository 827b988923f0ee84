package server

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tzdocs/internal/mcp"
	"tzdocs/internal/output"
)

// callMCP posts one JSON-RPC request to /mcp, as a streamable HTTP client does without a session.
func callMCP(t *testing.T, h http.Handler, method, params string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"`+method+`","params":`+params+`}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestMCPReadsTheCurrentBuild(t *testing.T) {
	s, dir := newTestServer(t)
	getPage := `{"name":"get_page","arguments":{"route":"/architecture/bakers"}}`
	rec := callMCP(t, s, "tools/call", getPage)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `# Bakers\n\nBakers produce blocks.`) {
		t.Fatalf("get_page: %d %s", rec.Code, rec.Body)
	}
	search := callMCP(t, s, "tools/call", `{"name":"search_docs","arguments":{"query":"bakers"}}`)
	if !strings.Contains(search.Body.String(), "https://docs.example.org/architecture/bakers") {
		t.Errorf("search_docs: %s", search.Body)
	}
	md := filepath.Join(dir, filepath.FromSlash(output.MarkdownFile("/architecture/bakers")))
	if err := os.WriteFile(md, []byte("# Bakers\n\nRebuilt.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	if rec := callMCP(t, s, "tools/call", getPage); !strings.Contains(rec.Body.String(), `Rebuilt.`) {
		t.Errorf("get_page after a reload: %s", rec.Body)
	}
	list := callMCP(t, s, "resources/list", `{}`)
	if !strings.Contains(list.Body.String(), `"uri":"https://docs.example.org/architecture/bakers"`) {
		t.Errorf("resources/list: %s", list.Body)
	}
}

// Calls arriving together on a cold server share one reading of the build.
func TestMCPDocsAreMadeOnce(t *testing.T) {
	s, _ := newTestServer(t)
	const callers = 16
	var entered atomic.Int32
	release := make(chan struct{})
	c := &mcpDocs{s: s, read: func(src mcp.Source) (*mcp.Docs, error) {
		entered.Add(1)
		<-release // the reading of the build takes a while: every caller arrives meanwhile
		return mcp.NewDocs(src)
	}}
	got := make(chan *mcp.Docs, callers)
	for range callers {
		go func() { got <- c.get() }()
	}
	// A second reading would start within moments of the first; wait a bounded time for one.
	for deadline := time.Now().Add(300 * time.Millisecond); entered.Load() < 2 && time.Now().Before(deadline); {
		runtime.Gosched()
	}
	close(release)
	first := <-got
	for range callers - 1 {
		if d := <-got; d != first || d == nil {
			t.Fatalf("callers got different Docs (%p, %p)", first, d)
		}
	}
	if n := entered.Load(); n != 1 {
		t.Errorf("the build was read %d times, want once", n)
	}
}

// /mcp follows the site's origin rules: the exact allowed origin, never "*", and nothing for
// others (an opaque "null" origin among them).
func TestMCPAppliesTheSitesOriginRules(t *testing.T) {
	s, _ := newTestServer(t)
	for origin, allowed := range map[string]bool{
		"https://partner.example.net": true,
		"https://evil.example":        false,
		"null":                        false,
	} {
		pre := httptest.NewRequest(http.MethodOptions, "/mcp", nil)
		pre.Header.Set("Origin", origin)
		pre.Header.Set("Access-Control-Request-Method", "POST")
		pre.Header.Set("Access-Control-Request-Headers", "content-type, mcp-protocol-version")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, pre)
		got := rec.Header().Get("Access-Control-Allow-Origin")
		switch {
		case allowed && (got != origin || !strings.Contains(strings.ToLower(rec.Header().Get("Access-Control-Allow-Headers")), "mcp-protocol-version")):
			t.Errorf("preflight from %s: allow-origin %q, headers %q", origin, got, rec.Header().Get("Access-Control-Allow-Headers"))
		case !allowed && got != "":
			t.Errorf("preflight from %s: allowed as %q", origin, got)
		}
		req := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Origin", origin)
		rec = httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if got := rec.Header().Get("Access-Control-Allow-Origin"); (allowed && got != origin) || (!allowed && got != "") {
			t.Errorf("call from %s: allow-origin %q", origin, got)
		}
	}
}
