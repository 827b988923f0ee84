package build

import (
	"strings"

	"tzdocs/internal/config"
	"tzdocs/internal/content"
)

// The JSON shapes below mirror web/src/lib/types.ts; change both together.

// NavItem is a resolved navbar item (types.ts NavItem).
type NavItem struct {
	Type          string    `json:"type"`
	Label         string    `json:"label,omitempty"`
	Href          string    `json:"href,omitempty"`
	Position      string    `json:"position"`
	External      *bool     `json:"external,omitempty"`
	ActiveSidebar string    `json:"activeSidebar,omitempty"`
	Items         []NavItem `json:"items,omitempty"`
	Value         string    `json:"value,omitempty"`
	// MobileLabel replaces Label in the mobile side menu (SPEC §2: "Versions", "Languages").
	MobileLabel string `json:"mobileLabel,omitempty"`
	// Version names the docs version a version dropdown entry leads to.
	Version string `json:"version,omitempty"`
}

// SidebarItem is a sidebar entry (types.ts SidebarItem): a SidebarLink, SidebarCategory or SidebarHTML.
type SidebarItem any

// SidebarLink is a link to a doc or an external page.
type SidebarLink struct {
	Type     string `json:"type"`
	Label    string `json:"label"`
	Href     string `json:"href"`
	External bool   `json:"external"`
}

// SidebarCategory is a collapsible group, optionally with its own page.
type SidebarCategory struct {
	Type        string        `json:"type"`
	Label       string        `json:"label"`
	Href        string        `json:"href,omitempty"`
	Collapsed   bool          `json:"collapsed"`
	Collapsible bool          `json:"collapsible"`
	Items       []SidebarItem `json:"items"`
}

// SidebarHTML is raw HTML, such as a divider or a heading.
type SidebarHTML struct {
	Type      string `json:"type"`
	Value     string `json:"value"`
	ClassName string `json:"className,omitempty"`
}

// FooterLink is a footer link (types.ts FooterLink).
type FooterLink struct {
	Label    string `json:"label"`
	Href     string `json:"href"`
	External bool   `json:"external"`
}

// FooterColumn is a titled column of footer links.
type FooterColumn struct {
	Title string       `json:"title"`
	Items []FooterLink `json:"items"`
}

// Footer is the optional site footer.
type Footer struct {
	Style     string         `json:"style"`
	Columns   []FooterColumn `json:"columns"`
	Links     []FooterLink   `json:"links"`
	Logo      *FooterLogo    `json:"logo,omitempty"`
	Copyright string         `json:"copyright"`
}

// FooterLogo is the footer's optional logo, with a source for the dark palette.
type FooterLogo struct {
	Alt     string `json:"alt"`
	Src     string `json:"src"`
	SrcDark string `json:"srcDark,omitempty"`
	Href    string `json:"href,omitempty"`
	Width   int    `json:"width,omitempty"`
	Height  int    `json:"height,omitempty"`
}

// SiteData is what every page needs beyond its own data (types.ts SiteData).
type SiteData struct {
	Title           string                   `json:"title"`
	Tagline         string                   `json:"tagline"`
	URL             string                   `json:"url"`
	BaseURL         string                   `json:"baseUrl"`
	Favicon         string                   `json:"favicon"`
	Lang            string                   `json:"lang"`
	Dir             string                   `json:"dir"`
	Navbar          Navbar                   `json:"navbar"`
	Footer          *Footer                  `json:"footer"`
	AnnouncementBar *config.AnnouncementBar  `json:"announcementBar"`
	Sidebars        map[string][]SidebarItem `json:"sidebars"`
	ColorMode       ColorMode                `json:"colorMode"`
	Search          Search                   `json:"search"`
	AskAI           AskAI                    `json:"askAi"`
	Chatbot         Chatbot                  `json:"chatbot"`
	DevEventsURL    string                   `json:"devEventsUrl,omitempty"`
}

// Navbar is the resolved navbar.
type Navbar struct {
	Title        string    `json:"title"`
	Logo         NavLogo   `json:"logo"`
	HideOnScroll bool      `json:"hideOnScroll"`
	Style        string    `json:"style"`
	Items        []NavItem `json:"items"`
}

// NavLogo is the navbar logo.
type NavLogo struct {
	Alt  string `json:"alt"`
	Src  string `json:"src"`
	Href string `json:"href"`
}

// ColorMode is the colour-mode policy.
type ColorMode struct {
	DefaultMode               string `json:"defaultMode"`
	DisableSwitch             bool   `json:"disableSwitch"`
	RespectPrefersColorScheme bool   `json:"respectPrefersColorScheme"`
}

// Search is the search configuration the client needs.
type Search struct {
	IndexName          string `json:"indexName"`
	SearchPagePath     string `json:"searchPagePath"`
	HitsPerPage        int    `json:"hitsPerPage"`
	MaxResultsPerGroup int    `json:"maxResultsPerGroup"`
	MissingResultsURL  string `json:"missingResultsUrl"`
	ExternalURLRegex   string `json:"externalUrlRegex"`
}

