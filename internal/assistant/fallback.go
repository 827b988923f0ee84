package assistant

import (
	"context"
	"log/slog"
)

// FallbackNote opens an answer the fallback engine wrote because the model could not answer.
const FallbackNote = "The AI model is not available right now, so this answer is quoted from the documentation instead.\n\n"

// WithFallback answers with primary and, when primary fails before writing any answer text (its
// server is down, too slow to start, or sends an unreadable reply), with fallback, after a note
// that says so; the failure is logged for the maintainers. A failure after some text was shown
// stays a failure: the reader has seen part of an answer, and a second one would mix with it.
func WithFallback(primary, fallback Engine, log *slog.Logger) Engine {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &fallbackEngine{primary: primary, fallback: fallback, log: log}
}

type fallbackEngine struct {
	primary, fallback Engine
	log               *slog.Logger
}

// Name is the primary engine's name: what answers when all is well.
func (f *fallbackEngine) Name() string { return f.primary.Name() }

// Fallback names the engine that answers when the primary cannot.
func (f *fallbackEngine) Fallback() string { return f.fallback.Name() }

func (f *fallbackEngine) Answer(ctx context.Context, req *Request, out *Stream) error {
	err := f.primary.Answer(ctx, req, out)
	if err == nil || ctx.Err() != nil || out.err != nil || out.wroteText() {
		return err
	}
	f.log.Warn("ask AI: the model engine failed before answering; answering with the fallback engine",
		"engine", f.primary.Name(), "fallback", f.fallback.Name(), "error", err)
	if err := out.TextDelta(FallbackNote); err != nil {
		return err
	}
	return f.fallback.Answer(ctx, req, out)
}

// Health is the primary engine's health.
func (f *fallbackEngine) Health(ctx context.Context) error {
	if h, ok := f.primary.(HealthChecker); ok {
		return h.Health(ctx)
	}
	return nil
}
