package config

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// mapper turns an evaluated Docusaurus configuration into a site.yaml tree, noting what it leaves
// out. Lines are found in the configuration's source by looking for the option's keys in order.
type mapper struct {
	file    string
	siteDir string
	src     string
	report  []Unsupported
	unbuilt []string // see Config.Unbuilt
	// docsOpts are the options of the docs plugin (nil for its defaults).
	docsOpts map[string]any
}

func newMapper(file, src string) *mapper {
	return &mapper{file: file, siteDir: filepath.Dir(file), src: src}
}

// line finds the line of an option: each key of path is looked for after the previous one, as
// `key:` or `'key':`; a key not found is skipped. 0 when none is found.
func (m *mapper) line(path ...string) int {
	pos, found := 0, false
	for _, k := range path {
		if k == "" {
			continue
		}
		if i := m.find(pos, k); i >= 0 {
			pos, found = i, true
		}
	}
	if !found {
		return 0
	}
	return strings.Count(m.src[:pos], "\n") + 1
}

var keyPatterns = map[string]*regexp.Regexp{}

func (m *mapper) find(from int, key string) int {
	re, ok := keyPatterns[key]
	if !ok {
		q := regexp.QuoteMeta(key)
		re = regexp.MustCompile(`(?:\b` + q + `\s*:|['"]` + q + `['"]\s*:?|\b` + q + `\b)`)
		keyPatterns[key] = re
	}
	loc := re.FindStringIndex(m.src[from:])
	if loc == nil {
		return -1
	}
	return from + loc[0]
}

// notBuilt notes the routes of a part of the site tzdocs does not build, and returns what the
// report says about links into it.
func (m *mapper) notBuilt(routes ...string) string {
	var named []string
	for _, route := range routes {
		r := path.Join("/", route)
		if r == "/" {
			continue // the whole site: links stay checked
		}
		m.unbuilt = append(m.unbuilt, r)
		named = append(named, r)
	}
	if len(named) == 0 {
		return ""
	}
	return "; links into " + strings.Join(named, ", ") + " are kept as written and not checked"
}

// routeOption is the string option k of o as a route base, or def.
func routeOption(o map[string]any, k, def string) string {
	if s, ok := o[k].(string); ok {
		return s
	}
	return def
}

// leaveOut notes an option tzdocs does not use.
func (m *mapper) leaveOut(option, instead string, path ...string) {
	m.report = append(m.report, Unsupported{Option: option, File: m.file, Line: m.line(path...), Instead: instead})
}

// A small builder for YAML mappings that keeps the order options are written in.

func mapping(line int) *yaml.Node {
	return &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: line}
}

func put(parent *yaml.Node, key string, v *yaml.Node) {
	if v == nil {
		return
	}
	for i := 0; i+1 < len(parent.Content); i += 2 {
		if parent.Content[i].Value == key {
			parent.Content[i+1] = v
			return
		}
	}
	parent.Content = append(parent.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key, Line: v.Line}, v)
}

func has(parent *yaml.Node, key string) bool {
	for i := 0; i+1 < len(parent.Content); i += 2 {
		if parent.Content[i].Value == key {
			return true
		}
	}
	return false
}

func child(parent *yaml.Node, key string, line int) *yaml.Node {
	for i := 0; i+1 < len(parent.Content); i += 2 {
		if parent.Content[i].Value == key {
			return parent.Content[i+1]
		}
	}
	n := mapping(line)
	put(parent, key, n)
	return n
}

// value converts plain JSON data to a node; markers of functions and packages give nil.
func value(v any, line int) *yaml.Node {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: x, Line: line}
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(x), Line: line}
	case float64:
		if x == float64(int64(x)) {
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(int64(x), 10), Line: line}
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: strconv.FormatFloat(x, 'g', -1, 64), Line: line}
	case []any:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: line}
		for _, e := range x {
			if c := value(e, line); c != nil {
				n.Content = append(n.Content, c)
			}
		}
		return n
	case map[string]any:
		if marker(x) != "" {
			return nil
		}
		n := mapping(line)
		for _, k := range sortedKeys(x) {
			put(n, k, value(x[k], line))
		}
		return n
	}
	return nil
}