// AskAI is the Ask AI configuration the client needs.
type AskAI struct {
	Enabled            bool     `json:"enabled"`
	AssistantID        string   `json:"assistantId"`
	SuggestedQuestions []string `json:"suggestedQuestions"`
}

// Chatbot is the chatbot configuration the client needs.
type Chatbot struct {
	Enabled        bool   `json:"enabled"`
	HeaderTitle    string `json:"headerTitle"`
	ButtonPosition string `json:"buttonPosition"`
	FooterText     string `json:"footerText"`
}

// TocEntry is one table-of-contents entry.
type TocEntry struct {
	ID    string `json:"id"`
	Text  string `json:"text"`
	Level int    `json:"level"`
}

// PageLink is a previous/next link.
type PageLink struct {
	Title string `json:"title"`
	Href  string `json:"href"`
}

// Breadcrumb is one breadcrumb.
type Breadcrumb struct {
	Label string `json:"label"`
	Href  string `json:"href,omitempty"`
}

// Home is the home page's hero and cards.
type Home struct {
	Hero  content.Hero   `json:"hero"`
	Cards []content.Card `json:"cards"`
}

// PageData is one page's data (types.ts PageData); written to _data/<route>.json.
type PageData struct {
	Route               string     `json:"route"`
	Kind                string     `json:"kind"`
	Title               string     `json:"title"`
	Description         string     `json:"description"`
	HTML                *string    `json:"html,omitempty"`
	TOC                 []TocEntry `json:"toc"`
	HideTableOfContents bool       `json:"hideTableOfContents"`
	HideTitle           bool       `json:"hideTitle,omitempty"`
	// Heading is the page's own level-1 heading when it differs from Title (front matter): the page
	// shows it, as Docusaurus does, while Title names the page in <title>, sidebars and search.
	Heading     string       `json:"heading,omitempty"`
	Keywords    []string     `json:"-"` // head meta only
	Image       string       `json:"-"` // head meta only: og:image
	Sidebar     string       `json:"sidebar,omitempty"`
	Breadcrumbs []Breadcrumb `json:"breadcrumbs"`
	Prev        *PageLink    `json:"prev,omitempty"`
	Next        *PageLink    `json:"next,omitempty"`
	LastUpdated string       `json:"lastUpdated,omitempty"`
	HasMermaid  bool         `json:"hasMermaid"`
	Home        *Home        `json:"home,omitempty"`
}

func boolPtr(b bool) *bool { return &b }

func isExternal(href string) bool {
	return strings.HasPrefix(href, "http://") || strings.HasPrefix(href, "https://") || strings.HasPrefix(href, "//")
}

// siteData resolves the configuration and sidebars into what the client renders.
func siteData(s *content.Site) SiteData {
	cfg := s.Config
	t := cfg.ThemeConfig
	lc := cfg.I18n.LocaleConfigs[cfg.I18n.DefaultLocale]
	sd := SiteData{
		Title: cfg.Title, Tagline: cfg.Tagline, URL: cfg.URL, BaseURL: cfg.BaseURL, Favicon: cfg.Favicon,
		Lang: lc.HTMLLang, Dir: lc.Direction,
		Navbar: Navbar{Title: t.Navbar.Title, Logo: NavLogo{Alt: t.Navbar.Logo.Alt, Src: t.Navbar.Logo.Src, Href: t.Navbar.Logo.Href},
			HideOnScroll: t.Navbar.HideOnScroll, Style: t.Navbar.Style},
		AnnouncementBar: t.AnnouncementBar,
		Sidebars:        map[string][]SidebarItem{},
		ColorMode:       ColorMode(t.ColorMode),
		Search: Search{IndexName: t.Search.IndexName, SearchPagePath: t.Search.SearchPagePath, HitsPerPage: t.Search.HitsPerPage,
			MaxResultsPerGroup: t.Search.MaxResultsPerGroup, MissingResultsURL: t.Search.MissingResultsURL, ExternalURLRegex: t.Search.ExternalURLRegex},
		AskAI:   AskAI{Enabled: t.AskAI.Enabled, AssistantID: t.AskAI.AssistantID, SuggestedQuestions: t.AskAI.SuggestedQuestions},
		Chatbot: Chatbot(t.Chatbot),
	}
	if sd.Lang == "" {
		sd.Lang = cfg.I18n.DefaultLocale
	}
	if sd.Dir == "" {
		sd.Dir = "ltr"
	}
	if sd.AskAI.SuggestedQuestions == nil {
		sd.AskAI.SuggestedQuestions = []string{}
	}
	for _, it := range t.Navbar.Items {
		if ni, ok := navItem(s, it); ok {
			sd.Navbar.Items = append(sd.Navbar.Items, ni)
		}
	}
	for id, items := range s.Sidebars {
		sd.Sidebars[id] = sidebarItems(items)
	}
	if f := t.Footer; f != nil {
		sd.Footer = footer(s, f)
	}
	return sd
}

