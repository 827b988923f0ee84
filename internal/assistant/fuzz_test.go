package assistant

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzVerifyToken feeds Verify any string: it must never panic, and must accept only heads this
// secret signed, for this assistant, unexpired.
func FuzzVerifyToken(f *testing.F) {
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { return now }
	tokens := NewTokens(testSecret, testAssistant, clock)
	valid := mustIssue(tokens)
	other := mustIssue(NewTokens([]byte("another-secret-of-32-bytes-long!"), testAssistant, clock))
	for _, s := range []string{valid, other, "", ".", "a.b", valid + "=", strings.Repeat("A", 2000) + ".x", "e30=.x", valid[:len(valid)-1]} {
		f.Add(s)
	}
	known := []error{ErrTokenMalformed, ErrTokenSignature, ErrTokenExpired, ErrTokenAssistant}
	f.Fuzz(func(t *testing.T, tok string) {
		c, err := tokens.Verify(tok)
		if err != nil {
			if !slicesContainsErr(known, err) {
				t.Fatalf("Verify(%q): unexpected error %v", tok, err)
			}
			return
		}
		if c.AID != testAssistant || !now.Before(time.Unix(c.Exp, 0)) {
			t.Fatalf("Verify(%q) accepted claims %+v", tok, c)
		}
		// Only a head this secret signed passes, with its signature give or take base64 padding.
		head, sig, _ := strings.Cut(tok, ".")
		if strings.TrimRight(sig, "=") != tokens.sign(head) {
			t.Fatalf("Verify accepted %q, whose signature is not this secret's", tok)
		}
	})
}

func slicesContainsErr(known []error, err error) bool {
	for _, k := range known {
		if errors.Is(err, k) {
			return true
		}
	}
	return false
}

// FuzzChatRequest decodes and validates any body: no panic, and an error or a question within the
// limits, whose message names no Go type.
func FuzzChatRequest(f *testing.F) {
	for _, s := range []string{chatBody("How do I stake?"), `{}`, `{"messages":[]}`, `{"messages":"x"}`, `[1]`, `null`,
		`{"messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]},{"role":"assistant","parts":[{"type":"tool-searchIndex","input":{"query":"q"}}]},{"role":"user","parts":[{"type":"text","text":"more"}]}]}`,
		`{"messages":[{"role":"user","parts":[{"type":"text","text":1}]}]}`, `{"messages":[{"role":"user","parts":null}]} x`} {
		f.Add([]byte(s))
	}
	h := &handler{opts: Options{Limits: Limits{MaxExchanges: DefaultMaxExchanges, MaxQuestionRunes: DefaultMaxQuestionRunes}}}
	f.Fuzz(func(t *testing.T, data []byte) {
		body, err := DecodeChatRequest(data)
		if err != nil {
			for _, goName := range []string{"assistant.", "[]", "map[", "json.RawMessage", "struct {"} {
				if strings.Contains(err.Error(), goName) {
					t.Fatalf("error %q names a Go type", err)
				}
			}
			return
		}
		req, status, msg := h.validate(body)
		if status != 0 {
			if msg == "" {
				t.Fatalf("status %d without a message", status)
			}
			return
		}
		if req.Question == "" || utf8.RuneCountInString(req.Question) > DefaultMaxQuestionRunes || len(req.History) >= DefaultMaxExchanges {
			t.Fatalf("accepted request %+v", req)
		}
	})
}
