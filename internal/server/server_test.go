package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/feedback"
	"tzdocs/internal/output"
	"tzdocs/internal/sitebuild/buildtest"
	"tzdocs/internal/sitetest"
)

// writeBuiltSite writes a small built site through the output package, as the build does, and
// returns its folder.
func writeBuiltSite(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "dist")
	out := output.NewOutput()
	routes := []string{"/", "/overview/", "/architecture", "/architecture/bakers"}
	titles := []string{"Home", "Overview", "Architecture", "Bakers"}
	for i, r := range routes {
		out.Add(output.PageFile(r), []byte("<!doctype html><title>"+titles[i]+"</title>\n"))
	}
	out.Add(output.PageFile(output.NotFoundRoute), []byte("<!doctype html><title>Page Not Found</title>"))
	out.Add(output.AssetsDir+"/entry-client-AbCdEf12.js", []byte(`console.log("app")`))
	out.Add(output.MarkdownFile("/architecture/bakers"), []byte("# Bakers\n\nBakers produce blocks.\n"))
	out.Add("img/logo.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`))
	out.Add(output.DiagramFrameFile, []byte(`<!doctype html><script type="module" src="/assets/diagram-frame-Dd33Ff44.js"></script>`))
	// The search records are those the build makes of the site these pages stand for.
	records := buildtest.Records(t, sitetest.Minimal)
	for file, v := range map[string]any{
		output.ManifestFile:              output.Manifest{Format: output.FormatVersion, Routes: routes},
		output.DataFile("/architecture"): output.PageData{Route: "/architecture"},
		output.SiteDataFile: output.SiteData{URL: "https://docs.example.org", Title: "Test",
			Search: output.SearchConfig{IndexName: "tezosdocs", Replicas: []string{"docs"}, AllowedOrigins: []string{"https://partner.example.net"}}},
		output.RecordsFile: records,
		output.CodeFile:    buildtest.Code(t, sitetest.Minimal),
		output.AnswersFile: buildtest.Answers(t, sitetest.Minimal),
		output.CSPFile: output.CSPSources{ScriptHashes: []string{"sha256-abc="}, StyleHashes: []string{"sha256-def="}, ImgOrigins: []string{"https://stats.example.net"},
			FrameOrigins: []string{"https://www.youtube-nocookie.com"}},
	} {
		if err := out.AddJSON(file, v); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := output.NewWriter(dir).Write(out); err != nil {
		t.Fatal(err)
	}
	return dir
}

func newTestServer(t *testing.T) (*Server, string) {
	t.Helper()
	dir := writeBuiltSite(t)
	// A precompressed sidecar, as the build writes for larger text files.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("<!doctype html><title>Bakers</title>\n"))
	zw.Close()
	bakers := filepath.Join(dir, filepath.FromSlash(output.PageFile("/architecture/bakers")))
	if err := os.WriteFile(bakers+".gz", gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bakers+".br", []byte("brotli-bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := New(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return s, dir
}

func get(t *testing.T, h http.Handler, path string, header ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, res *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCanonicalRoutesAndRedirects(t *testing.T) {
	s, _ := newTestServer(t)
	tests := []struct {
		path     string
		status   int
		location string
		title    string
	}{
		{"/", 200, "", "Home"},
		{"/index.html", 301, "/", ""},
		{"/architecture", 200, "", "Architecture"},
		{"/architecture/", 301, "/architecture", ""},
		{"/architecture/index.html", 301, "/architecture", ""},
		{"/architecture.html", 301, "/architecture", ""},
		{"/overview/", 200, "", "Overview"},
		{"/overview", 301, "/overview/", ""},
		{"/overview/index.html", 301, "/overview/", ""},
		{"/architecture/bakers/?x=1", 301, "/architecture/bakers?x=1", ""},
		{"/nope", 404, "", "Page Not Found"},
		{"/architecture/nope/", 404, "", "Page Not Found"},
		{"/img/logo.svg", 200, "", ""},
		{"/" + output.DataFile("/architecture"), 200, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res := get(t, s, tt.path)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			if got := res.Header.Get("Location"); got != tt.location {
				t.Errorf("Location %q, want %q", got, tt.location)
			}
			if tt.title != "" && !strings.Contains(body(t, res), "<title>"+tt.title+"</title>") {
				t.Errorf("wrong page served")
			}
		})
	}
}

func TestCachingHeaders(t *testing.T) {
	s, _ := newTestServer(t)
	asset := get(t, s, "/assets/entry-client-AbCdEf12.js")
	if got := asset.Header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
		t.Errorf("hashed asset Cache-Control %q", got)
	}
	if got := asset.Header.Get("Content-Type"); got != "text/javascript; charset=utf-8" {
		t.Errorf("asset Content-Type %q", got)
	}
	page := get(t, s, "/architecture")
	if got := page.Header.Get("Cache-Control"); got != "no-cache" {
		t.Errorf("HTML Cache-Control %q", got)
	}
	etag := page.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag on HTML")
	}
	again := get(t, s, "/architecture", "If-None-Match", etag)
	if again.StatusCode != http.StatusNotModified {
		t.Errorf("conditional request got %d, want 304", again.StatusCode)
	}
	if body(t, again) != "" {
		t.Error("304 has a body")
	}
	changed := get(t, s, "/architecture", "If-None-Match", `"other"`)
	if changed.StatusCode != 200 {
		t.Errorf("stale ETag got %d", changed.StatusCode)
	}
	notFound := get(t, s, "/nope")
	if got := notFound.Header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("404 Cache-Control %q", got)
	}
}

