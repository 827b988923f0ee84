package sitebuild

import (
	"encoding/json"
	"fmt"
	"html"
	"strings"

	"tzdocs/internal/config"
	"tzdocs/internal/output"
)

// headMeta is what every page's head tells crawlers beyond the page's own data: the default share
// image, the locales, and the tags a DocSearch crawler reads. It comes from site.yaml alone.
// Its fields are exported so that it takes part in the render key: a change re-renders every page.
type headMeta struct {
	SiteName string
	// Origin is the site's URL and base path without the final slash (output.Origin).
	Origin string
	// Image is the absolute URL of the default share image, or "".
	Image string
	// Lang is the default locale's htmlLang; OGLocale and OGAlternates are the locales as
	// og:locale spells them ("en_US").
	Lang         string
	OGLocale     string
	OGAlternates []string
	// Alternates are the page's versions in every locale, when there are several.
	Alternates []localeAlternate
	// DocSearch's meta tags, equal to the search records' facets so that a crawler's records
	// filter as ours do.
	DocSearchLanguage, DocSearchVersion, DocSearchTag string
}

// localeAlternate is where a locale's version of every page lives: Prefix + route.
type localeAlternate struct {
	HrefLang string // htmlLang, or "x-default"
	Prefix   string
}

// newHeadMeta reads what the head needs from the configuration.
func newHeadMeta(cfg *config.Config) headMeta {
	h := headMeta{SiteName: cfg.Title, Origin: output.Origin(cfg.URL, cfg.BaseURL),
		DocSearchLanguage: recordLanguage, DocSearchVersion: recordVersion, DocSearchTag: recordTag}
	if cfg.ThemeConfig.Image != "" {
		h.Image = h.absolute(cfg.ThemeConfig.Image)
	}
	def := cfg.I18n.DefaultLocale
	h.Lang = localeConfig(cfg, def).HTMLLang
	h.OGLocale = ogLocale(h.Lang)
	if len(cfg.I18n.Locales) < 2 {
		return h
	}
	for _, loc := range cfg.I18n.Locales {
		lc := localeConfig(cfg, loc)
		siteURL, base := lc.URL, lc.BaseURL
		if siteURL == "" {
			siteURL = cfg.URL
		}
		if base == "" {
			base = cfg.BaseURL
			if loc != def {
				base += loc + "/" // where Docusaurus puts a locale's pages by default
			}
		}
		alt := localeAlternate{HrefLang: lc.HTMLLang, Prefix: output.Origin(siteURL, base)}
		h.Alternates = append(h.Alternates, alt)
		if loc == def {
			h.Alternates = append(h.Alternates, localeAlternate{HrefLang: "x-default", Prefix: alt.Prefix})
		} else {
			h.OGAlternates = append(h.OGAlternates, ogLocale(lc.HTMLLang))
		}
	}
	return h
}

// localeConfig is a locale's configuration, with its name as htmlLang when it has none.
func localeConfig(cfg *config.Config, loc string) config.LocaleConfig {
	lc := cfg.I18n.LocaleConfigs[loc]
	if lc.HTMLLang == "" {
		lc.HTMLLang = loc
	}
	return lc
}

// ogLocale spells a language tag as Open Graph does: "en-US" → "en_US".
func ogLocale(lang string) string { return strings.ReplaceAll(lang, "-", "_") }

// absolute makes an image path of the site (under static/, with or without a leading slash) an
// absolute URL, as link previews need; absolute URLs are kept.
func (h *headMeta) absolute(u string) string {
	if strings.Contains(u, "://") || strings.HasPrefix(u, "//") {
		return u
	}
	return h.Origin + "/" + strings.TrimPrefix(u, "/")
}

// pageImage is the share image of a page: its front matter's, else the site's default.
func (h *headMeta) pageImage(p *output.PageData) string {
	if p.Image != "" {
		return h.absolute(p.Image)
	}
	return h.Image
}

// write adds the head's locale, alternate and DocSearch tags, and a doc page's structured data.
func (h *headMeta) write(b *strings.Builder, p *output.PageData, canonical string) {
	esc := html.EscapeString
	if h.OGLocale != "" {
		fmt.Fprintf(b, "<meta property=\"og:locale\" content=\"%s\">\n", esc(h.OGLocale))
	}
	for _, l := range h.OGAlternates {
		fmt.Fprintf(b, "<meta property=\"og:locale:alternate\" content=\"%s\">\n", esc(l))
	}
	if p.Kind == "notfound" {
		return
	}
	for _, a := range h.Alternates {
		fmt.Fprintf(b, "<link rel=\"alternate\" hreflang=\"%s\" href=\"%s\">\n", esc(a.HrefLang), esc(a.Prefix+p.Route))
	}
	fmt.Fprintf(b, "<meta name=\"docsearch:language\" content=\"%s\">\n", esc(h.DocSearchLanguage))
	if p.Kind != "doc" {
		return
	}
	fmt.Fprintf(b, "<meta name=\"docsearch:version\" content=\"%s\">\n<meta name=\"docsearch:docusaurus_tag\" content=\"%s\">\n",
		esc(h.DocSearchVersion), esc(h.DocSearchTag))
	// One script for both, as a graph: a doc page's first load counts every script it carries.
	graph := []any{h.article(p, canonical)}
	if crumbs := h.breadcrumbs(p, canonical); crumbs != nil {
		graph = append(graph, crumbs)
	}
	writeJSONLD(b, map[string]any{"@context": "https://schema.org", "@graph": graph})
}

// writeJSONLD writes v as a JSON-LD script. encoding/json escapes <, > and & (and U+2028/9), so
// no text from a page can end the script element; browsers do not run the script's content, so
// the content security policy needs no hash for it.
func writeJSONLD(b *strings.Builder, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return // maps of strings always marshal
	}
	b.WriteString("<script type=\"application/ld+json\">")
	b.Write(data)
	b.WriteString("</script>\n")
}

// article is a doc page as a schema.org TechArticle.
func (h *headMeta) article(p *output.PageData, canonical string) map[string]any {
	a := map[string]any{
		"@type":    "TechArticle",
		"headline": p.Title, "url": canonical, "inLanguage": h.Lang,
		"isPartOf": map[string]string{"@type": "WebSite", "name": h.SiteName, "url": h.Origin + "/"},
	}
	if p.Description != "" {
		a["description"] = p.Description
	}
	if p.LastUpdated != "" {
		a["dateModified"] = p.LastUpdated
	}
	if img := h.pageImage(p); img != "" {
		a["image"] = img
	}
	if len(p.Keywords) > 0 {
		a["keywords"] = strings.Join(p.Keywords, ", ")
	}
	return a
}

// breadcrumbs is a doc page's breadcrumb trail as a schema.org BreadcrumbList: the linked
// categories above the page, then the page. nil when the page has no trail (no sidebar).
func (h *headMeta) breadcrumbs(p *output.PageData, canonical string) map[string]any {
	if len(p.Breadcrumbs) == 0 {
		return nil
	}
	var items []map[string]any
	add := func(name, url string) {
		items = append(items, map[string]any{"@type": "ListItem", "position": len(items) + 1, "name": name, "item": url})
	}
	for _, c := range p.Breadcrumbs[:len(p.Breadcrumbs)-1] {
		if c.Href != "" && !strings.Contains(c.Href, "://") { // a category without a page has no URL to give
			add(c.Label, h.Origin+c.Href)
		}
	}
	add(p.Breadcrumbs[len(p.Breadcrumbs)-1].Label, canonical)
	return map[string]any{"@type": "BreadcrumbList", "itemListElement": items}
}
