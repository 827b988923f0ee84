package content

import (
	"io/fs"
	"time"

	"tzdocs/internal/config"
)

// ScanCache keeps what reading each Markdown file gave (its front matter parsed, its route) from
// one Scan to the next, so a rebuild after an edit reads and parses only the files that changed:
// `tzdocs dev` keeps one. A file is read again when its size or modification time changed, or
// what its route depends on did. Use a ScanCache for one site, from one goroutine at a time.
type ScanCache struct {
	files map[string]cachedDoc // by path
	seen  map[string]bool      // the files the current Scan found
}

// NewScanCache returns an empty ScanCache.
func NewScanCache() *ScanCache { return &ScanCache{files: map[string]cachedDoc{}} }

// cachedDoc is what readDoc gave for a file in one state.
type cachedDoc struct {
	size        int64
	mod         time.Time
	rel, config string // the path below its root and the settings its route depends on
	kind        Kind
	doc         *Doc   // as read, before Resolve; nil for a draft
	draftID     string // a draft's id
	display     string // a draft's file, for messages
}

// ScanWith is Scan, reusing and refreshing cache (nil for none).
func ScanWith(cfg *config.Config, cache *ScanCache) (*Site, error) {
	if cache != nil {
		cache.seen = map[string]bool{}
		defer func() {
			for p := range cache.files {
				if !cache.seen[p] {
					delete(cache.files, p)
				}
			}
		}()
	}
	return scan(cfg, cache)
}

// read is readDoc through the cache: a regular file whose size and time did not change gives a
// copy of the Doc it gave last time.
func (c *ScanCache) read(s *Site, entry fs.DirEntry, file, rel string, kind Kind) (*Doc, error) {
	if c == nil || !entry.Type().IsRegular() {
		return s.readDoc(file, rel, kind)
	}
	c.seen[file] = true
	info, err := entry.Info()
	if err != nil {
		return s.readDoc(file, rel, kind)
	}
	config := s.Config.Dir + "\x00" + s.Config.Docs.RouteBasePath
	if e, ok := c.files[file]; ok && e.size == info.Size() && e.mod.Equal(info.ModTime()) && e.rel == rel && e.kind == kind && e.config == config {
		if e.doc == nil {
			s.Drafts[e.draftID] = e.display
			return nil, nil
		}
		d := *e.doc
		return &d, nil
	}
	draftsBefore := len(s.Drafts)
	d, err := s.readDoc(file, rel, kind)
	if err != nil {
		delete(c.files, file)
		return nil, err
	}
	e := cachedDoc{size: info.Size(), mod: info.ModTime(), rel: rel, kind: kind, config: config}
	if d != nil {
		tmpl := *d
		e.doc = &tmpl
	} else if len(s.Drafts) > draftsBefore {
		for id, display := range s.Drafts {
			if display == s.displayPath(file) {
				e.draftID, e.display = id, display
			}
		}
	}
	if d != nil || e.draftID != "" {
		c.files[file] = e
	}
	return d, nil
}
