package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"tzdocs/internal/assistant"
	"tzdocs/internal/output"
	"tzdocs/internal/ratelimit"
	"tzdocs/internal/sitebuild/buildtest"
)

// site is a small site with two top-level sections, written for these tests.
const site = `
-- site/site.yaml --
title: Test Docs
tagline: A site for tests.
url: https://docs.example.org
i18n:
  defaultLocale: en
  locales: [en]
  localeConfigs:
    en: { label: English, direction: ltr, htmlLang: en }
docs:
  mainDocId: overview/index
-- site/sidebars.yaml --
documentation:
  - overview/index
  - type: category
    label: Architecture
    items:
      - architecture/smart-rollups
      - architecture/bakers
  - type: category
    label: Developing
    items:
      - developing/octez-client
-- site/docs/overview/index.md --
---
title: Overview
description: What the docs hold.
---
Start with [smart rollups](/architecture/smart-rollups).

## Where to go next

Read about bakers and the Octez client.
-- site/docs/architecture/smart-rollups.md --
---
title: Smart Rollups
description: Layer 2 solutions that run outside the main chain.
---
Smart rollups run logic off the main chain and post commitments to it.

## Commitments

A rollup node posts a commitment of its state every 60 blocks, and anyone can refute a wrong one.

## Deploying a smart rollup

Originate a smart rollup with the Octez client and its kernel.
-- site/docs/architecture/bakers.md --
---
title: Bakers
---
Bakers produce blocks and attest the blocks of others.

## Rights

Bakers get rights in proportion to their stake.
-- site/docs/developing/octez-client.md --
---
title: The Octez client
---
The Octez client sends operations to a node.

## Originating a rollup

The client's originate smart rollup command deploys a rollup.
`

var (
	builtOnce sync.Once
	builtDocs *Docs
	builtErr  error
)

// fixtureDocs builds the test site once and returns its Docs.
func fixtureDocs(t *testing.T) *Docs {
	t.Helper()
	builtOnce.Do(func() {
		// The build lives as long as the first test that asked for it: Docs holds all it needs
		// in memory, so later tests do not read the folder.
		s, err := output.Load(buildtest.Site(t, site))
		if err != nil {
			builtErr = err
			return
		}
		builtDocs, builtErr = FromDist(s)
	})
	if builtErr != nil {
		t.Fatal(builtErr)
	}
	if builtDocs == nil {
		t.Fatal("the test site did not build: see the first test's failure")
	}
	return builtDocs
}

// connect starts srv and a client connected to it in memory.
func connect(t *testing.T, srv *Server) *sdk.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func newServer(t *testing.T, opts Options) *sdk.ClientSession {
	t.Helper()
	if opts.Docs == nil {
		d := fixtureDocs(t)
		opts.Docs = func() *Docs { return d }
	}
	return connect(t, New(opts))
}

// call calls a tool and returns its result, failing on protocol errors (tool errors are results).
func call(t *testing.T, cs *sdk.ClientSession, tool string, args map[string]any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s %v: %v", tool, args, err)
	}
	return res
}

func text(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// structured decodes a result's structured content into v.
func structured(t *testing.T, res *sdk.CallToolResult, v any) {
	t.Helper()
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("structured content %s: %v", data, err)
	}
}

func TestToolsAndPromptAreOffered(t *testing.T) {
	cs := newServer(t, Options{Engine: assistant.NewExtractive()})
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
		if tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
			t.Errorf("%s is not marked read-only", tool.Name)
		}
	}
	if got := strings.Join(names, ","); got != "ask_docs,get_page,search_docs" {
		t.Errorf("tools = %s", got)
	}
	prompts, err := cs.ListPrompts(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(prompts.Prompts) != 1 || prompts.Prompts[0].Name != "answer_from_docs" || prompts.Prompts[0].Title != "Answer from the Test Docs" {
		t.Errorf("prompts = %+v", prompts.Prompts)
	}
	// Without an answer engine there is nothing to ask.
	tools, err = newServer(t, Options{}).ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		if tool.Name == "ask_docs" {
			t.Error("ask_docs is offered without an engine")
		}
	}
}

