package server

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"sync"

	"tzdocs/internal/assistant"
	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// patching orders Patch and the search indexes, code blocks and answer corpora it loads in the
// background.
type patching struct {
	mu sync.Mutex
	// gen counts the indexes built in the background, and codeGen the code blocks and answer
	// corpora read: one made for older records is dropped.
	gen, codeGen uint64
	// building tells that an index built in the background is on its way: until it is in place,
	// the index served is not that of the last records.
	building bool
	// version is that of the records of the index in place or on its way (Records.Version), 0
	// when unknown.
	version uint64
}

// Records are a rebuild's search records, for Patch.
type Records struct {
	// All are the records the rebuild wrote to the folder.
	All []output.Record
	// Version numbers them, 0 if unknown. When Pages is not nil, All are the records numbered Base
	// with the records of each page of Pages (by url_without_anchor) replaced with the page's
	// records there, in place (none: the page is gone).
	Version, Base uint64
	Pages         map[string][]output.Record
}

// maxReplacedPages is how many pages' records Patch replaces in the index it serves; more (a
// sidebar or site.yaml edit moves every page) and it builds the index again in the background.
const maxReplacedPages = 8

// Patch brings the served site up to date after a rebuild of the folder changed the files named
// in changed (relative slash paths, as output.Writer.Write reports them), reading only those again:
// `tzdocs dev` calls it after each rebuild, where Reload would read the whole folder. Pages are
// served from the new files as soon as it returns. When the search records changed, and records
// tells how few pages' records did, those are replaced in the index (search.Index.Replace) before
// Patch returns; otherwise the index is built again in the background from records (read from
// the folder when nil) and replaces the old one when ready, so a reload does not wait for the
// search. The folder's code blocks and answer corpus are read again in the background.
func (s *Server) Patch(changed map[string]bool, records *Records) error {
	s.patching.mu.Lock()
	defer s.patching.mu.Unlock()
	cur := s.site.Load()
	next := *cur
	next.files = maps.Clone(cur.files)
	dir := s.opts.Dir
	fresh := map[string]bool{}
	for rel := range changed {
		if !output.Served(rel) {
			continue
		}
		f, err := output.LoadFile(dir, rel)
		switch {
		case errors.Is(err, fs.ErrNotExist) || err == nil && !served("/"+rel):
			delete(next.files, "/"+rel)
		case err != nil:
			return fmt.Errorf("reading %s of the new build: %w", rel, err)
		default:
			next.files["/"+rel] = newFile("/"+rel, f)
			fresh["/"+rel] = true
		}
	}
	if changed[output.ManifestFile] || changed[output.SiteDataFile] || changed[output.CSPFile] {
		meta, err := output.LoadMeta(dir)
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
	switch {
	case changed[output.RecordsFile]:
		s.newIndex(&next, records)
	case records != nil && records.Base != 0 && records.Base == s.patching.version:
		s.patching.version = records.Version // the same records as before
	}
	s.site.Store(&next)
	if changed[output.CodeFile] || changed[output.AnswersFile] {
		s.patching.codeGen++
		go s.reloadCode(s.patching.codeGen)
	}
	return nil
}

// SetRecordsVersion tells Patch the version (Records.Version) of the search records in the folder
// the server was started on, so that the first Patch can replace pages in the index.
func (s *Server) SetRecordsVersion(v uint64) {
	s.patching.mu.Lock()
	defer s.patching.mu.Unlock()
	s.patching.version = v
}

// newIndex puts in next the index of the new records, replacing the pages that changed in the
// current one when the change is known and small, or builds it in the background. Called with
// s.patching.mu held.
func (s *Server) newIndex(next *siteFiles, records *Records) {
	p := &s.patching
	if records != nil && records.Pages != nil && len(records.Pages) <= maxReplacedPages &&
		!p.building && p.version != 0 && records.Base == p.version {
		pages := make([]string, 0, len(records.Pages))
		var recs []output.Record
		for page, rs := range records.Pages {
			pages = append(pages, page)
			recs = append(recs, rs...)
		}
		next.index = next.index.Replace(pages, recs)
		p.version = records.Version
		return
	}
	var all []output.Record
	p.version = 0
	if records != nil {
		all, p.version = records.All, records.Version
	}
	p.gen++
	p.building = true
	go s.reindex(p.gen, all)
}

// reindex builds the search index of Patch number gen from records (read from the folder when
// nil) and swaps it in unless a later Patch changed the records again (and will swap in its own).
func (s *Server) reindex(gen uint64, records []output.Record) {
	var err error
	if records == nil {
		if records, err = output.LoadRecords(s.opts.Dir); err != nil {
			s.opts.Logger.Error("reloading the search records", "err", err)
			return
		}
	}
	ix := search.NewIndex(records)
	s.patching.mu.Lock()
	defer s.patching.mu.Unlock()
	if gen != s.patching.gen {
		return // a later Patch's index is on its way
	}
	s.patching.building = false
	next := *s.site.Load()
	next.index = ix
	s.site.Store(&next)
}

// reloadCode reads the folder's code blocks and answer corpus for Patch number gen and swaps
// them in unless a later Patch reads them again.
func (s *Server) reloadCode(gen uint64) {
	blocks, err := output.LoadCode(s.opts.Dir)
	if err != nil {
		s.opts.Logger.Error("reloading the code blocks", "err", err)
		return
	}
	answers, err := output.LoadAnswers(s.opts.Dir)
	if err != nil {
		s.opts.Logger.Error("reloading the answer corpus", "err", err)
		return
	}
	s.patching.mu.Lock()
	defer s.patching.mu.Unlock()
	if gen != s.patching.codeGen {
		return // a later Patch's blocks are on their way
	}
	next := *s.site.Load()
	next.code, next.answers = blocks, assistant.NewCorpus(answers)
	s.site.Store(&next)
}
