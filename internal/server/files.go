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

	"tzdocs/internal/assistant"
	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// file is one file of the built site, held in memory with its precompressed forms.
type file struct {
	data        []byte            // nil when a gzip form holds the text alone (see keepCompressedOnly and pack)
	size        int               // the text's length
	br, gz      []byte            // precompressed sidecars from the build, nil when absent
	packed      []byte            // the text gzip-compressed at load when the build wrote no sidecars (see pack)
	etags       [encodings]string // per encoding
	contentType string
	immutable   bool            // content-hashed name: cache for a year
	csp         string          // a content security policy of its own, instead of the site's
	headers     responseHeaders // its header sets when served under its own path
	disk        *diskForms      // where its forms are read from on each request, nil when held in memory
}

// siteFiles is a built site loaded from its folder: files by URL path and canonical page routes.
type siteFiles struct {
	url   string // the site's public URL
	title string // the site's title (site.yaml)
	askAI string // the Ask AI assistant id
	csp   string // the content security policy, allowing the build's inline scripts
	// searchCfg names the search index and its replicas; origins are the browser origins allowed
	// to call the APIs from other sites (the site's own and site.yaml's allowedOrigins).
	searchCfg output.SearchConfig
	origins   search.Origins
	// suggested is the suggested-questions index of the site's Ask AI.
	suggested *search.Suggested
	index     *search.Index // the site's search records
	code      []output.CodeBlock
	answers   *assistant.Corpus // the answer corpus, for Ask AI
	files     map[string]*file
	// adminShell is the dashboard's document (output.AdminShellFile), nil when the build has none.
	adminShell []byte
	routes     map[string]string // route key (no leading or trailing slash) → canonical route
	// pages holds, by canonical route, the page's files and their header sets, worked out once at
	// load so serving a page costs one map lookup more.
	pages map[string]*page
	// notFound is the page served for paths that name nothing, with status 404.
	notFound        *file
	notFoundHeaders responseHeaders
	// routeList is the manifest's routes, kept for Server.Patch.
	routeList []string
	// sources names the file each page was built from, by canonical route (the manifest's).
	sources map[string]output.PageSource
}

// page is a canonical route's HTML and, when the build wrote one, its Markdown version. Both
// answer with Vary: Accept when there is Markdown, the HTML with a Link header naming it.
type page struct {
	html, markdown               *file
	htmlHeaders, markdownHeaders responseHeaders
}

// loadSite reads a built site folder into memory.
func loadSite(dir string) (*siteFiles, error) {
	built, err := output.Load(dir)
	if err != nil {
		return nil, err
	}
	s := &siteFiles{files: make(map[string]*file, len(built.Files)), index: search.NewIndex(built.Records), code: built.Code,
		answers: assistant.NewPackedCorpus(built.PackedAnswers)}
	if err := s.setMeta(dir, built); err != nil {
		return nil, err
	}
	for urlPath, f := range built.Files {
		if !served(urlPath) {
			continue
		}
		sf := newFile(urlPath, f)
		// Here only: Patch (tzdocs dev) keeps its files as they are, for speed, and in memory.
		if keepOnDisk(urlPath, sf) && f.Data != nil {
			sf.gz, sf.data = f.Gzip, f.Data // as loaded: newFile may have let the gzip form hold the text
			sf.leaveOnDisk(filepath.Join(built.Dir, filepath.FromSlash(strings.TrimPrefix(urlPath, "/"))))
		} else {
			sf.pack(urlPath)
		}
		s.files[urlPath] = sf
	}
	s.linkFiles(nil)
	s.packBytes()
	return s, nil
}

// packChunk is the size of the arrays packBytes moves the files' bytes into; larger forms stay
// where they are.
const packChunk = 256 << 10

// packBytes moves the bytes the files hold into arrays of packChunk bytes, one form after the
// other: held one by one as read, each form is rounded up to an allocation size class and they
// lie scattered among what loading left behind, in spans the collector can then neither free nor
// fill (3–4 MB of the real docs' heap).
func (s *siteFiles) packBytes() {
	var chunk []byte
	move := func(b []byte) []byte {
		if b == nil || len(b) > packChunk/4 {
			return b
		}
		if cap(chunk)-len(chunk) < len(b) {
			chunk = make([]byte, 0, packChunk)
		}
		start := len(chunk)
		chunk = append(chunk, b...)
		return chunk[start:len(chunk):len(chunk)]
	}
	for _, f := range s.files {
		f.data, f.br, f.gz, f.packed = move(f.data), move(f.br), move(f.gz), move(f.packed)
	}
}