func TestSearchDocsFindsSectionsWithAbsoluteURLsAndSnippets(t *testing.T) {
	cs := newServer(t, Options{})
	res := call(t, cs, "search_docs", map[string]any{"query": "smart rollup commitment"})
	if res.IsError {
		t.Fatalf("error: %s", text(res))
	}
	var out SearchOutput
	structured(t, res, &out)
	if len(out.Hits) == 0 {
		t.Fatal("no hits")
	}
	top := out.Hits[0]
	if top.URL != "https://docs.example.org/architecture/smart-rollups#commitments" || top.Title != "Smart Rollups › Commitments" || top.Section != "Architecture" {
		t.Errorf("top hit = %+v", top)
	}
	// A heading's hit shows the text under the heading.
	if !strings.Contains(top.Snippet, "every 60 blocks") {
		t.Errorf("snippet of a heading's hit = %q, want the section's text", top.Snippet)
	}
	if md := text(res); !strings.Contains(md, "1. [Smart Rollups › Commitments](https://docs.example.org/architecture/smart-rollups#commitments) (Architecture)") {
		t.Errorf("text result:\n%s", md)
	}
	// A text's hit shows the words around the match.
	res = call(t, cs, "search_docs", map[string]any{"query": "refute"})
	structured(t, res, &out)
	if len(out.Hits) == 0 || !strings.Contains(out.Hits[0].Snippet, "anyone can **refute** a wrong one") || strings.Contains(out.Hits[0].Snippet, "<mark>") {
		t.Errorf("hits for refute = %+v, want the match in bold and no HTML", out.Hits)
	}
	res = call(t, cs, "search_docs", map[string]any{"query": "rollup", "limit": 1})
	structured(t, res, &out)
	if len(out.Hits) != 1 {
		t.Errorf("limit 1 gave %d hits", len(out.Hits))
	}
}

func TestSearchDocsKeepsToASection(t *testing.T) {
	cs := newServer(t, Options{})
	res := call(t, cs, "search_docs", map[string]any{"query": "rollup", "section": "developing"})
	var out SearchOutput
	structured(t, res, &out)
	if len(out.Hits) == 0 {
		t.Fatal("no hits in Developing")
	}
	for _, h := range out.Hits {
		if h.Section != "Developing" {
			t.Errorf("hit outside the section: %+v", h)
		}
	}
	res = call(t, cs, "search_docs", map[string]any{"query": "rollup", "section": "Nowhere"})
	if !res.IsError || !strings.Contains(text(res), "Architecture, Developing") {
		t.Errorf("unknown section: error %v, %q; want the sections listed", res.IsError, text(res))
	}
}

func TestToolInputsAreBounded(t *testing.T) {
	cs := newServer(t, Options{Engine: assistant.NewExtractive()})
	tests := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"search_docs", map[string]any{"query": strings.Repeat("a", 513)}, "513 characters long; the limit is 512"},
		{"search_docs", map[string]any{"query": "  "}, "query is empty"},
		{"search_docs", map[string]any{"query": "x", "limit": 21}, "from 1 to 20"},
		{"search_docs", map[string]any{"query": "x", "section": strings.Repeat("s", 201)}, "the limit is 200"},
		{"ask_docs", map[string]any{"question": strings.Repeat("why ", 501)}, "the limit is 2000"},
		{"get_page", map[string]any{"route": "/" + strings.Repeat("a", 2048)}, "the limit is 2048"},
	}
	for _, tt := range tests {
		res := call(t, cs, tt.tool, tt.args)
		if !res.IsError || !strings.Contains(text(res), tt.want) {
			t.Errorf("%s: error %v, %q; want %q", tt.tool, res.IsError, text(res), tt.want)
		}
	}
}

