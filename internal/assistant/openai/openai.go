// Package openai answers Ask AI questions with any OpenAI-compatible chat completions server
// (OpenAI, Ollama, vLLM, llama.cpp), letting the model call the documentation search as a tool.
// It is the only code of tzdocs that speaks to a model server.
package openai

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"tzdocs/internal/assistant"
)

// Config names the model server.
type Config struct {
	BaseURL string // e.g. http://127.0.0.1:11434/v1; requests go to BaseURL + "/chat/completions"
	Model   string
	APIKey  string // sent as a bearer token when set
	// MaxRounds bounds the model's turns (each may call searchIndex); 0 means 5.
	MaxRounds int
	// HTTPClient sends the requests; nil means a client with no overall timeout (answers stream)
	// and a 30-second wait for response headers.
	HTTPClient *http.Client
	// StreamIdle is how long a streamed reply may send nothing before it counts as stalled; 0
	// means 60 seconds.
	StreamIdle time.Duration
}

// FromEnv reads TZDOCS_LLM_BASE_URL, TZDOCS_LLM_MODEL and TZDOCS_LLM_API_KEY; ok is false when no
// base URL is set (the extractive engine is used then).
func FromEnv(getenv func(string) string) (cfg Config, ok bool) {
	cfg = Config{BaseURL: strings.TrimSpace(getenv("TZDOCS_LLM_BASE_URL")), Model: strings.TrimSpace(getenv("TZDOCS_LLM_MODEL")),
		APIKey: strings.TrimSpace(getenv("TZDOCS_LLM_API_KEY"))}
	return cfg, cfg.BaseURL != ""
}

// Engine is an assistant.Engine backed by a model server.
type Engine struct {
	cfg      Config
	endpoint string
	client   *http.Client
	health   healthCache
}

// New checks cfg and returns the engine.
func New(cfg Config) (*Engine, error) {
	u, err := url.Parse(cfg.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("TZDOCS_LLM_BASE_URL %q is not an http(s) URL: set it to the server's OpenAI-compatible base, e.g. http://127.0.0.1:11434/v1", cfg.BaseURL)
	}
	if cfg.Model == "" {
		return nil, errors.New("TZDOCS_LLM_MODEL is empty: name the model to use when TZDOCS_LLM_BASE_URL is set")
	}
	if cfg.MaxRounds <= 0 {
		cfg.MaxRounds = 5
	}
	if cfg.StreamIdle <= 0 {
		cfg.StreamIdle = 60 * time.Second
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Transport: &http.Transport{Proxy: http.ProxyFromEnvironment, ResponseHeaderTimeout: 30 * time.Second,
			MaxIdleConnsPerHost: 8, IdleConnTimeout: 90 * time.Second}}
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	return &Engine{cfg: cfg, endpoint: base + "/chat/completions", client: client, health: healthCache{url: base + "/models"}}, nil
}

// Name is "openai".
func (e *Engine) Name() string { return "openai" }

// documentation names the documentation the model answers from: the site's title, or a neutral
// phrase when the request does not know it.
func documentation(site string) string {
	if site = strings.TrimSpace(site); site != "" {
		return "the " + site + " website"
	}
	return "this documentation website"
}

// systemPrompt tells the model to answer from the documentation of site only, with links.
func systemPrompt(site string) string {
	return `You answer the questions of the readers of ` + documentation(site) + `.
Rules:
- Before answering, call the searchIndex tool with short keyword queries (one topic per query; call it several times for questions with several parts).
- Answer only with facts found in the search results. If they do not cover the question, say that the documentation does not cover it and suggest what to search for; never invent commands, addresses, numbers or URLs.
- Cite your sources as Markdown links using the result URLs exactly as given, for example [Installing › Requirements](/installing#requirements).
- Be concise: a short answer first, then details. Put commands and code in fenced code blocks.`
}

// searchTool declares searchIndex to the model, for the documentation of site.
func searchTool(site string) json.RawMessage {
	type property struct {
		Type        string `json:"type"`
		Description string `json:"description"`
	}
	tool := map[string]any{"type": "function", "function": map[string]any{
		"name":        "searchIndex",
		"description": "Search " + documentation(site) + ". Returns the best matching sections with their title, URL and text.",
		"parameters": map[string]any{
			"type":       "object",
			"properties": map[string]property{"query": {Type: "string", Description: "A few keywords, one topic"}},
			"required":   []string{"query"},
		},
	}}
	data, err := json.Marshal(tool)
	if err != nil {
		panic(err) // maps of strings always marshal
	}
	return data
}