// served reports whether the file of the built site at urlPath is served. The search files
// (records and code blocks) are read into the index and Ask AI's corpus when the site loads; the
// reader's app and the documented clients search through the API, so they are not served.
func served(urlPath string) bool {
	return !strings.HasPrefix(urlPath, output.SearchURLPrefix)
}

// newFile is a file of the built site as served, without its header sets (see linkFiles).
func newFile(urlPath string, f *output.File) *file {
	sum := sha256.Sum256(f.Data)
	tag := base64.RawURLEncoding.EncodeToString(sum[:12])
	// Each encoding is a body of its own: a cache must not take one for another.
	sf := &file{data: f.Data, size: len(f.Data), br: f.Brotli, gz: f.Gzip, immutable: f.Immutable,
		contentType: contentType(urlPath, f.Data), etags: [encodings]string{`"` + tag + `"`, `"` + tag + `-br"`, `"` + tag + `-gz"`}}
	sf.keepCompressedOnly()
	return sf
}

// setMeta takes what describes the site from its manifest, site data and security policy.
func (s *siteFiles) setMeta(dir string, built *output.Site) error {
	s.url, s.title, s.askAI, s.csp = built.Data.URL, built.Data.Title, built.Data.AskAI.AssistantID, contentSecurityPolicy(built.CSP)
	s.searchCfg = built.Data.Search
	ask := built.Data.AskAI
	s.suggested = search.NewSuggested(ask.SuggestedQuestions, ask.AssistantID, ask.SuggestedQuestionsIndex)
	allowed := built.Data.Search.AllowedOrigins
	if built.Data.URL != "" {
		allowed = append([]string{built.Data.URL}, allowed...)
	}
	var err error
	if s.origins, err = search.ParseOrigins(allowed); err != nil {
		return fmt.Errorf("%s: themeConfig.search.allowedOrigins: %w; rebuild the site", filepath.Join(dir, output.SiteDataFile), err)
	}
	s.routes, s.routeList, s.sources = map[string]string{}, built.Manifest.Routes, built.Manifest.Sources
	for _, r := range built.Manifest.Routes {
		s.routes[routeKey(r)] = r
	}
	return nil
}

// linkFiles works out what depends on the files and the site's policy: the header sets of the
// files named in fresh (of every file when fresh is nil), the diagram frame's own policy, the
// not-found page and each page's HTML and Markdown versions. It sets fields only of files no
// request reads yet (new ones, or copies): the pages and the not-found headers are new values.
func (s *siteFiles) linkFiles(fresh map[string]bool) {
	// The dashboard's document is served at /admin behind the sign-in, not as a file.
	if f := s.files[output.AdminShellURL]; f != nil {
		s.adminShell = f.identity()
		delete(s.files, output.AdminShellURL)
	}
	lines := make(wireLines) // the header lines the files' answers share, held once
	for u, f := range s.files {
		if fresh != nil && !fresh[u] {
			continue
		}
		if u == output.DiagramFrameURL {
			f.csp = output.DiagramFrameCSP
		}
		f.headers = fileHeaders(f, http.StatusOK, s.csp, false, "", lines)
	}
	s.notFound = s.files["/"+output.NotFoundFile]
	s.notFoundHeaders = fileHeaders(s.notFound, http.StatusNotFound, s.csp, false, "", lines)
	s.pages = make(map[string]*page, len(s.routeList))
	for _, r := range s.routeList {
		pg := &page{html: s.files["/"+output.PageFile(r)]}
		if pg.html == nil {
			continue // output.Load refuses such a build; a patch may be between a page's files
		}
		pg.htmlHeaders = pg.html.headers
		u := "/" + output.MarkdownFile(r)
		if md := s.files[u]; md != nil {
			pg.markdown = md
			pg.htmlHeaders = fileHeaders(pg.html, http.StatusOK, s.csp, true, "<"+u+`>; rel="alternate"; type="text/markdown"`, lines)
			pg.markdownHeaders = fileHeaders(md, http.StatusOK, s.csp, true, "", lines)
		}
		s.pages[r] = pg
	}
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
// "/x.html" (docs/behaviour.md, "Routes"). ok is false when the path names no page.
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
