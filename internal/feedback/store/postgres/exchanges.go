package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"tzdocs/internal/feedback/store"
)

const exchangeColumns = "id, created_at, message_id, question_id, question, answer, sources, engine, first_text_ms, outcome"

// AddExchange implements store.Store.
func (s *Store) AddExchange(ctx context.Context, e store.Exchange) error {
	var first *int64
	if e.FirstText > 0 {
		ms := e.FirstText.Milliseconds()
		first = &ms
	}
	var qkey string
	if e.QuestionID != "" {
		qkey = store.VoteKey(e.QuestionID)
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO ask_exchanges
		(created_at, message_id, message_key, question_id, question_key, question, answer, sources, engine, first_text_ms, outcome)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		ON CONFLICT (message_key) DO UPDATE SET created_at = excluded.created_at, question_id = excluded.question_id,
		question_key = excluded.question_key, question = excluded.question, answer = excluded.answer,
		sources = excluded.sources, engine = excluded.engine, first_text_ms = excluded.first_text_ms, outcome = excluded.outcome`,
		s.stamp(e.CreatedAt), e.MessageID, store.VoteKey(e.MessageID), e.QuestionID, qkey, e.Question, e.Answer,
		list(e.Sources), e.Engine, first, e.Outcome)
	if err != nil {
		return fmt.Errorf("saving the Ask AI exchange %q: %w", e.MessageID, err)
	}
	return nil
}

// Exchange implements store.Store.
func (s *Store) Exchange(ctx context.Context, messageID string) (store.Exchange, error) {
	return s.oneExchange(ctx, "SELECT "+exchangeColumns+" FROM ask_exchanges WHERE message_key = $1", store.VoteKey(messageID))
}

// ExchangeForQuestion implements store.Store.
func (s *Store) ExchangeForQuestion(ctx context.Context, questionID string) (store.Exchange, error) {
	return s.oneExchange(ctx, "SELECT "+exchangeColumns+" FROM ask_exchanges WHERE question_key = $1 ORDER BY id DESC LIMIT 1",
		store.VoteKey(questionID))
}

func (s *Store) oneExchange(ctx context.Context, query, key string) (store.Exchange, error) {
	var e store.Exchange
	var first *int64
	err := s.pool.QueryRow(ctx, query, key).Scan(exchangeDest(&e, &first)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Exchange{}, store.ErrNotFound
	}
	if err != nil {
		return store.Exchange{}, fmt.Errorf("reading an Ask AI exchange: %w", err)
	}
	finishExchange(&e, first)
	return e, nil
}

func exchangeDest(e *store.Exchange, first **int64) []any {
	return []any{&e.ID, &e.CreatedAt, &e.MessageID, &e.QuestionID, &e.Question, &e.Answer, &e.Sources, &e.Engine, first, &e.Outcome}
}

func finishExchange(e *store.Exchange, first *int64) {
	e.CreatedAt = e.CreatedAt.UTC()
	e.FirstText = 0
	if first != nil {
		e.FirstText = time.Duration(*first) * time.Millisecond
	}
}

// Exchanges implements store.Store.
func (s *Store) Exchanges(ctx context.Context, since time.Time, fn func(store.Exchange) error) error {
	var e store.Exchange
	var first *int64
	return s.each(ctx, "SELECT "+exchangeColumns+" FROM ask_exchanges WHERE created_at >= $1 ORDER BY id", since,
		exchangeDest(&e, &first), func() error {
			finishExchange(&e, first)
			row := e
			e.Sources, first = nil, nil
			return fn(row)
		})
}

// PruneExchanges implements store.Store.
func (s *Store) PruneExchanges(ctx context.Context, cutoff time.Time) (int64, error) {
	return s.execAll(ctx, "pruning Ask AI exchanges", []stmt{
		{"DELETE FROM ask_exchanges WHERE created_at < $1", []any{cutoff}},
		{"UPDATE answer_feedback SET question = '', answer = '' WHERE created_at < $1 AND (question <> '' OR answer <> '')", []any{cutoff}},
	})
}

type stmt struct {
	query string
	args  []any
}

// execAll runs statements in one transaction and returns the number of rows they changed.
func (s *Store) execAll(ctx context.Context, what string, stmts []stmt) (int64, error) {
	var n int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		for _, st := range stmts {
			tag, err := tx.Exec(ctx, st.query, st.args...)
			if err != nil {
				return err
			}
			n += tag.RowsAffected()
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	return n, nil
}

// AddSignInLink implements store.Store.
func (s *Store) AddSignInLink(ctx context.Context, key, who string, expires time.Time) error {
	if _, err := s.pool.Exec(ctx, "INSERT INTO admin_links (key, who, expires_at) VALUES ($1, $2, $3)", key, who, expires); err != nil {
		return fmt.Errorf("saving a sign-in link: %w", err)
	}
	return nil
}

// UseSignInLink implements store.Store.
func (s *Store) UseSignInLink(ctx context.Context, key string, now time.Time) (string, bool, error) {
	var who string
	err := s.pool.QueryRow(ctx, `UPDATE admin_links SET used_at = $1 WHERE key = $2 AND used_at IS NULL AND expires_at > $1
		RETURNING who`, now, key).Scan(&who)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("using a sign-in link: %w", err)
	}
	return who, true, nil
}

// AddSession implements store.Store.
func (s *Store) AddSession(ctx context.Context, ss store.Session) error {
	if _, err := s.pool.Exec(ctx, "INSERT INTO admin_sessions (key, who, method, created_at, seen_at) VALUES ($1, $2, $3, $4, $5)",
		ss.Key, ss.Who, ss.Method, s.stamp(ss.CreatedAt), s.stamp(ss.SeenAt)); err != nil {
		return fmt.Errorf("saving a session: %w", err)
	}
	return nil
}

// Session implements store.Store.
func (s *Store) Session(ctx context.Context, key string) (store.Session, error) {
	ss := store.Session{Key: key}
	err := s.pool.QueryRow(ctx, "SELECT who, method, created_at, seen_at FROM admin_sessions WHERE key = $1", key).
		Scan(&ss.Who, &ss.Method, &ss.CreatedAt, &ss.SeenAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Session{}, store.ErrNotFound
	}
	if err != nil {
		return store.Session{}, fmt.Errorf("reading a session: %w", err)
	}
	ss.CreatedAt, ss.SeenAt = ss.CreatedAt.UTC(), ss.SeenAt.UTC()
	return ss, nil
}

// TouchSession implements store.Store.
func (s *Store) TouchSession(ctx context.Context, key string, at time.Time) error {
	if _, err := s.pool.Exec(ctx, "UPDATE admin_sessions SET seen_at = $1 WHERE key = $2", s.stamp(at), key); err != nil {
		return fmt.Errorf("updating a session: %w", err)
	}
	return nil
}

// DeleteSession implements store.Store.
func (s *Store) DeleteSession(ctx context.Context, key string) error {
	if _, err := s.pool.Exec(ctx, "DELETE FROM admin_sessions WHERE key = $1", key); err != nil {
		return fmt.Errorf("deleting a session: %w", err)
	}
	return nil
}

// PruneSessions implements store.Store.
func (s *Store) PruneSessions(ctx context.Context, idleBefore, now time.Time) (int64, error) {
	return s.execAll(ctx, "pruning sessions", []stmt{
		{"DELETE FROM admin_sessions WHERE seen_at < $1", []any{idleBefore}},
		{"DELETE FROM admin_links WHERE expires_at < $1 OR used_at IS NOT NULL", []any{now}},
	})
}
