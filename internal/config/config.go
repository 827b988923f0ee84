// Package config loads and validates site.yaml, the site configuration whose names follow
// docusaurus.config.js.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Config is the whole site configuration, read from site.yaml.
type Config struct {
	Title       string      `yaml:"title"`
	Tagline     string      `yaml:"tagline"`
	URL         string      `yaml:"url"`
	BaseURL     string      `yaml:"baseUrl"`
	Favicon     string      `yaml:"favicon"`
	Version     string      `yaml:"version"`
	I18n        I18n        `yaml:"i18n"`
	Docs        Docs        `yaml:"docs"`
	Markdown    Markdown    `yaml:"markdown"`
	ThemeConfig ThemeConfig `yaml:"themeConfig"`
	// ComponentsPath is the folder of the site's own React components, relative to the site
	// folder: src/components when empty, as in Docusaurus.
	ComponentsPath string `yaml:"componentsPath"`
	// CustomCSS are the site's own stylesheets (paths relative to the site folder, such as
	// src/css/custom.css), linked after the theme's, as the classic theme's customCss.
	CustomCSS []string `yaml:"customCss"`
	// CustomFields are handed to site components as siteConfig.customFields.
	CustomFields map[string]any `yaml:"customFields"`

	// File is the path site.yaml was read from (or the Docusaurus configuration); Dir is the
	// site folder that holds it.
	File string `yaml:"-"`
	Dir  string `yaml:"-"`
	// Unsupported lists the options of a Docusaurus configuration that tzdocs does not use;
	// empty for site.yaml.
	Unsupported []Unsupported `yaml:"-"`
	// Unbuilt are the routes of the parts of a Docusaurus site that tzdocs does not build (its
	// blog, a second docs plugin, the other versions of the docs), such as /blog: a link into one
	// is kept as written and not checked. Empty for site.yaml.
	Unbuilt []string `yaml:"-"`

	root *yaml.Node
}

// I18n lists the locales; the Tezos site is in English only, left to right.
type I18n struct {
	DefaultLocale string                  `yaml:"defaultLocale"`
	Locales       []string                `yaml:"locales"`
	LocaleConfigs map[string]LocaleConfig `yaml:"localeConfigs"`
}

// LocaleConfig describes one locale.
type LocaleConfig struct {
	Label     string `yaml:"label"`
	Direction string `yaml:"direction"`
	HTMLLang  string `yaml:"htmlLang"`
	Calendar  string `yaml:"calendar"`
	Path      string `yaml:"path"`
	Translate bool   `yaml:"translate"`
	URL       string `yaml:"url"`
	BaseURL   string `yaml:"baseUrl"`
}

// Docs configures the docs plugin: where the Markdown lives and how it becomes routes.
type Docs struct {
	Path                   string             `yaml:"path"`
	PagesPath              string             `yaml:"pagesPath"`
	SidebarPath            string             `yaml:"sidebarPath"`
	RouteBasePath          string             `yaml:"routeBasePath"`
	MainDocID              string             `yaml:"mainDocId"`
	LastVersion            string             `yaml:"lastVersion"`
	Versions               map[string]Version `yaml:"versions"`
	ShowLastUpdateTime     bool               `yaml:"showLastUpdateTime"`
	OnBrokenLinks          string             `yaml:"onBrokenLinks"`
	OnBrokenAnchors        string             `yaml:"onBrokenAnchors"`
	OnBrokenMarkdownImages string             `yaml:"onBrokenMarkdownImages"`
	EditURL                string             `yaml:"editUrl"`
	Admonitions            Admonitions        `yaml:"admonitions"`
}

// Admonitions configures the ":::keyword" blocks, as the docs plugin's admonitions option.
type Admonitions struct {
	// Keywords are accepted besides Docusaurus's own (note, tip, info, warning, danger, caution,
	// important, success, secondary), and drawn as info.
	Keywords []string `yaml:"keywords"`
	// ExtendDefaults false makes Keywords the only ones accepted; nil and true keep the defaults.
	ExtendDefaults *bool `yaml:"extendDefaults"`
}

// Markdown turns on optional Markdown syntax, as remark plugins do in a Docusaurus config.
type Markdown struct {
	// Math reads $…$ and $$ … $$ as TeX, typeset in the browser (remark-math with KaTeX).
	Math bool `yaml:"math"`
	// Mermaid is accepted as Docusaurus writes it (markdown.mermaid); diagrams are always on here.
	Mermaid bool `yaml:"mermaid"`
}

// Version is one docs version; the site has one, "current", labelled Next.
type Version struct {
	Label string `yaml:"label"`
	Path  string `yaml:"path"`
}

