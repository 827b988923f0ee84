package server

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"sync"

	"tzdocs/internal/dist"
	"tzdocs/internal/search"
)

// patching orders Patch and the search indexes it builds in the background.
type patching struct {
	mu sync.Mutex
	// gen counts the Patches that changed the search records: an index built for older records
	// is dropped.
	gen uint64
}

// Patch brings the served site up to date after a rebuild of the folder changed the files named
// in changed (relative slash paths, as dist.Writer.Write reports them), reading only those again:
// `tzdocs dev` calls it after each rebuild, where Reload would read the whole folder. Pages are
// served from the new files as soon as it returns. When the search records changed, the index is
// built again in the background from records (read from the folder when nil) and replaces the old
// one when ready, so a reload does not wait for the search; the folder's code blocks come with it.
func (s *Server) Patch(changed map[string]bool, records []dist.Record) error {
	s.patching.mu.Lock()
	defer s.patching.mu.Unlock()
	cur := s.site.Load()
	next := *cur
	next.files = maps.Clone(cur.files)
	dir := s.opts.Dir
	fresh := map[string]bool{}
	for rel := range changed {
		f, err := dist.LoadFile(dir, rel)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			delete(next.files, "/"+rel)
		case err != nil:
			return fmt.Errorf("reading %s of the new build: %w", rel, err)
		default:
			next.files["/"+rel] = newFile("/"+rel, f)
			fresh["/"+rel] = true
		}
	}
	if changed[dist.ManifestFile] || changed[dist.SiteDataFile] || changed[dist.CSPFile] {
		meta, err := dist.LoadMeta(dir)
		if err != nil {
			return err
		}
		if err := next.setMeta(dir, meta); err != nil {
			return err
		}
		if next.csp != cur.csp {
			// Every file's headers name the policy: work them out again on copies, since requests
			// may still read the current ones.
			for u, f := range next.files {
				c := *f
				next.files[u] = &c
			}
			fresh = nil
		}
	}
	next.linkFiles(fresh)
	s.site.Store(&next)
	if changed[dist.RecordsFile] || changed[dist.CodeFile] {
		s.patching.gen++
		go s.reindex(s.patching.gen, records)
	}
	return nil
}

// reindex builds the search index of Patch number gen and reads the code blocks, and swaps them
// in unless a later Patch changed them again (and will swap in its own).
func (s *Server) reindex(gen uint64, records []dist.Record) {
	var err error
	if records == nil {
		if records, err = dist.LoadRecords(s.opts.Dir); err != nil {
			s.opts.Logger.Error("reloading the search records", "err", err)
			return
		}
	}
	ix := search.NewIndex(records)
	blocks, err := dist.LoadCode(s.opts.Dir)
	if err != nil {
		s.opts.Logger.Error("reloading the code blocks", "err", err)
		return
	}
	s.patching.mu.Lock()
	defer s.patching.mu.Unlock()
	if gen != s.patching.gen {
		return // a later Patch's index is on its way
	}
	next := *s.site.Load()
	next.index, next.code = ix, blocks
	s.site.Store(&next)
}