func navItem(s *content.Site, it config.NavbarItem) (NavItem, bool) {
	ni := NavItem{Type: "link", Label: it.Label, Position: it.Position}
	switch it.Type {
	case "default":
		ni.Href = it.Href
		if ni.Href == "" {
			ni.Href = siteHref(s, it.To)
		}
		ni.External = boolPtr(isExternal(ni.Href))
	case "docSidebar":
		d := s.FirstDoc(it.SidebarID)
		if d == nil {
			return ni, false
		}
		ni.Href, ni.ActiveSidebar, ni.External = d.Route, it.SidebarID, boolPtr(false)
		if ni.Label == "" {
			ni.Label = d.Label
		}
	case "doc":
		d, ok := s.ByID[it.DocID]
		if !ok {
			return ni, false // a draft: renders nothing (SPEC §5)
		}
		ni.Href, ni.External = d.Route, boolPtr(false)
		if ni.Label == "" {
			ni.Label = d.Label
		}
	case "docsVersion":
		v := s.Config.Docs.Versions[s.Config.Docs.LastVersion]
		if it.Version != "" {
			v = s.Config.Docs.Versions[it.Version]
		}
		ni.Href, ni.External = v.Path, boolPtr(false)
		if ni.Label == "" {
			ni.Label = v.Label
		}
	case "docsVersionDropdown", "localeDropdown", "dropdown":
		ni.Type = "dropdown"
		switch it.Type {
		case "docsVersionDropdown":
			names := it.Versions
			if len(names) == 0 {
				names = []string{s.Config.Docs.LastVersion}
			}
			for _, n := range names {
				v := s.Config.Docs.Versions[n]
				ni.Items = append(ni.Items, NavItem{Type: "link", Label: v.Label, Href: v.Path, Position: it.Position, External: boolPtr(false), Version: n})
			}
			if ni.Label == "" {
				ni.Label = s.Config.Docs.Versions[s.Config.Docs.LastVersion].Label
			}
			ni.MobileLabel = "Versions"
		case "localeDropdown":
			for _, loc := range s.Config.I18n.Locales {
				lc := s.Config.I18n.LocaleConfigs[loc]
				ni.Items = append(ni.Items, NavItem{Type: "link", Label: lc.Label, Href: s.Config.BaseURL, Position: it.Position, External: boolPtr(false)})
			}
			if ni.Label == "" {
				ni.Label = s.Config.I18n.LocaleConfigs[s.Config.I18n.DefaultLocale].Label
			}
			ni.MobileLabel = "Languages"
		default:
			for _, sub := range it.Items {
				if si, ok := navItem(s, sub); ok {
					ni.Items = append(ni.Items, si)
				}
			}
		}
	case "html":
		ni = NavItem{Type: "html", Value: it.Value, Position: it.Position}
	case "search":
		ni = NavItem{Type: "search", Position: it.Position}
	}
	return ni, true
}

// siteHref resolves a site-relative link from the configuration to its canonical route.
func siteHref(s *content.Site, to string) string {
	if home, ok := s.ByRoute["/"]; ok {
		if href, _, ok := s.ResolveLink(home, to); ok {
			return href
		}
	}
	return to
}

func sidebarItems(items []*content.SidebarItem) []SidebarItem {
	out := make([]SidebarItem, 0, len(items))
	for _, it := range items {
		switch it.Type {
		case "doc":
			out = append(out, SidebarLink{Type: "link", Label: it.Label, Href: it.Doc.Route})
		case "link":
			out = append(out, SidebarLink{Type: "link", Label: it.Label, Href: it.Href, External: isExternal(it.Href)})
		case "html":
			out = append(out, SidebarHTML{Type: "html", Value: it.Value, ClassName: it.ClassName})
		case "category":
			c := SidebarCategory{Type: "category", Label: it.Label, Collapsed: it.Collapsed, Collapsible: it.Collapsible, Items: sidebarItems(it.Items)}
			if it.Doc != nil {
				c.Href = it.Doc.Route
			}
			out = append(out, c)
		}
	}
	return out
}

func footer(s *content.Site, f *config.Footer) *Footer {
	out := &Footer{Style: f.Style, Copyright: f.Copyright, Columns: []FooterColumn{}, Links: []FooterLink{}}
	if out.Style == "" {
		out.Style = "light"
	}
	link := func(l config.FooterLink) FooterLink {
		href := l.Href
		if href == "" {
			href = siteHref(s, l.To)
		}
		return FooterLink{Label: l.Label, Href: href, External: isExternal(href)}
	}
	for _, l := range f.Links {
		if l.Title != "" {
			col := FooterColumn{Title: l.Title, Items: []FooterLink{}}
			for _, it := range l.Items {
				col.Items = append(col.Items, link(it))
			}
			out.Columns = append(out.Columns, col)
		} else {
			out.Links = append(out.Links, link(l))
		}
	}
	if l := f.Logo; l != nil {
		out.Logo = &FooterLogo{Alt: l.Alt, Src: l.Src, SrcDark: l.SrcDark, Href: l.Href, Width: l.Width, Height: l.Height}
	}
	return out
}
