package server

import (
	"net/http"
	"strings"
)

// dispatch answers GET and HEAD requests for the site's pages and files with the site handler at
// once, and sends every other request (the APIs, health checks, MCP, and paths the ServeMux would
// clean and redirect) through the security-header middleware to the mux. A page or file costs no
// pattern matching and no header building: its header sets, security headers among them, are
// worked out when the site is loaded. reserved lists the first path segments of the mux's own
// patterns ("api", "healthz", …), which always go to the mux.
func (s *Server) dispatch(mux, site http.Handler, reserved []string) http.Handler {
	secured := s.securityHeaders(mux)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if (r.Method == http.MethodGet || r.Method == http.MethodHead) && r.URL.RawPath == "" && sitePath(r.URL.Path, reserved) {
			r.Pattern = "/" // as the mux sets it: the request counts under the site's route
			site.ServeHTTP(w, r)
			return
		}
		secured.ServeHTTP(w, r)
	})
}

// sitePath reports whether the mux would hand p, as it is, to the site handler: p is clean (no
// empty, "." or ".." segment, which the mux redirects) and its first segment is none of reserved.
func sitePath(p string, reserved []string) bool {
	if !strings.HasPrefix(p, "/") {
		return false
	}
	for i := 0; i < len(p); i++ {
		if p[i] != '/' {
			continue
		}
		seg := p[i+1:]
		if j := strings.IndexByte(seg, '/'); j >= 0 {
			seg = seg[:j]
			if seg == "" {
				return false // "//"
			}
		}
		if seg == "." || seg == ".." {
			return false
		}
	}
	first, _, _ := strings.Cut(p[1:], "/")
	for _, r := range reserved {
		if first == r {
			return false
		}
	}
	return true
}

// firstSegment is the first path segment of a mux pattern: "GET /api/search/" → "api", "/" → "".
func firstSegment(pattern string) string {
	first, _, _ := strings.Cut(strings.TrimPrefix(routeLabel(pattern), "/"), "/")
	return first
}

// permissionsPolicy denies the powerful browser features no page of the site uses.
const permissionsPolicy = "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()"

// setSecurityHeaders sets the headers every response carries.
func setSecurityHeaders(h http.Header, csp string) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("Permissions-Policy", permissionsPolicy)
	h.Set("Content-Security-Policy", csp)
}
