package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"tzdocs/internal/feedback/store"
)

const exchangeColumns = "id, created_at, message_id, question_id, question, answer, sources, engine, first_text_ms, outcome"

// AddExchange implements store.Store.
func (s *Store) AddExchange(ctx context.Context, e store.Exchange) error {
	var first any
	if e.FirstText > 0 {
		first = e.FirstText.Milliseconds()
	}
	var qkey string
	if e.QuestionID != "" {
		qkey = store.VoteKey(e.QuestionID)
	}
	_, err := s.w.ExecContext(ctx, `INSERT INTO ask_exchanges
		(created_at, message_id, message_key, question_id, question_key, question, answer, sources, engine, first_text_ms, outcome)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (message_key) DO UPDATE SET created_at = excluded.created_at, question_id = excluded.question_id,
		question_key = excluded.question_key, question = excluded.question, answer = excluded.answer,
		sources = excluded.sources, engine = excluded.engine, first_text_ms = excluded.first_text_ms, outcome = excluded.outcome`,
		s.stamp(e.CreatedAt), e.MessageID, store.VoteKey(e.MessageID), e.QuestionID, qkey, e.Question, e.Answer,
		jsonText(e.Sources), e.Engine, first, e.Outcome)
	if err != nil {
		return fmt.Errorf("saving the Ask AI exchange %q: %w", e.MessageID, err)
	}
	return nil
}

// Exchange implements store.Store.
func (s *Store) Exchange(ctx context.Context, messageID string) (store.Exchange, error) {
	return s.oneExchange(ctx, "SELECT "+exchangeColumns+" FROM ask_exchanges WHERE message_key = ?", store.VoteKey(messageID))
}

// ExchangeForQuestion implements store.Store.
func (s *Store) ExchangeForQuestion(ctx context.Context, questionID string) (store.Exchange, error) {
	return s.oneExchange(ctx, "SELECT "+exchangeColumns+" FROM ask_exchanges WHERE question_key = ? ORDER BY id DESC LIMIT 1",
		store.VoteKey(questionID))
}

func (s *Store) oneExchange(ctx context.Context, query, key string) (store.Exchange, error) {
	rows, err := s.r.QueryContext(ctx, query, key)
	if err != nil {
		return store.Exchange{}, fmt.Errorf("reading an Ask AI exchange: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return store.Exchange{}, fmt.Errorf("reading an Ask AI exchange: %w", err)
		}
		return store.Exchange{}, store.ErrNotFound
	}
	return scanExchange(rows)
}

func scanExchange(rows *sql.Rows) (store.Exchange, error) {
	var e store.Exchange
	var at int64
	var sources string
	var first sql.NullInt64
	if err := rows.Scan(&e.ID, &at, &e.MessageID, &e.QuestionID, &e.Question, &e.Answer, &sources, &e.Engine, &first, &e.Outcome); err != nil {
		return e, err
	}
	e.CreatedAt = fromMilli(at)
	if first.Valid {
		e.FirstText = time.Duration(first.Int64) * time.Millisecond
	}
	if err := json.Unmarshal([]byte(sources), &e.Sources); err != nil {
		return e, fmt.Errorf("Ask AI exchange %d: sources: %w", e.ID, err)
	}
	return e, nil
}

// Exchanges implements store.Store.
func (s *Store) Exchanges(ctx context.Context, since time.Time, fn func(store.Exchange) error) error {
	return s.each(ctx, "SELECT "+exchangeColumns+" FROM ask_exchanges WHERE created_at >= ? ORDER BY id", since,
		func(rows *sql.Rows) error {
			e, err := scanExchange(rows)
			if err != nil {
				return err
			}
			return fn(e)
		})
}

// PruneExchanges implements store.Store.
func (s *Store) PruneExchanges(ctx context.Context, cutoff time.Time) (int64, error) {
	return s.execAll(ctx, "pruning Ask AI exchanges", []stmt{
		{"DELETE FROM ask_exchanges WHERE created_at < ?", []any{cutoff.UnixMilli()}},
		{"UPDATE answer_feedback SET question = '', answer = '' WHERE created_at < ? AND (question <> '' OR answer <> '')", []any{cutoff.UnixMilli()}},
	})
}

