package assistant

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"time"
)

// Stream writes one answer as an AI SDK "UI message stream" (version 1): server-sent events whose
// data are JSON chunks, ending with [DONE]. Engines call its methods in the order the chunks
// should appear; Stream opens and closes steps and text/reasoning parts as needed, so that the
// sequence always satisfies ai@5.0.30's strict chunk schemas.
//
// A Stream is used by one goroutine. Once a write fails (the client went away) every later call
// returns that error, so an engine stops at its next call.
type Stream struct {
	w     io.Writer
	flush func() error
	newID func() string

	err       error
	inStep    bool
	textID    string // open text part
	reasonID  string // open reasoning part
	answer    strings.Builder
	firstText time.Time // when the first answer text was written
	sources   []string  // URLs of the hits the engine was shown, in order, deduplicated
	seenURL   map[string]bool
	toolNames map[string]string
}

// ErrClosed is returned when a chunk is written after the stream ended.
var ErrClosed = errors.New("assistant: stream already finished")

func newStream(w io.Writer, flush func() error, newID func() string) *Stream {
	if flush == nil {
		flush = func() error { return nil }
	}
	return &Stream{w: w, flush: flush, newID: newID, seenURL: map[string]bool{}, toolNames: map[string]string{}}
}

func (s *Stream) write(c StreamChunk) error {
	if s.err != nil {
		return s.err
	}
	data, err := json.Marshal(c)
	if err != nil {
		s.err = err
		return err
	}
	return s.writeData(data)
}

func (s *Stream) writeData(data []byte) error {
	buf := make([]byte, 0, len(data)+8)
	buf = append(buf, "data: "...)
	buf = append(buf, data...)
	buf = append(buf, "\n\n"...)
	if _, err := s.w.Write(buf); err != nil {
		s.err = err
		return err
	}
	if err := s.flush(); err != nil {
		s.err = err
		return err
	}
	return nil
}

// StartStep opens a step (one round of tool calls, reasoning or text) unless one is open.
func (s *Stream) StartStep() error {
	if s.inStep {
		return s.err
	}
	s.inStep = true
	return s.write(MarkChunk{Type: "start-step"})
}

// FinishStep closes the open text and reasoning parts and the step, if one is open.
func (s *Stream) FinishStep() error {
	if !s.inStep {
		return s.err
	}
	s.EndReasoning()
	s.EndText()
	s.inStep = false
	return s.write(MarkChunk{Type: "finish-step"})
}

// TextDelta appends to the answer text, opening a text part (and a step) if needed.
func (s *Stream) TextDelta(delta string) error {
	if delta == "" {
		return s.err
	}
	if err := s.StartStep(); err != nil {
		return err
	}
	if s.textID == "" {
		s.EndReasoning()
		s.textID = s.newID()
		if err := s.write(PartChunk{Type: "text-start", ID: s.textID}); err != nil {
			return err
		}
	}
	if s.answer.Len() == 0 {
		s.firstText = time.Now()
	}
	s.answer.WriteString(delta)
	return s.write(DeltaChunk{Type: "text-delta", ID: s.textID, Delta: delta})
}

// EndText closes the open text part, if any.
func (s *Stream) EndText() error {
	if s.textID == "" {
		return s.err
	}
	id := s.textID
	s.textID = ""
	return s.write(PartChunk{Type: "text-end", ID: id})
}

// ReasoningDelta appends to the model's visible reasoning, opening a reasoning part if needed.
func (s *Stream) ReasoningDelta(delta string) error {
	if delta == "" {
		return s.err
	}
	if err := s.StartStep(); err != nil {
		return err
	}
	if s.reasonID == "" {
		s.EndText()
		s.reasonID = s.newID()
		if err := s.write(PartChunk{Type: "reasoning-start", ID: s.reasonID}); err != nil {
			return err
		}
	}
	return s.write(DeltaChunk{Type: "reasoning-delta", ID: s.reasonID, Delta: delta})
}

// EndReasoning closes the open reasoning part, if any.
func (s *Stream) EndReasoning() error {
	if s.reasonID == "" {
		return s.err
	}
	id := s.reasonID
	s.reasonID = ""
	return s.write(PartChunk{Type: "reasoning-end", ID: id})
}

// ToolInputStart announces a tool call whose input will stream; it returns the call's id.
func (s *Stream) ToolInputStart(toolName string) (string, error) {
	if err := s.StartStep(); err != nil {
		return "", err
	}
	s.EndReasoning()
	s.EndText()
	id := s.newID()
	s.toolNames[id] = toolName
	return id, s.write(ToolStartChunk{Type: "tool-input-start", ToolCallID: id, ToolName: toolName})
}

// ToolInputDelta streams a piece of the call's JSON input text.
func (s *Stream) ToolInputDelta(callID, delta string) error {
	if delta == "" {
		return s.err
	}
	return s.write(ToolDeltaChunk{Type: "tool-input-delta", ToolCallID: callID, InputTextDelta: delta})
}

// ToolInputAvailable gives the call's complete, parsed input.
func (s *Stream) ToolInputAvailable(callID string, input any) error {
	return s.write(ToolInputChunk{Type: "tool-input-available", ToolCallID: callID, ToolName: s.toolNames[callID], Input: input})
}

// ToolOutputAvailable gives the call's result. Search outputs also record their hits as the
// answer's candidate sources.
func (s *Stream) ToolOutputAvailable(callID string, output any) error {
	if so, ok := output.(SearchOutput); ok {
		for _, h := range so.Hits {
			if !s.seenURL[h.URL] {
				s.seenURL[h.URL] = true
				s.sources = append(s.sources, h.URL)
			}
		}
	}
	return s.write(ToolOutputChunk{Type: "tool-output-available", ToolCallID: callID, Output: output})
}

// SearchCall runs the searchIndex tool as one complete call: its input, the search and its output.
func (s *Stream) SearchCall(req *Request, query string) (SearchOutput, error) {
	id, err := s.ToolInputStart(SearchToolName)
	if err != nil {
		return SearchOutput{}, err
	}
	in := SearchInput{Query: query}
	raw, _ := json.Marshal(in)
	if err := s.ToolInputDelta(id, string(raw)); err != nil {
		return SearchOutput{}, err
	}
	if err := s.ToolInputAvailable(id, in); err != nil {
		return SearchOutput{}, err
	}
	out := req.Search(query)
	return out, s.ToolOutputAvailable(id, out)
}

// Answer is the text streamed so far.
func (s *Stream) Answer() string { return s.answer.String() }

// firstTextAfter is how long after start the first answer text was written, or 0 when none was.
func (s *Stream) firstTextAfter(start time.Time) time.Duration {
	if s.firstText.IsZero() {
		return 0
	}
	return max(s.firstText.Sub(start), time.Millisecond)
}

// wroteText reports whether any answer text was streamed.
func (s *Stream) wroteText() bool { return s.answer.Len() > 0 }

func (s *Stream) start(messageID string) error {
	return s.write(StartChunk{Type: "start", MessageID: messageID})
}

// finish ends a successful answer: step, finish chunk and [DONE].
func (s *Stream) finish() error {
	s.FinishStep()
	s.write(MarkChunk{Type: "finish"})
	if s.err != nil {
		return s.err
	}
	return s.writeData([]byte("[DONE]"))
}

// fail ends the stream with an error chunk the UI shows in the answer area, then [DONE].
func (s *Stream) fail(text string) error {
	s.EndReasoning()
	s.EndText()
	s.write(ErrorChunk{Type: "error", ErrorText: text})
	if s.err != nil {
		return s.err
	}
	return s.writeData([]byte("[DONE]"))
}
