package live

import (
	"fmt"
	"strings"
	"time"

	"tzdocs/internal/sitebuild"
)

// reloadEvent is the data of a `reload` event: the routes whose page changed, and where the
// time from the first file event to the event went, in milliseconds by phase (debounce, the
// build's phases, patch, serve, total), which the dev-loop benchmark reads.
type reloadEvent struct {
	Routes  []string           `json:"routes"`
	Timings map[string]float64 `json:"timings"`
}

// timings are the phases of one rebuild, from the first file event of the burst it answers.
type timings struct {
	phases []sitebuild.Phase
	total  time.Duration
}

// newTimings measures a rebuild: first is the first file event (the start, for the first build),
// start when the build began, phases the build's own, served when the build ended and patch the
// time the server took to take in the new files and search records (server.Patch).
func newTimings(first, start time.Time, phases []sitebuild.Phase, served time.Time, patch time.Duration) timings {
	t := timings{phases: append([]sitebuild.Phase{{Name: "debounce", Took: start.Sub(first)}}, phases...)}
	var measured time.Duration
	for _, p := range phases {
		measured += p.Took
	}
	// What the build did outside its phases, and the rest of the server's work, count as serving.
	now := time.Now()
	t.phases = append(t.phases, sitebuild.Phase{Name: "patch", Took: patch},
		sitebuild.Phase{Name: "serve", Took: max(0, now.Sub(served)-patch) + max(0, served.Sub(start)-measured)})
	t.total = now.Sub(first)
	return t
}

// ms is the timings as the reload event carries them.
func (t timings) ms() map[string]float64 {
	m := map[string]float64{"total": msOf(t.total)}
	for _, p := range t.phases {
		m[p.Name] = msOf(p.Took)
	}
	return m
}

func (t timings) String() string {
	var b strings.Builder
	for i, p := range t.phases {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %.1f", p.Name, msOf(p.Took))
	}
	fmt.Fprintf(&b, "; %.1f ms from the file event", msOf(t.total))
	return b.String()
}

func msOf(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
