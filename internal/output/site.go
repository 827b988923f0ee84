package output

import "strings"

// InlineData is what every prerendered page carries in its DataElementID script: the site and the
// page, so the app hydrates without a request. The page's HTML is left out: the app reads it back
// from the DOM. Site.Sidebars holds only the page's own sidebar (none for a page without one); the
// app fetches SiteDataFile for the others.
type InlineData struct {
	Site SiteData `json:"site"`
	Page PageData `json:"page"`
}

// SiteData is SiteDataFile: what every page needs beyond its own data, resolved from site.yaml and
// the sidebars.
type SiteData struct {
	Title   string `json:"title"`
	Tagline string `json:"tagline"`
	// URL is the site's absolute URL without a trailing slash, e.g. https://docs.tezos.com.
	URL     string `json:"url"`
	BaseURL string `json:"baseUrl"`
	Favicon string `json:"favicon"`
	Lang    string `json:"lang"`
	Dir     string `json:"dir" ts:"\"ltr\" | \"rtl\""`
	Navbar  Navbar `json:"navbar"`
	// Footer is null when site.yaml has none.
	Footer *Footer `json:"footer"`
	// AnnouncementBar is null when site.yaml has none.
	AnnouncementBar *AnnouncementBar        `json:"announcementBar"`
	Sidebars        map[string]SidebarItems `json:"sidebars"`
	ColorMode       ColorMode               `json:"colorMode"`
	Search          SearchConfig            `json:"search"`
	AskAI           AskAIConfig             `json:"askAi"`
	Chatbot         ChatbotConfig           `json:"chatbot"`
	// DevEventsURL is set only by `tzdocs dev`: the page listens there for reloads.
	DevEventsURL string `json:"devEventsUrl,omitempty"`
}

// AnnouncementBar is shown above the navbar until the reader closes it; closing is remembered
// until the bar's id changes.
type AnnouncementBar struct {
	ID string `json:"id"`
	// Content is trusted HTML from site.yaml.
	Content     string `json:"content"`
	IsCloseable bool   `json:"isCloseable"`
}

// Navbar is the resolved navbar.
type Navbar struct {
	Title        string   `json:"title"`
	Logo         NavLogo  `json:"logo"`
	HideOnScroll bool     `json:"hideOnScroll"`
	Style        string   `json:"style" ts:"\"dark\" | \"primary\""`
	Items        NavItems `json:"items"`
}

// NavLogo is the navbar logo.
type NavLogo struct {
	Alt  string `json:"alt"`
	Src  string `json:"src"`
	Href string `json:"href"`
}

// NavItem is a navbar item, already resolved by the build: doc, docSidebar and docsVersion items
// become links, version and locale dropdowns become dropdowns.
type NavItem interface{ navItem() }

// NavItems is a list of navbar items; it decodes each by its type.
type NavItems []NavItem

// NavLinkItem is a link in the navbar.
type NavLinkItem struct {
	Type     string `json:"type" ts:"\"link\""`
	Label    string `json:"label"`
	Href     string `json:"href"`
	Position string `json:"position" ts:"\"left\" | \"right\""`
	// External is true for absolute http(s) URLs: they open in a new tab without referrer.
	External bool `json:"external"`
	// ActiveSidebar is set for docSidebar items: the item is active on every page of this sidebar.
	ActiveSidebar string `json:"activeSidebar,omitempty"`
	// Version is set for the entries of a docs version dropdown: the version this entry leads to.
	Version string `json:"version,omitempty"`
	// SameDoc is set on the entry of the version whose docs the site shows: on a doc page it leads to
	// that same page (Docusaurus does the same), not to Href, the version's first page.
	SameDoc bool `json:"sameDoc,omitempty"`
}

// NavDropdownItem is a dropdown of links.
type NavDropdownItem struct {
	Type  string `json:"type" ts:"\"dropdown\""`
	Label string `json:"label"`
	// MobileLabel replaces Label in the mobile side menu ("Versions", "Languages").
	MobileLabel string        `json:"mobileLabel,omitempty"`
	Position    string        `json:"position" ts:"\"left\" | \"right\""`
	Items       []NavLinkItem `json:"items"`
}

// NavHTMLItem is raw HTML from site.yaml.
type NavHTMLItem struct {
	Type     string `json:"type" ts:"\"html\""`
	Value    string `json:"value"`
	Position string `json:"position" ts:"\"left\" | \"right\""`
}

// NavSearchItem places the search button.
type NavSearchItem struct {
	Type     string `json:"type" ts:"\"search\""`
	Position string `json:"position" ts:"\"left\" | \"right\""`
}

func (NavLinkItem) navItem()     {}
func (NavDropdownItem) navItem() {}
func (NavHTMLItem) navItem()     {}
func (NavSearchItem) navItem()   {}

