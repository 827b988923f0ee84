package sitebuild

import "time"

// Phase is one step of a build and the time it took; a rebuild reports its phases so `tzdocs
// dev` and the dev-loop benchmark can say where an edit's time goes.
type Phase struct {
	Name string
	Took time.Duration
}

// The phase names a build reports, in the order they run.
const (
	PhaseLoad      = "load"      // reading site.yaml, the sidebars and the changed pages
	PhaseConvert   = "convert"   // Markdown to HTML, and resolving titles and sidebars
	PhasePrerender = "prerender" // page data, and the HTML of the pages whose output changed
	PhaseRecords   = "records"   // search records, code blocks, text files, the security policy
	PhaseWrite     = "write"     // committing the changed files into the output folder
)

// phaseClock measures consecutive phases: each mark ends the phase running since the last one.
type phaseClock struct {
	last   time.Time
	phases []Phase
}

func newPhaseClock() *phaseClock { return &phaseClock{last: time.Now()} }

// mark ends the phase name, adding its time to any earlier phase of that name. A nil clock
// measures nothing.
func (c *phaseClock) mark(name string) {
	if c == nil {
		return
	}
	now := time.Now()
	took := now.Sub(c.last)
	c.last = now
	for i := range c.phases {
		if c.phases[i].Name == name {
			c.phases[i].Took += took
			return
		}
	}
	c.phases = append(c.phases, Phase{Name: name, Took: took})
}