func TestGetPageReadsTheMarkdownByRouteOrURL(t *testing.T) {
	cs := newServer(t, Options{})
	for _, ref := range []string{
		"/architecture/smart-rollups", "architecture/smart-rollups/", "/architecture/smart-rollups.md",
		"https://docs.example.org/architecture/smart-rollups#commitments", "/architecture/smart-rollups/index.html",
	} {
		res := call(t, cs, "get_page", map[string]any{"route": ref})
		if res.IsError {
			t.Errorf("%s: %s", ref, text(res))
			continue
		}
		md := text(res)
		if !strings.HasPrefix(md, "# Smart Rollups\n\n> Layer 2 solutions") || !strings.Contains(md, "## Commitments") {
			t.Errorf("%s: markdown\n%s", ref, md)
		}
		link, ok := res.Content[len(res.Content)-1].(*sdk.ResourceLink)
		if !ok || link.URI != "https://docs.example.org/architecture/smart-rollups" || link.MIMEType != "text/markdown" {
			t.Errorf("%s: last content %#v, want a link to the page", ref, res.Content[len(res.Content)-1])
		}
	}
	if res := call(t, cs, "get_page", map[string]any{"route": "/overview/"}); !strings.HasPrefix(text(res), "# Overview") {
		t.Errorf("/overview/: %s", text(res))
	}
	for ref, want := range map[string]string{
		"/architecture/nothing":                         "no page of this site",
		"https://elsewhere.example/architecture/bakers": "is not a page of this site",
	} {
		res := call(t, cs, "get_page", map[string]any{"route": ref})
		if !res.IsError || !strings.Contains(text(res), want) {
			t.Errorf("%s: error %v, %q; want %q", ref, res.IsError, text(res), want)
		}
	}
}

func TestEveryPageIsAMarkdownResource(t *testing.T) {
	d := fixtureDocs(t)
	cs := newServer(t, Options{})
	list, err := cs.ListResources(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	uris := map[string]*sdk.Resource{}
	for _, r := range list.Resources {
		uris[r.URI] = r
		if r.MIMEType != "text/markdown" {
			t.Errorf("%s: mime type %q", r.URI, r.MIMEType)
		}
	}
	for _, route := range []string{"/overview/", "/architecture/smart-rollups", "/architecture/bakers", "/developing/octez-client"} {
		r := uris["https://docs.example.org"+route]
		if r == nil {
			t.Errorf("no resource for %s among %d", route, len(list.Resources))
		}
	}
	if r := uris["https://docs.example.org/architecture/smart-rollups"]; r == nil || r.Title != "Smart Rollups" || r.Description != "Layer 2 solutions that run outside the main chain." {
		t.Errorf("smart rollups resource = %+v", r)
	}
	if len(list.Resources) != len(d.Pages) {
		t.Errorf("%d resources for %d pages", len(list.Resources), len(d.Pages))
	}
	read, err := cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: "https://docs.example.org/architecture/bakers"})
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Contents) != 1 || !strings.HasPrefix(read.Contents[0].Text, "# Bakers") || read.Contents[0].MIMEType != "text/markdown" {
		t.Errorf("read = %+v", read.Contents)
	}
	if _, err := cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: "https://docs.example.org/nothing"}); err == nil {
		t.Error("reading an unknown resource did not fail")
	}
}

// rebuilt is d as a rebuild that dropped the bakers page and edited the smart rollups page gives.
func rebuilt(d *Docs) *Docs {
	next := *d
	next.Pages, next.byKey = nil, map[string]*Page{}
	for _, p := range d.Pages {
		if p.Route == "/architecture/bakers" {
			continue
		}
		cp := *p
		if p.Route == "/architecture/smart-rollups" {
			cp.Markdown = "# Smart Rollups\n\nRewritten.\n"
		}
		next.Pages = append(next.Pages, &cp)
		next.byKey[routeKey(cp.Route)] = &cp
	}
	return &next
}

