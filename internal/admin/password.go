package admin

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
	"golang.org/x/crypto/bcrypt"
)

// argon2Params are the cost of an argon2id hash: memory in KiB, passes and lanes.
type argon2Params struct {
	memory  uint32
	time    uint32
	threads uint8
}

// defaultArgon2 is what HashPassword uses: 64 MiB, 3 passes, 2 lanes (RFC 9106's second
// recommended setting, for machines short of memory), about a tenth of a second on a server.
var defaultArgon2 = argon2Params{memory: 64 * 1024, time: 3, threads: 2}

const argon2KeyLen = 32

// HashPassword returns an argon2id hash of password in the PHC string format
// ($argon2id$v=19$m=…,t=…,p=…$salt$hash), the value TZDOCS_ADMIN_PASSWORD_HASH takes.
func HashPassword(password []byte) (string, error) {
	if len(password) < MinPasswordBytes {
		return "", fmt.Errorf("the password has %d bytes; use at least %d", len(password), MinPasswordBytes)
	}
	return hashArgon2(password, defaultArgon2)
}

// MinPasswordBytes is the shortest password HashPassword accepts.
const MinPasswordBytes = 12

func hashArgon2(password []byte, p argon2Params) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("hashing the password: %w", err)
	}
	key := argon2.IDKey(password, salt, p.time, p.memory, p.threads, argon2KeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.memory, p.time, p.threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// passwordHash is a parsed TZDOCS_ADMIN_PASSWORD_HASH.
type passwordHash struct {
	bcrypt []byte // the whole bcrypt hash, or nil for argon2id
	params argon2Params
	salt   []byte
	key    []byte
}

// errHashFormat explains what TZDOCS_ADMIN_PASSWORD_HASH must hold.
var errHashFormat = errors.New("TZDOCS_ADMIN_PASSWORD_HASH must be an argon2id hash ($argon2id$v=19$m=…,t=…,p=…$salt$hash) or a bcrypt hash ($2a$, $2b$ or $2y$…): print one with `tzdocs admin hash-password`")

// parsePasswordHash checks a hash when the server starts, so a mistyped one fails then rather than
// at the first sign-in.
func parsePasswordHash(s string) (*passwordHash, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "$2a$") || strings.HasPrefix(s, "$2b$") || strings.HasPrefix(s, "$2y$") {
		if _, err := bcrypt.Cost([]byte(s)); err != nil {
			return nil, fmt.Errorf("%w (%v)", errHashFormat, err)
		}
		return &passwordHash{bcrypt: []byte(s)}, nil
	}
	parts := strings.Split(s, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return nil, errHashFormat
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return nil, fmt.Errorf("%w (version %q; only v=%d is known)", errHashFormat, parts[2], argon2.Version)
	}
	var h passwordHash
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &h.params.memory, &h.params.time, &h.params.threads); err != nil ||
		h.params.memory < 8 || h.params.time < 1 || h.params.threads < 1 || h.params.memory > 4<<20 {
		return nil, fmt.Errorf("%w (parameters %q)", errHashFormat, parts[3])
	}
	var err error
	if h.salt, err = base64.RawStdEncoding.DecodeString(parts[4]); err != nil || len(h.salt) < 8 {
		return nil, fmt.Errorf("%w (salt)", errHashFormat)
	}
	if h.key, err = base64.RawStdEncoding.DecodeString(parts[5]); err != nil || len(h.key) < 16 {
		return nil, fmt.Errorf("%w (hash)", errHashFormat)
	}
	return &h, nil
}

// matches compares password with the hash in constant time.
func (h *passwordHash) matches(password []byte) bool {
	if h.bcrypt != nil {
		return bcrypt.CompareHashAndPassword(h.bcrypt, password) == nil
	}
	key := argon2.IDKey(password, h.salt, h.params.time, h.params.memory, h.params.threads, uint32(len(h.key)))
	return subtle.ConstantTimeCompare(key, h.key) == 1
}
