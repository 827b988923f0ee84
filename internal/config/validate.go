package config

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// validate checks what site.yaml alone can tell (docs/behaviour.md, "Configuration errors"); checks that need the docs (doc ids,
// sidebars with nothing to link to) are made by CheckDocs once the content is loaded.
func (c *Config) validate() []error {
	var errs []error
	add := func(key, msg, fix string, path ...any) {
		errs = append(errs, &Error{File: c.File, Line: c.Line(path...), Key: key, Message: msg, Fix: fix})
	}
	if strings.TrimSpace(c.Title) == "" {
		add("title", "the site has no title", "set title: (for example 'Tezos Documentation')", "title")
	}
	if !strings.HasPrefix(c.BaseURL, "/") || !strings.HasSuffix(c.BaseURL, "/") {
		add("baseUrl", fmt.Sprintf("%q must start and end with '/'", c.BaseURL), "use '/' for a site served at the root", "baseUrl")
	}
	for _, loc := range c.I18n.Locales {
		lc := c.I18n.LocaleConfigs[loc] // defaults gave every locale one
		if lc.Direction != "ltr" && lc.Direction != "rtl" {
			add("i18n.localeConfigs."+loc+".direction", fmt.Sprintf("direction %q is not ltr or rtl", lc.Direction), "use ltr or rtl", "i18n", "localeConfigs", loc, "direction")
		}
		if lc.URL != "" && !isHTTPURL(lc.URL) {
			add("i18n.localeConfigs."+loc+".url", fmt.Sprintf("%q is not an absolute http(s) URL", lc.URL), "give the site's address in that locale, such as https://fr.docs.example.org, or leave url out", "i18n", "localeConfigs", loc, "url")
		}
		if lc.BaseURL != "" && (!strings.HasPrefix(lc.BaseURL, "/") || !strings.HasSuffix(lc.BaseURL, "/")) {
			add("i18n.localeConfigs."+loc+".baseUrl", fmt.Sprintf("%q must start and end with '/'", lc.BaseURL), "use a path such as /fr/, or leave baseUrl out", "i18n", "localeConfigs", loc, "baseUrl")
		}
	}
	if !slices.Contains(c.I18n.Locales, c.I18n.DefaultLocale) {
		add("i18n.defaultLocale", fmt.Sprintf("default locale %q is not in i18n.locales", c.I18n.DefaultLocale), "add it to i18n.locales", "i18n", "defaultLocale")
	}
	if _, ok := c.Docs.Versions[c.Docs.LastVersion]; !ok {
		add("docs.lastVersion", fmt.Sprintf("version %q is not in docs.versions", c.Docs.LastVersion), "name one of: "+c.versionNames(), "docs", "lastVersion")
	}
	for _, k := range []struct{ key, val string }{{"onBrokenLinks", c.Docs.OnBrokenLinks}, {"onBrokenAnchors", c.Docs.OnBrokenAnchors}, {"onBrokenMarkdownImages", c.Docs.OnBrokenMarkdownImages}} {
		if !slices.Contains([]string{"ignore", "log", "warn", "throw"}, k.val) {
			add("docs."+k.key, fmt.Sprintf("%q is not a valid setting", k.val), "use ignore, log, warn or throw", "docs", k.key)
		}
	}
	toc := c.ThemeConfig.TableOfContents
	if toc.MinHeadingLevel < 2 || toc.MaxHeadingLevel > 6 || toc.MinHeadingLevel > toc.MaxHeadingLevel {
		add("themeConfig.tableOfContents", fmt.Sprintf("levels %d–%d are out of range", toc.MinHeadingLevel, toc.MaxHeadingLevel),
			"use minHeadingLevel ≥ 2, maxHeadingLevel ≤ 6, min ≤ max", "themeConfig", "tableOfContents")
	}
	if m := c.ThemeConfig.ColorMode.DefaultMode; m != "light" && m != "dark" {
		add("themeConfig.colorMode.defaultMode", fmt.Sprintf("%q is not light or dark", m), "use light or dark", "themeConfig", "colorMode", "defaultMode")
	}
	if s := c.ThemeConfig.Navbar.Style; s != "primary" && s != "dark" {
		add("themeConfig.navbar.style", fmt.Sprintf("%q is not primary or dark", s), "use primary or dark", "themeConfig", "navbar", "style")
	}
	for i, it := range c.ThemeConfig.Navbar.Items {
		errs = append(errs, c.validateItem(it, fmt.Sprintf("themeConfig.navbar.items[%d]", i), []any{"themeConfig", "navbar", "items", i})...)
	}
	if img := c.ThemeConfig.Image; img != "" {
		if msg, fix := c.checkImage(img); msg != "" {
			add("themeConfig.image", msg, fix, "themeConfig", "image")
		}
	}
	for i, o := range c.ThemeConfig.Search.AllowedOrigins {
		if u, err := url.Parse(o); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.Trim(u.Path, "/") != "" || u.RawQuery != "" {
			add(fmt.Sprintf("themeConfig.search.allowedOrigins[%d]", i), fmt.Sprintf("%q is not an origin", o),
				"write a scheme and host with an optional port and no path, such as https://docs.example.org", "themeConfig", "search", "allowedOrigins", i)
		}
	}
	for i, css := range c.CustomCSS {
		p := filepath.Join(c.Dir, filepath.FromSlash(css))
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			add(fmt.Sprintf("customCss[%d]", i), fmt.Sprintf("the stylesheet %s does not exist", css), "give a CSS file's path relative to the site folder, such as src/css/custom.css", "customCss", i)
		}
	}
	if ab := c.ThemeConfig.AnnouncementBar; ab != nil && ab.ID == "" {
		add("themeConfig.announcementBar.id", "the announcement bar has no id", "set an id; changing it shows the bar again to readers who closed it", "themeConfig", "announcementBar")
	}
	return errs
}

