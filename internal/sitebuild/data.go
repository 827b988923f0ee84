package sitebuild

import (
	"strings"

	"tzdocs/internal/config"
	"tzdocs/internal/content"
	"tzdocs/internal/output"
)

func isExternal(href string) bool {
	return strings.HasPrefix(href, "http://") || strings.HasPrefix(href, "https://") || strings.HasPrefix(href, "//")
}

// siteData resolves the configuration and sidebars into what the client renders.
func siteData(s *content.Site) output.SiteData {
	cfg := s.Config
	t := cfg.ThemeConfig
	lc := cfg.I18n.LocaleConfigs[cfg.I18n.DefaultLocale]
	sd := output.SiteData{
		Title: cfg.Title, Tagline: cfg.Tagline, URL: cfg.URL, BaseURL: cfg.BaseURL, Favicon: cfg.Favicon,
		Lang: lc.HTMLLang, Dir: lc.Direction,
		Navbar: output.Navbar{Title: t.Navbar.Title, Logo: output.NavLogo{Alt: t.Navbar.Logo.Alt, Src: t.Navbar.Logo.Src, Href: t.Navbar.Logo.Href},
			HideOnScroll: t.Navbar.HideOnScroll, Style: t.Navbar.Style, Items: output.NavItems{}},
		Sidebars:  map[string]output.SidebarItems{},
		ColorMode: output.ColorMode(t.ColorMode),
		Search: output.SearchConfig{IndexName: t.Search.IndexName, SearchPagePath: t.Search.SearchPagePath, HitsPerPage: t.Search.HitsPerPage,
			MaxResultsPerGroup: t.Search.MaxResultsPerGroup, MissingResultsURL: t.Search.MissingResultsURL, ExternalURLRegex: t.Search.ExternalURLRegex,
			Replicas: t.Search.Replicas, AllowedOrigins: t.Search.AllowedOrigins},
		AskAI: output.AskAIConfig{Enabled: t.AskAI.Enabled, AssistantID: t.AskAI.AssistantID, SuggestedQuestions: t.AskAI.SuggestedQuestions,
			SuggestedQuestionsIndex: t.AskAI.SuggestedQuestionsIndex, Disclaimer: t.AskAI.Disclaimer},
		Chatbot: output.ChatbotConfig(t.Chatbot),
	}
	if sd.AskAI.AssistantID == "" {
		sd.AskAI.AssistantID = output.DefaultAssistantID
	}
	if ab := t.AnnouncementBar; ab != nil {
		sd.AnnouncementBar = &output.AnnouncementBar{ID: ab.ID, Content: ab.Content, IsCloseable: ab.IsCloseable}
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

// navItem resolves a configured navbar item; ok is false for an item that renders nothing.
func navItem(s *content.Site, it config.NavbarItem) (item output.NavItem, ok bool) {
	link := output.NavLinkItem{Type: "link", Label: it.Label, Position: it.Position}
	switch it.Type {
	case "default":
		link.Href = it.Href
		if link.Href == "" {
			link.Href = siteHref(s, it.To)
		}
		link.External = isExternal(link.Href)
	case "docSidebar":
		d := s.FirstDoc(it.SidebarID)
		if d == nil {
			return nil, false
		}
		link.Href, link.ActiveSidebar = d.Route, it.SidebarID
		if link.Label == "" {
			link.Label = d.Label
		}
	case "doc":
		d, ok := s.ByID[it.DocID]
		if !ok {
			return nil, false // a draft: renders nothing
		}
		link.Href = d.Route
		if link.Label == "" {
			link.Label = d.Label
		}
	case "docsVersion":
		v := s.Config.Docs.Versions[s.Config.Docs.LastVersion]
		if it.Version != "" {
			v = s.Config.Docs.Versions[it.Version]
		}
		link.Href = v.Path
		if link.Label == "" {
			link.Label = v.Label
		}
	case "docsVersionDropdown", "localeDropdown", "dropdown":
		return navDropdown(s, it), true
	case "html":
		return output.NavHTMLItem{Type: "html", Value: it.Value, Position: it.Position}, true
	case "search":
		return output.NavSearchItem{Type: "search", Position: it.Position}, true
	}
	return link, true
}

// navDropdown resolves a dropdown: a docs version or locale dropdown, or one of configured links.
func navDropdown(s *content.Site, it config.NavbarItem) output.NavDropdownItem {
	dd := output.NavDropdownItem{Type: "dropdown", Label: it.Label, Position: it.Position, Items: []output.NavLinkItem{}}
	switch it.Type {
	case "docsVersionDropdown":
		names := it.Versions
		if len(names) == 0 {
			names = []string{s.Config.Docs.LastVersion}
		}
		for _, n := range names {
			v := s.Config.Docs.Versions[n]
			// The docs folder is version "current" (as in Docusaurus); it is the one the site holds.
			dd.Items = append(dd.Items, output.NavLinkItem{Type: "link", Label: v.Label, Href: v.Path, Position: it.Position, Version: n, SameDoc: n == "current"})
		}
		if dd.Label == "" {
			dd.Label = s.Config.Docs.Versions[s.Config.Docs.LastVersion].Label
		}
		dd.MobileLabel = "Versions"
	case "localeDropdown":
		for _, loc := range s.Config.I18n.Locales {
			lc := s.Config.I18n.LocaleConfigs[loc]
			dd.Items = append(dd.Items, output.NavLinkItem{Type: "link", Label: lc.Label, Href: s.Config.BaseURL, Position: it.Position})
		}
		if dd.Label == "" {
			dd.Label = s.Config.I18n.LocaleConfigs[s.Config.I18n.DefaultLocale].Label
		}
		dd.MobileLabel = "Languages"
	default:
		for _, sub := range it.Items {
			if si, ok := navItem(s, sub); ok {
				if l, isLink := si.(output.NavLinkItem); isLink {
					dd.Items = append(dd.Items, l)
				}
			}
		}
	}
	return dd
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

func sidebarItems(items []*content.SidebarItem) output.SidebarItems {
	out := make(output.SidebarItems, 0, len(items))
	for _, it := range items {
		switch it.Type {
		case "doc":
			out = append(out, output.SidebarLink{Type: "link", Label: it.Label, Href: it.Doc.Route})
		case "link":
			out = append(out, output.SidebarLink{Type: "link", Label: it.Label, Href: it.Href, External: isExternal(it.Href)})
		case "html":
			out = append(out, output.SidebarHTML{Type: "html", Value: it.Value, ClassName: it.ClassName})
		case "category":
			c := output.SidebarCategory{Type: "category", Label: it.Label, Collapsed: it.Collapsed, Collapsible: it.Collapsible, Items: sidebarItems(it.Items)}
			if it.Doc != nil {
				c.Href = it.Doc.Route
			}
			out = append(out, c)
		}
	}
	return out
}

func footer(s *content.Site, f *config.Footer) *output.Footer {
	out := &output.Footer{Style: f.Style, Copyright: f.Copyright, Columns: []output.FooterColumn{}, Links: []output.FooterLink{}}
	if out.Style == "" {
		out.Style = "light"
	}
	link := func(l config.FooterLink) output.FooterLink {
		href := l.Href
		if href == "" {
			href = siteHref(s, l.To)
		}
		return output.FooterLink{Label: l.Label, Href: href, External: isExternal(href)}
	}
	for _, l := range f.Links {
		if l.Title != "" {
			col := output.FooterColumn{Title: l.Title, Items: []output.FooterLink{}}
			for _, it := range l.Items {
				col.Items = append(col.Items, link(it))
			}
			out.Columns = append(out.Columns, col)
		} else {
			out.Links = append(out.Links, link(l))
		}
	}
	if l := f.Logo; l != nil {
		out.Logo = &output.FooterLogo{Alt: l.Alt, Src: l.Src, SrcDark: l.SrcDark, Href: l.Href, Width: l.Width, Height: l.Height}
	}
	return out
}
