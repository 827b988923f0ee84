package admin

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/sqlite"
)

var testSecret = []byte("0123456789abcdef0123456789abcdef")

const testPassword = "correct horse battery staple"

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type env struct {
	*httptest.Server
	auth  *Auth
	store store.Store
	clock *clock
	log   *strings.Builder
}

// cheapHash is an argon2id hash of testPassword at a cost small enough for tests.
func cheapHash(t *testing.T) string {
	t.Helper()
	h, err := hashArgon2([]byte(testPassword), argon2Params{memory: 64, time: 1, threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func newEnv(t *testing.T, mutate func(*Options)) *env {
	t.Helper()
	st, err := sqlite.Open(t.Context(), t.TempDir()+"/db")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	c := &clock{t: time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)}
	var log strings.Builder
	var mu sync.Mutex
	opts := Options{Store: st, Secret: testSecret, PasswordHash: cheapHash(t), Now: c.Now,
		Logger: slog.New(slog.NewTextHandler(lockedWriter{&mu, &log}, nil))}
	if mutate != nil {
		mutate(&opts)
	}
	a, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	protected := a.RequireSession(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s, _ := SessionFrom(r.Context())
		io.WriteString(w, "changed by "+s.Who)
	}))
	mux := http.NewServeMux()
	mux.Handle("/admin", a.Handler())
	mux.Handle("/admin/", a.Handler())
	mux.Handle("/api/admin/", a.Handler())
	mux.Handle("/api/admin/change", protected)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &env{Server: srv, auth: a, store: st, clock: c, log: &log}
}