func (c *Config) validateItem(it NavbarItem, key string, path []any) []error {
	var errs []error
	add := func(sub, msg, fix string) {
		p := path
		k := key
		if sub != "" {
			p = append(slices.Clone(path), sub)
			k = key + "." + sub
		}
		errs = append(errs, &Error{File: c.File, Line: c.Line(p...), Key: k, Message: msg, Fix: fix})
	}
	if !slices.Contains(NavbarItemTypes, it.Type) {
		add("type", fmt.Sprintf("unknown navbar item type %q", it.Type), "use one of: "+strings.Join(NavbarItemTypes, ", "))
		return errs
	}
	if it.Position != "left" && it.Position != "right" {
		add("position", fmt.Sprintf("position %q is not left or right", it.Position), "use left or right")
	}
	switch it.Type {
	case "default":
		if it.To == "" && it.Href == "" {
			add("", "a link item needs to: (a page of this site) or href: (an external URL)", "add to: or href:")
		}
	case "docSidebar":
		if it.SidebarID == "" {
			add("sidebarId", "a docSidebar item needs sidebarId", "name a sidebar from the sidebars file")
		}
	case "doc":
		if it.DocID == "" {
			add("docId", "a doc item needs docId", "name a doc id such as overview/index")
		}
	case "html":
		if it.Value == "" {
			add("value", "an html item needs value", "set value: to the HTML to show")
		}
	case "dropdown":
		if len(it.Items) == 0 {
			add("items", "a dropdown needs items", "add items: with links")
		}
		for i, sub := range it.Items {
			errs = append(errs, c.validateItem(sub, fmt.Sprintf("%s.items[%d]", key, i), append(slices.Clone(path), "items", i))...)
		}
	case "docsVersion":
		if it.Version != "" {
			if _, ok := c.Docs.Versions[it.Version]; !ok {
				add("version", fmt.Sprintf("version %q does not exist", it.Version), "name one of: "+c.versionNames())
			}
		}
	case "docsVersionDropdown":
		for i, v := range it.Versions {
			if _, ok := c.Docs.Versions[v]; !ok {
				errs = append(errs, &Error{File: c.File, Line: c.Line(append(slices.Clone(path), "versions", i)...), Key: fmt.Sprintf("%s.versions[%d]", key, i),
					Message: fmt.Sprintf("the version dropdown names version %q, which does not exist", v), Fix: "name one of: " + c.versionNames()})
			}
		}
	}
	return errs
}

// checkImage checks the default share image: an absolute http(s) URL, or a file under static/.
// It returns what is wrong and the fix, or "".
func (c *Config) checkImage(img string) (msg, fix string) {
	if strings.Contains(img, "://") || strings.HasPrefix(img, "//") {
		if !isHTTPURL(img) {
			return fmt.Sprintf("%q is not an absolute http(s) URL", img), "give a path under static/ (img/social-card.png) or an https:// URL"
		}
		return "", ""
	}
	rel := strings.TrimPrefix(img, "/")
	p := filepath.Join(c.Dir, "static", filepath.FromSlash(rel))
	if rel == "" || strings.Contains(rel, "..") {
		return fmt.Sprintf("%q is not a file under static/", img), "give a path under static/, such as img/social-card.png"
	}
	if st, err := os.Stat(p); err != nil || st.IsDir() {
		return fmt.Sprintf("the image %s does not exist", filepath.ToSlash(filepath.Join("static", rel))), "add the file (1200×630 pixels suits link previews) or fix the path"
	}
	return "", ""
}

// isHTTPURL tells whether s is an absolute http or https URL with a host.
func isHTTPURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

func (c *Config) versionNames() string {
	names := make([]string, 0, len(c.Docs.Versions))
	for n := range c.Docs.Versions {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// Line returns the line in site.yaml of the value at path (map keys as strings, sequence indexes as
// ints), or of the deepest part of path that exists; 0 when unknown.
func (c *Config) Line(path ...any) int {
	if c.root == nil || len(c.root.Content) == 0 {
		return 0
	}
	n := c.root.Content[0]
	line := n.Line
	for _, p := range path {
		var next *yaml.Node
		switch p := p.(type) {
		case string:
			if n.Kind == yaml.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					if n.Content[i].Value == p {
						line = n.Content[i].Line
						next = n.Content[i+1]
						break
					}
				}
			}
		case int:
			if n.Kind == yaml.SequenceNode && p < len(n.Content) {
				next = n.Content[p]
				line = next.Line
			}
		}
		if next == nil {
			return line
		}
		n = next
	}
	return line
}
