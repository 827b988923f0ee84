package assistant

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"tzdocs/internal/feedback"
	"tzdocs/internal/highlight"
	"tzdocs/internal/httpapi"
	"tzdocs/internal/metrics"
	"tzdocs/internal/ratelimit"
)

// Limits bound what one client may ask. Zero fields take the defaults shown.
type Limits struct {
	MaxBodyBytes     int64         // chat request body: 1 MB
	MaxExchanges     int           // questions in one conversation: 20
	MaxQuestionRunes int           // length of one question: 2000
	AnswerTimeout    time.Duration // one answer, start to end: 2 minutes
	PerToken         RateLimit     // chat and feedback requests per token: 20 a minute, burst 10
	PerAddress       RateLimit     // requests per client address, all endpoints: 60 a minute, burst 30
	// EventWriteTimeout bounds the write of each event of an answer stream: 30 s. The write
	// deadline moves on with every event, so a long answer is not cut while it streams.
	EventWriteTimeout time.Duration
}

// Defaults of Limits.
const (
	DefaultMaxBodyBytes     = 1 << 20
	DefaultMaxExchanges     = 20
	DefaultMaxQuestionRunes = 2000
	// MaxIDBytes bounds every id a client chooses (the chat's, its messages', the rated answer's):
	// the question's id is stored with the exchange, and a longer one is refused with 400.
	MaxIDBytes               = 200
	DefaultAnswerTimeout     = 2 * time.Minute
	DefaultEventWriteTimeout = 30 * time.Second
)

// DefaultQuestionRateLimit is how many questions one client may ask: a person asks a few a minute.
var DefaultQuestionRateLimit = RateLimit{PerMinute: 20, Burst: 10}

var (
	defaultPerToken   = DefaultQuestionRateLimit
	defaultPerAddress = RateLimit{PerMinute: 60, Burst: 30}
)

// Options wires the assistant's dependencies.
type Options struct {
	// AssistantID is the id the web app sends in x-algolia-assistant-id; required.
	AssistantID string
	// Secret signs tokens (see LoadOrCreateSecret); at least MinSecretBytes long.
	Secret []byte
	// Engine answers questions; nil means NewExtractive().
	Engine Engine
	// Corpus returns the current site's answer corpus (it changes when the site is rebuilt);
	// required.
	Corpus func() *Corpus
	// SiteTitle returns the current site's title, which the model engine's instructions name;
	// nil leaves the request's Site empty.
	SiteTitle func() string
	// Store keeps the exchanges and answer feedback; nil answers feedback posts with 503.
	Store feedback.Store
	// Logger receives engine failures; nil discards them.
	Logger *slog.Logger
	// TrustProxy makes rate limits key on X-Forwarded-For; set it only behind a proxy that sets it.
	TrustProxy bool
	// Stopping ends when the server shuts down: answers still streaming then end with an error
	// event the reader sees (msgShuttingDown), and what they had said is stored. Nil never ends.
	Stopping context.Context
	Limits   Limits
	// Now and NewID make times and ids deterministic in tests; nil means the clock and random ids.
	Now   func() time.Time
	NewID func() string
}

// Check reports a missing or invalid option.
func (o *Options) Check() error {
	switch {
	case strings.TrimSpace(o.AssistantID) == "":
		return errors.New("assistant: Options.AssistantID is empty")
	case len(o.Secret) < MinSecretBytes:
		return fmt.Errorf("assistant: Options.Secret has %d bytes, at least %d are needed", len(o.Secret), MinSecretBytes)
	case o.Corpus == nil:
		return errors.New("assistant: Options.Corpus is nil")
	}
	return nil
}

type handler struct {
	opts      Options
	tokens    *Tokens
	byToken   *ratelimit.Limiter
	byAddress *ratelimit.Limiter
	log       *slog.Logger
	// highlighter colours the answers' code blocks as the pages' (CodeParts).
	highlighter *highlight.Highlighter
}