// marker names what a marker object of the evaluation stands for: a package ("remark-math"), a
// function ("function myPlugin"); "" for plain data.
func marker(v any) string {
	o, ok := v.(map[string]any)
	if !ok {
		return ""
	}
	if s, ok := o["$module"].(string); ok {
		return s
	}
	if s, ok := o["$function"].(string); ok {
		return "function " + s
	}
	if s, ok := o["$regexp"].(string); ok {
		return "/" + s + "/"
	}
	return ""
}

func sortedKeys(o map[string]any) []string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// describe names a plugin, theme or preset entry: a package name, a function, or the first of a
// [name, options] pair.
func describe(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		if len(x) > 0 {
			return describe(x[0])
		}
	}
	if s := marker(v); s != "" {
		return s
	}
	return "an inline plugin"
}

// options returns the options object of a [name, options] entry.
func options(v any) map[string]any {
	if x, ok := v.([]any); ok && len(x) > 1 {
		o, _ := x[1].(map[string]any)
		return o
	}
	return nil
}

// sitePath turns a path of the configuration (absolute, from require.resolve or path.join with
// __dirname, or relative to the site folder) into one relative to the site folder.
func (m *mapper) sitePath(p string) string {
	if filepath.IsAbs(p) {
		if abs, err := filepath.Abs(m.siteDir); err == nil {
			if rel, err := filepath.Rel(abs, p); err == nil {
				return filepath.ToSlash(rel)
			}
		}
		return p
	}
	return strings.TrimPrefix(filepath.ToSlash(filepath.Clean(p)), "./")
}

