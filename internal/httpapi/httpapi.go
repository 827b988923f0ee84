// Package httpapi holds what every JSON API of the server answers alike: one way to write a JSON
// answer (its content type, Cache-Control: no-store), the error shape {"message": …, "status": …},
// 405 with its Allow header, and refusals sent before a body is read.
package httpapi

//go:generate go run ../../cmd/tsgen

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// JSON answers status with v encoded as JSON. Every JSON answer of the server's APIs is written
// here, by RawJSON or by Error, so all carry the same headers: the JSON content type, nosniff, and
// Cache-Control: no-store (an API answer is about one request and is never cached).
func JSON(w http.ResponseWriter, status int, v any) {
	setJSONHeaders(w.Header())
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // a write error means the client has gone
}

// RawJSON answers status with body, JSON already encoded.
func RawJSON(w http.ResponseWriter, status int, body []byte) {
	setJSONHeaders(w.Header())
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func setJSONHeaders(h http.Header) {
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Del("Content-Length") // a handler may have set it for a body it no longer sends
}

// Error writes the API error shape {"message": msg, "status": status}.
func Error(w http.ResponseWriter, status int, msg string) {
	JSON(w, status, ErrorBody{Message: msg, Status: status})
}

// ErrorBody is the JSON of an API error: what went wrong, said so a reader can act on it, and the
// HTTP status.
type ErrorBody struct {
	Message string `json:"message"`
	Status  int    `json:"status"`
}

// MethodNotAllowed answers 405 naming the methods the route takes, in its Allow header and its
// message. HEAD is added after GET, as the server answers it wherever it answers GET.
func MethodNotAllowed(w http.ResponseWriter, methods ...string) {
	var allow []string
	for _, m := range methods {
		allow = append(allow, m)
		if m == http.MethodGet {
			allow = append(allow, http.MethodHead)
		}
	}
	list := strings.Join(allow, ", ")
	w.Header().Set("Allow", list)
	Error(w, http.StatusMethodNotAllowed, "this endpoint answers "+list+" only")
}

// NotFound answers 404 for a path under an API prefix that names no endpoint.
func NotFound(w http.ResponseWriter, r *http.Request) {
	Error(w, http.StatusNotFound, "no API endpoint at "+r.URL.Path)
}

// TooManyRequests answers 429 with Retry-After (whole seconds, at least 1). It closes the
// connection after the answer, so it is sent at once even when the client has not sent its body
// (net/http would otherwise wait to discard that body first) and a flooding client pays for a new
// connection.
func TooManyRequests(w http.ResponseWriter, retryAfter time.Duration, msg string) {
	secs := int((retryAfter + time.Second - 1) / time.Second)
	w.Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
	w.Header().Set("Connection", "close")
	Error(w, http.StatusTooManyRequests, msg)
}
