package output

// PageData is one page's data, written to DataFile(route) and inlined in its HTML.
type PageData struct {
	// Route is the canonical route, e.g. "/architecture/accounts" or "/overview/".
	Route       string `json:"route"`
	Kind        string `json:"kind" ts:"\"doc\" | \"home\" | \"page\" | \"notfound\" | \"search\""`
	Title       string `json:"title"`
	Description string `json:"description"`
	// HTML is the rendered Markdown (without the h1, which the layout draws), trusted HTML from the
	// build. The copy inlined in prerendered HTML leaves it out: the app reads it from the DOM.
	HTML *string `json:"html,omitempty"`
	// TOC lists the headings "On this page" shows; none when the page has no such heading. The copy
	// inlined in prerendered HTML leaves it out too: the app reads it back from the prerendered list.
	TOC                 []TocEntry `json:"toc,omitempty"`
	HideTableOfContents bool       `json:"hideTableOfContents"`
	// HideTitle comes from hide_title front matter: the page's content carries its title.
	HideTitle bool `json:"hideTitle,omitempty"`
	// Heading is the page's own level-1 heading when it differs from Title (which front matter
	// set): the page shows it, as Docusaurus does, while Title names the page everywhere else.
	Heading string `json:"heading,omitempty"`
	// Markdown is the URL path of the page's Markdown version (MarkdownFile), for pages that have
	// one: the head links it and the page menu copies it.
	Markdown string `json:"markdown,omitempty"`
	// Keywords and Image go into the head's meta tags only.
	Keywords []string `json:"-"`
	Image    string   `json:"-"`
	// Head holds the <meta> and <link> elements site components put in @docusaurus/Head, as HTML,
	// written into the page's head after the build's own tags.
	Head []string `json:"-"`
	// Sidebar names the sidebar this page belongs to; empty for pages without one.
	Sidebar     string       `json:"sidebar,omitempty"`
	Breadcrumbs []Breadcrumb `json:"breadcrumbs"`
	Prev        *PageLink    `json:"prev,omitempty"`
	Next        *PageLink    `json:"next,omitempty"`
	// LastUpdated is the ISO date (YYYY-MM-DD) of the last update, when known.
	LastUpdated string `json:"lastUpdated,omitempty"`
	// HasMermaid is true when the page has mermaid diagrams: the app loads mermaid for it.
	HasMermaid bool `json:"hasMermaid"`
	// Home is set only for kind "home".
	Home *Home `json:"home,omitempty"`
}

// TocEntry is one table-of-contents entry.
type TocEntry struct {
	ID string `json:"id"`
	// Text is the heading's plain text.
	Text  string `json:"text"`
	Level int    `json:"level" ts:"2 | 3 | 4 | 5 | 6"`
}

// PageLink is a previous or next link.
type PageLink struct {
	Title string `json:"title"`
	Href  string `json:"href"`
}

// Breadcrumb is one step of a page's breadcrumbs; the current page has no Href.
type Breadcrumb struct {
	Label string `json:"label"`
	Href  string `json:"href,omitempty"`
}

// Home is the home page's hero and cards.
type Home struct {
	Hero  Hero       `json:"hero"`
	Cards []HomeCard `json:"cards"`
}

// Hero is the home page's banner.
type Hero struct {
	Title   string `json:"title"`
	Tagline string `json:"tagline"`
}

// HomeCard is a link card on the home page.
type HomeCard struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Href        string `json:"href"`
	// Group is an optional grouping, e.g. Beginner, Intermediate, Advanced.
	Group string `json:"group,omitempty"`
}

// CSPSources is CSPFile: what the server's content security policy must allow beyond the site's
// own origin. Nothing third-party is allowed by default.
type CSPSources struct {
	// ScriptHashes are the sha256 sources of the inline scripts.
	ScriptHashes []string `json:"scriptHashes"`
	// StyleHashes are the sha256 sources of the inline styles (style attributes and <style>
	// elements) that pages and site.yaml's HTML carry. The theme itself has none.
	StyleHashes []string `json:"styleHashes"`
	// Origins are third-party origins scripts may load from and talk to (a configured tag manager).
	Origins []string `json:"origins"`
	// ImgOrigins, FrameOrigins and MediaOrigins are the origins of the images, frames, and audio
	// and video that pages embed from other sites.
	ImgOrigins   []string `json:"imgOrigins"`
	FrameOrigins []string `json:"frameOrigins"`
	MediaOrigins []string `json:"mediaOrigins"`
}
