package assistant

import (
	"encoding/json"
	"errors"
	"strings"

	"tzdocs/internal/httpapi"
)

// ChatRequest is the body the web app's answer stream client posts (AI SDK v5 UI messages).
type ChatRequest struct {
	ID        string    `json:"id"`
	Messages  []Message `json:"messages"`
	Trigger   string    `json:"trigger"` // submit-message or regenerate-message
	MessageID string    `json:"messageId,omitempty"`
}

// Message is one UI message of the conversation. Metadata (for instance {"stopped":true}) is kept
// as sent and not interpreted.
type Message struct {
	ID       string          `json:"id"`
	Role     string          `json:"role"` // user, assistant (system messages are ignored)
	Parts    []Part          `json:"parts"`
	Metadata json.RawMessage `json:"metadata,omitempty"`
}

// Part is one part of a message. Every part type the AI SDK defines is accepted; the assistant
// reads text parts and searchIndex tool calls and skips the rest (reasoning, step-start, sources,
// files, data parts).
type Part struct {
	Type       string          `json:"type"`
	Text       string          `json:"text,omitempty"`
	State      string          `json:"state,omitempty"`
	ToolCallID string          `json:"toolCallId,omitempty"`
	Input      json.RawMessage `json:"input,omitempty"`
	Output     json.RawMessage `json:"output,omitempty"`
}

// DecodeChatRequest decodes a chat request body. Its errors describe the JSON, never Go's types,
// and may be shown to the client.
func DecodeChatRequest(data []byte) (*ChatRequest, error) {
	var body ChatRequest
	if err := json.Unmarshal(data, &body); err != nil {
		return nil, errors.New("The request body is " + httpapi.JSONProblem(err) + ".")
	}
	return &body, nil
}

// Turn is one earlier exchange of the conversation, as the engines see it.
type Turn struct {
	Question string
	Answer   string   // the assistant's text; empty when it was stopped before any text
	Queries  []string // what it searched for
}

// text joins the message's text parts.
func (m *Message) text() string {
	var b strings.Builder
	for _, p := range m.Parts {
		if p.Type == "text" && p.Text != "" {
			if b.Len() > 0 {
				b.WriteString("\n\n")
			}
			b.WriteString(p.Text)
		}
	}
	return strings.TrimSpace(b.String())
}

// queries lists the searchIndex queries of the message's tool parts.
func (m *Message) queries() []string {
	var qs []string
	for _, p := range m.Parts {
		if p.Type != "tool-"+SearchToolName || len(p.Input) == 0 {
			continue
		}
		var in SearchInput
		if json.Unmarshal(p.Input, &in) == nil {
			if q := strings.TrimSpace(in.Query); q != "" {
				qs = append(qs, q)
			}
		}
	}
	return qs
}

// conversation turns validated messages into earlier turns and the question to answer now.
func conversation(msgs []Message) (history []Turn, question string) {
	var cur *Turn
	for i := range msgs {
		m := &msgs[i]
		switch m.Role {
		case "user":
			if cur != nil {
				history = append(history, *cur)
			}
			cur = &Turn{Question: m.text()}
		case "assistant":
			if cur == nil {
				continue // an assistant greeting before any question
			}
			if t := m.text(); t != "" {
				if cur.Answer != "" {
					cur.Answer += "\n\n"
				}
				cur.Answer += t
			}
			cur.Queries = append(cur.Queries, m.queries()...)
		}
	}
	if cur != nil {
		question = cur.Question
	}
	return history, question
}
