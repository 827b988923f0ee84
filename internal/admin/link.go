package admin

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"tzdocs/internal/feedback/store"
)

// A sign-in link carries a token "<random>.<expiry>.<signature>": the random part is the one-time
// secret, the expiry is Unix seconds and the signature (HMAC of both with the server's secret)
// lets any replica refuse a forged or expired token without asking the database. The database
// keeps the token's digest, consumed by the first sign-in on any replica.

// LinkPath is the path of the page a sign-in link opens.
const LinkPath = "/admin/login/link"

// NewLink stores a one-time sign-in link for who, valid LinkLifetime from now, and returns its URL
// under siteURL (the address readers use, such as https://docs.tezos.com).
func NewLink(ctx context.Context, st store.Sessions, secret []byte, siteURL, who string, now time.Time) (string, error) {
	if len(secret) < minSecretBytes {
		return "", fmt.Errorf("the token secret has %d bytes, at least %d are needed", len(secret), minSecretBytes)
	}
	base, err := url.Parse(strings.TrimSpace(siteURL))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return "", fmt.Errorf("site URL %q: give the address the site is served at, such as https://docs.example.org", siteURL)
	}
	expires := now.Add(LinkLifetime)
	random := randomToken()
	exp := strconv.FormatInt(expires.Unix(), 10)
	token := random + "." + exp + "." + linkSignature(secret, random, exp)
	if err := st.AddSignInLink(ctx, digest(token), cleanWho(who), expires); err != nil {
		return "", err
	}
	u := base.JoinPath(LinkPath)
	u.RawQuery = url.Values{"token": {token}}.Encode()
	return u.String(), nil
}

func linkSignature(secret []byte, random, exp string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("admin-link:" + random + "." + exp))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Why a sign-in link was refused.
var (
	errLinkInvalid = errors.New("this sign-in link is not valid: copy the whole link, or print a new one with `tzdocs admin link`")
	errLinkExpired = errors.New("this sign-in link has expired (links work 15 minutes): print a new one with `tzdocs admin link`")
	errLinkUsed    = errors.New("this sign-in link was already used (a link works once): print a new one with `tzdocs admin link`")
)

// checkLink verifies a token's signature and expiry, without consuming it.
func (a *Auth) checkLink(token string) error {
	parts := strings.Split(token, ".")
	if len(token) > 200 || len(parts) != 3 || parts[0] == "" {
		return errLinkInvalid
	}
	if !hmac.Equal([]byte(linkSignature(a.opts.Secret, parts[0], parts[1])), []byte(parts[2])) {
		return errLinkInvalid
	}
	exp, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil {
		return errLinkInvalid
	}
	if !a.opts.Now().Before(time.Unix(exp, 0)) {
		return errLinkExpired
	}
	return nil
}

// useLink verifies and consumes a token, returning the name it signs in.
func (a *Auth) useLink(ctx context.Context, token string) (string, error) {
	if err := a.checkLink(token); err != nil {
		return "", err
	}
	who, ok, err := a.opts.Store.UseSignInLink(ctx, digest(token), a.opts.Now())
	if err != nil {
		return "", err
	}
	if !ok {
		return "", errLinkUsed
	}
	return who, nil
}
