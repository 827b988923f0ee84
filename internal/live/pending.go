package live

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"tzdocs/internal/output"
)

// pending makes page requests wait while pages an edit left for later are being prerendered
// (sitebuild.Builder.RenderDeferred), so a page loaded in full never shows HTML older than its data.
type pending struct {
	mu   sync.Mutex
	gen  uint64        // counts rebuilds
	done chan struct{} // open while pages are being rendered for later; nil when none
}

// next starts a rebuild and returns its number.
func (p *pending) next() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.gen++
	return p.gen
}

// hold makes page requests wait until finish(gen).
func (p *pending) hold() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done == nil {
		p.done = make(chan struct{})
	}
}

// finish lets page requests go, unless a later rebuild holds them.
func (p *pending) finish(gen uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if gen == p.gen && p.done != nil {
		close(p.done)
		p.done = nil
	}
}

// wait waits, for requests that may be for a page, until no pages are left to render.
func (p *pending) wait(r *http.Request) {
	for _, prefix := range []string{output.DataURLPrefix, output.AssetsURLPrefix, output.SearchURLPrefix, "/api/", output.DevEventsURL} {
		if strings.HasPrefix(r.URL.Path, prefix) {
			return // not a page: the data the browser reloads from is always current
		}
	}
	p.mu.Lock()
	ch := p.done
	p.mu.Unlock()
	if ch == nil {
		return
	}
	select {
	case <-ch:
	case <-r.Context().Done():
	}
}

// renderDeferred prerenders the pages rebuild number gen left for later, serves them, and lets
// page requests go.
func (d *Dev) renderDeferred(ctx context.Context, gen uint64, n int) {
	defer d.pending.finish(gen)
	start := time.Now()
	changed, err := d.builder.RenderDeferred(ctx)
	if err == nil && len(changed) > 0 {
		d.mu.Lock()
		err = d.srv.Patch(changed, nil)
		d.mu.Unlock()
	}
	if err != nil {
		fmt.Fprintf(d.opts.Log, "prerendering the pages left for later: %v\n", err)
		return
	}
	if changed != nil {
		fmt.Fprintf(d.opts.Log, "prerendered %d more pages after the reload in %d ms\n", n, time.Since(start).Milliseconds())
	}
}
