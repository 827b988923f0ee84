package admin

import (
	"net/url"
	"strings"
	"testing"
)

// With the build's dashboard document, /admin serves it, under a policy that runs same-origin
// scripts and lets them call the APIs, and the sign-out still works with the session's token.
func TestAdminServesTheDashboardDocument(t *testing.T) {
	doc := []byte(`<!doctype html><script type="module" src="/assets/admin/main-x.js"></script><div id="dashboard"></div>`)
	e := newEnv(t, func(o *Options) { o.Dashboard = func() []byte { return doc } })
	c := e.browser(t)
	if resp, _ := do(t, c, "GET", e.URL+"/admin", nil); resp.StatusCode != 303 {
		t.Fatalf("/admin without a session: %d, want a redirect to the sign-in", resp.StatusCode)
	}
	e.signIn(t, c, testPassword)
	resp, body := do(t, c, "GET", e.URL+"/admin", nil)
	if resp.StatusCode != 200 || body != string(doc) {
		t.Fatalf("/admin: %d %s", resp.StatusCode, body)
	}
	csp := resp.Header.Get("Content-Security-Policy")
	for _, want := range []string{"script-src 'self'", "connect-src 'self'", "style-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-inline") || resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("CSP %q, Cache-Control %q: want no inline code and no-store", csp, resp.Header.Get("Cache-Control"))
	}
	// The sign-in page keeps its script-free policy.
	if resp, _ := do(t, c, "GET", e.URL+"/admin/login?next=/admin/x", nil); strings.Contains(resp.Header.Get("Content-Security-Policy"), "script-src") {
		t.Errorf("the sign-in page allows scripts: %q", resp.Header.Get("Content-Security-Policy"))
	}
	_, session := do(t, c, "GET", e.URL+"/api/admin/session", nil)
	token := session[strings.Index(session, `"csrfToken":"`)+len(`"csrfToken":"`):]
	token = token[:strings.IndexByte(token, '"')]
	if resp, _ := do(t, c, "POST", e.URL+"/admin/logout", url.Values{"csrf": {token}}); resp.StatusCode != 303 {
		t.Fatalf("sign out with the session's token: %d", resp.StatusCode)
	}
	if resp, _ := do(t, c, "GET", e.URL+"/admin", nil); resp.StatusCode != 303 {
		t.Errorf("signed out, /admin answers %d", resp.StatusCode)
	}
}

// Without a dashboard document (a web build without it), /admin stays the plain signed-in page.
func TestAdminWithoutDashboardDocument(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.Dashboard = func() []byte { return nil } })
	c := e.browser(t)
	e.signIn(t, c, testPassword)
	if _, body := do(t, c, "GET", e.URL+"/admin", nil); !strings.Contains(body, "Sign out") {
		t.Errorf("/admin:\n%s", body)
	}
}