// message is one chat completions message.
type message struct {
	Role       string     `json:"role"`
	Content    *string    `json:"content"`
	ToolCalls  []toolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
}

type toolCall struct {
	Index    *int   `json:"index,omitempty"`
	ID       string `json:"id,omitempty"`
	Type     string `json:"type,omitempty"`
	Function struct {
		Name      string `json:"name,omitempty"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

func text(s string) *string { return &s }

// Bounds of the conversation sent to the model: the model needs the gist of it, not every quoted
// passage again, and a long conversation must not reach it whole. Only the last maxHistoryTurns
// earlier exchanges go, each question clipped to maxHistoryQuestion bytes and each answer to
// maxHistoryAnswer.
const (
	maxHistoryTurns    = 4
	maxHistoryQuestion = 600
	maxHistoryAnswer   = 1500
)

// contextPassages is how many passages of the documentation the model gets with the question,
// and contextText opens them.
const (
	contextPassages = 4
	contextText     = "Passages of the documentation that may answer the question (each under its title and URL):"
)

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// Answer runs the tool-calling loop: each round streams the model's reasoning, text and tool
// calls; searchIndex calls are answered from the answer corpus and the model goes on, for at most
// MaxRounds rounds, the last one without tools so that it must answer.
func (e *Engine) Answer(ctx context.Context, req *assistant.Request, out *assistant.Stream) error {
	msgs := conversation(req)
	tool := searchTool(req.Site)
	for round := 0; round < e.cfg.MaxRounds; round++ {
		if round == e.cfg.MaxRounds-1 {
			tool = nil // the last round must answer
		}
		res, err := e.round(ctx, msgs, tool, out)
		if err != nil {
			return err
		}
		if len(res.calls) == 0 {
			return out.FinishStep()
		}
		assistantMsg := message{Role: "assistant", Content: text(res.text)}
		var toolMsgs []message
		for i := range res.calls {
			c := res.calls[i]
			assistantMsg.ToolCalls = append(assistantMsg.ToolCalls, toolCall{ID: c.modelID, Type: "function"})
			tc := &assistantMsg.ToolCalls[len(assistantMsg.ToolCalls)-1]
			tc.Function.Name, tc.Function.Arguments = c.name, c.args.String()
			result, err := e.runTool(req, c, out)
			if err != nil {
				return err
			}
			toolMsgs = append(toolMsgs, message{Role: "tool", ToolCallID: c.modelID, Content: text(result)})
		}
		msgs = append(msgs, assistantMsg)
		msgs = append(msgs, toolMsgs...)
		if err := out.FinishStep(); err != nil {
			return err
		}
	}
	return nil
}

// conversation is what the model reads: the rules, the last few earlier exchanges clipped, the
// passages of the documentation that answer the question best, and the question.
func conversation(req *assistant.Request) []message {
	msgs := []message{{Role: "system", Content: text(systemPrompt(req.Site))}}
	history := req.History[max(0, len(req.History)-maxHistoryTurns):]
	for _, t := range history {
		msgs = append(msgs, message{Role: "user", Content: text(clipText(t.Question, maxHistoryQuestion))})
		if t.Answer != "" {
			msgs = append(msgs, message{Role: "assistant", Content: text(clipText(t.Answer, maxHistoryAnswer))})
		}
	}
	if ps := req.Passages(contextPassages); len(ps) > 0 {
		var b strings.Builder
		b.WriteString(contextText)
		for _, p := range ps {
			b.WriteString("\n\n## " + p.Title + " (" + p.URL + ")\n\n" + p.Text)
		}
		msgs = append(msgs, message{Role: "system", Content: text(b.String())})
	}
	return append(msgs, message{Role: "user", Content: text(req.Question)})
}

// runTool answers one tool call and streams its input and output to the reader.
func (e *Engine) runTool(req *assistant.Request, c *pendingCall, out *assistant.Stream) (string, error) {
	if c.name != assistant.SearchToolName {
		return fmt.Sprintf(`{"error":"unknown tool %q: the only tool is searchIndex"}`, c.name), nil
	}
	var in assistant.SearchInput
	if err := json.Unmarshal([]byte(c.args.String()), &in); err != nil {
		in.Query = ""
	}
	in.Query = strings.TrimSpace(in.Query)
	if err := out.ToolInputAvailable(c.uiID, in); err != nil {
		return "", err
	}
	res := req.Search(in.Query)
	if err := out.ToolOutputAvailable(c.uiID, res); err != nil {
		return "", err
	}
	if in.Query == "" {
		return `{"error":"empty query: call searchIndex with a few keywords"}`, nil
	}
	type hit struct {
		Title string `json:"title"`
		URL   string `json:"url"`
		Text  string `json:"text"`
	}
	hits := make([]hit, 0, len(res.Hits))
	seen := map[string]bool{}
	for _, h := range res.Hits {
		if seen[h.URL] {
			continue
		}
		seen[h.URL] = true
		body := req.SectionText(h.URL, sectionRunes)
		if body == "" {
			body = h.Content
		}
		hits = append(hits, hit{Title: h.Title(), URL: h.URL, Text: body})
	}
	b, _ := json.Marshal(map[string]any{"query": in.Query, "results": hits})
	return string(b), nil
}

// sectionRunes bounds the text of one section given to the model.
const sectionRunes = 1200

// pendingCall is a tool call being streamed by the model.
type pendingCall struct {
	modelID string // the id the model gave, echoed back in the tool message
	uiID    string // our id, unique in the answer (models reuse ids like call_0 across rounds)
	name    string
	args    strings.Builder
	pending strings.Builder // argument text received before the name was known
}

type roundResult struct {
	text  string
	calls []*pendingCall
}

// streamChunk is one chat completions stream event.
type streamChunk struct {
	Choices []struct {
		Delta struct {
			Content          string     `json:"content"`
			ReasoningContent string     `json:"reasoning_content"`
			Reasoning        string     `json:"reasoning"`
			ToolCalls        []toolCall `json:"tool_calls"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// round sends the conversation once and streams the reply.
func (e *Engine) round(ctx context.Context, msgs []message, tool json.RawMessage, out *assistant.Stream) (*roundResult, error) {
	body := map[string]any{"model": e.cfg.Model, "messages": msgs, "stream": true}
	if tool != nil {
		body["tools"] = []json.RawMessage{tool}
	}
	data, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	// The reply may stall mid-stream: a timer, reset by every line, cancels the request.
	rctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var gotConn bool
	rctx = httptrace.WithClientTrace(rctx, &httptrace.ClientTrace{GotConn: func(httptrace.GotConnInfo) { gotConn = true }})
	hreq, err := http.NewRequestWithContext(rctx, http.MethodPost, e.endpoint, bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("Accept", "text/event-stream")
	if e.cfg.APIKey != "" {
		hreq.Header.Set("Authorization", "Bearer "+e.cfg.APIKey)
	}
	resp, err := e.client.Do(hreq)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, e.sendError(err, gotConn)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		detail, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
		return nil, &assistant.PublicError{Text: "The answer engine failed to answer. Try again later.",
			Err: fmt.Errorf("%s answered %s (%s): %s", e.endpoint, resp.Status, resp.Header.Get("Content-Type"), strings.TrimSpace(string(detail)))}
	}
	reply := bufio.NewReaderSize(resp.Body, 64<<10)
	switch kind, err := replyKind(resp.Header.Get("Content-Type"), reply); {
	case err != nil:
		return nil, &assistant.PublicError{Text: "The answer engine sent an unreadable reply. Try again later.", Err: fmt.Errorf("%s: %w", e.endpoint, err)}
	case kind == "json":
		return completeReply(reply, out)
	}
	idle := time.AfterFunc(e.cfg.StreamIdle, func() { cancel(errStalled) })
	defer idle.Stop()
	res := &roundResult{}
	var textB strings.Builder
	var think thinkSplitter
	byIndex := map[int]*pendingCall{}
	var order []int
	sc := bufio.NewScanner(reply)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	done, events := false, 0
	for !done && sc.Scan() {
		idle.Reset(e.cfg.StreamIdle)
		line := sc.Text()
		payload, ok := strings.CutPrefix(line, "data:")
		if !ok {
			continue // comments, event names, blank separators
		}
		payload = strings.TrimSpace(payload)
		if payload == "[DONE]" {
			done = true
			break
		}
		events++
		var ch streamChunk
		if err := json.Unmarshal([]byte(payload), &ch); err != nil {
			return nil, &assistant.PublicError{Text: "The answer engine sent an unreadable reply. Try again later.", Err: err}
		}
		if ch.Error != nil {
			return nil, &assistant.PublicError{Text: "The answer engine failed while answering. Try again later.", Err: errors.New(ch.Error.Message)}
		}
		for _, c := range ch.Choices {
			d := c.Delta
			for _, r := range []string{d.ReasoningContent, d.Reasoning} {
				if err := out.ReasoningDelta(r); err != nil {
					return nil, err
				}
			}
			if d.Content != "" {
				r, t := think.push(d.Content)
				if err := emitContent(out, &textB, r, t); err != nil {
					return nil, err
				}
			}
			for _, tc := range d.ToolCalls {
				idx := len(order)
				if tc.Index != nil {
					idx = *tc.Index
				} else if len(order) > 0 && tc.ID == "" {
					idx = order[len(order)-1] // continuation without an index
				}
				p := byIndex[idx]
				if p == nil {
					p = &pendingCall{}
					byIndex[idx] = p
					order = append(order, idx)
				}
				if tc.ID != "" && p.modelID == "" {
					p.modelID = tc.ID
				}
				if tc.Function.Name != "" && p.name == "" {
					p.name = tc.Function.Name
				}
				p.args.WriteString(tc.Function.Arguments)
				if err := streamCallInput(p, tc.Function.Arguments, out); err != nil {
					return nil, err
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if errors.Is(context.Cause(rctx), errStalled) {
			err = fmt.Errorf("%s sent nothing for %s in the middle of its reply", e.endpoint, e.cfg.StreamIdle)
		}
		return nil, &assistant.PublicError{Text: "The answer engine stopped in the middle of the answer. Try again.", Err: err}
	}
	if !done && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if events == 0 {
		return nil, &assistant.PublicError{Text: "The answer engine sent an empty reply. Try again later.",
			Err: fmt.Errorf("%s answered 200 with no stream events", e.endpoint)}
	}
	if r, t := think.flush(); r != "" || t != "" {
		if err := emitContent(out, &textB, r, t); err != nil {
			return nil, err
		}
	}
	res.text = textB.String()
	for i, idx := range order {
		p := byIndex[idx]
		if p.modelID == "" {
			p.modelID = fmt.Sprintf("call_%d", i)
		}
		if p.name == assistant.SearchToolName && p.uiID == "" { // no argument text came at all
			if err := streamCallInput(p, "", out); err != nil {
				return nil, err
			}
		}
		res.calls = append(res.calls, p)
	}
	return res, nil
}

// emitContent streams reasoning and answer text taken from the model's content.
func emitContent(out *assistant.Stream, textB *strings.Builder, reasoning, text string) error {
	if err := out.ReasoningDelta(reasoning); err != nil {
		return err
	}
	textB.WriteString(text)
	return out.TextDelta(text)
}

// CloseIdleConnections closes the kept-alive connections to the model server.
func (e *Engine) CloseIdleConnections() { e.client.CloseIdleConnections() }

// streamCallInput forwards a searchIndex call's argument text to the reader as it arrives. Calls of
// other tools are not shown.
func streamCallInput(p *pendingCall, delta string, out *assistant.Stream) error {
	if p.name != assistant.SearchToolName {
		if p.name == "" {
			p.pending.WriteString(delta)
		}
		return nil
	}
	if p.uiID == "" {
		id, err := out.ToolInputStart(assistant.SearchToolName)
		if err != nil {
			return err
		}
		p.uiID = id
		if early := p.pending.String(); early != "" {
			if err := out.ToolInputDelta(id, early); err != nil {
				return err
			}
			// delta is part of args already written to pending only when the name was unknown
		}
	}
	return out.ToolInputDelta(p.uiID, delta)
}