// site maps the whole configuration.
func (m *mapper) site(c map[string]any) *yaml.Node {
	root := mapping(1)
	for _, k := range []string{"title", "tagline", "url", "baseUrl", "favicon"} {
		put(root, k, value(str(c[k]), m.line(k)))
	}
	docs := mapping(m.line("presets"))
	md := mapping(m.line("markdown"))
	theme := mapping(m.line("themeConfig"))
	var customCSS []string
	for _, k := range sortedKeys(c) {
		v := c[k]
		switch k {
		case "title", "tagline", "url", "baseUrl", "favicon":
		case "i18n":
			m.i18n(root, v)
		case "onBrokenLinks", "onBrokenAnchors":
			put(docs, k, value(str(v), m.line(k)))
		case "onBrokenMarkdownLinks", "organizationName", "projectName", "deploymentBranch", "githubHost", "githubPort",
			"future", "onDuplicateRoutes", "baseUrlIssueBanner", "customFields", "themes", "plugins", "presets", "themeConfig", "markdown":
			// Read below, or of no use here: where GitHub Pages deploys, how Docusaurus builds.
		case "trailingSlash":
			if b, ok := v.(bool); ok && b {
				m.leaveOut(k, "routes keep their own form: /a/b for a file, /a/ for a folder's index", k)
			}
		case "noIndex":
			if b, ok := v.(bool); ok && b {
				m.leaveOut(k, "pages carry no robots noindex meta tag", k)
			}
		case "titleDelimiter":
			if s, _ := v.(string); s != "|" {
				m.leaveOut(k, "page titles are joined with ' | '", k)
			}
		case "staticDirectories":
			if a, ok := v.([]any); !ok || len(a) != 1 || a[0] != "static" {
				m.leaveOut(k, "only static/ is published", k)
			}
		case "scripts", "headTags", "clientModules":
			m.leaveOut(k, "not added to pages: the content security policy allows only the site's own scripts", k)
		case "stylesheets":
			m.leaveOut(k, "not linked; list the site's own CSS in customCss", k)
		case "webpack", "ssrTemplate", "storage":
			m.leaveOut(k, "no effect: tzdocs builds and renders pages itself", k)
		default:
			m.leaveOut(k, "not a Docusaurus option tzdocs knows; ignored", k)
		}
	}
	if cf, ok := c["customFields"].(map[string]any); ok {
		put(root, "customFields", value(cf, m.line("customFields")))
	}
	m.markdown(md, docs, c["markdown"])
	for i, p := range list(c["presets"]) {
		name := describe(p)
		where := fmt.Sprintf("presets[%d]", i)
		opts := options(p)
		if !isClassic(name) {
			if _, docsLike := opts["docs"]; !docsLike {
				m.leaveOut(where+" ("+name+")", "preset not run; tzdocs's own theme, docs and pages are used", "presets", name)
				continue
			}
			// A preset that wraps the classic one takes its options: read them as the classic's.
			m.leaveOut(where+" ("+name+")", "read as the classic preset: its docs, pages and theme options are used, anything it adds is not", "presets", name)
		}
		for _, k := range sortedKeys(opts) {
			v := opts[k]
			switch k {
			case "docs":
				if v == false {
					m.leaveOut(where+".docs", "tzdocs always builds the docs folder", "presets", "docs")
					continue
				}
				o, _ := v.(map[string]any)
				m.docs(docs, md, o, where+".docs")
			case "pages":
				o, _ := v.(map[string]any)
				m.pages(docs, o, where+".pages")
			case "blog":
				if v != false {
					o, _ := v.(map[string]any)
					m.leaveOut(where+".blog", "the blog is not built: its posts have no pages"+m.notBuilt(routeOption(o, "routeBasePath", "blog")), "presets", "blog")
				}
			case "theme":
				o, _ := v.(map[string]any)
				for _, tk := range sortedKeys(o) {
					if tk == "customCss" {
						for i, css := range list(o[tk]) {
							s, ok := css.(string)
							switch {
							case !ok:
							case strings.HasSuffix(s, ".scss") || strings.HasSuffix(s, ".sass"):
								m.leaveOut(fmt.Sprintf("%s.theme.customCss[%d] (%s)", where, i, m.sitePath(s)), "Sass is not compiled: the stylesheet is not linked", "customCss")
							default:
								customCSS = append(customCSS, m.sitePath(s))
							}
						}
						continue
					}
					m.leaveOut(where+".theme."+tk, "not used by tzdocs's theme", "presets", "theme", tk)
				}
			case "googleTagManager":
				if o, ok := v.(map[string]any); ok {
					put(child(theme, "tagManager", m.line("googleTagManager")), "containerId", value(str(o["containerId"]), m.line("googleTagManager", "containerId")))
				}
			case "sitemap", "svgr", "debug":
				// tzdocs writes sitemap.xml itself; SVG imports and the debug pages are Docusaurus's.
			default:
				m.leaveOut(where+"."+k, "not used: no analytics or other plugin of the preset runs", "presets", k)
			}
		}
		if _, set := opts["blog"]; !set && m.isDir("blog") {
			// The classic preset's blog is on unless blog: false, and reads blog/.
			m.leaveOut(where+".blog (not set)", "the blog in blog/ is not built: its posts have no pages"+m.notBuilt("blog"), "presets")
		}
	}
	for i, p := range list(c["plugins"]) {
		name := describe(p)
		switch {
		case strings.HasSuffix(name, "plugin-image-zoom"):
			if o := options(p); o != nil {
				m.leaveOut(fmt.Sprintf("plugins[%d] (%s)", i, name), "image zoom is built in: set themeConfig.zoom.selector", "plugins", name)
			}
		case strings.HasSuffix(name, "plugin-content-docs") && (options(p)["id"] == nil || options(p)["id"] == "default"):
			m.docs(docs, md, options(p), fmt.Sprintf("plugins[%d]", i))
		case strings.HasSuffix(name, "plugin-content-docs"):
			m.leaveOut(fmt.Sprintf("plugins[%d] (%s)", i, name), pluginInstead(name)+m.notBuilt(routeOption(options(p), "routeBasePath", "docs")), "plugins", pluginKey(p, name))
		case strings.HasSuffix(name, "plugin-content-blog"):
			m.leaveOut(fmt.Sprintf("plugins[%d] (%s)", i, name), pluginInstead(name)+m.notBuilt(routeOption(options(p), "routeBasePath", "blog")), "plugins", pluginKey(p, name))
		default:
			m.leaveOut(fmt.Sprintf("plugins[%d] (%s)", i, name), pluginInstead(name), "plugins", pluginKey(p, name))
		}
	}
	for i, t := range list(c["themes"]) {
		name := describe(t)
		switch {
		case strings.HasSuffix(name, "theme-mermaid"):
			put(md, "mermaid", value(true, m.line("themes", name)))
		case strings.HasSuffix(name, "theme-classic"):
		case strings.Contains(name, "search"):
			m.leaveOut(fmt.Sprintf("themes[%d] (%s)", i, name), "tzdocs's own search answers instead", "themes", name)
		default:
			m.leaveOut(fmt.Sprintf("themes[%d] (%s)", i, name), "theme not used: tzdocs's own theme renders every page", "themes", name)
		}
	}
	if len(customCSS) > 0 {
		put(root, "customCss", value(toAny(customCSS), m.line("customCss")))
	}
	if tc, ok := c["themeConfig"].(map[string]any); ok {
		m.themeConfig(theme, tc)
	}
	if !has(docs, "sidebarPath") && !m.hasSidebarsFile() {
		m.leaveOut("docs.sidebarPath (not set)", "Docusaurus makes one sidebar of the whole docs folder; here the docs have no sidebar: add sidebars.js with {docs: [{type: 'autogenerated', dirName: '.'}]}", "presets", "docs")
	}
	m.versioned() // last: the one entry of another file
	// Docusaurus's defaults where they differ from site.yaml's: docs under /docs, pages in src/pages.
	if !has(docs, "routeBasePath") {
		put(docs, "routeBasePath", value("/docs", docs.Line))
	}
	if !has(docs, "pagesPath") {
		put(docs, "pagesPath", value("src/pages", docs.Line))
	}
	if len(md.Content) > 0 {
		put(root, "markdown", md)
	}
	if len(docs.Content) > 0 {
		put(root, "docs", docs)
	}
	if len(theme.Content) > 0 {
		put(root, "themeConfig", theme)
	}
	return &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{root}, Line: 1}
}