// ThemeConfig holds everything the reader sees.
type ThemeConfig struct {
	// Image is the site's default share image (og:image, twitter:image) for pages whose front
	// matter names none: a path under static/ ("img/social-card.png") or an absolute http(s) URL,
	// as Docusaurus's themeConfig.image.
	Image           string           `yaml:"image"`
	TableOfContents TableOfContents  `yaml:"tableOfContents"`
	ColorMode       ColorMode        `yaml:"colorMode"`
	Code            Code             `yaml:"code"`
	ImageZoom       ImageZoom        `yaml:"imageZoom"`
	Navbar          Navbar           `yaml:"navbar"`
	Footer          *Footer          `yaml:"footer"`
	AnnouncementBar *AnnouncementBar `yaml:"announcementBar"`
	Search          Search           `yaml:"search"`
	AskAI           AskAI            `yaml:"askAi"`
	Chatbot         Chatbot          `yaml:"chatbot"`
	TagManager      TagManager       `yaml:"tagManager"`
}

// TableOfContents bounds the heading levels shown in a page's table of contents.
type TableOfContents struct {
	MinHeadingLevel int `yaml:"minHeadingLevel"`
	MaxHeadingLevel int `yaml:"maxHeadingLevel"`
}

// ColorMode is the colour-mode policy: the default mode, whether the switch shows, whether the
// reader's system preference is followed.
type ColorMode struct {
	DefaultMode               string `yaml:"defaultMode"`
	DisableSwitch             bool   `yaml:"disableSwitch"`
	RespectPrefersColorScheme bool   `yaml:"respectPrefersColorScheme"`
}

// Code configures code blocks.
type Code struct {
	Theme               string   `yaml:"theme"`
	AdditionalLanguages []string `yaml:"additionalLanguages"`
}

// ImageZoom configures click-to-zoom on content images (a 24 px margin, from 1,000 ms after load by
// default).
type ImageZoom struct {
	Selector string `yaml:"selector"`
	Margin   int    `yaml:"margin"`
	DelayMs  int    `yaml:"delayMs"`
}

// Navbar is the fixed top bar.
type Navbar struct {
	Title        string       `yaml:"title"`
	Logo         Logo         `yaml:"logo"`
	HideOnScroll bool         `yaml:"hideOnScroll"`
	Style        string       `yaml:"style"`
	Items        []NavbarItem `yaml:"items"`
}

// Logo is an image with a link; SrcDark is used by the dark palette.
type Logo struct {
	Alt     string `yaml:"alt"`
	Src     string `yaml:"src"`
	SrcDark string `yaml:"srcDark"`
	Href    string `yaml:"href"`
	Width   int    `yaml:"width"`
	Height  int    `yaml:"height"`
}

// NavbarItem is one item of the navbar; Type selects which other fields apply.
type NavbarItem struct {
	Type      string       `yaml:"type"`
	Label     string       `yaml:"label"`
	To        string       `yaml:"to"`
	Href      string       `yaml:"href"`
	Position  string       `yaml:"position"`
	SidebarID string       `yaml:"sidebarId"`
	DocID     string       `yaml:"docId"`
	Value     string       `yaml:"value"`
	ClassName string       `yaml:"className"`
	Items     []NavbarItem `yaml:"items"`
	// Versions lists the versions a docsVersionDropdown offers; Version names the one a docsVersion links to.
	Versions []string `yaml:"versions"`
	Version  string   `yaml:"version"`
}

// NavbarItemTypes are the navbar item types a site may use (docs/behaviour.md, "Navigation and
// layout"); anything else is a configuration error.
var NavbarItemTypes = []string{"default", "localeDropdown", "search", "dropdown", "html", "doc", "docSidebar", "docsVersion", "docsVersionDropdown"}

// Footer is optional: link columns with titles, or a single row of links.
type Footer struct {
	Style     string       `yaml:"style"`
	Links     []FooterLink `yaml:"links"`
	Logo      *Logo        `yaml:"logo"`
	Copyright string       `yaml:"copyright"`
}

// FooterLink is a link, or a titled column of links when Title is set.
type FooterLink struct {
	Title string       `yaml:"title"`
	Items []FooterLink `yaml:"items"`
	Label string       `yaml:"label"`
	To    string       `yaml:"to"`
	Href  string       `yaml:"href"`
	HTML  string       `yaml:"html"`
}

// AnnouncementBar is shown until the reader closes it; a new ID shows it again.
type AnnouncementBar struct {
	ID          string `yaml:"id"`
	Content     string `yaml:"content"`
	IsCloseable bool   `yaml:"isCloseable"`
}

