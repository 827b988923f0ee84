package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"tzdocs/internal/metrics"
)

// scrape reads the metrics as Prometheus would.
func scrape(t *testing.T) string {
	t.Helper()
	rec := httptest.NewRecorder()
	metrics.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
		t.Fatalf("/metrics: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	return rec.Body.String()
}

func TestMetricsCountRequestsByRouteAndStatus(t *testing.T) {
	s, _ := fullServer(t, nil, 0, nil)
	count := func(route, code string) float64 {
		return testutil.ToFloat64(metrics.Requests.WithLabelValues(route, code))
	}
	staticOK, static404, searchOK, ready := count("static", "200"), count("static", "404"), count("/api/search/", "200"), count("/readyz", "200")
	queries := testutil.ToFloat64(metrics.SearchQueries.WithLabelValues("hits"))
	writes := testutil.ToFloat64(metrics.FeedbackWrites.WithLabelValues("page", "saved"))
	limited := testutil.ToFloat64(metrics.RateLimited.WithLabelValues("/api/feedback"))

	get(t, s, "/architecture")
	get(t, s, "/img/logo.svg")
	get(t, s, "/no/such/page")
	get(t, s, "/readyz")
	if rec := post(t, s, "/api/search/1/indexes/*/queries", "application/json", `{"requests":[{"indexName":"docs","query":"bakers"}]}`); rec.Code != 200 {
		t.Fatalf("search: %d %s", rec.Code, rec.Body)
	}
	for range 40 { // the feedback burst is 20: some of these are refused
		post(t, s, "/api/feedback", "application/json", `{"url":"/architecture","helpful":true}`)
	}

	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"static 200", count("static", "200") - staticOK, 2},
		{"static 404", count("static", "404") - static404, 1},
		{"/readyz 200", count("/readyz", "200") - ready, 1},
		{"search 200", count("/api/search/", "200") - searchOK, 1},
		{"search queries with hits", testutil.ToFloat64(metrics.SearchQueries.WithLabelValues("hits")) - queries, 1},
		{"feedback saved", testutil.ToFloat64(metrics.FeedbackWrites.WithLabelValues("page", "saved")) - writes, 20},
		{"feedback refused", testutil.ToFloat64(metrics.RateLimited.WithLabelValues("/api/feedback")) - limited, 20},
	} {
		if c.got != c.want {
			t.Errorf("%s: counted %v, want %v", c.name, c.got, c.want)
		}
	}
	text := scrape(t)
	for _, want := range []string{
		`tzdocs_http_request_duration_seconds_bucket{route="/readyz",le="0.005"}`,
		`tzdocs_build_info{goversion="go`,
		`tzdocs_ready{check="feedback_store"} 1`,
		"process_open_fds",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

func TestMetricsCountAskAIAnswers(t *testing.T) {
	_, addr := fullServer(t, nil, 0, nil)
	answered := testutil.ToFloat64(metrics.AskAIAnswers.WithLabelValues("extractive", "answered"))
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/api/askai/chat",
		strings.NewReader(`{"id":"c","trigger":"submit-message","messages":[{"id":"m","role":"user","parts":[{"type":"text","text":"Who are bakers?"}]}]}`))
	req.Header.Set("Authorization", "TOKEN "+token(t, addr))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if got := testutil.ToFloat64(metrics.AskAIAnswers.WithLabelValues("extractive", "answered")) - answered; got != 1 {
		t.Errorf("answers counted: %v, want 1", got)
	}
}

// The metrics are not served on the site's own address: `tzdocs serve --metrics-addr` serves
// them on another.
func TestMetricsAreNotOnTheSite(t *testing.T) {
	s, _ := newTestServer(t)
	if res := get(t, s, "/metrics"); res.StatusCode != http.StatusNotFound || strings.Contains(body(t, res), "tzdocs_") {
		t.Errorf("/metrics on the site: %d", res.StatusCode)
	}
}