// hasSidebarsFile reports whether the site folder has a sidebars file tzdocs finds by itself.
func (m *mapper) hasSidebarsFile() bool {
	for _, name := range []string{"sidebars.yaml", "sidebars.js", "sidebars.ts", "sidebars.cjs", "sidebars.mjs"} {
		if _, err := os.Stat(filepath.Join(m.siteDir, name)); err == nil {
			return true
		}
	}
	return false
}

func isClassic(name string) bool {
	return name == "classic" || strings.HasSuffix(name, "preset-classic") || name == "docusaurus-preset-classic"
}

func pluginKey(p any, name string) string {
	if strings.HasPrefix(name, "function ") {
		return strings.TrimPrefix(name, "function ")
	}
	return name
}

// pluginInstead says what a site loses with a plugin that does not run.
func pluginInstead(name string) string {
	switch {
	case strings.Contains(name, "sass"):
		return "not run: .scss files are not compiled; write the styles in customCss"
	case strings.Contains(name, "ideal-image"):
		return "not run: images are copied as they are, with their width and height"
	case strings.Contains(name, "client-redirects"):
		return "not run: the redirects are not written"
	case strings.Contains(name, "content-docs"):
		return "not run: only one docs folder is built"
	case strings.Contains(name, "content-blog"):
		return "not run: the blog is not built"
	case strings.Contains(name, "pwa"):
		return "not run: no service worker or manifest"
	case strings.Contains(name, "google") || strings.Contains(name, "analytics") || strings.Contains(name, "gtag"):
		return "not run: no third-party script is loaded (themeConfig.tagManager.containerId sets a Tag Manager)"
	}
	return "not run: what it adds to the site is left out"
}

