package sqlstore

import (
	"context"
	"fmt"
	"time"

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
	_, err := s.Conn.Exec(ctx, s.sql(`INSERT INTO ask_exchanges
		(created_at, message_id, message_key, question_id, question_key, question, answer, sources, engine, first_text_ms, outcome)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (message_key) DO UPDATE SET created_at = excluded.created_at, question_id = excluded.question_id,
		question_key = excluded.question_key, question = excluded.question, answer = excluded.answer,
		sources = excluded.sources, engine = excluded.engine, first_text_ms = excluded.first_text_ms, outcome = excluded.outcome`),
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
	var e store.Exchange
	found := false
	err := s.Conn.Read().Query(ctx, s.sql(query), []any{key}, func(scan func(...any) error) error {
		var err error
		e, err = scanExchange(scan)
		found = true
		return err
	})
	if err != nil {
		return store.Exchange{}, fmt.Errorf("reading an Ask AI exchange: %w", err)
	}
	if !found {
		return store.Exchange{}, store.ErrNotFound
	}
	return e, nil
}

func scanExchange(scan func(...any) error) (store.Exchange, error) {
	var e store.Exchange
	var sources string
	var first *int64
	if err := scan(&e.ID, instant{&e.CreatedAt}, &e.MessageID, &e.QuestionID, &e.Question, &e.Answer, &sources, &e.Engine, &first, &e.Outcome); err != nil {
		return e, err
	}
	if first != nil {
		e.FirstText = time.Duration(*first) * time.Millisecond
	}
	if err := fromJSON(sources, &e.Sources); err != nil {
		return e, fmt.Errorf("Ask AI exchange %d: sources: %w", e.ID, err)
	}
	return e, nil
}

// Exchanges implements store.Store.
func (s *Store) Exchanges(ctx context.Context, since time.Time, fn func(store.Exchange) error) error {
	return s.Conn.Read().Query(ctx, s.sql("SELECT "+exchangeColumns+" FROM ask_exchanges WHERE created_at >= ? ORDER BY id"),
		[]any{s.since(since)}, func(scan func(...any) error) error {
			e, err := scanExchange(scan)
			if err != nil {
				return err
			}
			return fn(e)
		})
}

// PruneExchanges implements store.Store.
func (s *Store) PruneExchanges(ctx context.Context, cutoff time.Time) (int64, error) {
	return s.execAll(ctx, "pruning Ask AI exchanges", s.Dialect.Time(cutoff),
		"DELETE FROM ask_exchanges WHERE created_at < ?",
		"UPDATE answer_feedback SET question = '', answer = '' WHERE created_at < ? AND (question <> '' OR answer <> '')")
}

// execAll runs statements of one argument in one transaction and returns the number of rows they
// changed.
func (s *Store) execAll(ctx context.Context, what string, arg any, stmts ...string) (int64, error) {
	var n int64
	err := s.Conn.Tx(ctx, func(tx DB) error {
		for _, st := range stmts {
			c, err := tx.Exec(ctx, s.sql(st), arg)
			if err != nil {
				return err
			}
			n += c
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
	if _, err := s.Conn.Exec(ctx, s.sql("INSERT INTO admin_links (key, who, expires_at) VALUES (?, ?, ?)"),
		key, who, s.Dialect.Time(expires)); err != nil {
		return fmt.Errorf("saving a sign-in link: %w", err)
	}
	return nil
}

// UseSignInLink implements store.Store.
func (s *Store) UseSignInLink(ctx context.Context, key string, now time.Time) (string, bool, error) {
	var who string
	found, err := one(ctx, s.Conn, s.sql(`UPDATE admin_links SET used_at = ?1 WHERE key = ?2 AND used_at IS NULL AND expires_at > ?1
		RETURNING who`), []any{s.Dialect.Time(now), key}, &who)
	if err != nil {
		return "", false, fmt.Errorf("using a sign-in link: %w", err)
	}
	return who, found, nil
}

// AddSession implements store.Store.
func (s *Store) AddSession(ctx context.Context, ss store.Session) error {
	if _, err := s.Conn.Exec(ctx, s.sql("INSERT INTO admin_sessions (key, who, method, created_at, seen_at) VALUES (?, ?, ?, ?, ?)"),
		ss.Key, ss.Who, ss.Method, s.stamp(ss.CreatedAt), s.stamp(ss.SeenAt)); err != nil {
		return fmt.Errorf("saving a session: %w", err)
	}
	return nil
}

// Session implements store.Store.
func (s *Store) Session(ctx context.Context, key string) (store.Session, error) {
	ss := store.Session{Key: key}
	found, err := one(ctx, s.Conn.Read(), s.sql("SELECT who, method, created_at, seen_at FROM admin_sessions WHERE key = ?"), []any{key},
		&ss.Who, &ss.Method, instant{&ss.CreatedAt}, instant{&ss.SeenAt})
	if err != nil {
		return store.Session{}, fmt.Errorf("reading a session: %w", err)
	}
	if !found {
		return store.Session{}, store.ErrNotFound
	}
	return ss, nil
}

// TouchSession implements store.Store.
func (s *Store) TouchSession(ctx context.Context, key string, at time.Time) error {
	if _, err := s.Conn.Exec(ctx, s.sql("UPDATE admin_sessions SET seen_at = ? WHERE key = ?"), s.stamp(at), key); err != nil {
		return fmt.Errorf("updating a session: %w", err)
	}
	return nil
}

// DeleteSession implements store.Store.
func (s *Store) DeleteSession(ctx context.Context, key string) error {
	if _, err := s.Conn.Exec(ctx, s.sql("DELETE FROM admin_sessions WHERE key = ?"), key); err != nil {
		return fmt.Errorf("deleting a session: %w", err)
	}
	return nil
}

// PruneSessions implements store.Store.
func (s *Store) PruneSessions(ctx context.Context, idleBefore, now time.Time) (int64, error) {
	var n int64
	err := s.Conn.Tx(ctx, func(tx DB) error {
		a, err := tx.Exec(ctx, s.sql("DELETE FROM admin_sessions WHERE seen_at < ?"), s.Dialect.Time(idleBefore))
		if err != nil {
			return err
		}
		b, err := tx.Exec(ctx, s.sql("DELETE FROM admin_links WHERE expires_at < ? OR used_at IS NOT NULL"), s.Dialect.Time(now))
		n = a + b
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("pruning sessions: %w", err)
	}
	return n, nil
}
