package sitebuild

import (
	"context"
	"sync/atomic"
)

// deferredBatch is how many deferred pages are rendered at a time: between batches, a new Build
// (the writer saved again) takes over without waiting for the rest.
const deferredBatch = 16

// deferral is the Builder's state for RenderDeferred.
type deferral struct {
	job *renderJob // the pages the last Build left for RenderDeferred, nil for none
	// builds counts the Builds started: RenderDeferred stops when one starts after it.
	builds atomic.Uint64
}

// RenderDeferred prerenders the pages the last Build left for later (only in Dev: pages whose own
// data did not change but whose site data did) and writes them, returning the files written, as
// Result.Files does. It stops, writing nothing, when a Build starts meanwhile: that Build knows the
// pages are still to render and leaves them for its own RenderDeferred.
func (b *Builder) RenderDeferred(ctx context.Context) (map[string]bool, error) {
	build := b.later.builds.Load()
	b.mu.Lock()
	job := b.later.job
	b.later.job = nil
	if job == nil {
		b.mu.Unlock()
		return nil, nil
	}
	out, err := b.out.NewPartialOutput()
	b.mu.Unlock()
	if err != nil {
		return nil, err
	}
	defer out.Discard()
	for start := 0; start < len(job.pages); start += deferredBatch {
		end := min(start+deferredBatch, len(job.pages))
		batch := &renderJob{sd: job.sd, sh: job.sh, pages: job.pages[start:end], data: job.data[start:end], keys: job.keys[start:end]}
		if !b.whileCurrent(build, func() error { return b.renderPages(ctx, batch, out) }) {
			return nil, nil
		}
	}
	for i, p := range job.pages {
		out.Note(pageNote(p.Route), job.keys[i])
	}
	var changed map[string]bool
	if !b.whileCurrent(build, func() error {
		changed, err = b.out.Write(out)
		return err
	}) {
		return nil, nil
	}
	return changed, err
}

// whileCurrent runs fn under the Builder's lock unless a Build started after the count build; it
// reports whether fn ran and succeeded.
func (b *Builder) whileCurrent(build uint64, fn func() error) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.later.builds.Load() != build {
		return false
	}
	return fn() == nil
}
