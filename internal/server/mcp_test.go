package server

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
