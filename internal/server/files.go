package server

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"tzdocs/internal/search"
)

// file is one file of the built site, held in memory with its precompressed forms.
type file struct {
	data        []byte
	br, gz      []byte // precompressed sidecars from the build, nil when absent
	etag        string
	contentType string
	immutable   bool // content-hashed name: cache for a year
}

// siteFiles is a built site loaded from its folder: files by URL path and canonical page routes.
type siteFiles struct {
	url    string        // the site's public URL, from _data/site.json
	askAI  string        // the Ask AI assistant id, from _data/site.json
	csp    string        // the content security policy, allowing the build's inline scripts
	index  *search.Index // built from _search/records.json
	files  map[string]*file
	routes map[string]string // route key (no leading or trailing slash) → canonical route
}

// hashedName matches Vite's and the build's content-hashed file names, e.g. entry-client-BdX9a1_q.js.
var hashedName = regexp.MustCompile(`[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$`)

// loadSite reads a built site folder into memory. The folder must hold _routes.json, which lists
// the canonical route of every page (written by `tzdocs build`).
func loadSite(dir string) (*siteFiles, error) {
	rb, err := os.ReadFile(filepath.Join(dir, "_routes.json"))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s is not a built site (no _routes.json); run `tzdocs build` first", dir)
		}
		return nil, err
	}
	var routes []string
	if err := json.Unmarshal(rb, &routes); err != nil {
		return nil, fmt.Errorf("%s: %v; rebuild the site", filepath.Join(dir, "_routes.json"), err)
	}
	s := &siteFiles{files: map[string]*file{}, routes: map[string]string{}}
	for _, r := range routes {
		s.routes[routeKey(r)] = r
	}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") {
			return nil // loaded with the file they compress
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f := &file{data: data, contentType: contentType(p, data)}
		sum := sha256.Sum256(data)
		f.etag = `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
		urlPath := "/" + filepath.ToSlash(rel)
		f.immutable = strings.HasPrefix(urlPath, "/assets/") && hashedName.MatchString(urlPath)
		f.br = readSidecar(p + ".br")
		f.gz = readSidecar(p + ".gz")
		s.files[urlPath] = f
		return nil
	})
	if err != nil {
		return nil, err
	}
	if f := s.files["/_data/site.json"]; f != nil {
		var sd struct {
			URL   string `json:"url"`
			AskAI struct {
				AssistantID string `json:"assistantId"`
			} `json:"askAi"`
		}
		if json.Unmarshal(f.data, &sd) == nil {
			s.url, s.askAI = sd.URL, sd.AskAI.AssistantID
		}
	}
	var policy cspSources
	if f := s.files["/_csp.json"]; f != nil {
		if err := json.Unmarshal(f.data, &policy); err != nil {
			return nil, fmt.Errorf("%s: %v; rebuild the site", filepath.Join(dir, "_csp.json"), err)
		}
	}
	s.csp = contentSecurityPolicy(policy)
	s.index = search.NewIndex(nil)
	if f := s.files["/_search/records.json"]; f != nil {
		var records []search.Record
		if err := json.Unmarshal(f.data, &records); err != nil {
			return nil, fmt.Errorf("%s: %v; rebuild the site", filepath.Join(dir, "_search", "records.json"), err)
		}
		s.index = search.NewIndex(records)
	}
	if s.files["/404.html"] == nil {
		return nil, fmt.Errorf("%s has no 404.html; rebuild the site", dir)
	}
	return s, nil
}

func readSidecar(p string) []byte {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	return b
}

func contentType(p string, data []byte) string {
	ext := path.Ext(p)
	switch ext {
	case ".html":
		return "text/html; charset=utf-8"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".json":
		return "application/json"
	case ".md", ".txt":
		return "text/plain; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".xml":
		return "application/xml; charset=utf-8"
	case ".ico":
		return "image/x-icon"
	case ".woff2":
		return "font/woff2"
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	if len(data) > 512 {
		data = data[:512]
	}
	return http.DetectContentType(data)
}

// routeKey is the form two spellings of one route share: "/overview/", "/overview" → "overview".
func routeKey(p string) string {
	return strings.Trim(p, "/")
}

// page finds the canonical route for a request path, accepting "/x", "/x/", "/x/index.html" and
// "/x.html" (SPEC §2). ok is false when the path names no page.
func (s *siteFiles) page(p string) (canonical string, ok bool) {
	key := p
	switch {
	case strings.HasSuffix(key, "/index.html"):
		key = strings.TrimSuffix(key, "index.html")
	case key == "/index.html":
		key = "/"
	case strings.HasSuffix(key, ".html"):
		key = strings.TrimSuffix(key, ".html")
	}
	canonical, ok = s.routes[routeKey(key)]
	return canonical, ok
}

// pageFile is the HTML file of a canonical route.
func (s *siteFiles) pageFile(route string) *file {
	if route == "/" {
		return s.files["/index.html"]
	}
	return s.files["/"+routeKey(route)+"/index.html"]
}