func (m *mapper) i18n(root *yaml.Node, v any) {
	o, _ := v.(map[string]any)
	n := mapping(m.line("i18n"))
	for _, k := range sortedKeys(o) {
		switch k {
		case "defaultLocale":
			put(n, k, value(str(o[k]), m.line("i18n", k)))
		case "locales":
			put(n, k, value(o[k], m.line("i18n", k)))
		case "localeConfigs":
			lc := mapping(m.line("i18n", k))
			configs, _ := o[k].(map[string]any)
			for _, loc := range sortedKeys(configs) {
				c, _ := configs[loc].(map[string]any)
				one := mapping(m.line("i18n", k, loc))
				for _, f := range sortedKeys(c) {
					switch f {
					case "label", "direction", "htmlLang", "calendar", "path", "url", "baseUrl", "translate":
						put(one, f, value(c[f], m.line("i18n", k, loc, f)))
					default:
						m.leaveOut("i18n.localeConfigs."+loc+"."+f, "not used", "i18n", k, loc, f)
					}
				}
				put(lc, loc, one)
			}
			put(n, k, lc)
		case "path":
			m.leaveOut("i18n.path", "translations are not read: the site is built in its default locale", "i18n", k)
		}
	}
	put(root, "i18n", n)
}

func (m *mapper) markdown(md, docs *yaml.Node, v any) {
	o, _ := v.(map[string]any)
	for _, k := range sortedKeys(o) {
		switch k {
		case "mermaid":
			put(md, k, value(o[k], m.line("markdown", k)))
		case "format":
			if s, _ := o[k].(string); s == "md" {
				m.leaveOut("markdown.format", "every page is read as MDX, as .mdx files are", "markdown", k)
			}
		case "mdx1Compat":
		case "hooks":
			h, _ := o[k].(map[string]any)
			if s, ok := h["onBrokenMarkdownImages"].(string); ok {
				put(docs, "onBrokenMarkdownImages", value(s, m.line("markdown", "onBrokenMarkdownImages")))
			}
		case "anchors":
			if a, _ := o[k].(map[string]any); a["maintainCase"] == true {
				m.leaveOut("markdown.anchors.maintainCase", "heading ids are lower-cased", "markdown", "maintainCase")
			}
		default:
			m.leaveOut("markdown."+k, "no effect: tzdocs reads Markdown itself", "markdown", k)
		}
	}
}

// versioned reports the versions of the docs versions.json lists: tzdocs builds the docs folder
// alone, where Docusaurus serves the last version, and the other versions not at all.
func (m *mapper) versioned() {
	file := filepath.Join(m.siteDir, "versions.json")
	data, err := os.ReadFile(file)
	if err != nil {
		return
	}
	var names []string
	if json.Unmarshal(data, &names) != nil || len(names) == 0 {
		m.report = append(m.report, Unsupported{Option: "versions.json", File: file, Line: 1, Instead: "not a list of version names: ignored"})
		return
	}
	o := m.docsOpts
	base := routeOption(o, "routeBasePath", "docs")
	last := names[0]
	if s, ok := o["lastVersion"].(string); ok {
		last = s
	}
	vs, _ := o["versions"].(map[string]any)
	route := func(name, def string) string {
		if v, ok := vs[name].(map[string]any); ok {
			if p, ok := v["path"].(string); ok {
				return path.Join("/", base, p)
			}
		}
		return path.Join("/", base, def)
	}
	var others, routes []string
	for _, n := range names {
		if n != last {
			others = append(others, n)
			routes = append(routes, route(n, n))
		}
	}
	instead := fmt.Sprintf("only the docs folder is built, at %s", path.Join("/", base))
	if last != "current" {
		instead += fmt.Sprintf(", where Docusaurus serves version %s (versioned_docs/version-%s)", last, last)
		if o["includeCurrentVersion"] != false {
			routes = append(routes, route("current", "next"))
		}
	}
	if len(others) > 0 {
		instead += fmt.Sprintf("; versions %s are not built", strings.Join(others, ", "))
	}
	m.report = append(m.report, Unsupported{Option: fmt.Sprintf("versions.json (%s)", strings.Join(names, ", ")), File: file, Line: 1,
		Instead: instead + m.notBuilt(routes...)})
}

// isDir reports whether the site folder has the folder name.
func (m *mapper) isDir(name string) bool {
	st, err := os.Stat(filepath.Join(m.siteDir, name))
	return err == nil && st.IsDir()
}

