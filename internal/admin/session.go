package admin

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/httpapi"
)

// Cookie names. The session cookie holds the session's secret; the sign-in cookie binds the CSRF
// token of a sign-in form to the browser that loaded it.
const (
	SessionCookie = "tzdocs_admin"
	signInCookie  = "tzdocs_admin_signin"
)

// CSRFField is the form field, and CSRFHeader the header, that carry the CSRF token of a
// state-changing request.
const (
	CSRFField  = "csrf"
	CSRFHeader = "X-CSRF-Token"
)

// touchEvery bounds how often a session's last-seen time is written: at most once a minute.
const touchEvery = time.Minute

// Session is the signed-in maintainer of a request, as RequireSession puts it in the context.
type Session struct {
	Who       string
	Method    string // "password" or "link"
	CreatedAt time.Time
	// CSRF is the token every state-changing request of this session must carry, in the form
	// field CSRFField or the header CSRFHeader.
	CSRF string
}

type sessionKey struct{}

// SessionFrom returns the session RequireSession found for the request of ctx.
func SessionFrom(ctx context.Context) (Session, bool) {
	s, ok := ctx.Value(sessionKey{}).(Session)
	return s, ok
}

// RequireSession lets a request through to next only with a live session: otherwise an API request
// (a path under /api/) gets 401 JSON and a page request a redirect to the sign-in page. Requests
// other than GET, HEAD and OPTIONS must also carry the session's CSRF token (403 otherwise). Every
// answer is marked Cache-Control: no-store. next finds the session with SessionFrom.
func (a *Auth) RequireSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		noStore(w)
		s, err := a.session(r)
		if err != nil {
			if !errors.Is(err, errNoSession) {
				a.log.Error("admin: reading a session", "error", err)
				a.fail(w, r, http.StatusInternalServerError, "The session could not be read. Try again later.")
				return
			}
			if isAPI(r) {
				httpapi.Error(w, http.StatusUnauthorized, "sign in first: this API needs an admin session (see /admin/login)")
				return
			}
			http.Redirect(w, r, "/admin/login?next="+url.QueryEscape(r.URL.Path), http.StatusSeeOther)
			return
		}
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			if !tokenMatches(s.CSRF, csrfFrom(r)) {
				a.fail(w, r, http.StatusForbidden, "Missing or wrong CSRF token: reload the page and try again.")
				return
			}
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), sessionKey{}, s)))
	})
}

var errNoSession = errors.New("no live session")

// session finds the live session of r's cookie, ending it when it was idle too long.
func (a *Auth) session(r *http.Request) (Session, error) {
	c, err := r.Cookie(SessionCookie)
	if err != nil || c.Value == "" || len(c.Value) > 100 {
		return Session{}, errNoSession
	}
	key := digest(c.Value)
	st, err := a.opts.Store.Session(r.Context(), key)
	if errors.Is(err, store.ErrNotFound) {
		return Session{}, errNoSession
	}
	if err != nil {
		return Session{}, err
	}
	now := a.opts.Now()
	if now.Sub(st.SeenAt) >= IdleTimeout {
		if err := a.opts.Store.DeleteSession(r.Context(), key); err != nil {
			a.log.Error("admin: ending an idle session", "error", err)
		}
		return Session{}, errNoSession
	}
	if now.Sub(st.SeenAt) >= touchEvery {
		if err := a.opts.Store.TouchSession(r.Context(), key, now); err != nil {
			return Session{}, err
		}
	}
	return Session{Who: st.Who, Method: st.Method, CreatedAt: st.CreatedAt, CSRF: a.mac("session-csrf", c.Value)}, nil
}

// startSession stores a new session, sets its cookie and ends the sign-in cookie.
func (a *Auth) startSession(w http.ResponseWriter, r *http.Request, who, method string) error {
	secret := randomToken()
	now := a.opts.Now()
	if err := a.opts.Store.AddSession(r.Context(), store.Session{Key: digest(secret), Who: who, Method: method, CreatedAt: now, SeenAt: now}); err != nil {
		return err
	}
	// Sign-in is a good moment to forget idle sessions and spent links, on any replica.
	if _, err := a.opts.Store.PruneSessions(r.Context(), now.Add(-IdleTimeout), now); err != nil {
		a.log.Error("admin: pruning sessions", "error", err)
	}
	a.setCookie(w, r, SessionCookie, secret, 0)
	a.setCookie(w, r, signInCookie, "", -1)
	return nil
}

// endSession deletes the request's session and its cookie.
func (a *Auth) endSession(w http.ResponseWriter, r *http.Request) error {
	a.setCookie(w, r, SessionCookie, "", -1)
	if c, err := r.Cookie(SessionCookie); err == nil && c.Value != "" {
		return a.opts.Store.DeleteSession(r.Context(), digest(c.Value))
	}
	return nil
}

// setCookie sets (maxAge 0: until the browser closes; above 0: seconds) or deletes (maxAge < 0) an
// admin cookie.
func (a *Auth) setCookie(w http.ResponseWriter, r *http.Request, name, value string, maxAge int) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: a.secure(r), SameSite: http.SameSiteStrictMode})
}

// signInCSRF returns the CSRF token of a sign-in form, setting the cookie it is bound to when the
// browser has none.
func (a *Auth) signInCSRF(w http.ResponseWriter, r *http.Request) string {
	c, err := r.Cookie(signInCookie)
	value := ""
	if err == nil && len(c.Value) >= 20 && len(c.Value) <= 100 {
		value = c.Value
	} else {
		value = randomToken()
		a.setCookie(w, r, signInCookie, value, int(time.Hour/time.Second))
	}
	return a.mac("signin-csrf", value)
}

// signInCSRFOK checks the CSRF token of a posted sign-in form.
func (a *Auth) signInCSRFOK(r *http.Request) bool {
	c, err := r.Cookie(signInCookie)
	if err != nil || c.Value == "" {
		return false
	}
	return tokenMatches(a.mac("signin-csrf", c.Value), csrfFrom(r))
}

// csrfFrom reads the CSRF token of a request: its header, else its form field.
func csrfFrom(r *http.Request) string {
	if v := r.Header.Get(CSRFHeader); v != "" {
		return v
	}
	return r.PostFormValue(CSRFField)
}

// tokenMatches compares a token with the expected one in constant time.
func tokenMatches(want, got string) bool {
	return want != "" && hmac.Equal([]byte(want), []byte(got))
}

// mac signs value for one purpose with the secret.
func (a *Auth) mac(purpose, value string) string {
	m := hmac.New(sha256.New, a.opts.Secret)
	m.Write([]byte("admin-" + purpose + ":" + value))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// digest is what the database keeps of a secret (a session's or a link's).
func digest(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// randomToken is 32 random bytes in URL-safe base64.
func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // never fails (crypto/rand panics rather than return short)
	return base64.RawURLEncoding.EncodeToString(b)
}

// cleanWho makes a name given at sign-in safe to show and store: printable, at most 64 characters,
// "maintainer" when empty.
func cleanWho(s string) string {
	var b strings.Builder
	n := 0
	for _, c := range strings.TrimSpace(s) {
		if c < 0x20 || (c >= 0x7f && c < 0xa0) || c == '\u2028' || c == '\u2029' {
			continue
		}
		if n == 64 {
			break
		}
		b.WriteRune(c)
		n++
	}
	if b.Len() == 0 {
		return "maintainer"
	}
	return b.String()
}
