// Package admin signs maintainers in to the admin pages and APIs: a password whose hash the
// operator set (TZDOCS_ADMIN_PASSWORD_HASH) or a one-time link printed by `tzdocs admin link`.
// Readers never sign in; see docs/decisions/0011-maintainers-sign-in-and-what-is-kept-about-readers.md.
//
// Sessions and links live in the feedback database, so every replica knows them. A session is a
// random secret in an HttpOnly, SameSite=Strict cookie (Secure over TLS), ending after IdleTimeout
// without a request; the database keeps only its digest. Every state-changing request carries a
// CSRF token bound to the session (or, before sign-in, to a short-lived cookie of the form).
//
// Routes (Handler): GET /admin (the dashboard's web app when Options.Dashboard gives one), GET|POST /admin/login, GET|POST /admin/login/link,
// POST /admin/logout, GET /admin/admin.css, GET|DELETE /api/admin/session. RequireSession guards
// any other admin handler, such as the dashboard's APIs.
package admin

//go:generate go run ../../cmd/tsgen

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/ratelimit"
)

// Options wires an Auth.
type Options struct {
	// Store keeps sessions and sign-in links; required.
	Store store.Sessions
	// Secret signs links and CSRF tokens: the server's token secret (TZDOCS_SECRET), shared by
	// every replica; at least 32 bytes.
	Secret []byte
	// PasswordHash is TZDOCS_ADMIN_PASSWORD_HASH (argon2id or bcrypt); empty turns password
	// sign-in off, leaving links.
	PasswordHash string
	// TrustProxy keys the sign-in rate limit on X-Forwarded-For and marks the cookie Secure when
	// the proxy says the request came over https (X-Forwarded-Proto).
	TrustProxy bool
	// SignInLimit bounds sign-in attempts per client; zero fields take DefaultSignInLimit.
	SignInLimit ratelimit.Limit
	// PasswordChecks is how many password checks may run at once, server-wide: an argon2id
	// check holds its hash's memory (64 MiB by default) while it runs [DefaultPasswordChecks].
	// A check finding no free slot within PasswordCheckWait [DefaultPasswordCheckWait] is
	// refused with 429.
	PasswordChecks    int
	PasswordCheckWait time.Duration
	// Logger receives every sign-in attempt; nil discards them.
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Dashboard returns the document of the dashboard's web app (the build's output.AdminShellFile),
	// served at /admin to a signed-in maintainer; nil, or a nil result, leaves /admin the plain
	// signed-in page with its sign-out button.
	Dashboard func() []byte
}

// IdleTimeout ends a session this long after its last request.
const IdleTimeout = 12 * time.Hour

// LinkLifetime is how long a sign-in link works (once).
const LinkLifetime = 15 * time.Minute

// DefaultSignInLimit allows a burst of 5 sign-in attempts per client, then one a minute.
var DefaultSignInLimit = ratelimit.Limit{PerMinute: 1, Burst: 5}

// Defaults of Options.PasswordChecks and PasswordCheckWait: two checks of 64 MiB at once, and a
// wait long enough for a few checks ahead to end (one takes about 0.1 s).
const (
	DefaultPasswordChecks    = 2
	DefaultPasswordCheckWait = 2 * time.Second
)

// minSecretBytes is the shortest Secret accepted.
const minSecretBytes = 32

// Auth signs maintainers in and guards the admin routes.
type Auth struct {
	opts     Options
	password *passwordHash // nil when password sign-in is off
	attempts *ratelimit.Limiter
	checks   chan struct{} // a slot per password check allowed to run
	log      *slog.Logger
}

// New checks opts and returns an Auth.
func New(opts Options) (*Auth, error) {
	if opts.Store == nil {
		return nil, errors.New("admin: Options.Store is nil")
	}
	if len(opts.Secret) < minSecretBytes {
		return nil, fmt.Errorf("admin: Options.Secret has %d bytes, at least %d are needed", len(opts.Secret), minSecretBytes)
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.PasswordChecks <= 0 {
		opts.PasswordChecks = DefaultPasswordChecks
	}
	if opts.PasswordCheckWait <= 0 {
		opts.PasswordCheckWait = DefaultPasswordCheckWait
	}
	a := &Auth{opts: opts, log: opts.Logger, checks: make(chan struct{}, opts.PasswordChecks),
		attempts: ratelimit.New(opts.SignInLimit, DefaultSignInLimit, opts.Now)}
	if strings.TrimSpace(opts.PasswordHash) != "" {
		h, err := parsePasswordHash(opts.PasswordHash)
		if err != nil {
			return nil, err
		}
		a.password = h
	}
	return a, nil
}

// Handler serves the sign-in pages, the /admin page and /api/admin/session; other paths under
// /api/admin/ answer 404 JSON to a signed-in client (401 to others).
func (a *Auth) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /admin/login", a.loginPage)
	mux.HandleFunc("POST /admin/login", a.passwordSignIn)
	mux.HandleFunc("GET /admin/login/link", a.linkPage)
	mux.HandleFunc("POST /admin/login/link", a.linkSignIn)
	mux.HandleFunc("GET /admin/admin.css", serveCSS)
	mux.Handle("GET /admin", a.RequireSession(http.HandlerFunc(a.homePage)))
	mux.Handle("POST /admin/logout", a.RequireSession(http.HandlerFunc(a.signOut)))
	mux.Handle("/api/admin/session", a.RequireSession(http.HandlerFunc(a.sessionAPI)))
	mux.Handle("/api/admin/", a.RequireSession(http.HandlerFunc(notFoundAPI)))
	mux.Handle("/admin/", a.RequireSession(http.HandlerFunc(a.notFoundPage)))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		noStore(w)
		if !isAPI(r) {
			w.Header().Set("Content-Security-Policy", pageCSP)
		}
		mux.ServeHTTP(w, r)
	})
}

// isAPI tells an admin API request (answered in JSON) from a page request.
func isAPI(r *http.Request) bool {
	return strings.HasPrefix(r.URL.Path, "/api/")
}

// noStore keeps every admin answer out of shared caches (a CDN) and out of search engines.
func noStore(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	h.Set("Referrer-Policy", "no-referrer")
}

// pageCSP allows the admin pages their own stylesheet and same-origin form posts, nothing else.
const pageCSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// dashboardCSP is pageCSP plus the dashboard's same-origin scripts and its calls to /api/admin/;
// still no inline script or style (its charts style elements through the CSS object model).
const dashboardCSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// clientKey names the client of a request for the sign-in rate limit and the log.
func (a *Auth) clientKey(r *http.Request) string {
	return ratelimit.ClientKey(r, a.opts.TrustProxy)
}

// secure tells whether the cookie should be Secure: the request came over TLS, directly or, behind
// a trusted proxy, as the proxy says.
func (a *Auth) secure(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	return a.opts.TrustProxy && strings.EqualFold(strings.TrimSpace(lastValue(r.Header.Get("X-Forwarded-Proto"))), "https")
}

// lastValue is the last of a comma-separated header's values (the one the nearest proxy added).
func lastValue(v string) string {
	if i := strings.LastIndexByte(v, ','); i >= 0 {
		return v[i+1:]
	}
	return v
}