// SidebarItem is a sidebar entry: a SidebarLink, SidebarCategory or SidebarHTML.
type SidebarItem interface{ sidebarItem() }

// SidebarItems is a list of sidebar entries; it decodes each by its type.
type SidebarItems []SidebarItem

// SidebarLink is a link to a doc or an external page.
type SidebarLink struct {
	Type     string `json:"type" ts:"\"link\""`
	Label    string `json:"label"`
	Href     string `json:"href"`
	External bool   `json:"external"`
}

// SidebarCategory is a collapsible group, with its own page when Href is set.
type SidebarCategory struct {
	Type        string       `json:"type" ts:"\"category\""`
	Label       string       `json:"label"`
	Href        string       `json:"href,omitempty"`
	Collapsed   bool         `json:"collapsed"`
	Collapsible bool         `json:"collapsible"`
	Items       SidebarItems `json:"items"`
}

// SidebarHTML is raw HTML, such as a divider or a heading.
type SidebarHTML struct {
	Type      string `json:"type" ts:"\"html\""`
	Value     string `json:"value"`
	ClassName string `json:"className,omitempty"`
}

func (SidebarLink) sidebarItem()     {}
func (SidebarCategory) sidebarItem() {}
func (SidebarHTML) sidebarItem()     {}

// Footer is the site footer: columns of links with titles, or a single row of links.
type Footer struct {
	Style   string         `json:"style" ts:"\"light\" | \"dark\""`
	Columns []FooterColumn `json:"columns"`
	Links   []FooterLink   `json:"links"`
	Logo    *FooterLogo    `json:"logo,omitempty"`
	// Copyright is trusted HTML from site.yaml.
	Copyright string `json:"copyright"`
}

// FooterColumn is a titled column of footer links.
type FooterColumn struct {
	Title string       `json:"title"`
	Items []FooterLink `json:"items"`
}

// FooterLink is a footer link.
type FooterLink struct {
	Label    string `json:"label"`
	Href     string `json:"href"`
	External bool   `json:"external"`
}

// FooterLogo is the footer's logo, with an optional source for the dark palette.
type FooterLogo struct {
	Alt     string `json:"alt"`
	Src     string `json:"src"`
	SrcDark string `json:"srcDark,omitempty"`
	Href    string `json:"href,omitempty"`
	Width   int    `json:"width,omitempty"`
	Height  int    `json:"height,omitempty"`
}

// ColorMode is the colour-mode policy.
type ColorMode struct {
	DefaultMode               string `json:"defaultMode" ts:"\"light\" | \"dark\""`
	DisableSwitch             bool   `json:"disableSwitch"`
	RespectPrefersColorScheme bool   `json:"respectPrefersColorScheme"`
}

// SearchConfig is what the search UI needs.
type SearchConfig struct {
	IndexName          string `json:"indexName"`
	SearchPagePath     string `json:"searchPagePath"`
	HitsPerPage        int    `json:"hitsPerPage"`
	MaxResultsPerGroup int    `json:"maxResultsPerGroup"`
	MissingResultsURL  string `json:"missingResultsUrl"`
	ExternalURLRegex   string `json:"externalUrlRegex"`
	// Replicas are the other index names the search API answers as IndexName.
	Replicas []string `json:"replicas,omitempty"`
	// AllowedOrigins are the browser origins other than the site's own allowed to call the
	// search API (CORS).
	AllowedOrigins []string `json:"allowedOrigins,omitempty"`
}

// DefaultAssistantID is the Ask AI assistant id of a site whose config names none: the id the web
// app sends and the server expects.
const DefaultAssistantID = "docs"

// AskAIConfig is what the Ask AI mode needs.
type AskAIConfig struct {
	Enabled            bool     `json:"enabled"`
	AssistantID        string   `json:"assistantId"`
	SuggestedQuestions []string `json:"suggestedQuestions"`
	// SuggestedQuestionsIndex is the extra index name the suggested questions are answered under.
	SuggestedQuestionsIndex string `json:"suggestedQuestionsIndex,omitempty"`
	// Disclaimer is shown under every conversation (not the chatbot's FooterText).
	Disclaimer string `json:"disclaimer"`
}

// ChatbotConfig is what the chatbot panel needs.
type ChatbotConfig struct {
	Enabled        bool   `json:"enabled"`
	HeaderTitle    string `json:"headerTitle"`
	ButtonPosition string `json:"buttonPosition"`
	FooterText     string `json:"footerText"`
}

// Origin is what goes before a route to make a page's absolute URL, as search records carry it:
// site.yaml's url and baseUrl without the final slash ("https://docs.tezos.com", or
// "https://example.org/docs" for baseUrl /docs/). A site without url keeps relative URLs: "".
func Origin(siteURL, baseURL string) string {
	if siteURL == "" {
		return ""
	}
	return strings.TrimRight(siteURL, "/") + strings.TrimRight(baseURL, "/")
}
