package assistant

// StreamChunk is one chunk of an answer stream as this server writes it: a type per kind of chunk,
// each with only the fields that ai@5.0.30 accepts for it (its strict schemas refuse others).
// cmd/tsgen generates them into web/src/assistant/wire.ts for the web app's stream client, which
// also reads the protocol's other kinds of chunk.
type StreamChunk interface{ streamChunk() }

// StartChunk opens the answer's message, under the id the server gave it.
type StartChunk struct {
	Type      string `json:"type" ts:"\"start\""`
	MessageID string `json:"messageId,omitempty"`
}

// MarkChunk carries nothing but its type: a step of the answer starts or ends, or the answer ends.
type MarkChunk struct {
	Type string `json:"type" ts:"\"start-step\" | \"finish-step\" | \"finish\""`
}

// PartChunk opens or closes a text or reasoning part.
type PartChunk struct {
	Type string `json:"type" ts:"\"text-start\" | \"text-end\" | \"reasoning-start\" | \"reasoning-end\""`
	ID   string `json:"id"`
}

// DeltaChunk adds text to the open text or reasoning part with its id.
type DeltaChunk struct {
	Type  string `json:"type" ts:"\"text-delta\" | \"reasoning-delta\""`
	ID    string `json:"id"`
	Delta string `json:"delta"`
}

// ToolStartChunk announces a tool call whose input will stream.
type ToolStartChunk struct {
	Type       string `json:"type" ts:"\"tool-input-start\""`
	ToolCallID string `json:"toolCallId"`
	ToolName   string `json:"toolName"`
}

// ToolDeltaChunk is a piece of a tool call's JSON input text.
type ToolDeltaChunk struct {
	Type           string `json:"type" ts:"\"tool-input-delta\""`
	ToolCallID     string `json:"toolCallId"`
	InputTextDelta string `json:"inputTextDelta"`
}

// ToolInputChunk gives a tool call's complete input (a SearchInput for searchIndex).
type ToolInputChunk struct {
	Type       string `json:"type" ts:"\"tool-input-available\""`
	ToolCallID string `json:"toolCallId"`
	ToolName   string `json:"toolName"`
	Input      any    `json:"input"`
}

// ToolOutputChunk gives a tool call's result (a SearchOutput for searchIndex).
type ToolOutputChunk struct {
	Type       string `json:"type" ts:"\"tool-output-available\""`
	ToolCallID string `json:"toolCallId"`
	Output     any    `json:"output"`
}

// CodeChunk carries one highlighted code block of the answer.
type CodeChunk struct {
	Type string   `json:"type" ts:"typeof CodePartType"`
	Data CodePart `json:"data"`
}

// ErrorChunk ends a failed answer with the text the reader is shown.
type ErrorChunk struct {
	Type      string `json:"type" ts:"\"error\""`
	ErrorText string `json:"errorText"`
}

func (StartChunk) streamChunk()      {}
func (MarkChunk) streamChunk()       {}
func (PartChunk) streamChunk()       {}
func (DeltaChunk) streamChunk()      {}
func (ToolStartChunk) streamChunk()  {}
func (ToolDeltaChunk) streamChunk()  {}
func (ToolInputChunk) streamChunk()  {}
func (ToolOutputChunk) streamChunk() {}
func (CodeChunk) streamChunk()       {}
func (ErrorChunk) streamChunk()      {}
