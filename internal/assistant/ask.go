package assistant

import (
	"context"
	"io"
)

// Reply is a whole answer: its text and the pages it rests on.
type Reply struct {
	Text string
	// Sources are the answer's links (or, when it links nothing, the hits the engine was shown),
	// as the answer spells them: paths on the site for the built-in engine.
	Sources []string
}

// Ask has engine answer req in one piece, for callers that have no chat stream to feed (the MCP
// server). It ends like a chat answer: an answer without text gets the same "no answer" text, and
// errors are the engine's (a *PublicError may be shown as it is).
func Ask(ctx context.Context, engine Engine, req *Request) (Reply, error) {
	out := newStream(io.Discard, nil, randomID)
	err := engine.Answer(ctx, req, out)
	if err == nil {
		err = out.err
	}
	if err != nil {
		return Reply{}, err
	}
	text := out.Answer()
	if text == "" {
		text = noAnswerText
	}
	return Reply{Text: text, Sources: answerSources(text, out.sources)}, nil
}