func TestARebuildIsSeenByTheNextCall(t *testing.T) {
	d := fixtureDocs(t)
	var mu sync.Mutex
	current := d
	cs := newServer(t, Options{Docs: func() *Docs { mu.Lock(); defer mu.Unlock(); return current }})
	if _, err := cs.ListResources(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	current = rebuilt(d)
	mu.Unlock()
	list, err := cs.ListResources(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range list.Resources {
		if strings.HasSuffix(r.URI, "/architecture/bakers") {
			t.Error("a page the rebuild removed is still a resource")
		}
	}
	if len(list.Resources) != len(d.Pages)-1 {
		t.Errorf("%d resources after the rebuild, want %d", len(list.Resources), len(d.Pages)-1)
	}
	if res := call(t, cs, "get_page", map[string]any{"route": "/architecture/smart-rollups"}); !strings.Contains(text(res), "Rewritten.") {
		t.Errorf("get_page after the rebuild: %s", text(res))
	}
}

func TestAskDocsAnswersWithAbsoluteSources(t *testing.T) {
	cs := newServer(t, Options{Engine: assistant.NewExtractive()})
	res := call(t, cs, "ask_docs", map[string]any{"question": "How often does a smart rollup node post a commitment?"})
	if res.IsError {
		t.Fatal(text(res))
	}
	var out AskOutput
	structured(t, res, &out)
	if !strings.Contains(out.Answer, "60 blocks") {
		t.Errorf("answer does not state the fact:\n%s", out.Answer)
	}
	if len(out.Sources) == 0 || !strings.HasPrefix(out.Sources[0], "https://docs.example.org/architecture/smart-rollups") {
		t.Errorf("sources = %v", out.Sources)
	}
	if strings.Contains(out.Answer, "](/") {
		t.Errorf("answer keeps site-relative links:\n%s", out.Answer)
	}
	if !strings.Contains(text(res), "Sources:\n- https://docs.example.org/") {
		t.Errorf("text result lacks the sources:\n%s", text(res))
	}
}

func TestAskDocsIsRateLimitedPerClient(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cs := newServer(t, Options{Engine: assistant.NewExtractive(), Limits: Limits{
		Questions: ratelimit.Limit{PerMinute: 1, Burst: 1}, Now: func() time.Time { return now }}})
	q := map[string]any{"question": "What do bakers do?"}
	if res := call(t, cs, "ask_docs", q); res.IsError {
		t.Fatalf("first question: %s", text(res))
	}
	if res := call(t, cs, "ask_docs", q); !res.IsError || !strings.Contains(text(res), "too many questions") {
		t.Errorf("second question: error %v, %q", res.IsError, text(res))
	}
	// Searching is not a question: it stays open.
	if res := call(t, cs, "search_docs", map[string]any{"query": "bakers"}); res.IsError {
		t.Errorf("search after the question limit: %s", text(res))
	}
}

func TestPromptAsksToAnswerFromTheDocs(t *testing.T) {
	cs := newServer(t, Options{})
	res, err := cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: "answer_from_docs",
		Arguments: map[string]string{"question": "What is a smart rollup?"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Messages) != 1 || res.Messages[0].Role != "user" {
		t.Fatalf("messages = %+v", res.Messages)
	}
	msg := res.Messages[0].Content.(*sdk.TextContent).Text
	for _, want := range []string{"Test Docs", "search_docs", "get_page", "Question: What is a smart rollup?"} {
		if !strings.Contains(msg, want) {
			t.Errorf("prompt lacks %q:\n%s", want, msg)
		}
	}
	if _, err := cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: "answer_from_docs",
		Arguments: map[string]string{"question": strings.Repeat("x", 2001)}}); err == nil {
		t.Error("an overlong question was accepted")
	}
}

