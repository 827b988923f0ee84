// Package metrics holds the server's Prometheus collectors, registered on one registry that
// Handler serves in the text exposition format. Packages increment the exported collectors
// directly; label values are fixed sets (route patterns, engines, outcomes), never request data.
package metrics

import (
	"net/http"
	"runtime"
	"runtime/debug"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Registry holds every collector of this package plus the Go runtime and process collectors
// (memory, goroutines, open file descriptors).
var Registry = prometheus.NewRegistry()

var (
	// Requests counts answered HTTP requests by route (the pattern that matched, "static" for
	// pages and files) and status code.
	Requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tzdocs_http_requests_total",
		Help: "HTTP requests answered, by route pattern and status code.",
	}, []string{"route", "code"})

	// Duration observes the time from a request's headers to the end of its answer, by route.
	Duration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "tzdocs_http_request_duration_seconds",
		Help:    "Time to answer an HTTP request, by route pattern (Ask AI streams last as long as the answer).",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 120},
	}, []string{"route"})

	// SearchQueries counts search queries answered, by whether they found anything ("hits",
	// "no_hits").
	SearchQueries = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tzdocs_search_queries_total",
		Help: "Search queries answered, by result (hits or no_hits).",
	}, []string{"result"})

	// AskAIAnswers counts Ask AI answers by engine and outcome: "answered", "no_answer" (the
	// engine found nothing to say), "failed", "timeout", "cancelled" (the reader left),
	// "interrupted" (the server shut down).
	AskAIAnswers = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tzdocs_askai_answers_total",
		Help: "Ask AI answers, by engine and outcome (answered, no_answer, failed, timeout, cancelled, interrupted).",
	}, []string{"engine", "outcome"})

	// FeedbackWrites counts writes of reader feedback to the store, by kind ("page", "answer")
	// and outcome ("saved", "failed").
	FeedbackWrites = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tzdocs_feedback_writes_total",
		Help: "Feedback rows written to the store, by kind (page, answer) and outcome (saved, failed).",
	}, []string{"kind", "outcome"})

	// AnalyticsEventsDropped counts search analytics (queries and Insights events) not stored, by
	// reason (for instance "invalid", "rate_limited", "buffer_full", "store_failed", "size_cap",
	// "retention").
	AnalyticsEventsDropped = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tzdocs_analytics_events_dropped_total",
		Help: "Search analytics events and queries not stored, by reason.",
	}, []string{"reason"})

	// AccessLogDropped counts access log lines dropped because the log's output could not keep up
	// (see internal/asynclog): requests are never slowed to write their log line.
	AccessLogDropped = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "tzdocs_access_log_dropped_total",
		Help: "Access log lines dropped because the log output was slower than the requests.",
	})

	// RateLimited counts requests and connections refused by a per-client limit, by limit: an
	// API route pattern (its 429 answers) or "connections" (the per-client connection cap).
	RateLimited = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tzdocs_rate_limit_refusals_total",
		Help: "Requests answered 429 by route pattern, and connections refused by the per-client cap (limit=\"connections\").",
	}, []string{"limit"})

	// OpenConnections is the number of client connections open on the main listener.
	OpenConnections = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "tzdocs_open_connections",
		Help: "Client connections open on the main listener.",
	})

	// Ready is 1 when a readiness check passed at its last run, 0 when it failed, by check
	// ("feedback_store", "feedback_integrity", "model_server").
	Ready = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "tzdocs_ready",
		Help: "1 when the named readiness check passed at its last run, else 0.",
	}, []string{"check"})

	// BuildInfo is always 1; its labels name the running binary.
	BuildInfo = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "tzdocs_build_info",
		Help: "Always 1; labelled with the version and VCS revision of tzdocs and the Go version that built it.",
	}, []string{"version", "revision", "goversion"})
)

func init() {
	Registry.MustRegister(Requests, Duration, SearchQueries, AskAIAnswers, FeedbackWrites, AnalyticsEventsDropped, AccessLogDropped,
		RateLimited, OpenConnections, Ready, BuildInfo,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	version, revision := Version()
	BuildInfo.WithLabelValues(version, revision, runtime.Version()).Set(1)
}

// Version is the module version and VCS revision the binary was built from ("(devel)" and
// "unknown" when the build did not record them, as in tests).
func Version() (version, revision string) {
	version, revision = "(devel)", "unknown"
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return version, revision
	}
	if info.Main.Version != "" {
		version = info.Main.Version
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" {
			revision = s.Value
		}
	}
	return version, revision
}

// Handler serves every metric in the Prometheus text format.
func Handler() http.Handler {
	return promhttp.HandlerFor(Registry, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}
