package assistant

import (
	"context"
	"crypto/hmac"
	"errors"
	"net/http"
	"strings"
	"time"

	"tzdocs/internal/feedback"
)

// Answer message ids are signed, "<random id>.<signature>", with the secret that signs tokens: any
// replica sharing TZDOCS_SECRET, or this one after a restart, can tell that the server answered an
// exchange without remembering it, and a vote for any other id is refused. Tokens sign
// base64 heads, which never hold ':', so the "exchange:" prefix keeps the two kinds of signature
// apart.
//
// Every exchange is stored (feedback.Exchange) before its stream ends, so a vote reaching any
// replica, or arriving after a restart, is stored with the question and answer it rates; a vote
// for an answer that is not stored is refused. One vote is kept per exchange: a second one is
// refused with 409 by the store (feedback.ErrDuplicate).
const exchangePrefix = "exchange:"

// msgUnknownAnswer refuses a vote for a message id the server never gave.
const msgUnknownAnswer = "Unknown answer: messageId must be the id of an answer this server gave."

// exchangeID signs raw as the message id of one answer.
func (t *Tokens) exchangeID(raw string) string {
	return raw + "." + t.sign(exchangePrefix + raw)[:22] // 22 base64 characters: 132 bits
}

// answered reports whether id is a message id this server (or one sharing its secret) signed.
func (t *Tokens) answered(id string) bool {
	raw, sig, ok := strings.Cut(id, ".")
	if !ok || raw == "" || strings.Contains(sig, ".") {
		return false
	}
	return hmac.Equal([]byte(t.exchangeID(raw)), []byte(id))
}

// exchangeFor finds the exchange a vote names: by its signed answer id, or by the id the client
// gave its question (stock DocSearch rates an answer by it). A vote is only taken for an exchange
// that is stored, so that every vote is kept with the question and answer it rates: an answer
// whose row failed to save, or was pruned, cannot be rated. It returns 0 on success, else the
// status and message to answer with.
func (h *handler) exchangeFor(ctx context.Context, id string) (feedback.Exchange, int, string) {
	var ex feedback.Exchange
	var err error
	signed := h.tokens.answered(id)
	if signed {
		ex, err = h.opts.Store.Exchange(ctx, id)
	} else {
		ex, err = h.opts.Store.ExchangeForQuestion(ctx, id)
	}
	switch {
	case errors.Is(err, feedback.ErrNotFound) && signed:
		return ex, http.StatusNotFound, msgAnswerNotStored
	case errors.Is(err, feedback.ErrNotFound):
		return ex, http.StatusNotFound, msgUnknownAnswer
	case err != nil:
		h.log.Error("assistant: finding the exchange of a vote", "error", err)
		return ex, http.StatusInternalServerError, msgFeedbackNotSaved
	}
	if signed {
		ex.MessageID = id
	}
	return ex, 0, ""
}

// msgAnswerNotStored refuses a vote for an answer this server gave but did not keep.
const msgAnswerNotStored = "This answer was not saved, so it cannot be rated."

// msgFeedbackNotSaved answers a vote the server could not store.
const msgFeedbackNotSaved = "Your feedback could not be saved. Try again later."

// saveExchange stores one exchange, even when the reader went away; a failure is logged and the
// answer goes on (a later vote is then stored without its texts).
func (h *handler) saveExchange(ctx context.Context, e feedback.Exchange) {
	if h.opts.Store == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	// PostgreSQL refuses NUL in text; a NUL carries nothing a maintainer needs to read.
	e.Question = strings.ReplaceAll(e.Question, "\x00", "")
	e.Answer = strings.ReplaceAll(e.Answer, "\x00", "")
	if err := h.opts.Store.AddExchange(ctx, e); err != nil {
		h.log.Error("assistant: storing an Ask AI exchange", "error", err)
	}
}
