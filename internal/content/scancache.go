package content

import (
	"bytes"
	"time"

	"tzdocs/internal/config"
)

// ScanCache keeps what reading each Markdown file gave (its front matter parsed, its route) from
// one Scan to the next, so a rebuild after an edit parses only the files whose content changed:
// `tzdocs dev` keeps one. Files are still read (that is cheap; times and sizes cannot tell two
// saves within a clock tick apart), and parsed again when their bytes or what their route depends
// on changed. Use a ScanCache for one site, from one goroutine at a time.
type ScanCache struct {
	files map[string]cachedDoc // by path
	seen  map[string]bool      // the files the current Scan found
	// The last commit times read from git (see commitTimes), and the state of the repository
	// they were read in.
	gitDir, commitsKey string
	commits            map[string]time.Time
}

// NewScanCache returns an empty ScanCache.
func NewScanCache() *ScanCache { return &ScanCache{files: map[string]cachedDoc{}} }

// cachedDoc is what parseDoc gave for a file's content.
type cachedDoc struct {
	src         []byte
	rel, config string // the path below its root and the settings its route depends on
	kind        Kind
	doc         *Doc // as parsed, before Resolve
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

// read is readDoc through the cache: a file whose bytes did not change gives a copy of the Doc
// it gave last time. Drafts, which give no Doc, are parsed every time.
func (c *ScanCache) read(s *Site, file, rel string, kind Kind) (*Doc, error) {
	if c == nil {
		return s.readDoc(file, rel, kind)
	}
	src, err := s.ReadFile(file)
	if err != nil {
		return nil, err
	}
	c.seen[file] = true
	config := s.Config.Dir + "\x00" + s.Config.Docs.RouteBasePath
	if e, ok := c.files[file]; ok && e.rel == rel && e.kind == kind && e.config == config && bytes.Equal(e.src, src) {
		d := *e.doc
		return &d, nil
	}
	delete(c.files, file)
	d, err := s.parseDoc(file, rel, kind, src)
	if err != nil || d == nil {
		return d, err
	}
	tmpl := *d
	c.files[file] = cachedDoc{src: src, rel: rel, kind: kind, config: config, doc: &tmpl}
	return d, nil
}