func TestPrecompressedResponses(t *testing.T) {
	s, _ := newTestServer(t)
	br := get(t, s, "/architecture/bakers", "Accept-Encoding", "gzip, deflate, br")
	if br.Header.Get("Content-Encoding") != "br" || body(t, br) != "brotli-bytes" {
		t.Errorf("br not chosen: %q", br.Header.Get("Content-Encoding"))
	}
	if vary := strings.Join(br.Header.Values("Vary"), ", "); vary != "Accept, Accept-Encoding" {
		t.Errorf("Vary %q, want Accept (a page with Markdown) and Accept-Encoding", vary)
	}
	gz := get(t, s, "/architecture/bakers", "Accept-Encoding", "gzip, br;q=0")
	if gz.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzip not chosen: %q", gz.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(gz.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !strings.Contains(string(plain), "Bakers") {
		t.Errorf("gzip body %q", plain)
	}
	identity := get(t, s, "/architecture/bakers")
	if identity.Header.Get("Content-Encoding") != "" || !strings.Contains(body(t, identity), "Bakers") {
		t.Error("identity response is encoded")
	}
}

func TestHealthAndMethods(t *testing.T) {
	s, _ := newTestServer(t)
	if res := get(t, s, "/healthz"); res.StatusCode != 200 || body(t, res) != "ok\n" {
		t.Errorf("healthz %d", res.StatusCode)
	}
	req := httptest.NewRequest(http.MethodPost, "/architecture", nil)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST got %d", rec.Code)
	}
	head := httptest.NewRequest(http.MethodHead, "/architecture", nil)
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, head)
	if rec.Code != 200 || rec.Body.Len() != 0 || rec.Header().Get("Content-Length") == "" {
		t.Errorf("HEAD got %d with %d bytes", rec.Code, rec.Body.Len())
	}
}

func TestReloadServesTheNewBuild(t *testing.T) {
	s, dir := newTestServer(t)
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(output.PageFile("/architecture"))), []byte("<title>Rebuilt</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body(t, get(t, s, "/architecture")), "Architecture") {
		t.Fatal("served from disk instead of memory")
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body(t, get(t, s, "/architecture")), "Rebuilt") {
		t.Error("Reload did not pick up the new file")
	}
}

