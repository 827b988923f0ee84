package openai

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net"
	"strings"

	"tzdocs/internal/assistant"
)

// errStalled cancels a reply that sent nothing for Config.StreamIdle.
var errStalled = errors.New("the reply stalled")

// sendError explains a request that got no response, by the phase it failed in: the connection
// (the server is down or the address is wrong) or the wait for the response headers (the server
// took the request and did not start answering).
func (e *Engine) sendError(err error, connected bool) error {
	if !connected {
		return &assistant.PublicError{Text: "The answer engine cannot be reached right now. Try again later.",
			Err: fmt.Errorf("connecting to %s: %w", e.endpoint, err)}
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() || strings.Contains(err.Error(), "timeout awaiting response headers") {
		return &assistant.PublicError{Text: "The answer engine took too long to start answering. Try again later.",
			Err: fmt.Errorf("%s accepted the request but sent no response headers in time: %w", e.endpoint, err)}
	}
	return &assistant.PublicError{Text: "The answer engine failed to answer. Try again later.",
		Err: fmt.Errorf("%s: %w", e.endpoint, err)}
}

// replyKind tells a streamed reply ("stream") from a complete JSON one ("json"), by the content
// type and, when that is missing or vague, by the first bytes. Anything else is an error naming
// what came instead (an HTML error page from a proxy, plain text).
func replyKind(contentType string, body *bufio.Reader) (string, error) {
	media, _, _ := mime.ParseMediaType(contentType)
	switch media {
	case "text/event-stream":
		return "stream", nil
	case "application/json":
		return "json", nil
	}
	start, _ := body.Peek(512)
	trimmed := strings.TrimLeft(string(start), " \t\r\n")
	switch {
	case strings.HasPrefix(trimmed, "data:") || strings.HasPrefix(trimmed, ":") || strings.HasPrefix(trimmed, "event:"):
		return "stream", nil
	case strings.HasPrefix(trimmed, "{"):
		return "json", nil
	}
	if contentType == "" {
		contentType = "no content type"
	}
	return "", fmt.Errorf("the reply is %s, neither an event stream nor JSON (it starts %q)", contentType, clipText(trimmed, 80))
}

// completion is a chat completions reply sent whole (a server that ignores "stream": true).
type completion struct {
	Choices []struct {
		Message struct {
			Content          *string    `json:"content"`
			ReasoningContent string     `json:"reasoning_content"`
			Reasoning        string     `json:"reasoning"`
			ToolCalls        []toolCall `json:"tool_calls"`
		} `json:"message"`
	} `json:"choices"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// maxCompletion bounds a reply sent whole.
const maxCompletion = 4 << 20

// completeReply reads a reply sent whole and streams it to the reader as if it had been streamed.
func completeReply(body *bufio.Reader, out *assistant.Stream) (*roundResult, error) {
	var c completion
	dec := json.NewDecoder(&limitedReader{r: body, n: maxCompletion})
	if err := dec.Decode(&c); err != nil {
		return nil, &assistant.PublicError{Text: "The answer engine sent an unreadable reply. Try again later.", Err: fmt.Errorf("reading a JSON reply: %w", err)}
	}
	if c.Error != nil {
		return nil, &assistant.PublicError{Text: "The answer engine failed while answering. Try again later.", Err: errors.New(c.Error.Message)}
	}
	if len(c.Choices) == 0 {
		return nil, &assistant.PublicError{Text: "The answer engine sent an empty reply. Try again later.", Err: errors.New("a JSON reply with no choices")}
	}
	m := c.Choices[0].Message
	res := &roundResult{}
	var textB strings.Builder
	for _, r := range []string{m.ReasoningContent, m.Reasoning} {
		if err := out.ReasoningDelta(r); err != nil {
			return nil, err
		}
	}
	if m.Content != nil && *m.Content != "" {
		var think thinkSplitter
		r, t := think.push(*m.Content)
		fr, ft := think.flush()
		if err := emitContent(out, &textB, r+fr, t+ft); err != nil {
			return nil, err
		}
	}
	res.text = textB.String()
	for i, tc := range m.ToolCalls {
		p := &pendingCall{modelID: tc.ID, name: tc.Function.Name}
		if p.modelID == "" {
			p.modelID = fmt.Sprintf("call_%d", i)
		}
		p.args.WriteString(tc.Function.Arguments)
		if err := streamCallInput(p, tc.Function.Arguments, out); err != nil {
			return nil, err
		}
		res.calls = append(res.calls, p)
	}
	return res, nil
}

// limitedReader fails a read past n bytes, so an endless reply is an error, not a silent cut.
type limitedReader struct {
	r *bufio.Reader
	n int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, fmt.Errorf("the reply is over %d MB", maxCompletion>>20)
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}