type stmt struct {
	query string
	args  []any
}

// execAll runs statements in one transaction and returns the number of rows they changed.
func (s *Store) execAll(ctx context.Context, what string, stmts []stmt) (int64, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	defer tx.Rollback()
	var n int64
	for _, st := range stmts {
		res, err := tx.ExecContext(ctx, st.query, st.args...)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", what, err)
		}
		c, _ := res.RowsAffected()
		n += c
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	return n, nil
}

// AddSignInLink implements store.Store.
func (s *Store) AddSignInLink(ctx context.Context, key, who string, expires time.Time) error {
	if _, err := s.w.ExecContext(ctx, "INSERT INTO admin_links (key, who, expires_at) VALUES (?, ?, ?)",
		key, who, expires.UnixMilli()); err != nil {
		return fmt.Errorf("saving a sign-in link: %w", err)
	}
	return nil
}

// UseSignInLink implements store.Store.
func (s *Store) UseSignInLink(ctx context.Context, key string, now time.Time) (string, bool, error) {
	var who string
	err := s.w.QueryRowContext(ctx, `UPDATE admin_links SET used_at = ? WHERE key = ? AND used_at IS NULL AND expires_at > ?
		RETURNING who`, now.UnixMilli(), key, now.UnixMilli()).Scan(&who)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("using a sign-in link: %w", err)
	}
	return who, true, nil
}

// AddSession implements store.Store.
func (s *Store) AddSession(ctx context.Context, ss store.Session) error {
	if _, err := s.w.ExecContext(ctx, "INSERT INTO admin_sessions (key, who, method, created_at, seen_at) VALUES (?, ?, ?, ?, ?)",
		ss.Key, ss.Who, ss.Method, s.stamp(ss.CreatedAt), s.stamp(ss.SeenAt)); err != nil {
		return fmt.Errorf("saving a session: %w", err)
	}
	return nil
}

// Session implements store.Store.
func (s *Store) Session(ctx context.Context, key string) (store.Session, error) {
	ss := store.Session{Key: key}
	var created, seen int64
	err := s.r.QueryRowContext(ctx, "SELECT who, method, created_at, seen_at FROM admin_sessions WHERE key = ?", key).
		Scan(&ss.Who, &ss.Method, &created, &seen)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Session{}, store.ErrNotFound
	}
	if err != nil {
		return store.Session{}, fmt.Errorf("reading a session: %w", err)
	}
	ss.CreatedAt, ss.SeenAt = fromMilli(created), fromMilli(seen)
	return ss, nil
}

// TouchSession implements store.Store.
func (s *Store) TouchSession(ctx context.Context, key string, at time.Time) error {
	if _, err := s.w.ExecContext(ctx, "UPDATE admin_sessions SET seen_at = ? WHERE key = ?", s.stamp(at), key); err != nil {
		return fmt.Errorf("updating a session: %w", err)
	}
	return nil
}

// DeleteSession implements store.Store.
func (s *Store) DeleteSession(ctx context.Context, key string) error {
	if _, err := s.w.ExecContext(ctx, "DELETE FROM admin_sessions WHERE key = ?", key); err != nil {
		return fmt.Errorf("deleting a session: %w", err)
	}
	return nil
}

// PruneSessions implements store.Store.
func (s *Store) PruneSessions(ctx context.Context, idleBefore, now time.Time) (int64, error) {
	return s.execAll(ctx, "pruning sessions", []stmt{
		{"DELETE FROM admin_sessions WHERE seen_at < ?", []any{idleBefore.UnixMilli()}},
		{"DELETE FROM admin_links WHERE expires_at < ? OR used_at IS NOT NULL", []any{now.UnixMilli()}},
	})
}
