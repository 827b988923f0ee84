// Package feedback collects what readers say about the docs — page votes and comments, Ask AI answer
// ratings, search analytics — and gives it back to maintainers.
//
// Open picks the database from a URL; Handler serves POST /api/feedback; Export and Stats feed the
// `tzdocs feedback` commands.
package feedback

//go:generate go run ../../cmd/tsgen

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/postgres"
	"tzdocs/internal/feedback/store/sqlite"
)

// The store's types, under the names the rest of tzdocs uses.
type (
	// Store keeps feedback; see store.Store.
	Store = store.Store
	// Page is one page vote and/or comment.
	Page = store.Page
	// Answer is one Ask AI answer rating.
	Answer = store.Answer
	// Query is one logged search query.
	Query = store.Query
	// Event is one Insights event.
	Event = store.Event
	// PageStat sums up the feedback of one page.
	PageStat = store.PageStat
	// Retention bounds the analytics tables; see store.Retention.
	Retention = store.Retention
	// DailyQuery is one query's searches on one day.
	DailyQuery = store.DailyQuery
	// DailyEvents is the number of Insights events of one kind on one day.
	DailyEvents = store.DailyEvents
	// Exchange is one Ask AI question and its answer.
	Exchange = store.Exchange
	// Session is one maintainer signed in to the admin pages.
	Session = store.Session
	// AnalyticsState says how far analytics are rolled up and how many rows the size cap dropped.
	AnalyticsState = store.AnalyticsState
)

// ErrSchemaTooNew is returned by Open when the database was migrated by a newer tzdocs.
var ErrSchemaTooNew = store.ErrSchemaTooNew

// DefaultMaxAnalyticsRows is the default size cap of each analytics table, in rows.
const DefaultMaxAnalyticsRows = store.DefaultMaxRows

// SourceLink reports whether a link may be kept as a source of an answer.
var SourceLink = store.SourceLink

// ErrNotFound is returned when no row has the key asked for.
var ErrNotFound = store.ErrNotFound

// Outcomes of an Ask AI exchange.
const (
	OutcomeAnswered  = store.OutcomeAnswered
	OutcomeNoAnswer  = store.OutcomeNoAnswer
	OutcomeFailed    = store.OutcomeFailed
	OutcomeTimeout   = store.OutcomeTimeout
	OutcomeCancelled = store.OutcomeCancelled
	// OutcomeInterrupted: the server shut down while answering.
	OutcomeInterrupted = store.OutcomeInterrupted
)

// ErrDuplicate is returned by AddAnswer for a second vote on one answer.
var ErrDuplicate = store.ErrDuplicate

// DefaultURL is the database used when TZDOCS_DATABASE_URL is unset.
const DefaultURL = "file:" + sqlite.DefaultPath

// Open opens the feedback database named by rawURL and applies pending schema migrations:
//   - "" → SQLite at data/tzdocs.db;
//   - "file:PATH", "file:///ABS/PATH" or a plain path → SQLite at that path (its folder is created);
//   - "postgres://…" or "postgresql://…" → PostgreSQL.
func Open(ctx context.Context, rawURL string) (Store, error) {
	kind, target, err := parseURL(rawURL)
	if err != nil {
		return nil, err
	}
	if kind == "postgres" {
		return postgres.Open(ctx, target)
	}
	return sqlite.Open(ctx, target)
}

// parseURL tells which database rawURL names: ("sqlite", path) or ("postgres", url).
func parseURL(rawURL string) (kind, target string, err error) {
	raw := strings.TrimSpace(rawURL)
	if raw == "" {
		return "sqlite", sqlite.DefaultPath, nil
	}
	scheme, rest, hasScheme := strings.Cut(raw, ":")
	if !hasScheme || !isScheme(scheme) || (len(scheme) == 1 && strings.HasPrefix(rest, `\`)) {
		return "sqlite", raw, nil // a plain path (including C:\… on Windows)
	}
	switch strings.ToLower(scheme) {
	case "postgres", "postgresql":
		return "postgres", raw, nil
	case "file":
		u, err := url.Parse(raw)
		if err != nil {
			return "", "", fmt.Errorf("database URL %q: %v; write file:PATH, for example %s", raw, err, DefaultURL)
		}
		if u.RawQuery != "" || u.Fragment != "" {
			return "", "", fmt.Errorf("database URL %q: file: URLs take no ?options or #fragment here; write file:PATH", raw)
		}
		path := u.Opaque // file:relative/path
		if path == "" {
			if u.Host != "" && u.Host != "localhost" {
				return "", "", fmt.Errorf("database URL %q: the SQLite file must be on this machine; write file:///ABSOLUTE/PATH or file:RELATIVE/PATH", raw)
			}
			path = u.Path // file:///absolute/path
		}
		if path == "" {
			return "", "", fmt.Errorf("database URL %q names no file; write file:PATH, for example %s", raw, DefaultURL)
		}
		return "sqlite", path, nil
	default:
		return "", "", fmt.Errorf("database URL %q: unsupported scheme %q; use file:PATH for SQLite (default %s) or postgres://USER:PASSWORD@HOST:PORT/DB for PostgreSQL",
			redactURL(raw), scheme, DefaultURL)
	}
}

func isScheme(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}

// redactURL hides a password in an unsupported URL before it goes into a message.
func redactURL(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Redacted()
	}
	return raw
}