// Handler serves the Ask AI API under any prefix (the server mounts it at /api/askai/):
//
//	POST …/chat/token     header x-algolia-assistant-id → {"success":true,"token":"…"}
//	POST …/chat           authorization: TOKEN <t>, AI SDK v5 chat body → UI message stream (SSE)
//	POST …/chat/feedback  authorization: TOKEN <t>, {appId, messageId, thumbs: 1|0} → {"success":true}
//	GET  …/chat/health    → {"status":"ok"|"degraded","engine":"extractive"|"openai","model":"ok"|"unavailable","fallback":…}
//
// It panics when opts fail Check: that is a wiring mistake, not a runtime condition.
func Handler(opts Options) http.Handler {
	if err := opts.Check(); err != nil {
		panic(err)
	}
	if opts.Engine == nil {
		opts.Engine = NewExtractive()
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.NewID == nil {
		opts.NewID = randomID
	}
	l := &opts.Limits
	if l.MaxBodyBytes <= 0 {
		l.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if l.MaxExchanges <= 0 {
		l.MaxExchanges = DefaultMaxExchanges
	}
	if l.MaxQuestionRunes <= 0 {
		l.MaxQuestionRunes = DefaultMaxQuestionRunes
	}
	if l.AnswerTimeout <= 0 {
		l.AnswerTimeout = DefaultAnswerTimeout
	}
	if l.EventWriteTimeout <= 0 {
		l.EventWriteTimeout = DefaultEventWriteTimeout
	}
	h := &handler{
		opts:        opts,
		tokens:      NewTokens(opts.Secret, opts.AssistantID, opts.Now),
		byToken:     ratelimit.New(l.PerToken, defaultPerToken, opts.Now),
		byAddress:   ratelimit.New(l.PerAddress, defaultPerAddress, opts.Now),
		highlighter: highlight.New(),
		log:         opts.Logger,
	}
	return h
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := strings.TrimSuffix(r.URL.Path, "/")
	switch {
	case strings.HasSuffix(p, agentStudioFeedback):
		h.route(w, r, http.MethodPost, h.handleAgentFeedback)
	case strings.Contains(p, agentStudioAgents) && strings.HasSuffix(p, "/completions"):
		h.route(w, r, http.MethodPost, h.handleAgentCompletions)
	case strings.HasSuffix(p, "/chat/token"):
		h.route(w, r, http.MethodPost, h.handleToken)
	case strings.HasSuffix(p, "/chat/feedback"):
		h.route(w, r, http.MethodPost, h.handleFeedback)
	case strings.HasSuffix(p, "/chat/health"):
		h.route(w, r, http.MethodGet, h.handleHealth)
	case strings.HasSuffix(p, "/chat"):
		h.route(w, r, http.MethodPost, h.handleChat)
	default:
		httpapi.NotFound(w, r)
	}
}

func (h *handler) route(w http.ResponseWriter, r *http.Request, method string, fn http.HandlerFunc) {
	if r.Method != method && !(method == http.MethodGet && r.Method == http.MethodHead) {
		httpapi.MethodNotAllowed(w, method)
		return
	}
	if method == http.MethodPost {
		if ok, _ := h.byAddress.Allow(ratelimit.ClientKey(r, h.opts.TrustProxy)); !ok {
			tooMany(w)
			return
		}
	}
	fn(w, r)
}

// Texts of the errors readers may see in the answer area.
const (
	msgTooMany      = "Too many questions in a short time. Try again in a minute."
	msgNewChat      = "Start a new conversation to continue."
	msgEngineFailed = "Something went wrong while answering. Try again."
	msgBadToken     = "Your session expired: reload the page or ask again."
	// msgShuttingDown ends the answers still streaming when the server shuts down (a restart or
	// a deploy): asked again, the question reaches a server that is up.
	msgShuttingDown = "The server restarted while answering. Ask again."
)

// errShuttingDown is the cause of an answer's end when the server shuts down.
var errShuttingDown = errors.New("assistant: the server is shutting down")

func (h *handler) handleToken(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("x-algolia-assistant-id") != h.opts.AssistantID {
		httpapi.JSON(w, http.StatusForbidden, map[string]any{"success": false, "status": http.StatusForbidden,
			"message": "Unknown assistant id: send the configured id in the x-algolia-assistant-id header."})
		return
	}
	tok, _, err := h.tokens.Issue()
	if err != nil {
		h.log.Error("assistant: issuing a token", "error", err)
		httpapi.Error(w, http.StatusInternalServerError, "Could not issue a token.")
		return
	}
	httpapi.JSON(w, http.StatusOK, map[string]any{"success": true, "token": tok})
}

// authorize checks the token and its rate limit; it answers the request itself when they fail.
func (h *handler) authorize(w http.ResponseWriter, r *http.Request) (Claims, bool) {
	auth := r.Header.Get("Authorization")
	scheme, tok, _ := strings.Cut(auth, " ")
	if !strings.EqualFold(scheme, "TOKEN") && !strings.EqualFold(scheme, "Bearer") {
		httpapi.Error(w, http.StatusUnauthorized, "Missing token: fetch one from …/chat/token and send it as \"authorization: TOKEN <token>\".")
		return Claims{}, false
	}
	c, err := h.tokens.Verify(strings.TrimSpace(tok))
	if err != nil {
		httpapi.Error(w, http.StatusUnauthorized, msgBadToken+" ("+err.Error()+")")
		return Claims{}, false
	}
	if ok, _ := h.byToken.Allow(c.JTI); !ok {
		tooMany(w)
		return Claims{}, false
	}
	return c, true
}

func (h *handler) handleHealth(w http.ResponseWriter, r *http.Request) {
	body := map[string]string{"status": "ok", "engine": h.opts.Engine.Name()}
	if f, ok := h.opts.Engine.(interface{ Fallback() string }); ok {
		body["fallback"] = f.Fallback()
	}
	if h.opts.Corpus() == nil {
		body["status"] = "no documentation loaded"
		httpapi.JSON(w, http.StatusServiceUnavailable, body)
		return
	}
	// A model server that is down is reported; the answers go on with the fallback engine, if
	// any, so the status code stays 200 then.
	if hc, ok := h.opts.Engine.(HealthChecker); ok {
		body["model"] = "ok"
		if err := hc.Health(r.Context()); err != nil {
			body["model"], body["modelError"] = "unavailable", err.Error()
			body["status"] = "degraded"
			if body["fallback"] == "" {
				httpapi.JSON(w, http.StatusServiceUnavailable, body)
				return
			}
		}
	}
	httpapi.JSON(w, http.StatusOK, body)
}

// Rating is what the web app posts when a reader rates an answer: thumbs is 1 (like) or 0 (dislike).
type Rating struct {
	AppID     string          `json:"appId"`
	MessageID string          `json:"messageId"`
	Thumbs    json.RawMessage `json:"thumbs" ts:"0 | 1"`
}

func (h *handler) handleFeedback(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.authorize(w, r); !ok {
		return
	}
	var body Rating
	if status, msg := decodeJSON(w, r, 16<<10, &body); status != 0 {
		httpapi.Error(w, status, msg)
		return
	}
	thumbs, err := strconv.Atoi(string(body.Thumbs))
	if err != nil || (thumbs != 0 && thumbs != 1) {
		httpapi.Error(w, http.StatusBadRequest, "thumbs must be 1 (like) or 0 (dislike).")
		return
	}
	h.vote(w, r, body.MessageID, thumbs)
}

// vote stores a reader's thumbs up (1) or down (0) on the answer messageID and answers the request.
func (h *handler) vote(w http.ResponseWriter, r *http.Request, messageID string, thumbs int) {
	if h.opts.Store == nil {
		httpapi.Error(w, http.StatusServiceUnavailable, "Answer feedback is not stored on this server.")
		return
	}
	id := strings.TrimSpace(messageID)
	if id == "" || len(id) > MaxIDBytes {
		httpapi.Error(w, http.StatusBadRequest, "messageId must name the answer being rated.")
		return
	}
	ex, status, msg := h.exchangeFor(r.Context(), id)
	if status != 0 {
		httpapi.Error(w, status, msg)
		return
	}
	a := feedback.Answer{CreatedAt: h.opts.Now(), MessageID: ex.MessageID, Thumbs: thumbs, Question: ex.Question, Answer: ex.Answer, Sources: ex.Sources}
	if _, err := h.opts.Store.AddAnswer(r.Context(), a); errors.Is(err, feedback.ErrDuplicate) {
		httpapi.Error(w, http.StatusConflict, "This answer was already rated.")
		return
	} else if err != nil {
		h.log.Error("assistant: storing answer feedback", "error", err)
		httpapi.Error(w, http.StatusInternalServerError, msgFeedbackNotSaved)
		return
	}
	httpapi.JSON(w, http.StatusOK, map[string]any{"success": true})
}

func (h *handler) handleChat(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.authorize(w, r); !ok {
		return
	}
	h.chat(w, r)
}

// chat answers an authorized chat request with a UI message stream.
func (h *handler) chat(w http.ResponseWriter, r *http.Request) {
	data, status, msg := readBody(w, r, h.opts.Limits.MaxBodyBytes)
	if status == http.StatusRequestEntityTooLarge {
		msg = fmt.Sprintf("This conversation is too long (more than %d MB). %s", h.opts.Limits.MaxBodyBytes>>20, msgNewChat)
	}
	if status != 0 {
		httpapi.Error(w, status, msg)
		return
	}
	body, err := DecodeChatRequest(data)
	if err != nil {
		httpapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	req, status, msg := h.validate(body)
	if status != 0 {
		httpapi.Error(w, status, msg)
		return
	}
	corpus := h.opts.Corpus()
	if corpus == nil {
		httpapi.Error(w, http.StatusServiceUnavailable, "The documentation is not loaded yet. Try again in a moment.")
		return
	}
	req.Corpus = corpus
	if h.opts.SiteTitle != nil {
		req.Site = h.opts.SiteTitle()
	}

	messageID := h.tokens.exchangeID(h.opts.NewID())
	if body.Trigger == "regenerate-message" && h.tokens.answered(body.MessageID) {
		messageID = body.MessageID
	}
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-cache")
	hd.Set("Connection", "keep-alive")
	hd.Set("X-Accel-Buffering", "no")
	hd.Set("X-Vercel-AI-UI-Message-Stream", "v1")
	rc := http.NewResponseController(w)
	// The body is in: the stream lasts as long as the answer, each event within its own deadline.
	_ = rc.SetReadDeadline(time.Time{})
	ew := &eventWriter{w: w, rc: rc, timeout: h.opts.Limits.EventWriteTimeout}
	_ = ew.extend()
	w.WriteHeader(http.StatusOK)
	out := newStream(ew, rc.Flush, h.opts.NewID)

	ctx, cancel := context.WithTimeout(r.Context(), h.opts.Limits.AnswerTimeout)
	defer cancel()
	ctx, interrupt := context.WithCancelCause(ctx)
	defer interrupt(nil)
	if h.opts.Stopping != nil {
		defer context.AfterFunc(h.opts.Stopping, func() { interrupt(errShuttingDown) })()
	}
	if out.start(messageID) != nil {
		return
	}
	started := time.Now()
	err = h.opts.Engine.Answer(ctx, req, out)
	outcome := feedback.OutcomeAnswered
	saved := false
	save := func(outcome string) {
		saved = true
		h.saveExchange(r.Context(), feedback.Exchange{CreatedAt: h.opts.Now(), MessageID: messageID,
			QuestionID: body.Messages[len(body.Messages)-1].ID, Question: req.Question, Answer: out.Answer(),
			Sources: answerSources(out.Answer(), out.sources), Engine: h.opts.Engine.Name(),
			FirstText: out.firstTextAfter(started), Outcome: outcome})
	}
	defer func() {
		metrics.AskAIAnswers.WithLabelValues(h.opts.Engine.Name(), outcome).Inc()
		if !saved {
			save(outcome)
		}
	}()
	switch {
	case err == nil && out.err == nil:
		if !out.wroteText() {
			outcome = feedback.OutcomeNoAnswer
			out.FinishStep()
			out.TextDelta(noAnswerText)
		}
		out.FinishStep()
		_ = out.codeParts(h.highlighter)
		// Stored before the stream ends, so that a vote sent as soon as the answer is shown finds it.
		save(outcome)
		_ = out.finish()
	case r.Context().Err() != nil || out.err != nil:
		// The reader stopped or went away: nothing more to write.
		outcome = feedback.OutcomeCancelled
	case errors.Is(context.Cause(ctx), errShuttingDown):
		// What was said is stored before the reader is told, as for a finished answer.
		outcome = feedback.OutcomeInterrupted
		out.EndReasoning()
		out.EndText()
		save(outcome)
		h.log.Warn("assistant: an answer was cut by the server's shutdown", "engine", h.opts.Engine.Name())
		out.fail(msgShuttingDown)
	default:
		outcome = feedback.OutcomeFailed
		text := msgEngineFailed
		var pe *PublicError
		if errors.As(err, &pe) {
			text = pe.Text
		} else if errors.Is(err, context.DeadlineExceeded) {
			outcome = feedback.OutcomeTimeout
			text = "The answer took too long. Try a shorter question."
		}
		h.log.Error("assistant: answering", "engine", h.opts.Engine.Name(), "error", err)
		out.fail(text)
	}
}

// noAnswerText is streamed when an engine ends without any text, so every answer ends with text.
const noAnswerText = "I could not find an answer to this in the documentation. Try rephrasing the question, or search the docs with keywords."

// validate turns a chat body into an engine request, or a status and message.
func (h *handler) validate(body *ChatRequest) (*Request, int, string) {
	if len(body.Messages) == 0 {
		return nil, http.StatusBadRequest, "The request has no messages: send {id, messages, trigger}."
	}
	for _, f := range []struct{ name, value string }{{"id", body.ID}, {"trigger", body.Trigger}, {"messageId", body.MessageID}} {
		if len(f.value) > MaxIDBytes {
			return nil, http.StatusBadRequest, fmt.Sprintf("%s is %d bytes long; the limit is %d.", f.name, len(f.value), MaxIDBytes)
		}
	}
	users := 0
	for i, m := range body.Messages {
		if len(m.ID) > MaxIDBytes {
			return nil, http.StatusBadRequest, fmt.Sprintf("messages[%d].id is %d bytes long; the limit is %d.", i, len(m.ID), MaxIDBytes)
		}
		switch m.Role {
		case "user":
			users++
		case "assistant", "system":
		default:
			return nil, http.StatusBadRequest, fmt.Sprintf("messages[%d]: role must be user or assistant, not %q.", i, m.Role)
		}
	}
	if users > h.opts.Limits.MaxExchanges || len(body.Messages) > 3*h.opts.Limits.MaxExchanges {
		return nil, http.StatusBadRequest, fmt.Sprintf("This conversation has reached %d questions. %s", h.opts.Limits.MaxExchanges, msgNewChat)
	}
	last := body.Messages[len(body.Messages)-1]
	if last.Role != "user" {
		return nil, http.StatusBadRequest, "The last message must be the reader's question (role user)."
	}
	history, question := conversation(body.Messages)
	if question == "" {
		return nil, http.StatusBadRequest, "The question is empty: the last message needs a text part."
	}
	if n := utf8.RuneCountInString(question); n > h.opts.Limits.MaxQuestionRunes {
		return nil, http.StatusBadRequest, fmt.Sprintf("The question is %d characters long; ask in at most %d.", n, h.opts.Limits.MaxQuestionRunes)
	}
	return &Request{Question: question, History: history}, 0, ""
}

// readBody reads a body of at most max bytes. It returns 0 on success, else the status and message
// to answer with.
func readBody(w http.ResponseWriter, r *http.Request, max int64) ([]byte, int, string) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	if err != nil {
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			return nil, http.StatusRequestEntityTooLarge, fmt.Sprintf("The request body is larger than %d bytes.", max)
		case errors.Is(err, os.ErrDeadlineExceeded):
			return nil, http.StatusRequestTimeout, "The request body did not arrive in time."
		}
		return nil, http.StatusBadRequest, "Could not read the request body."
	}
	return data, 0, ""
}

// decodeJSON reads a JSON body of at most max bytes, whatever its Content-Type. It returns 0 on
// success, else the status and message to answer with.
func decodeJSON(w http.ResponseWriter, r *http.Request, max int64, v any) (int, string) {
	data, status, msg := readBody(w, r, max)
	if status != 0 {
		return status, msg
	}
	if err := json.Unmarshal(data, v); err != nil {
		return http.StatusBadRequest, "The request body is " + httpapi.JSONProblem(err) + "."
	}
	return 0, ""
}

func tooMany(w http.ResponseWriter) {
	httpapi.TooManyRequests(w, time.Minute, msgTooMany)
}

// eventWriter writes the events of an answer stream, moving the write deadline on before each.
type eventWriter struct {
	w       io.Writer
	rc      *http.ResponseController
	timeout time.Duration
}

func (e *eventWriter) extend() error {
	return e.rc.SetWriteDeadline(time.Now().Add(e.timeout))
}

func (e *eventWriter) Write(p []byte) (int, error) {
	_ = e.extend() // not supported by test recorders; a real connection always supports it
	return e.w.Write(p)
}

func randomID() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
