package assistant

import (
	"crypto/hmac"
	"strings"
)

// Answer message ids are signed, "<random id>.<signature>", with the secret that signs tokens: any
// replica sharing TZDOCS_SECRET, or this one after a restart, can tell that the server answered an
// exchange without remembering it, and a vote for any other id is refused. Tokens sign
// base64 heads, which never hold ':', so the "exchange:" prefix keeps the two kinds of signature
// apart.
//
// One vote is kept per exchange: a second one is refused with 409, by the in-memory list of recent
// exchanges and, across restarts and replicas, by the store (feedback.ErrDuplicate).
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
