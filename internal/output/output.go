// Package output owns the output of `tzdocs build`: where every file of a built site goes and every
// JSON type written there. The build writes a site through it; the server and the benchmarks read
// one through it; the web app reads the same JSON through TypeScript generated from these types
// (cmd/tsgen writes web/src/lib/contract.ts). No other package spells a path inside a built site or
// declares one of its types (docs/decisions/0006-one-owner-for-the-build-output.md).
package output

//go:generate go run ../../cmd/tsgen

import "strings"

// FormatVersion is the version of this layout, written in the manifest. A server refuses a folder
// built with another version instead of serving it half-understood. 2: pages carry no inline style
// the policy does not hash (CSPSources.StyleHashes).
const FormatVersion = 2

// Files at fixed places of a built site, relative to its folder (slash-separated).
const (
	// ManifestFile marks a folder as a tzdocs build and lists its pages.
	ManifestFile = "_manifest.json"
	// SiteDataFile holds the SiteData every page needs.
	SiteDataFile = "_data/site.json"
	// CSPFile holds the CSPSources the server's content security policy allows.
	CSPFile = "_csp.json"
	// RecordsFile holds the search records, in DocSearch's shape.
	RecordsFile = "_search/records.json"
	// CodeFile holds every code block of the search records' sections as written, for Ask AI
	// answers: the records keep code whitespace-normalised and cut into pieces.
	CodeFile = "_search/code.json"
	// NotFoundFile is the page served for any path that names nothing.
	NotFoundFile = "404.html"
	// SitemapFile, RobotsFile, LLMsFile and LLMsFullFile are the text files for crawlers and
	// language models.
	SitemapFile  = "sitemap.xml"
	RobotsFile   = "robots.txt"
	LLMsFile     = "llms.txt"
	LLMsFullFile = "llms-full.txt"
	// AssetsDir holds the web app's files and the build's content-hashed files.
	AssetsDir = "assets"
	// DiagramFrameFile is the document pages draw mermaid diagrams in (see DiagramFrameCSP).
	DiagramFrameFile = "_diagram.html"
	// AdminShellFile is the document of the maintainers' dashboard (web/src/admin). The server
	// serves it only at /admin, behind the sign-in, never as a file of the site.
	AdminShellFile = "_admin.html"
)

// DiagramFrameCSP is the content security policy of DiagramFrameFile, the one document served
// with inline styles allowed. Mermaid writes <style> elements and style attributes while it lays
// out a diagram; the pages' own policy refuses inline styles, so a page draws its diagrams in
// this hidden, same-origin frame, which holds nothing but the drawing code, and moves each
// finished SVG into the page with its styles applied through the CSS object model (decision 0008).
const DiagramFrameCSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"

// URL paths the web app and the server share.
const (
	// DataURLPrefix starts the URL of every page's data file (see DataFile).
	DataURLPrefix = "/_data/"
	// SiteDataURL is the URL of SiteDataFile.
	SiteDataURL = "/" + SiteDataFile
	// SearchURLPrefix starts the URLs of the search files; like DataURLPrefix, they are not pages.
	SearchURLPrefix = "/_search/"
	// AssetsURLPrefix starts the URL of every asset.
	AssetsURLPrefix = "/" + AssetsDir + "/"
	// DiagramFrameURL is the URL of DiagramFrameFile.
	DiagramFrameURL = "/" + DiagramFrameFile
	// AdminShellURL is the URL AdminShellFile would have; the server answers it with a 404.
	AdminShellURL = "/" + AdminShellFile
	// DevEventsURL is where `tzdocs dev` sends reload events (server-sent events).
	DevEventsURL = "/_dev/events"
)

// Element ids of the prerendered HTML document.
const (
	// RootElementID is the element the app renders into and hydrates.
	RootElementID = "__tz"
	// DataElementID is the <script type="application/json"> holding the page's InlineData.
	DataElementID = "__TZ_DATA__"
)

// NotFoundRoute is the route of the not-found page: it has HTML but no data file or manifest entry.
const NotFoundRoute = "/" + NotFoundFile

// PageFile is where a route's prerendered HTML goes: "/" → index.html, "/a/" and "/a" → a/index.html.
func PageFile(route string) string {
	if route == NotFoundRoute {
		return NotFoundFile
	}
	r := strings.Trim(route, "/")
	if r == "" {
		return "index.html"
	}
	return r + "/index.html"
}

// DataFile is where a route's PageData goes: "/" → _data/index.json, "/a/" → _data/a/index.json,
// "/a/b" → _data/a/b.json. The web app derives the same URL from DataURLPrefix.
func DataFile(route string) string {
	prefix := strings.TrimPrefix(DataURLPrefix, "/")
	switch {
	case route == "/":
		return prefix + "index.json"
	case strings.HasSuffix(route, "/"):
		return prefix + strings.TrimPrefix(route, "/") + "index.json"
	}
	return prefix + strings.TrimPrefix(route, "/") + ".json"
}

// MarkdownFile is where a route's Markdown goes: "/" → index.md, "/a/" → a.md, "/a/b" → a/b.md.
func MarkdownFile(route string) string {
	r := strings.Trim(route, "/")
	if r == "" {
		return "index.md"
	}
	return r + ".md"
}

// IsAsset tells whether a file (relative path) is an asset: content-hashed files under AssetsDir
// never change under the same name, so they may be cached for a year.
func IsAsset(rel string) bool {
	return strings.HasPrefix(rel, AssetsDir+"/")
}

// Manifest is ManifestFile: it marks a folder as a tzdocs build and lists the canonical route of
// every page, so the server can answer other spellings of a route with a redirect.
type Manifest struct {
	Format int      `json:"format"`
	Routes []string `json:"routes"`
	// Sources names, by canonical route, the file each page was built from (pages without one,
	// such as a generated index, are absent), for the maintainers' dashboard.
	Sources map[string]PageSource `json:"sources,omitempty"`
}

// PageSource is the file a page was built from.
type PageSource struct {
	// File is its path relative to the folder holding the site folder (the repository's root
	// when the site is a folder of it), e.g. "site/docs/overview/index.md".
	File string `json:"file"`
	// EditURL is where to edit it (docs.editUrl followed by its path in the site folder), when
	// the site sets an edit URL.
	EditURL string `json:"editUrl,omitempty"`
}

// ContractTypes are the types the TypeScript is generated for, with every type they reach: what
// the web app reads of a built site.
func ContractTypes() []string {
	return []string{"InlineData", "Manifest", "CSPSources", "Record"}
}