type lockedWriter struct {
	mu *sync.Mutex
	b  *strings.Builder
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// browser is a client with cookies that does not follow redirects.
func (e *env) browser(t *testing.T) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func do(t *testing.T, c *http.Client, method, u string, form url.Values, header ...string) (*http.Response, string) {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequestWithContext(t.Context(), method, u, body)
	if err != nil {
		t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

var csrfInput = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

func csrfOf(t *testing.T, html string) string {
	t.Helper()
	m := csrfInput.FindStringSubmatch(html)
	if m == nil {
		t.Fatalf("no CSRF field in the page:\n%s", html)
	}
	return m[1]
}

// signIn signs c in with the password and returns the session's CSRF token.
func (e *env) signIn(t *testing.T, c *http.Client, password string) (*http.Response, string) {
	t.Helper()
	_, page := do(t, c, "GET", e.URL+"/admin/login", nil)
	return do(t, c, "POST", e.URL+"/admin/login", url.Values{"csrf": {csrfOf(t, page)}, "password": {password}, "who": {"Ada"}})
}

func (e *env) sessionCSRF(t *testing.T, c *http.Client) string {
	t.Helper()
	resp, body := do(t, c, "GET", e.URL+"/admin", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("/admin: %d %s", resp.StatusCode, body)
	}
	return csrfOf(t, body)
}

func TestNothingAnswersWithoutASession(t *testing.T) {
	e := newEnv(t, nil)
	c := e.browser(t)
	for _, p := range []string{"/api/admin/session", "/api/admin/overview", "/api/admin/change"} {
		resp, body := do(t, c, "GET", e.URL+p, nil)
		if resp.StatusCode != 401 || !strings.Contains(body, `"status":401`) || resp.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s: %d %q %q; want 401 JSON, no-store", p, resp.StatusCode, body, resp.Header.Get("Cache-Control"))
		}
	}
	for _, p := range []string{"/admin", "/admin/reports"} {
		resp, _ := do(t, c, "GET", e.URL+p, nil)
		if resp.StatusCode != 303 || resp.Header.Get("Location") != "/admin/login?next="+url.QueryEscape(p) || resp.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s: %d to %q; want 303 to the sign-in page", p, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
	resp, body := do(t, c, "GET", e.URL+"/admin/login", nil)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Security-Policy") != pageCSP || strings.Contains(body, "<script") ||
		strings.Contains(body, "style=") || resp.Header.Get("X-Robots-Tag") == "" {
		t.Errorf("sign-in page: %d, CSP %q:\n%s", resp.StatusCode, resp.Header.Get("Content-Security-Policy"), body)
	}
}

func TestPasswordSignInAndOut(t *testing.T) {
	e := newEnv(t, nil)
	c := e.browser(t)
	resp, body := e.signIn(t, c, "wrong password")
	if resp.StatusCode != 401 || !strings.Contains(body, "Wrong password") {
		t.Fatalf("wrong password: %d %s", resp.StatusCode, body)
	}
	if resp, _ := do(t, c, "GET", e.URL+"/api/admin/session", nil); resp.StatusCode != 401 {
		t.Fatalf("a wrong password signed in: %d", resp.StatusCode)
	}
	resp, _ = e.signIn(t, c, testPassword)
	if resp.StatusCode != 303 || resp.Header.Get("Location") != "/admin" {
		t.Fatalf("right password: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	var cookie *http.Cookie
	for _, ck := range resp.Cookies() {
		if ck.Name == SessionCookie && ck.Value != "" {
			cookie = ck
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode || cookie.Secure {
		t.Fatalf("session cookie %+v: want HttpOnly, SameSite=Strict, not Secure over plain HTTP", cookie)
	}
	resp, body = do(t, c, "GET", e.URL+"/api/admin/session", nil)
	if resp.StatusCode != 200 || !strings.Contains(body, `"who":"Ada"`) || !strings.Contains(body, `"method":"password"`) {
		t.Fatalf("session: %d %s", resp.StatusCode, body)
	}
	if _, home := do(t, c, "GET", e.URL+"/admin", nil); !strings.Contains(home, "Signed in as <strong>Ada</strong>") || !strings.Contains(home, "Sign out") {
		t.Errorf("/admin:\n%s", home)
	}
	csrf := e.sessionCSRF(t, c)
	resp, _ = do(t, c, "POST", e.URL+"/admin/logout", url.Values{"csrf": {csrf}})
	if resp.StatusCode != 303 || resp.Header.Get("Location") != "/admin/login" {
		t.Fatalf("sign out: %d", resp.StatusCode)
	}
	if resp, _ := do(t, c, "GET", e.URL+"/api/admin/session", nil); resp.StatusCode != 401 {
		t.Fatalf("signed out, yet the session answers %d", resp.StatusCode)
	}
	// The old cookie is dead in the database too, not only in this browser.
	other := e.browser(t)
	u, _ := url.Parse(e.URL)
	other.Jar.SetCookies(u, []*http.Cookie{{Name: SessionCookie, Value: cookie.Value}})
	if resp, _ := do(t, other, "GET", e.URL+"/api/admin/session", nil); resp.StatusCode != 401 {
		t.Fatalf("a signed-out cookie replayed: %d", resp.StatusCode)
	}
	if !strings.Contains(e.log.String(), "outcome=wrong_password") || !strings.Contains(e.log.String(), "outcome=signed_in") {
		t.Errorf("sign-in attempts not logged:\n%s", e.log.String())
	}
}

func TestSecureCookieBehindAnHTTPSProxy(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.TrustProxy = true })
	c := e.browser(t)
	resp, _ := do(t, c, "GET", e.URL+"/admin/login", nil, "X-Forwarded-Proto", "https")
	if sc := resp.Header.Get("Set-Cookie"); !strings.Contains(sc, "Secure") || !strings.Contains(sc, "HttpOnly") || !strings.Contains(sc, "SameSite=Strict") {
		t.Errorf("cookie behind an https proxy: %q", sc)
	}
	e = newEnv(t, nil) // an untrusted header is ignored
	resp, _ = do(t, e.browser(t), "GET", e.URL+"/admin/login", nil, "X-Forwarded-Proto", "https")
	if sc := resp.Header.Get("Set-Cookie"); strings.Contains(sc, "Secure") {
		t.Errorf("cookie marked Secure on an untrusted header: %q", sc)
	}
}

func (e *env) link(t *testing.T, who string) string {
	t.Helper()
	u, err := NewLink(t.Context(), e.store, testSecret, e.URL, who, e.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// useLink opens a sign-in link in c and presses its button.
func useLink(t *testing.T, c *http.Client, link string) (*http.Response, string) {
	t.Helper()
	resp, page := do(t, c, "GET", link, nil)
	if resp.StatusCode != 200 {
		return resp, page
	}
	u, _ := url.Parse(link)
	return do(t, c, "POST", u.Scheme+"://"+u.Host+LinkPath, url.Values{"csrf": {csrfOf(t, page)}, "token": {u.Query().Get("token")}})
}

func TestSignInLinkWorksOnceAndExpires(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.PasswordHash = "" })
	link := e.link(t, "Grace")
	c := e.browser(t)
	// Opening the link (a prefetcher, a preview) does not spend it.
	if resp, _ := do(t, e.browser(t), "GET", link, nil); resp.StatusCode != 200 {
		t.Fatalf("opening the link: %d", resp.StatusCode)
	}
	resp, body := useLink(t, c, link)
	if resp.StatusCode != 303 {
		t.Fatalf("link sign-in: %d %s", resp.StatusCode, body)
	}
	if _, body := do(t, c, "GET", e.URL+"/api/admin/session", nil); !strings.Contains(body, `"who":"Grace"`) || !strings.Contains(body, `"method":"link"`) {
		t.Fatalf("session after the link: %s", body)
	}
	// Replayed, from another browser.
	resp, body = useLink(t, e.browser(t), link)
	if resp.StatusCode != 401 || !strings.Contains(body, "already used") {
		t.Fatalf("replayed link: %d %s", resp.StatusCode, body)
	}
	// Expired: 15 minutes after it was made.
	late := e.link(t, "Late")
	e.clock.Advance(LinkLifetime)
	resp, body = do(t, e.browser(t), "GET", late, nil)
	if resp.StatusCode != 401 || !strings.Contains(body, "expired") {
		t.Fatalf("expired link: %d %s", resp.StatusCode, body)
	}
	// Forged: a token changed by one character, or with another expiry.
	fresh := e.link(t, "Forger")
	for _, forged := range []string{strings.Replace(fresh, "token=", "token=x", 1), regexp.MustCompile(`(token=[^.]+)\.\d+\.`).ReplaceAllString(fresh, "$1.9999999999.")} {
		if resp, body := useLink(t, e.browser(t), forged); resp.StatusCode != 401 || !strings.Contains(body, "not valid") {
			t.Errorf("forged link %s: %d %s", forged, resp.StatusCode, body)
		}
	}
	// A valid token posted without the form's CSRF token is refused, and not spent.
	tok, _ := url.Parse(fresh)
	if resp, _ := do(t, e.browser(t), "POST", e.URL+LinkPath, url.Values{"token": {tok.Query().Get("token")}}); resp.StatusCode != 403 {
		t.Errorf("link posted without CSRF: %d, want 403", resp.StatusCode)
	}
	if resp, _ := useLink(t, e.browser(t), fresh); resp.StatusCode != 303 {
		t.Errorf("the link refused for its missing CSRF token no longer works: %d", resp.StatusCode)
	}
}

func TestCSRF(t *testing.T) {
	e := newEnv(t, nil)
	c := e.browser(t)
	// A sign-in form posted without its token, or with the token of another browser.
	if resp, _ := do(t, c, "POST", e.URL+"/admin/login", url.Values{"password": {testPassword}}); resp.StatusCode != 403 {
		t.Errorf("sign-in without a CSRF token: %d, want 403", resp.StatusCode)
	}
	_, otherPage := do(t, e.browser(t), "GET", e.URL+"/admin/login", nil)
	do(t, c, "GET", e.URL+"/admin/login", nil)
	if resp, _ := do(t, c, "POST", e.URL+"/admin/login", url.Values{"csrf": {csrfOf(t, otherPage)}, "password": {testPassword}}); resp.StatusCode != 403 {
		t.Errorf("sign-in with another browser's CSRF token: %d, want 403", resp.StatusCode)
	}
	if resp, _ := e.signIn(t, c, testPassword); resp.StatusCode != 303 {
		t.Fatalf("sign-in: %d", resp.StatusCode)
	}
	csrf := e.sessionCSRF(t, c)
	for name, tc := range map[string]struct {
		form   url.Values
		header []string
	}{
		"missing":      {url.Values{}, nil},
		"wrong":        {url.Values{"csrf": {csrf + "x"}}, nil},
		"wrong header": {nil, []string{CSRFHeader, "nope"}},
	} {
		if resp, body := do(t, c, "POST", e.URL+"/api/admin/change", tc.form, tc.header...); resp.StatusCode != 403 || strings.Contains(body, "changed") {
			t.Errorf("%s CSRF token: %d %s, want 403", name, resp.StatusCode, body)
		}
		if resp, _ := do(t, c, "POST", e.URL+"/admin/logout", tc.form, tc.header...); resp.StatusCode != 403 {
			t.Errorf("sign-out with a %s CSRF token: %d, want 403", name, resp.StatusCode)
		}
	}
	if resp, body := do(t, c, "POST", e.URL+"/api/admin/change", nil, CSRFHeader, csrf); resp.StatusCode != 200 || body != "changed by Ada" {
		t.Errorf("the right CSRF header: %d %s", resp.StatusCode, body)
	}
	if resp, _ := do(t, c, "DELETE", e.URL+"/api/admin/session", nil, CSRFHeader, csrf); resp.StatusCode != 204 {
		t.Errorf("DELETE /api/admin/session: %d", resp.StatusCode)
	}
	// Another session's token is refused: tokens are bound to their session.
	if resp, _ := e.signIn(t, c, testPassword); resp.StatusCode != 303 {
		t.Fatal("second sign-in failed")
	}
	if resp, _ := do(t, c, "POST", e.URL+"/api/admin/change", nil, CSRFHeader, csrf); resp.StatusCode != 403 {
		t.Errorf("the previous session's CSRF token: %d, want 403", resp.StatusCode)
	}
}

func TestSessionEndsAfterTwelveIdleHours(t *testing.T) {
	e := newEnv(t, nil)
	c := e.browser(t)
	if resp, _ := e.signIn(t, c, testPassword); resp.StatusCode != 303 {
		t.Fatal("sign-in failed")
	}
	// Each request moves the idle deadline on.
	for range 3 {
		e.clock.Advance(IdleTimeout - time.Minute)
		if resp, _ := do(t, c, "GET", e.URL+"/api/admin/session", nil); resp.StatusCode != 200 {
			t.Fatalf("a session in use ended: %d", resp.StatusCode)
		}
	}
	e.clock.Advance(IdleTimeout)
	if resp, _ := do(t, c, "GET", e.URL+"/api/admin/session", nil); resp.StatusCode != 401 {
		t.Fatalf("a session idle for 12 hours still answers %d", resp.StatusCode)
	}
	if resp, _ := do(t, c, "GET", e.URL+"/admin", nil); resp.StatusCode != 303 {
		t.Fatalf("/admin after the session ended: %d", resp.StatusCode)
	}
}

func TestSignInAttemptsAreRateLimited(t *testing.T) {
	e := newEnv(t, nil)
	c := e.browser(t)
	for i := range DefaultSignInLimit.Burst {
		if resp, _ := e.signIn(t, c, "guess"); resp.StatusCode != 401 {
			t.Fatalf("attempt %d: %d, want 401", i+1, resp.StatusCode)
		}
	}
	resp, body := e.signIn(t, c, testPassword)
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("attempt past the limit, right password: %d %s", resp.StatusCode, body)
	}
	if resp, _ := do(t, c, "GET", e.URL+"/api/admin/session", nil); resp.StatusCode != 401 {
		t.Fatal("a rate-limited attempt signed in")
	}
	// Links are attempts too.
	if resp, _ := useLink(t, c, e.link(t, "x")); resp.StatusCode != 429 {
		t.Errorf("link sign-in past the limit: %d", resp.StatusCode)
	}
	if !strings.Contains(e.log.String(), "outcome=rate_limited") {
		t.Error("refused attempts are not logged")
	}
	e.clock.Advance(time.Minute)
	if resp, _ := e.signIn(t, c, testPassword); resp.StatusCode != 303 {
		t.Fatalf("a minute later: %d", resp.StatusCode)
	}
}

func TestPasswordHashes(t *testing.T) {
	b, err := bcrypt.GenerateFromPassword([]byte(testPassword), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	for name, hash := range map[string]string{"argon2id": cheapHash(t), "bcrypt": string(b)} {
		h, err := parsePasswordHash(hash)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !h.matches([]byte(testPassword)) || h.matches([]byte(testPassword+" ")) || h.matches(nil) {
			t.Errorf("%s: matching is wrong", name)
		}
	}
	for _, bad := range []string{"hunter2", "$argon2id$v=19$m=64,t=1,p=1$c2FsdA$", "$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", "$2b$04$short"} {
		if _, err := New(Options{Store: nopStore{}, Secret: testSecret, PasswordHash: bad}); err == nil || !strings.Contains(err.Error(), "hash-password") {
			t.Errorf("hash %q: err = %v, want one naming tzdocs admin hash-password", bad, err)
		}
	}
	if _, err := HashPassword([]byte("short")); err == nil {
		t.Error("HashPassword took a 5-byte password")
	}
}

type nopStore struct{ store.Sessions }

func TestNewLinkNeedsASiteURL(t *testing.T) {
	for _, u := range []string{"", "docs.example.org", "ftp://x"} {
		if _, err := NewLink(context.Background(), nopStore{}, testSecret, u, "x", time.Now()); err == nil {
			t.Errorf("site URL %q accepted", u)
		}
	}
}

// Password checks run a few at a time, whatever the number of client addresses: one more waits
// briefly for a free slot, then gets 429, and is not counted as a wrong password.
func TestPasswordChecksAreLimitedServerWide(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.PasswordChecks = 1; o.PasswordCheckWait = 20 * time.Millisecond })
	c := e.browser(t)
	e.auth.checks <- struct{}{} // a check from another address holds the only slot
	resp, body := e.signIn(t, c, testPassword)
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || !strings.Contains(body, "Too many sign-ins") {
		t.Fatalf("sign-in while every check slot is busy: %d %q, want 429 with Retry-After", resp.StatusCode, body)
	}
	if !strings.Contains(e.log.String(), "outcome=busy") {
		t.Error("a refused check is not logged")
	}
	<-e.auth.checks
	if resp, _ := e.signIn(t, c, testPassword); resp.StatusCode != 303 {
		t.Fatalf("once the slot is free: %d, want 303", resp.StatusCode)
	}
}