// docs maps the options of the docs plugin (the classic preset's docs, or the plugin itself).
func (m *mapper) docs(docs, md *yaml.Node, o map[string]any, where string) {
	m.docsOpts = o
	for _, k := range sortedKeys(o) {
		v := o[k]
		line := m.line("docs", k)
		switch k {
		case "path", "sidebarPath":
			if s, ok := v.(string); ok {
				put(docs, k, value(m.sitePath(s), line))
			} else if v == false && k == "sidebarPath" {
				m.leaveOut(where+".sidebarPath", "no sidebars file: docs are shown without a sidebar", "docs", k)
			}
		case "routeBasePath":
			s, _ := v.(string)
			if !strings.HasPrefix(s, "/") {
				s = "/" + s
			}
			put(docs, k, value(s, line))
		case "editUrl":
			if s, ok := v.(string); ok {
				put(docs, k, value(s, line))
			} else {
				m.leaveOut(where+".editUrl", "a function is not supported: pages have no edit link; give a URL string", "docs", k)
			}
		case "showLastUpdateTime":
			put(docs, k, value(v, line))
		case "remarkPlugins", "rehypePlugins", "beforeDefaultRemarkPlugins", "beforeDefaultRehypePlugins":
			for i, p := range list(v) {
				name := describe(p)
				switch {
				case strings.HasSuffix(name, "remark-math"):
					put(md, "math", value(true, m.line(k, "remark-math")))
				case strings.HasSuffix(name, "rehype-katex"), strings.HasSuffix(name, "rehype-mathjax"):
				default:
					m.leaveOut(fmt.Sprintf("%s.%s[%d] (%s)", where, k, i, name), "not run: the Markdown is read without it", k, name)
				}
			}
		case "admonitions":
			a, _ := v.(map[string]any)
			n := mapping(line)
			if kw, ok := a["keywords"]; ok {
				put(n, "keywords", value(kw, m.line("admonitions", "keywords")))
			}
			if ext, ok := a["extendDefaults"]; ok {
				put(n, "extendDefaults", value(ext, m.line("admonitions", "extendDefaults")))
			}
			put(docs, k, n)
		case "lastVersion":
			if s, _ := v.(string); s != "current" {
				m.leaveOut(where+".lastVersion", "only the current docs are built", "docs", k)
			}
		case "versions":
			vs, _ := v.(map[string]any)
			for _, name := range sortedKeys(vs) {
				if name != "current" {
					m.leaveOut(where+".versions."+name, "only the current docs are built", "versions", name)
				}
			}
			if cur, ok := vs["current"].(map[string]any); ok {
				n := mapping(m.line("versions", "current"))
				put(n, "label", value(cur["label"], m.line("versions", "current", "label")))
				if p, ok := cur["path"].(string); ok {
					put(n, "path", value("/"+strings.TrimPrefix(p, "/"), m.line("versions", "current", "path")))
				}
				put(child(docs, "versions", line), "current", n)
			}
		case "includeCurrentVersion", "onlyIncludeVersions", "disableVersioning":
		case "sidebarCollapsible", "sidebarCollapsed", "breadcrumbs", "numberPrefixParser", "showLastUpdateAuthor",
			"include", "exclude", "id", "editLocalizedFiles", "editCurrentVersion", "tags", "onInlineTags",
			"docItemComponent", "docRootComponent", "docVersionRootComponent", "docTagDocListComponent",
			"docTagsListComponent", "docCategoryGeneratedIndexComponent", "sidebarItemsGenerator", "admonitionsComponent",
			"remarkRehypeOptions", "async", "tagsBasePath", "versionsBasePath":
			if k == "id" && (v == "default" || v == nil) {
				continue
			}
			m.leaveOut(where+"."+k, "not supported: tzdocs's defaults apply", "docs", k)
		default:
			m.leaveOut(where+"."+k, "not a docs option tzdocs knows; ignored", "docs", k)
		}
	}
}

func (m *mapper) pages(docs *yaml.Node, o map[string]any, where string) {
	for _, k := range sortedKeys(o) {
		switch k {
		case "path":
			if s, ok := o[k].(string); ok {
				put(docs, "pagesPath", value(m.sitePath(s), m.line("pages", k)))
			}
		case "remarkPlugins", "rehypePlugins":
		default:
			m.leaveOut(where+"."+k, "not supported: tzdocs's defaults apply", "pages", k)
		}
	}
}