func TestHTTPTransportAnswersAndLimitsClients(t *testing.T) {
	d := fixtureDocs(t)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	srv := New(Options{Docs: func() *Docs { return d }, Limits: Limits{
		Requests: ratelimit.Limit{PerMinute: 60, Burst: 6}, Now: func() time.Time { return now }}})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	ctx := context.Background()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test"}, nil).Connect(ctx,
		&sdk.StreamableClientTransport{Endpoint: ts.URL, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "search_docs", Arguments: map[string]any{"query": "bakers"}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text(res), "https://docs.example.org/architecture/bakers") {
		t.Errorf("search over HTTP:\n%s", text(res))
	}
	// The clock stands still, so the client runs out of its burst.
	var status int
	for range 10 {
		r, err := http.Post(ts.URL, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if status = r.StatusCode; status == http.StatusTooManyRequests {
			if r.Header.Get("Retry-After") == "" {
				t.Error("429 without Retry-After")
			}
			break
		}
	}
	if status != http.StatusTooManyRequests {
		t.Errorf("last status %d, want 429 once the burst is spent", status)
	}
}

func TestAClientCannotPassForAnother(t *testing.T) {
	d := fixtureDocs(t)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	srv := New(Options{Docs: func() *Docs { return d }, Engine: assistant.NewExtractive(), Limits: Limits{
		Questions: ratelimit.Limit{PerMinute: 1, Burst: 1}, Now: func() time.Time { return now }}})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	ask := func(spoof string) string {
		body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask_docs","arguments":{"question":"What do bakers do?"}}}`
		req, _ := http.NewRequest(http.MethodPost, ts.URL, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set(clientHeader, spoof)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var out struct {
			Result sdk.CallToolResult `json:"result"`
		}
		if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
			t.Fatalf("status %d: %v", res.StatusCode, err)
		}
		return text(&out.Result)
	}
	ask("client-a")
	if got := ask("client-b"); !strings.Contains(got, "too many questions") {
		t.Errorf("a second question under another claimed client name was answered: %q", got)
	}
}

// Browser clients call from the origins Options.CORS allows; without it, from none.
func TestBrowserClientsMayCall(t *testing.T) {
	d := fixtureDocs(t)
	allow := func(w http.ResponseWriter, r *http.Request) bool {
		if r.Header.Get("Origin") == "http://localhost:6274" {
			w.Header().Set("Access-Control-Allow-Origin", r.Header.Get("Origin"))
			w.Header().Set("Access-Control-Allow-Headers", CORSHeaders)
		}
		if r.Method == http.MethodOptions {
			w.WriteHeader(http.StatusNoContent)
			return true
		}
		return false
	}
	for _, c := range []struct {
		cors func(http.ResponseWriter, *http.Request) bool
		want string
	}{{allow, "http://localhost:6274"}, {nil, ""}} {
		h := New(Options{Docs: func() *Docs { return d }, CORS: c.cors}).Handler()
		req := httptest.NewRequest(http.MethodOptions, "/mcp", nil)
		req.Header.Set("Origin", "http://localhost:6274")
		req.Header.Set("Access-Control-Request-Method", "POST")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusNoContent || rec.Header().Get("Access-Control-Allow-Origin") != c.want {
			t.Errorf("preflight: %d %v, want allow-origin %q", rec.Code, rec.Header(), c.want)
		}
	}
}

// postMCP posts body to the MCP handler and returns the status and the answer.
func postMCP(t *testing.T, url, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// batch is a JSON-RPC batch of n calls of one tool.
func batch(n int, tool, args string) string {
	calls := make([]string, n)
	for i := range calls {
		calls[i] = fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, i+1, tool, args)
	}
	return "[" + strings.Join(calls, ",") + "]"
}

// Each call of a batch counts against the client's rate limit; a batch holds at most 20 calls
// and an answer at most MaxAnswerBytes, beyond which a JSON-RPC error says so.
func TestBatchesAreBoundedAndCountedPerCall(t *testing.T) {
	d := fixtureDocs(t)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	srv := New(Options{Docs: func() *Docs { return d }, Limits: Limits{
		Requests: ratelimit.Limit{PerMinute: 60, Burst: 30}, MaxAnswerBytes: 3000, Now: func() time.Time { return now }}})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)

	status, body := postMCP(t, ts.URL, batch(MaxBatchCalls+1, "search_docs", `{"query":"bakers"}`))
	if status != http.StatusBadRequest || !strings.Contains(body, `"code":-32600`) || !strings.Contains(body, "at most 20 calls") {
		t.Errorf("batch of 21 calls: %d %.300s, want 400 with a JSON-RPC error naming the limit", status, body)
	}
	status, body = postMCP(t, ts.URL, batch(MaxBatchCalls, "search_docs", `{"query":"bakers","limit":1}`))
	if status != http.StatusOK || strings.Count(body, `"jsonrpc"`) != MaxBatchCalls {
		t.Fatalf("batch of 20 calls: %d %.300s", status, body)
	}
	// 20 of the burst of 30 are spent (the refused batch took none): 10 calls remain.
	if status, _ := postMCP(t, ts.URL, batch(11, "search_docs", `{"query":"bakers","limit":1}`)); status != http.StatusTooManyRequests {
		t.Errorf("batch of 11 calls with 10 left: %d, want 429", status)
	}
	// The page is longer than the 3,000 bytes an answer may hold here.
	status, body = postMCP(t, ts.URL, batch(10, "get_page", `{"route":"/architecture/bakers"}`))
	if !strings.Contains(body, `"error"`) || !strings.Contains(body, "3000 bytes") || len(body) > 3000 {
		t.Errorf("answer over the limit: %d %.300s, want a short JSON-RPC error", status, body)
	}
}
