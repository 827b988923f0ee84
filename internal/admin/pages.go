package admin

import (
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"tzdocs/internal/httpapi"
)

// page is what the admin page template shows; only the fields of its Kind are set.
type page struct {
	Kind     string // "login", "link", "home" or "message"
	Title    string
	Message  string
	CSRF     string
	Next     string
	Password bool   // password sign-in is on
	Token    string // the sign-in link's token, posted back by its form
	Who      string
	Method   string
	Since    string
}

var pageTemplate = template.Must(template.New("admin").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>{{.Title}} · tzdocs admin</title>
<link rel="stylesheet" href="/admin/admin.css"></head>
<body><main><h1>{{.Title}}</h1>
{{if .Message}}<p class="message">{{.Message}}</p>{{end}}
{{if eq .Kind "login"}}{{if .Password}}<form method="post" action="/admin/login">
<input type="hidden" name="csrf" value="{{.CSRF}}"><input type="hidden" name="next" value="{{.Next}}">
<label>Your name (shown to you, not checked)<input name="who" autocomplete="username" maxlength="64"></label>
<label>Password<input type="password" name="password" autocomplete="current-password" required autofocus></label>
<button type="submit">Sign in</button></form>
{{else}}<p>Password sign-in is off on this server. Ask someone who can run <code>tzdocs admin link</code> on it for a one-time sign-in link.</p>{{end}}
{{else if eq .Kind "link"}}<form method="post" action="/admin/login/link">
<input type="hidden" name="csrf" value="{{.CSRF}}"><input type="hidden" name="token" value="{{.Token}}">
<p>This one-time link signs you in once, on this browser.</p>
<button type="submit" autofocus>Sign in</button></form>
{{else if eq .Kind "home"}}<p>Signed in as <strong>{{.Who}}</strong> (by {{.Method}}) since {{.Since}}. The session ends after 12 hours without a request.</p>
<form method="post" action="/admin/logout"><input type="hidden" name="csrf" value="{{.CSRF}}"><button type="submit">Sign out</button></form>
{{else}}<p><a href="/admin/login">Sign in</a></p>{{end}}
</main></body></html>
`))

const css = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1b1f24}
main{max-width:28rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin-top:0}label{display:block;margin:1rem 0}input{display:block;width:100%;box-sizing:border-box;padding:.5rem;margin-top:.3rem;font:inherit}
button{padding:.5rem 1.2rem;font:inherit;cursor:pointer}.message{padding:.6rem .8rem;background:#fff4e5;border-left:4px solid #f0a030}
`

func serveCSS(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	_, _ = w.Write([]byte(css))
}

func render(w http.ResponseWriter, status int, p page) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_ = pageTemplate.Execute(w, p)
}

// fail answers an error in the shape of the request: JSON for the API, a page otherwise.
func (a *Auth) fail(w http.ResponseWriter, r *http.Request, status int, msg string) {
	if isAPI(r) {
		httpapi.Error(w, status, msg)
		return
	}
	render(w, status, page{Kind: "message", Title: http.StatusText(status), Message: msg})
}

func (a *Auth) loginPage(w http.ResponseWriter, r *http.Request) {
	if _, err := a.session(r); err == nil {
		http.Redirect(w, r, safeNext(r.URL.Query().Get("next")), http.StatusSeeOther)
		return
	}
	a.renderLogin(w, r, http.StatusOK, "")
}

func (a *Auth) renderLogin(w http.ResponseWriter, r *http.Request, status int, msg string) {
	render(w, status, page{Kind: "login", Title: "Sign in", Message: msg, CSRF: a.signInCSRF(w, r),
		Next: safeNext(r.FormValue("next")), Password: a.password != nil})
}

// safeNext keeps a post-sign-in target only when it is an admin page of this site.
func safeNext(next string) string {
	if next == "/admin" || (strings.HasPrefix(next, "/admin/") && !strings.ContainsAny(next, "\\\r\n") && !strings.Contains(next, "//")) {
		return next
	}
	return "/admin"
}

// attempt runs the checks every sign-in post shares: the rate limit, the body and the CSRF token.
// It answers the request itself and returns false when one fails.
func (a *Auth) attempt(w http.ResponseWriter, r *http.Request, method string) bool {
	client := a.clientKey(r)
	if ok, wait := a.attempts.Allow(client); !ok {
		a.log.Warn("admin sign-in", "outcome", "rate_limited", "method", method, "client", client)
		w.Header().Set("Retry-After", strconv.Itoa(max(int(wait/time.Second), 1)))
		a.fail(w, r, http.StatusTooManyRequests, "Too many sign-in attempts from your address. Wait a minute and try again.")
		return false
	}
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	if err := r.ParseForm(); err != nil {
		a.fail(w, r, http.StatusBadRequest, "The form could not be read: send it again from the sign-in page.")
		return false
	}
	if !a.signInCSRFOK(r) {
		a.log.Warn("admin sign-in", "outcome", "bad_csrf", "method", method, "client", client)
		a.fail(w, r, http.StatusForbidden, "This sign-in form expired or came from another site: reload the sign-in page and try again.")
		return false
	}
	return true
}