func (m *mapper) themeConfig(t *yaml.Node, tc map[string]any) {
	for _, k := range sortedKeys(tc) {
		v := tc[k]
		line := m.line("themeConfig", k)
		switch k {
		case "image":
			put(t, k, value(str(v), line))
		case "navbar":
			m.navbar(t, v)
		case "footer":
			m.footer(t, v)
		case "announcementBar":
			o, _ := v.(map[string]any)
			n := mapping(line)
			for _, f := range sortedKeys(o) {
				switch f {
				case "id", "content", "isCloseable":
					put(n, f, value(o[f], m.line("announcementBar", f)))
					if f == "content" && o["id"] == nil {
						put(n, "id", value("announcement-bar", line)) // Docusaurus's default id
					}
				default:
					m.leaveOut("themeConfig.announcementBar."+f, "the theme's colours are used", "announcementBar", f)
				}
			}
			put(t, k, n)
		case "colorMode":
			o, _ := v.(map[string]any)
			n := mapping(line)
			for _, f := range []string{"defaultMode", "disableSwitch", "respectPrefersColorScheme"} {
				put(n, f, value(o[f], m.line("colorMode", f)))
			}
			put(t, k, n)
		case "tableOfContents":
			o, _ := v.(map[string]any)
			n := mapping(line)
			for _, f := range []string{"minHeadingLevel", "maxHeadingLevel"} {
				put(n, f, value(o[f], m.line("tableOfContents", f)))
			}
			put(t, k, n)
		case "prism":
			o, _ := v.(map[string]any)
			if langs, ok := o["additionalLanguages"]; ok {
				put(child(t, "code", line), "additionalLanguages", value(langs, m.line("prism", "additionalLanguages")))
			}
			if _, ok := o["magicComments"]; ok {
				m.leaveOut("themeConfig.prism.magicComments", "only the // highlight-next-line family of comments is read", "prism", "magicComments")
			}
		case "algolia":
			o, _ := v.(map[string]any)
			n := mapping(line)
			for _, f := range sortedKeys(o) {
				fl := m.line("algolia", f)
				switch f {
				case "indexName", "contextualSearch", "externalUrlRegex":
					put(n, f, value(o[f], fl))
				case "searchPagePath":
					if s, ok := o[f].(string); ok {
						put(n, f, value("/"+strings.TrimPrefix(s, "/"), fl))
					}
				case "appId", "apiKey", "searchParameters", "insights":
					// tzdocs answers the Algolia API itself: no keys to keep.
				default:
					m.leaveOut("themeConfig.algolia."+f, "not used by tzdocs's search", "algolia", f)
				}
			}
			put(t, "search", n)
		case "zoom":
			if o, ok := v.(map[string]any); ok {
				if s, ok := o["selector"].(string); ok {
					put(child(t, "imageZoom", line), "selector", value(s, m.line("zoom", "selector")))
				}
			}
		case "mermaid", "metadata", "docs", "blog", "liveCodeBlock", "sidebar":
			switch k {
			case "mermaid":
				// Diagrams take the theme's colours.
			case "metadata":
				m.leaveOut("themeConfig.metadata", "pages carry the meta tags tzdocs writes (description, og:, twitter:)", "themeConfig", k)
			default:
				m.leaveOut("themeConfig."+k, "tzdocs's theme has no such setting", "themeConfig", k)
			}
		default:
			m.leaveOut("themeConfig."+k, "not a theme option tzdocs knows; ignored", "themeConfig", k)
		}
	}
}

func (m *mapper) navbar(t *yaml.Node, v any) {
	o, _ := v.(map[string]any)
	n := mapping(m.line("navbar"))
	for _, k := range sortedKeys(o) {
		line := m.line("navbar", k)
		switch k {
		case "title", "hideOnScroll", "style":
			put(n, k, value(o[k], line))
		case "logo":
			put(n, k, m.logo(o[k], line))
		case "items":
			items := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: line}
			for i, it := range list(o[k]) {
				if c := m.navItem(it, fmt.Sprintf("themeConfig.navbar.items[%d]", i)); c != nil {
					items.Content = append(items.Content, c)
				}
			}
			put(n, k, items)
		}
	}
	put(t, "navbar", n)
}