// Search configures keyword search.
type Search struct {
	IndexName          string `yaml:"indexName"`
	SearchPagePath     string `yaml:"searchPagePath"`
	ContextualSearch   bool   `yaml:"contextualSearch"`
	ExternalURLRegex   string `yaml:"externalUrlRegex"`
	HitsPerPage        int    `yaml:"hitsPerPage"`
	MaxResultsPerGroup int    `yaml:"maxResultsPerGroup"`
	MissingResultsURL  string `yaml:"missingResultsUrl"`
	// Replicas are other index names the search API answers as IndexName (Algolia replicas of
	// the index, which a migrating site's clients may name).
	Replicas []string `yaml:"replicas"`
	// AllowedOrigins are the browser origins (https://host[:port]) allowed to call the search API
	// from other sites; the site's own origin (from url) is always allowed.
	AllowedOrigins []string `yaml:"allowedOrigins"`
}

// AskAI configures the AI mode of the search dialog.
type AskAI struct {
	Enabled            bool     `yaml:"enabled"`
	AssistantID        string   `yaml:"assistantId"`
	SuggestedQuestions []string `yaml:"suggestedQuestions"`
	// SuggestedQuestionsIndex is a second name the search API answers the suggested questions
	// under, besides algolia_ask_ai_suggested_questions (the name DocSearch's Ask AI reads).
	SuggestedQuestionsIndex string `yaml:"suggestedQuestionsIndex"`
	// Disclaimer is shown under every Ask AI conversation. It is not the chatbot's FooterText:
	// the two texts are kept apart, each with its own default.
	Disclaimer string `yaml:"disclaimer"`
}

// Chatbot configures the documentation chatbot (beta).
type Chatbot struct {
	Enabled        bool   `yaml:"enabled"`
	HeaderTitle    string `yaml:"headerTitle"`
	ButtonPosition string `yaml:"buttonPosition"`
	// FooterText is the warning at the foot of the chatbot panel.
	FooterText string `yaml:"footerText"`
}

// The engine's default texts for the AI features: neutral, naming no site. A site says its own
// in site.yaml (the Tezos docs do, in site/site.yaml).
const (
	DefaultAskAIDisclaimer    = "Answers are generated with AI which can make mistakes. Verify responses."
	DefaultChatbotHeaderTitle = "Documentation chatbot (beta)"
	DefaultChatbotFooterText  = "AI-generated answers may contain errors. Verify the information before use."
)

// TagManager is off unless ContainerID is set: nothing third-party loads by default.
type TagManager struct {
	ContainerID string `yaml:"containerId"`
}

// Error is a configuration error at a place in site.yaml.
type Error struct {
	File    string
	Line    int
	Key     string
	Message string
	Fix     string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Key != "" {
		b.WriteString(e.Key + ": ")
	}
	b.WriteString(e.Message)
	if e.Fix != "" {
		b.WriteString("; " + e.Fix)
	}
	return b.String()
}

// Load reads and validates the site.yaml in dir.
func Load(dir string) (*Config, error) {
	file := filepath.Join(dir, "site.yaml")
	data, err := os.ReadFile(file)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, &Error{File: file, Message: "no site configuration found", Fix: "create site.yaml in the site folder (see README)"}
		}
		return nil, err
	}
	return Parse(file, data)
}

// Parse decodes site.yaml text, fills defaults and validates what can be checked without the docs.
func Parse(file string, data []byte) (*Config, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, yamlError(file, err)
	}
	cfg := &Config{File: file, Dir: filepath.Dir(file), root: &root}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(cfg); err != nil {
		return nil, yamlError(file, err)
	}
	cfg.defaults()
	if errs := cfg.validate(); len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return cfg, nil
}

func yamlError(file string, err error) error {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		errs := make([]error, 0, len(te.Errors))
		for _, msg := range te.Errors {
			line := 0
			if _, err := fmt.Sscanf(msg, "line %d:", &line); err == nil {
				msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
			}
			errs = append(errs, &Error{File: file, Line: line, Message: msg, Fix: "check the key's spelling and type against site.example.yaml"})
		}
		return errors.Join(errs...)
	}
	msg := err.Error()
	line := 0
	if _, err := fmt.Sscanf(msg, "yaml: line %d:", &line); err == nil {
		msg = strings.TrimSpace(msg[strings.Index(msg[len("yaml: "):], ":")+len("yaml: ")+1:])
	}
	return &Error{File: file, Line: line, Message: "invalid YAML: " + msg, Fix: "fix the YAML syntax"}
}

