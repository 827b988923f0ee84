package assistant

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// TokenTTL is how long an assistant token is valid. The web app refetches one when the cached
// token expires within 30 seconds (docs/behaviour.md, "Ask AI").
const TokenTTL = 5 * time.Minute

// MinSecretBytes is the shortest HMAC secret accepted.
const MinSecretBytes = 16

// Claims is the payload of an assistant token. The web app reads exp to know when to refetch.
type Claims struct {
	Exp int64  `json:"exp"` // Unix seconds
	AID string `json:"aid"` // assistant id
	JTI string `json:"jti"` // random, names the token for rate limits
}

// Errors of Verify.
var (
	ErrTokenMalformed = errors.New("malformed token")
	ErrTokenSignature = errors.New("token signature does not match")
	ErrTokenExpired   = errors.New("token expired")
	ErrTokenAssistant = errors.New("token was issued for another assistant")
)

// Tokens issues and checks short-lived chat tokens:
//
//	std-base64(JSON {"exp","aid","jti"}) + "." + base64url(HMAC-SHA256(secret, first part))
//
// They prove that a client fetched a token recently, so rate limits can follow it; they carry no
// identity. Tokens is safe for concurrent use.
type Tokens struct {
	secret      []byte
	assistantID string
	now         func() time.Time
}

// NewTokens returns Tokens signing with secret for one assistant id; now nil means time.Now.
func NewTokens(secret []byte, assistantID string, now func() time.Time) *Tokens {
	if now == nil {
		now = time.Now
	}
	return &Tokens{secret: secret, assistantID: assistantID, now: now}
}

// Issue returns a new token valid for TokenTTL.
func (t *Tokens) Issue() (string, Claims, error) {
	var jti [12]byte
	if _, err := rand.Read(jti[:]); err != nil {
		return "", Claims{}, err
	}
	c := Claims{Exp: t.now().Add(TokenTTL).Unix(), AID: t.assistantID, JTI: hex.EncodeToString(jti[:])}
	payload, err := json.Marshal(c)
	if err != nil {
		return "", Claims{}, err
	}
	head := base64.StdEncoding.EncodeToString(payload)
	return head + "." + t.sign(head), c, nil
}

func (t *Tokens) sign(head string) string {
	m := hmac.New(sha256.New, t.secret)
	m.Write([]byte(head))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Verify checks a token's signature, expiry and assistant id and returns its claims.
func (t *Tokens) Verify(token string) (Claims, error) {
	head, sig, ok := strings.Cut(token, ".")
	// Line breaks are refused here: base64 decoding skips them, even when strict, so a token with
	// some inserted would otherwise pass as another string.
	if !ok || head == "" || sig == "" || len(token) > 1024 || strings.ContainsAny(token, "\r\n") {
		return Claims{}, ErrTokenMalformed
	}
	want, err := base64.RawURLEncoding.DecodeString(t.sign(head))
	if err != nil {
		return Claims{}, ErrTokenMalformed
	}
	// Strict: one signature has one spelling (no other trailing bits), so a token cannot be
	// varied into another string that passes.
	got, err := base64.RawURLEncoding.Strict().DecodeString(strings.TrimRight(sig, "="))
	if err != nil {
		return Claims{}, ErrTokenMalformed
	}
	if !hmac.Equal(want, got) {
		return Claims{}, ErrTokenSignature
	}
	payload, err := base64.StdEncoding.Strict().DecodeString(head)
	if err != nil {
		return Claims{}, ErrTokenMalformed
	}
	var c Claims
	if err := json.Unmarshal(payload, &c); err != nil || c.Exp == 0 {
		return Claims{}, ErrTokenMalformed
	}
	if !t.now().Before(time.Unix(c.Exp, 0)) {
		return Claims{}, ErrTokenExpired
	}
	if c.AID != t.assistantID {
		return Claims{}, ErrTokenAssistant
	}
	return c, nil
}

// SecretPath is where the generated secret is kept for a database URL: beside the SQLite file
// ("file:data/tzdocs.db" → "data/secret"), or data/secret in the working folder for PostgreSQL
// (where several replicas should share TZDOCS_SECRET instead).
func SecretPath(databaseURL string) string {
	if p, ok := strings.CutPrefix(databaseURL, "file:"); ok {
		if i := strings.IndexByte(p, '?'); i >= 0 {
			p = p[:i]
		}
		if p != "" && p != ":memory:" {
			return filepath.Join(filepath.Dir(p), "secret")
		}
	}
	return filepath.Join("data", "secret")
}

// LoadOrCreateSecret returns the HMAC secret for assistant tokens: TZDOCS_SECRET when set, else
// the contents of path, else 32 random bytes written to path (hex, mode 0600) for the next start.
func LoadOrCreateSecret(path string, getenv func(string) string) ([]byte, error) {
	if s := strings.TrimSpace(getenv("TZDOCS_SECRET")); s != "" {
		if len(s) < MinSecretBytes {
			return nil, fmt.Errorf("TZDOCS_SECRET is %d characters long: use at least %d random characters (for instance `openssl rand -hex 32`)", len(s), MinSecretBytes)
		}
		return []byte(s), nil
	}
	if b, err := os.ReadFile(path); err == nil {
		return checkSecretFile(path, b)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading the assistant secret: %w (set TZDOCS_SECRET or fix the file's permissions)", err)
	}
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return nil, err
	}
	secret := []byte(hex.EncodeToString(raw[:]))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("creating the folder of the assistant secret: %w (set TZDOCS_SECRET instead)", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) { // another process wrote it first: use theirs
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("reading the assistant secret: %w", err)
		}
		return checkSecretFile(path, b)
	}
	if err != nil {
		return nil, fmt.Errorf("writing the assistant secret: %w (set TZDOCS_SECRET instead)", err)
	}
	if _, err := f.Write(append(secret, '\n')); err != nil {
		f.Close()
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	return secret, nil
}

func checkSecretFile(path string, b []byte) ([]byte, error) {
	s := strings.TrimSpace(string(b))
	if len(s) < MinSecretBytes {
		return nil, fmt.Errorf("%s: the assistant secret is %d characters long, at least %d are needed: delete the file to generate a new one, or set TZDOCS_SECRET", path, len(s), MinSecretBytes)
	}
	return []byte(s), nil
}