func (m *mapper) logo(v any, line int) *yaml.Node {
	o, _ := v.(map[string]any)
	if o == nil {
		return nil
	}
	n := mapping(line)
	for _, f := range []string{"alt", "src", "srcDark", "href", "width", "height"} {
		if x, ok := o[f]; ok {
			if s, ok := x.(string); ok && (f == "width" || f == "height") {
				if i, err := strconv.Atoi(strings.TrimSuffix(s, "px")); err == nil {
					x = float64(i)
				} else {
					continue
				}
			}
			put(n, f, value(x, m.line("logo", f)))
		}
	}
	return n
}

var navItemFields = []string{"type", "label", "to", "href", "position", "sidebarId", "docId", "value", "className"}

func (m *mapper) navItem(v any, where string) *yaml.Node {
	o, _ := v.(map[string]any)
	if o == nil {
		return nil
	}
	typ, _ := o["type"].(string)
	label, _ := o["label"].(string)
	line := m.line("items", firstString(o["label"], o["sidebarId"], o["docId"], o["type"]))
	known := typ == ""
	for _, t := range NavbarItemTypes {
		known = known || t == typ
	}
	if !known {
		m.leaveOut(where+" ("+typ+")", "a navbar item of this type is not shown", "items", typ)
		return nil
	}
	if id, _ := o["docsPluginId"].(string); id != "" && id != "default" {
		m.leaveOut(where+" ("+label+")", "it belongs to the docs plugin "+strconv.Quote(id)+", which is not built; the item is not shown", "docsPluginId", id)
		return nil
	}
	if typ == "" && o["to"] == nil && o["href"] == nil && o["items"] != nil {
		typ = "dropdown"
	}
	n := mapping(line)
	for _, f := range navItemFields {
		x := o[f]
		if f == "type" && typ != "" {
			x = typ
		}
		if f == "value" && x == nil && o["html"] != nil {
			x = o["html"] // an html item written with html: instead of value:
		}
		put(n, f, value(x, line))
	}
	if typ == "html" && o["value"] == nil && o["html"] == nil {
		put(n, "value", value(label, line))
	}
	if items, ok := o["items"].([]any); ok {
		seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: line}
		for i, it := range items {
			if c := m.navItem(it, fmt.Sprintf("%s.items[%d]", where, i)); c != nil {
				seq.Content = append(seq.Content, c)
			}
		}
		put(n, "items", seq)
	}
	return n
}

func (m *mapper) footer(t *yaml.Node, v any) {
	o, _ := v.(map[string]any)
	if o == nil {
		return
	}
	n := mapping(m.line("footer"))
	for _, k := range sortedKeys(o) {
		line := m.line("footer", k)
		switch k {
		case "style", "copyright":
			put(n, k, value(o[k], line))
		case "logo":
			put(n, k, m.logo(o[k], line))
		case "links":
			seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: line}
			for _, l := range list(o[k]) {
				if c := m.footerLink(l); c != nil {
					seq.Content = append(seq.Content, c)
				}
			}
			put(n, k, seq)
		}
	}
	put(t, "footer", n)
}

func (m *mapper) footerLink(v any) *yaml.Node {
	o, _ := v.(map[string]any)
	if o == nil {
		return nil
	}
	line := m.line("footer", firstString(o["title"], o["label"]))
	n := mapping(line)
	for _, f := range []string{"title", "label", "to", "href", "html"} {
		put(n, f, value(o[f], line))
	}
	if items, ok := o["items"].([]any); ok {
		seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: line}
		for _, it := range items {
			if c := m.footerLink(it); c != nil {
				seq.Content = append(seq.Content, c)
			}
		}
		put(n, "items", seq)
	}
	return n
}

func firstString(vs ...any) string {
	for _, v := range vs {
		if s, ok := v.(string); ok && s != "" {
			return s
		}
	}
	return ""
}

func str(v any) any {
	if s, ok := v.(string); ok {
		return s
	}
	return nil
}

func list(v any) []any {
	switch x := v.(type) {
	case []any:
		return x
	case nil:
		return nil
	}
	return []any{v}
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