// localeLabels name common locales in their own language, for the locale menu of a site whose
// site.yaml gives no label.
var localeLabels = map[string]string{"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español",
	"it": "Italiano", "pt": "Português", "ru": "Русский", "ja": "日本語", "ko": "한국어", "zh": "中文", "tr": "Türkçe"}

func localeLabel(name string) string {
	if l, ok := localeLabels[name]; ok {
		return l
	}
	return name
}

func (c *Config) defaults() {
	if c.BaseURL == "" {
		c.BaseURL = "/"
	}
	c.URL = strings.TrimRight(c.URL, "/")
	if c.I18n.DefaultLocale == "" {
		c.I18n.DefaultLocale = "en"
	}
	if len(c.I18n.Locales) == 0 {
		c.I18n.Locales = []string{c.I18n.DefaultLocale}
	}
	if c.I18n.LocaleConfigs == nil {
		c.I18n.LocaleConfigs = map[string]LocaleConfig{}
	}
	// As in Docusaurus, a locale needs no configuration of its own: it gets its name as its label.
	for _, name := range c.I18n.Locales {
		if _, ok := c.I18n.LocaleConfigs[name]; !ok {
			c.I18n.LocaleConfigs[name] = LocaleConfig{}
		}
	}
	for name, lc := range c.I18n.LocaleConfigs {
		if lc.Label == "" {
			lc.Label = localeLabel(name)
		}
		if lc.Direction == "" {
			lc.Direction = "ltr"
		}
		if lc.HTMLLang == "" {
			lc.HTMLLang = name
		}
		c.I18n.LocaleConfigs[name] = lc
	}
	d := &c.Docs
	if d.Path == "" {
		d.Path = "docs"
	}
	if d.PagesPath == "" {
		d.PagesPath = "pages"
	}
	if d.SidebarPath == "" {
		d.SidebarPath = "sidebars.yaml"
	}
	if d.RouteBasePath == "" {
		d.RouteBasePath = "/"
	}
	if d.LastVersion == "" {
		d.LastVersion = "current"
	}
	if d.Versions == nil {
		d.Versions = map[string]Version{"current": {Label: "Next", Path: "/"}}
	}
	if d.OnBrokenLinks == "" {
		d.OnBrokenLinks = "warn"
	}
	if d.OnBrokenAnchors == "" {
		d.OnBrokenAnchors = "warn"
	}
	if d.OnBrokenMarkdownImages == "" {
		d.OnBrokenMarkdownImages = "throw"
	}
	t := &c.ThemeConfig
	if t.TableOfContents.MinHeadingLevel == 0 {
		t.TableOfContents.MinHeadingLevel = 2
	}
	if t.TableOfContents.MaxHeadingLevel == 0 {
		t.TableOfContents.MaxHeadingLevel = 3
	}
	if t.ColorMode.DefaultMode == "" {
		t.ColorMode.DefaultMode = "light"
	}
	if t.Navbar.Style == "" {
		t.Navbar.Style = "primary"
	}
	if t.Navbar.Logo.Href == "" {
		t.Navbar.Logo.Href = "/"
	}
	for i := range t.Navbar.Items {
		defaultItem(&t.Navbar.Items[i], "right")
	}
	if t.Search.SearchPagePath == "" {
		t.Search.SearchPagePath = "/search"
	}
	if t.Search.HitsPerPage == 0 {
		t.Search.HitsPerPage = 20
	}
	if t.Search.MaxResultsPerGroup == 0 {
		t.Search.MaxResultsPerGroup = 5
	}
	if t.AskAI.Disclaimer == "" {
		t.AskAI.Disclaimer = DefaultAskAIDisclaimer
	}
	if t.Chatbot.HeaderTitle == "" {
		t.Chatbot.HeaderTitle = DefaultChatbotHeaderTitle
	}
	if t.Chatbot.ButtonPosition == "" {
		t.Chatbot.ButtonPosition = "center-right"
	}
	if t.Chatbot.FooterText == "" {
		t.Chatbot.FooterText = DefaultChatbotFooterText
	}
	if t.ImageZoom.Margin == 0 {
		t.ImageZoom.Margin = 24
	}
	if t.ImageZoom.DelayMs == 0 {
		t.ImageZoom.DelayMs = 1000
	}
}

// defaultItem applies the default item position, right, and the default type, a link.
func defaultItem(it *NavbarItem, position string) {
	if it.Type == "" {
		it.Type = "default"
	}
	if it.Position == "" {
		it.Position = position
	}
	for i := range it.Items {
		defaultItem(&it.Items[i], it.Position)
	}
}
