package server

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"mime"
	"net/http"
	"path"
	"path/filepath"
	"strings"

	"tzdocs/internal/dist"
	"tzdocs/internal/search"
)

// file is one file of the built site, held in memory with its precompressed forms.
type file struct {
	data        []byte
	br, gz      []byte // precompressed sidecars from the build, nil when absent
	etag        string
	contentType string
	immutable   bool   // content-hashed name: cache for a year
	csp         string // a content security policy of its own, instead of the site's
}

// siteFiles is a built site loaded from its folder: files by URL path and canonical page routes.
type siteFiles struct {
	url   string // the site's public URL
	askAI string // the Ask AI assistant id
	csp   string // the content security policy, allowing the build's inline scripts
	// searchCfg names the search index and its replicas; origins are the browser origins allowed
	// to call the APIs from other sites (the site's own and site.yaml's allowedOrigins).
	searchCfg dist.SearchConfig
	origins   search.Origins
	index     *search.Index // the site's search records
	code      []dist.CodeBlock
	files     map[string]*file
	// adminShell is the dashboard's document (dist.AdminShellFile), nil when the build has none.
	adminShell []byte
	routes     map[string]string // route key (no leading or trailing slash) → canonical route
	// markdown holds, by canonical route, the page's Markdown and the Link header naming it,
	// worked out once at load so serving a page costs one map lookup more.
	markdown map[string]markdownPage
}

// markdownPage is a page's Markdown version.
type markdownPage struct {
	file *file
	link string // Link header value: `</route.md>; rel="alternate"; type="text/markdown"`
}

// loadSite reads a built site folder into memory.
func loadSite(dir string) (*siteFiles, error) {
	built, err := dist.Load(dir)
	if err != nil {
		return nil, err
	}
	s := &siteFiles{files: make(map[string]*file, len(built.Files)), routes: map[string]string{},
		url: built.Data.URL, askAI: built.Data.AskAI.AssistantID, csp: contentSecurityPolicy(built.CSP),
		index: search.NewIndex(built.Records), code: built.Code}
	s.searchCfg = built.Data.Search
	allowed := built.Data.Search.AllowedOrigins
	if built.Data.URL != "" {
		allowed = append([]string{built.Data.URL}, allowed...)
	}
	if s.origins, err = search.ParseOrigins(allowed); err != nil {
		return nil, fmt.Errorf("%s: themeConfig.search.allowedOrigins: %w; rebuild the site", filepath.Join(dir, dist.SiteDataFile), err)
	}
	s.markdown = map[string]markdownPage{}
	for _, r := range built.Manifest.Routes {
		s.routes[routeKey(r)] = r
	}
	for urlPath, f := range built.Files {
		sum := sha256.Sum256(f.Data)
		s.files[urlPath] = &file{data: f.Data, br: f.Brotli, gz: f.Gzip, immutable: f.Immutable,
			contentType: contentType(urlPath, f.Data), etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`}
	}
	if f := s.files[dist.DiagramFrameURL]; f != nil {
		f.csp = dist.DiagramFrameCSP
	}
	// The dashboard's document is served at /admin behind the sign-in, not as a file.
	if f := s.files[dist.AdminShellURL]; f != nil {
		s.adminShell = f.data
		delete(s.files, dist.AdminShellURL)
	}
	for _, r := range built.Manifest.Routes {
		u := "/" + dist.MarkdownFile(r)
		if f := s.files[u]; f != nil {
			s.markdown[r] = markdownPage{file: f, link: "<" + u + `>; rel="alternate"; type="text/markdown"`}
		}
	}
	return s, nil
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
	case ".md":
		return "text/markdown; charset=utf-8"
	case ".txt":
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
	return s.files["/"+dist.PageFile(route)]
}

// notFound is the page served for paths that name nothing.
func (s *siteFiles) notFound() *file {
	return s.files["/"+dist.NotFoundFile]
}