func (a *Auth) passwordSignIn(w http.ResponseWriter, r *http.Request) {
	if !a.attempt(w, r, "password") {
		return
	}
	client, who := a.clientKey(r), cleanWho(r.PostFormValue("who"))
	if a.password == nil {
		a.log.Warn("admin sign-in", "outcome", "password_off", "method", "password", "client", client)
		a.renderLogin(w, r, http.StatusForbidden, "Password sign-in is off on this server.")
		return
	}
	// Each check holds the hash's memory: a few run at once, server-wide, and one that finds no
	// free slot soon is refused rather than queued without end.
	timer := time.NewTimer(a.opts.PasswordCheckWait)
	select {
	case a.checks <- struct{}{}:
		timer.Stop()
	case <-timer.C:
		a.log.Warn("admin sign-in", "outcome", "busy", "method", "password", "client", client)
		w.Header().Set("Retry-After", "1")
		a.fail(w, r, http.StatusTooManyRequests, "Too many sign-ins at once on this server. Try again in a few seconds.")
		return
	case <-r.Context().Done():
		timer.Stop()
		return
	}
	ok := a.password.matches([]byte(r.PostFormValue("password")))
	<-a.checks
	if !ok {
		a.log.Warn("admin sign-in", "outcome", "wrong_password", "method", "password", "client", client, "who", who)
		a.renderLogin(w, r, http.StatusUnauthorized, "Wrong password.")
		return
	}
	a.signedIn(w, r, who, "password", safeNext(r.PostFormValue("next")))
}

func (a *Auth) linkPage(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	// Opening the link only shows a button: link previews and prefetchers open links too, and must
	// not spend it.
	if err := a.checkLink(token); err != nil {
		render(w, http.StatusUnauthorized, page{Kind: "message", Title: "Sign-in link refused", Message: err.Error()})
		return
	}
	render(w, http.StatusOK, page{Kind: "link", Title: "Sign in", CSRF: a.signInCSRF(w, r), Token: token})
}

func (a *Auth) linkSignIn(w http.ResponseWriter, r *http.Request) {
	if !a.attempt(w, r, "link") {
		return
	}
	client := a.clientKey(r)
	who, err := a.useLink(r.Context(), r.PostFormValue("token"))
	switch err {
	case nil:
	case errLinkInvalid, errLinkExpired, errLinkUsed:
		a.log.Warn("admin sign-in", "outcome", "bad_link", "method", "link", "client", client, "reason", err.Error())
		render(w, http.StatusUnauthorized, page{Kind: "message", Title: "Sign-in link refused", Message: err.Error()})
		return
	default:
		a.log.Error("admin: using a sign-in link", "error", err)
		a.fail(w, r, http.StatusInternalServerError, "The sign-in link could not be checked. Try again later.")
		return
	}
	a.signedIn(w, r, who, "link", "/admin")
}

// signedIn starts the session of a successful sign-in and sends the browser on.
func (a *Auth) signedIn(w http.ResponseWriter, r *http.Request, who, method, next string) {
	if err := a.startSession(w, r, who, method); err != nil {
		a.log.Error("admin: starting a session", "error", err)
		a.fail(w, r, http.StatusInternalServerError, "The session could not be saved. Try again later.")
		return
	}
	a.log.Info("admin sign-in", "outcome", "signed_in", "method", method, "client", a.clientKey(r), "who", who)
	http.Redirect(w, r, next, http.StatusSeeOther)
}

func (a *Auth) homePage(w http.ResponseWriter, r *http.Request) {
	if a.opts.Dashboard != nil {
		if doc := a.opts.Dashboard(); doc != nil {
			w.Header().Set("Content-Security-Policy", dashboardCSP)
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(doc)
			return
		}
	}
	s, _ := SessionFrom(r.Context())
	render(w, http.StatusOK, page{Kind: "home", Title: "tzdocs admin", Who: s.Who, Method: methodName(s.Method),
		Since: s.CreatedAt.UTC().Format("2006-01-02 15:04 UTC"), CSRF: s.CSRF})
}

func methodName(m string) string {
	if m == "link" {
		return "one-time link"
	}
	return m
}

func (a *Auth) signOut(w http.ResponseWriter, r *http.Request) {
	s, _ := SessionFrom(r.Context())
	if err := a.endSession(w, r); err != nil {
		a.log.Error("admin: ending a session", "error", err)
		a.fail(w, r, http.StatusInternalServerError, "The session could not be ended. Try again.")
		return
	}
	a.log.Info("admin sign-out", "who", s.Who, "client", a.clientKey(r))
	if isAPI(r) {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	http.Redirect(w, r, "/admin/login", http.StatusSeeOther)
}

// SessionInfo is the answer of GET /api/admin/session.
type SessionInfo struct {
	Who                string    `json:"who"`
	Method             string    `json:"method"`
	SignedInAt         time.Time `json:"signedInAt"`
	CSRFToken          string    `json:"csrfToken"`
	IdleTimeoutSeconds int       `json:"idleTimeoutSeconds"`
}

// sessionAPI answers GET (who is signed in, and the CSRF token the dashboard sends back) and
// DELETE (sign out) /api/admin/session.
func (a *Auth) sessionAPI(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		s, _ := SessionFrom(r.Context())
		httpapi.JSON(w, http.StatusOK, SessionInfo{Who: s.Who, Method: s.Method, SignedInAt: s.CreatedAt.UTC(),
			CSRFToken: s.CSRF, IdleTimeoutSeconds: int(IdleTimeout / time.Second)})
	case http.MethodDelete:
		a.signOut(w, r)
	default:
		httpapi.MethodNotAllowed(w, http.MethodGet, http.MethodDelete)
	}
}

func notFoundAPI(w http.ResponseWriter, r *http.Request) {
	httpapi.NotFound(w, r)
}

func (a *Auth) notFoundPage(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/admin/" {
		http.Redirect(w, r, "/admin", http.StatusSeeOther)
		return
	}
	a.fail(w, r, http.StatusNotFound, "There is no admin page at "+r.URL.Path+".")
}
