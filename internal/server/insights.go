package server

import (
	"errors"
	"io"
	"net/http"
	"time"

	"tzdocs/internal/feedback"
	"tzdocs/internal/httpapi"
	"tzdocs/internal/ratelimit"
)

// Per-client limits of the Insights API: requests a second, and events a day.
var (
	insightsPerSecond = ratelimit.Limit{PerMinute: 50 * 60, Burst: 50}
	insightsPerDay    = ratelimit.Limit{PerMinute: 10000.0 / (24 * 60), Burst: 10000}
)

// handleInsights records search clicks and views (POST /api/insights/1/events) for search
// analytics. Like Algolia's, it accepts JSON sent as text/plain; browsers may call it from the
// origins the site allows (allowOrigins answers their preflights). A client
// sending more than 50 requests a second or 10,000 events a day gets 429, decided before the body
// is read; a request with one invalid event is refused whole (422, as Algolia does), and one the
// recorder has no room for gets 503, so a 200 always means every event was queued.
func (s *Server) handleInsights() http.Handler {
	now := time.Now
	var perSecond, perDay *ratelimit.Limiter
	if !s.opts.NoRateLimits {
		perSecond = ratelimit.New(insightsPerSecond, insightsPerSecond, now)
		perDay = ratelimit.New(insightsPerDay, insightsPerDay, now)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		client := ratelimit.ClientKey(r, s.opts.TrustProxy)
		if ok, wait := perSecond.Allow(client); !ok {
			httpapi.TooManyRequests(w, wait, "too many analytics requests from your address; send at most 50 a second")
			return
		}
		if ok, wait := perDay.AllowN(client, 0); !ok {
			httpapi.TooManyRequests(w, wait, "your address has sent its 10,000 analytics events for today")
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, feedback.MaxInsightsBody))
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				httpapi.Error(w, http.StatusRequestEntityTooLarge, "the body is over 64 KB; send fewer events at once")
				return
			}
			httpapi.Error(w, http.StatusBadRequest, "the body could not be read")
			return
		}
		events, err := feedback.DecodeEvents(body, now())
		if err != nil {
			var ee *feedback.EventsError
			if errors.As(err, &ee) {
				httpapi.Error(w, ee.Status, ee.Message)
				return
			}
			httpapi.Error(w, http.StatusBadRequest, "the events could not be read")
			return
		}
		if ok, wait := perDay.AllowN(client, len(events)); !ok {
			httpapi.TooManyRequests(w, wait, "these events would pass the 10,000 analytics events your address may send a day")
			return
		}
		if s.recorder != nil && !s.recorder.Events(events) {
			h.Set("Retry-After", "5")
			httpapi.Error(w, http.StatusServiceUnavailable, "analytics are busy; none of these events was recorded, send them again in a few seconds")
			return
		}
		httpapi.RawJSON(w, http.StatusOK, []byte(`{"status":200,"message":"OK"}`+"\n"))
	})
}