func TestNewRejectsAFolderThatIsNotABuild(t *testing.T) {
	_, err := New(Options{Dir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "run `tzdocs build` first") {
		t.Errorf("err = %v", err)
	}
}

func post(t *testing.T, h http.Handler, path, contentType, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestSearchAPIAnswersFromTheBuiltIndex(t *testing.T) {
	s, _ := newTestServer(t)
	rec := post(t, s, "/api/search/1/indexes/*/queries", "text/plain", `{"requests":[{"indexName":"tezosdocs","query":"bakers"}]}`)
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var res struct {
		Results []struct {
			NbHits int `json:"nbHits"`
			Hits   []struct {
				URL string `json:"url"`
			} `json:"hits"`
		} `json:"results"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Results) != 1 || res.Results[0].NbHits != 3 || res.Results[0].Hits[0].URL != "https://docs.example.org/architecture/bakers" {
		t.Errorf("results %+v", res.Results)
	}
	unknown := post(t, s, "/api/search/1/indexes/nope/query", "text/plain", `{"query":"bakers"}`)
	if unknown.Code != http.StatusNotFound || !strings.Contains(unknown.Body.String(), "Index does not exist") {
		t.Errorf("an unknown index: %d %s", unknown.Code, unknown.Body)
	}
}

func TestAPIsAllowTheSitesOriginsOnly(t *testing.T) {
	s, _ := fullServer(t, nil, 0, nil)
	routes := []struct{ path, method string }{
		{"/api/search/1/indexes/*/queries", http.MethodPost},
		{"/api/insights/1/events", http.MethodPost},
		{"/api/askai/chat/token", http.MethodPost},
	}
	for _, rt := range routes {
		for origin, allowed := range map[string]bool{
			"https://docs.example.org":    true, // the site's own (from its url)
			"https://partner.example.net": true, // site.yaml's allowedOrigins
			"https://evil.example.com":    false,
		} {
			req := httptest.NewRequest(http.MethodOptions, rt.path, nil)
			req.Header.Set("Origin", origin)
			req.Header.Set("Access-Control-Request-Method", rt.method)
			req.Header.Set("Access-Control-Request-Headers", "content-type")
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			got := rec.Header().Get("Access-Control-Allow-Origin")
			switch {
			case rec.Code != http.StatusNoContent:
				t.Errorf("%s preflight from %s: status %d", rt.path, origin, rec.Code)
			case allowed && (got != origin || !strings.Contains(rec.Header().Get("Access-Control-Allow-Methods"), rt.method)):
				t.Errorf("%s preflight from %s: allow-origin %q, methods %q", rt.path, origin, got, rec.Header().Get("Access-Control-Allow-Methods"))
			case !allowed && got != "":
				t.Errorf("%s preflight from %s: allowed as %q", rt.path, origin, got)
			}
		}
	}
	// An answer carries the exact origin, never "*".
	req := httptest.NewRequest(http.MethodPost, "/api/search/1/indexes/*/queries", strings.NewReader(`{"requests":[{"indexName":"tezosdocs","query":"bakers"}]}`))
	req.Header.Set("Origin", "https://partner.example.net")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != 200 || rec.Header().Get("Access-Control-Allow-Origin") != "https://partner.example.net" {
		t.Errorf("search from an allowed origin: %d, %q", rec.Code, rec.Header().Get("Access-Control-Allow-Origin"))
	}
}

func TestInsightsEvents(t *testing.T) {
	s, _ := newTestServer(t)
	ok := post(t, s, "/api/insights/1/events", "text/plain",
		`{"events":[{"eventType":"click","eventName":"Item Selected","index":"tezosdocs","userToken":"u1","queryID":"3e48cd0616e466948dd85abf5c3fbbe2","objectIDs":["a1"],"positions":[1]}]}`)
	if ok.Code != 200 || !strings.Contains(ok.Body.String(), `"OK"`) {
		t.Errorf("valid event: %d %s", ok.Code, ok.Body)
	}
	tests := []struct {
		body, want string
		status     int
	}{
		{`{"events":[]}`, "between 1 and 1000", 422},
		{`{"events":[{"eventType":"hover","eventName":"x","index":"i","userToken":"u1","objectIDs":["a"]}]}`, "events[0]: eventType \\\"hover\\\" is not click, conversion, view or instantsearch", 422},
		{`{"events":[{"eventType":"view","eventName":"x","index":"i","userToken":"u1","objectIDs":[]}]}`, "objectIDs", 422},
		{`{"events":[{"eventType":"click","eventName":"x","index":"i","userToken":"u1","queryID":"3e48cd0616e466948dd85abf5c3fbbe2","objectIDs":["a","b"],"positions":[1]}]}`, "one position per object id", 422},
		{`{"events":`, "not valid JSON", 400},
	}
	for _, tt := range tests {
		rec := post(t, s, "/api/insights/1/events", "application/json", tt.body)
		if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("%s: %d %s", tt.body, rec.Code, rec.Body)
		}
	}
	big := post(t, s, "/api/insights/1/events", "application/json", `{"events":["`+strings.Repeat("x", 70<<10)+`"]}`)
	if big.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body: %d", big.Code)
	}
}

func TestContentSecurityPolicyAllowsTheBuildsInlineScripts(t *testing.T) {
	s, _ := newTestServer(t)
	csp := get(t, s, "/architecture").Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self' 'sha256-abc='") || !strings.Contains(csp, "connect-src 'self';") {
		t.Errorf("CSP %q", csp)
	}
	// What the pages embed from other sites is allowed, for its kind only; nothing else is.
	if !strings.Contains(csp, "img-src 'self' data: https://stats.example.net;") || !strings.Contains(csp, "frame-src 'self' https://www.youtube-nocookie.com;") ||
		strings.Contains(csp, "media-src") || strings.Count(csp, "youtube") != 1 {
		t.Errorf("CSP embeds %q", csp)
	}
}

func TestStylesAreAllowedByHashOnPagesAndInlineOnlyInTheDiagramFrame(t *testing.T) {
	s, _ := newTestServer(t)
	for _, p := range []string{"/architecture", "/img/logo.svg", "/no-such-page"} {
		csp := get(t, s, p).Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "style-src 'self' 'unsafe-hashes' 'sha256-def=';") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s: CSP %q", p, csp)
		}
	}
	frame := get(t, s, output.DiagramFrameURL)
	if frame.StatusCode != http.StatusOK || frame.Header.Get("Content-Security-Policy") != output.DiagramFrameCSP {
		t.Errorf("the diagram frame: %d, CSP %q", frame.StatusCode, frame.Header.Get("Content-Security-Policy"))
	}
}

func TestNoRateLimitsLetsLoadTestsThrough(t *testing.T) {
	dir := writeBuiltSite(t)
	st, err := feedback.Open(context.Background(), "file:"+filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, off := range []bool{false, true} {
		s, err := New(Options{Dir: dir, Feedback: st, NoRateLimits: off})
		if err != nil {
			t.Fatal(err)
		}
		limited := 0
		for range 40 {
			if post(t, s, "/api/feedback", "application/json", `{"url":"/architecture","helpful":true}`).Code == http.StatusTooManyRequests {
				limited++
			}
		}
		if off && limited != 0 || !off && limited == 0 {
			t.Errorf("NoRateLimits=%v: %d of 40 posts limited", off, limited)
		}
		s.Close(context.Background())
	}
}

func TestPagesAnswerInMarkdownToAgentsThatAskForIt(t *testing.T) {
	s, _ := newTestServer(t)
	tests := []struct {
		path, accept, wantType, wantBody string
	}{
		{"/architecture/bakers", "text/markdown", "text/markdown; charset=utf-8", "# Bakers"},
		{"/architecture/bakers", "text/markdown, text/plain;q=0.5, */*;q=0.1", "text/markdown; charset=utf-8", "# Bakers"},
		{"/architecture/bakers", "text/html,application/xhtml+xml,*/*;q=0.8", "text/html; charset=utf-8", "<title>Bakers</title>"},
		{"/architecture/bakers", "text/html, text/markdown;q=0.9", "text/html; charset=utf-8", "<title>Bakers</title>"},
		{"/architecture/bakers", "", "text/html; charset=utf-8", "<title>Bakers</title>"},
		{"/" + output.MarkdownFile("/architecture/bakers"), "", "text/markdown; charset=utf-8", "# Bakers"},
		// A page without Markdown is always HTML.
		{"/architecture", "text/markdown", "text/html; charset=utf-8", "<title>Architecture</title>"},
	}
	for _, tt := range tests {
		res := get(t, s, tt.path, "Accept", tt.accept)
		if got := res.Header.Get("Content-Type"); res.StatusCode != 200 || got != tt.wantType {
			t.Errorf("%s (Accept %q): %d %s, want %s", tt.path, tt.accept, res.StatusCode, got, tt.wantType)
		}
		if b := body(t, res); !strings.Contains(b, tt.wantBody) {
			t.Errorf("%s (Accept %q): body %q", tt.path, tt.accept, b)
		}
	}
	res := get(t, s, "/architecture/bakers")
	if link := res.Header.Get("Link"); link != `</architecture/bakers.md>; rel="alternate"; type="text/markdown"` {
		t.Errorf("Link = %q", link)
	}
	if !strings.Contains(strings.Join(res.Header.Values("Vary"), ","), "Accept") {
		t.Errorf("Vary = %v, want Accept among them", res.Header.Values("Vary"))
	}
}
