package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/admin"
	"tzdocs/internal/dashboard"
	"tzdocs/internal/feedback"
	"tzdocs/internal/feedback/store"
	"tzdocs/internal/output"
)

// The admin routes are mounted with the feedback store and the secret, answer nothing without a
// session, and are never cached nor listed.
func TestAdminRoutesNeedASession(t *testing.T) {
	st, err := feedback.Open(context.Background(), "file:"+filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s, err := New(Options{Dir: writeBuiltSite(t), Feedback: st, Secret: []byte("0123456789abcdef0123456789abcdef")})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path     string
		status   int
		location string
	}{
		{"/admin", 303, "/admin/login?next=%2Fadmin"},
		{"/admin/anything", 303, "/admin/login?next=%2Fadmin%2Fanything"},
		{"/api/admin/session", 401, ""},
		{"/api/admin/overview", 401, ""},
		{"/admin/login", 200, ""},
	} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if rec.Code != tc.status || rec.Header().Get("Location") != tc.location {
			t.Errorf("GET %s: %d to %q; want %d to %q", tc.path, rec.Code, rec.Header().Get("Location"), tc.status, tc.location)
		}
		if rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s: Cache-Control %q, want no-store", tc.path, rec.Header().Get("Cache-Control"))
		}
		if strings.HasPrefix(tc.path, "/api/") && !strings.Contains(rec.Body.String(), `"status":401`) {
			t.Errorf("GET %s: body %q, want the API error shape", tc.path, rec.Body.String())
		}
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/sitemap.xml", nil))
	if strings.Contains(rec.Body.String(), "/admin") {
		t.Errorf("the sitemap lists an admin page:\n%s", rec.Body.String())
	}
	// Without a secret (no Ask AI, no admin), /admin is the site's own 404.
	bare, err := New(Options{Dir: writeBuiltSite(t), Feedback: st})
	if err != nil {
		t.Fatal(err)
	}
	rec = httptest.NewRecorder()
	bare.ServeHTTP(rec, httptest.NewRequest("GET", "/api/admin/session", nil))
	if rec.Code != 404 {
		t.Errorf("admin API without a secret: %d, want 404", rec.Code)
	}
}

// The dashboard's APIs are mounted behind the session: 401 without one, data and no-store with one.
func TestDashboardAPIsNeedASession(t *testing.T) {
	st, err := feedback.Open(context.Background(), "file:"+filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	dir := writeBuiltSite(t)
	shell := "<!doctype html><title>Dashboard</title><div id=dashboard></div>"
	if err := os.WriteFile(filepath.Join(dir, output.AdminShellFile), []byte(shell), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := New(Options{Dir: dir, Feedback: st, Secret: []byte("0123456789abcdef0123456789abcdef")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddPage(t.Context(), feedback.Page{URL: "/docs/a", Helpful: new(bool)}); err != nil {
		t.Fatal(err)
	}
	const secret = "a-session-secret-of-the-test-0123456789"
	sum := sha256.Sum256([]byte(secret))
	now := time.Now()
	if err := st.AddSession(t.Context(), store.Session{Key: hex.EncodeToString(sum[:]), Who: "tester", Method: "link", CreatedAt: now, SeenAt: now}); err != nil {
		t.Fatal(err)
	}
	for _, path := range dashboard.Paths {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", path+"?days=7", nil))
		if rec.Code != 401 || !strings.Contains(rec.Body.String(), `"status":401`) {
			t.Errorf("GET %s without a session: %d %s, want 401", path, rec.Code, rec.Body)
		}
		req := httptest.NewRequest("GET", path+"?days=7", nil)
		req.AddCookie(&http.Cookie{Name: admin.SessionCookie, Value: secret})
		rec = httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != 200 || rec.Header().Get("Cache-Control") != "no-store" || !strings.Contains(rec.Body.String(), `"range"`) {
			t.Errorf("GET %s with a session: %d, Cache-Control %q, %s", path, rec.Code, rec.Header().Get("Cache-Control"), rec.Body)
		}
	}
	req := httptest.NewRequest("GET", "/api/admin/pages?days=7", nil)
	req.AddCookie(&http.Cookie{Name: admin.SessionCookie, Value: secret})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if !strings.Contains(rec.Body.String(), `"url":"/docs/a","helpful":0,"notHelpful":1`) {
		t.Errorf("pages view does not count the vote: %s", rec.Body)
	}
	// The dashboard's document is /admin for a signed-in maintainer, and no file of the site.
	req = httptest.NewRequest("GET", "/admin", nil)
	req.AddCookie(&http.Cookie{Name: admin.SessionCookie, Value: secret})
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != 200 || rec.Body.String() != shell {
		t.Errorf("/admin signed in: %d %s", rec.Code, rec.Body)
	}
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", output.AdminShellURL, nil))
	if rec.Code != 404 {
		t.Errorf("GET %s: %d, want 404", output.AdminShellURL, rec.Code)
	}
}
