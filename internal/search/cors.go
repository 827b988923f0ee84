package search

import (
	"net/http"

	"tzdocs/internal/output"
)

// corsHeaders are the request headers the Algolia clients, search-insights, DocSearch 4's Ask AI
// (x-algolia-index-name, x-ai-sdk-version), DocSearch 5's Ask AI (x-algolia-secure-user-token)
// and the AI SDK's chat transport (user-agent, in browsers that let scripts set it) send.
const corsHeaders = "x-algolia-api-key, x-algolia-application-id, x-algolia-agent, x-algolia-usertoken, " +
	"x-algolia-assistant-id, x-algolia-index-name, x-algolia-secure-user-token, x-ai-sdk-version, " +
	"authorization, content-type, user-agent"

// Origins is the list of browser origins ("https://docs.example.org") allowed to call an API from
// pages of another site (CORS). It is exact: no wildcard, and never "*". The search handler uses
// it; the insights and Ask AI handlers can share it.
type Origins struct{ allowed map[string]bool }

// ParseOrigins checks and normalises a list of origins: a scheme and host, with a port if not
// the scheme's default, and no path. A site URL ("https://docs.example.org/") gives its origin.
func ParseOrigins(list []string) (Origins, error) {
	o := Origins{allowed: map[string]bool{}}
	for _, s := range list {
		origin, err := output.OriginOf(s)
		if err != nil {
			return Origins{}, err
		}
		o.allowed[origin] = true
	}
	return o, nil
}

// Allows reports whether a request's Origin header names an allowed origin.
func (o Origins) Allows(origin string) bool {
	if origin == "" || len(o.allowed) == 0 {
		return false
	}
	norm, err := output.OriginOf(origin)
	return err == nil && o.allowed[norm]
}

// Handle writes the CORS headers of a response to r: Access-Control-Allow-Origin with the exact
// requesting origin when it is allowed, nothing for any other origin. It answers a preflight
// (OPTIONS) itself, with methods and the clients' headers allowed, and reports that it did.
func (o Origins) Handle(w http.ResponseWriter, r *http.Request, methods string) (answered bool) {
	return o.HandleHeaders(w, r, methods, corsHeaders)
}

// HandleHeaders is Handle for an API whose clients send other request headers than the search
// clients': headers lists them for preflights.
func (o Origins) HandleHeaders(w http.ResponseWriter, r *http.Request, methods, headers string) (answered bool) {
	h := w.Header()
	h.Add("Vary", "Origin")
	origin := r.Header.Get("Origin")
	allowed := o.Allows(origin)
	if allowed {
		h.Set("Access-Control-Allow-Origin", origin)
	}
	if r.Method != http.MethodOptions {
		return false
	}
	if allowed {
		h.Set("Access-Control-Allow-Methods", methods)
		h.Set("Access-Control-Allow-Headers", headers)
		h.Set("Access-Control-Max-Age", "86400")
	}
	w.WriteHeader(http.StatusNoContent)
	return true
}
