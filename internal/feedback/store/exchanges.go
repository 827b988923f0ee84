package store

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"
)

// Exchange is one Ask AI question and what the server answered, kept so that a vote reaching any
// replica, or arriving after a restart, is stored with the question and answer it rates, and so
// maintainers can read what readers ask. Nothing about the reader is kept: no address, no token.
type Exchange struct {
	ID        int64
	CreatedAt time.Time
	// MessageID is the signed id of the answer (unique: a regenerated answer replaces the row).
	MessageID string
	// QuestionID is the id the client gave the question's message (stock DocSearch rates an answer
	// by it); empty when the client sent none.
	QuestionID string
	Question   string
	Answer     string
	Sources    []string
	Engine     string
	// FirstText is how long the reader waited for the first text of the answer; 0 when none came.
	FirstText time.Duration
	// Outcome is how the answer ended: answered, no_answer, failed, timeout, cancelled or
	// interrupted.
	Outcome string
}

// Session is one maintainer signed in to the admin pages. Key is a digest of the cookie's secret,
// never the secret itself, so a copy of the database signs nobody in.
type Session struct {
	Key       string
	Who       string // the name given at sign-in: a label, not an account
	Method    string // "password" or "link"
	CreatedAt time.Time
	SeenAt    time.Time // last request; the session ends after an idle time (see package admin)
}

// ErrNotFound is returned when no row has the key asked for.
var ErrNotFound = errors.New("not found")

// Exchanges keeps Ask AI exchanges. Both stores implement it, as part of Store.
type Exchanges interface {
	// AddExchange stores e, replacing the row of the same MessageID (a regenerated answer).
	AddExchange(ctx context.Context, e Exchange) error
	// Exchange returns the exchange of an answer's message id, or ErrNotFound.
	Exchange(ctx context.Context, messageID string) (Exchange, error)
	// ExchangeForQuestion returns the latest exchange whose question had the message id
	// questionID, or ErrNotFound.
	ExchangeForQuestion(ctx context.Context, questionID string) (Exchange, error)
	// Exchanges calls fn for each exchange created at or after since, oldest first.
	Exchanges(ctx context.Context, since time.Time, fn func(Exchange) error) error
	// PruneExchanges deletes the exchanges created before cutoff and blanks the question and
	// answer texts of the votes made before it (the votes themselves stay); it returns the
	// number of rows changed.
	PruneExchanges(ctx context.Context, cutoff time.Time) (int64, error)
}

// Sessions keeps admin sessions and one-time sign-in links. Both stores implement it, as part of
// Store, so that any replica signs in with a link made for any other and knows every session.
type Sessions interface {
	// AddSignInLink records a link's digest, the name it signs in and when it expires.
	AddSignInLink(ctx context.Context, key, who string, expires time.Time) error
	// UseSignInLink consumes the link of digest key when it is unused and not expired at now, in
	// one statement, so that it works once across all replicas; ok is false otherwise.
	UseSignInLink(ctx context.Context, key string, now time.Time) (who string, ok bool, err error)
	AddSession(ctx context.Context, s Session) error
	// Session returns the session of digest key, or ErrNotFound.
	Session(ctx context.Context, key string) (Session, error)
	// TouchSession sets a session's SeenAt.
	TouchSession(ctx context.Context, key string, at time.Time) error
	DeleteSession(ctx context.Context, key string) error
	// PruneSessions deletes sessions last seen before idleBefore and links expired or used before
	// now; it returns the number of rows deleted.
	PruneSessions(ctx context.Context, idleBefore, now time.Time) (int64, error)
}

// Outcomes of an exchange.
const (
	OutcomeAnswered  = "answered"
	OutcomeNoAnswer  = "no_answer"
	OutcomeFailed    = "failed"
	OutcomeTimeout   = "timeout"
	OutcomeCancelled = "cancelled"
	// OutcomeInterrupted: the server shut down while answering; the answer is what was said.
	OutcomeInterrupted = "interrupted"
)

// SourceLink reports whether u may be kept as a source of an answer and shown as a link: an
// http(s) URL with a host, or a path of the site ("/…", not "//host…"). Links a model writes may
// be anything (javascript:, data:, …); those are dropped where sources are made and where the
// dashboard reads them.
func SourceLink(u string) bool {
	if strings.HasPrefix(u, "/") {
		return !strings.HasPrefix(u, "//") && !strings.ContainsAny(u, "\\ \t\r\n")
	}
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "http" || p.Scheme == "https") && p.Host != "" && !strings.ContainsAny(u, " \t\r\n")
}
