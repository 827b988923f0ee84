package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const base = `title: Tezos Documentation
tagline: T
url: https://docs.example.org/
i18n:
  defaultLocale: en
  locales: [en]
  localeConfigs:
    en: { label: English, direction: ltr, htmlLang: en }
themeConfig:
  navbar:
    items:
      - { type: docSidebar, sidebarId: documentation, label: Documentation, position: left }
      - { to: "/overview/resources#documentation-map", label: Map, position: left }
      - { href: "https://example.org/src", label: Source }
`

func TestParseAppliesDefaults(t *testing.T) {
	cfg, err := Parse("site.yaml", []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.URL != "https://docs.example.org" {
		t.Errorf("URL = %q, want trailing slash trimmed", cfg.URL)
	}
	if got := cfg.ThemeConfig.Navbar.Items[2].Position; got != "right" {
		t.Errorf("default navbar position = %q, want right", got)
	}
	if got := cfg.ThemeConfig.Navbar.Items[1].Type; got != "default" {
		t.Errorf("default navbar type = %q, want default", got)
	}
	toc := cfg.ThemeConfig.TableOfContents
	if toc.MinHeadingLevel != 2 || toc.MaxHeadingLevel != 3 {
		t.Errorf("toc levels = %d-%d, want 2-3", toc.MinHeadingLevel, toc.MaxHeadingLevel)
	}
	if cfg.ThemeConfig.Search.HitsPerPage != 20 || cfg.ThemeConfig.Search.MaxResultsPerGroup != 5 {
		t.Errorf("search defaults = %+v", cfg.ThemeConfig.Search)
	}
	if cfg.Docs.Versions["current"].Label != "Next" {
		t.Errorf("versions = %+v", cfg.Docs.Versions)
	}
}

func TestLocalesNeedNoConfigurationOfTheirOwn(t *testing.T) {
	cfg, err := Parse("site.yaml", []byte("title: Docs\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.I18n.LocaleConfigs["en"]; len(cfg.I18n.Locales) != 1 || got.Label != "English" || got.Direction != "ltr" || got.HTMLLang != "en" {
		t.Errorf("no i18n block: locales %v, en %+v", cfg.I18n.Locales, got)
	}
	cfg, err = Parse("site.yaml", []byte("title: Docs\ni18n:\n  locales: [en, fr, xx]\n  localeConfigs:\n    fr: {direction: ltr}\n"))
	if err != nil {
		t.Fatal(err)
	}
	for loc, label := range map[string]string{"en": "English", "fr": "Français", "xx": "xx"} {
		if got := cfg.I18n.LocaleConfigs[loc]; got.Label != label || got.HTMLLang != loc {
			t.Errorf("%s: %+v, want label %q", loc, got, label)
		}
	}
}

func TestParseErrorsNameFileLineKeyAndFix(t *testing.T) {
	tests := []struct {
		name  string
		yaml  string
		wants []string
	}{
		{"unknown navbar type", strings.Replace(base, "type: docSidebar", "type: sideways", 1),
			[]string{"site.yaml:12:", `unknown navbar item type "sideways"`, "themeConfig.navbar.items[0].type", "use one of:"}},
		{"version dropdown with missing version", base + "      - { type: docsVersionDropdown, versions: [current, v9] }\n",
			[]string{"site.yaml:15:", `names version "v9", which does not exist`, "name one of: current"}},
		{"docSidebar without sidebarId", strings.Replace(base, "sidebarId: documentation, ", "", 1),
			[]string{"a docSidebar item needs sidebarId"}},
		{"link without target", strings.Replace(base, `to: "/overview/resources#documentation-map", `, "", 1),
			[]string{"themeConfig.navbar.items[1]", "needs to:"}},
		{"unknown key", base + "colour: blue\n",
			[]string{"site.yaml:15:", "field colour not found"}},
		{"bad yaml", "title: [unclosed\n", []string{"site.yaml", "invalid YAML"}},
		{"bad base url", base + "baseUrl: docs\n", []string{"baseUrl", "must start and end with '/'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("site.yaml", []byte(tt.yaml))
			if err == nil {
				t.Fatal("Parse succeeded, want an error")
			}
			for _, w := range tt.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

// The engine's default AI texts name no site; a site's own come from its site.yaml, and the Ask AI
// disclaimer and the chatbot's warning stay two texts.
func TestAITextsComeFromTheSiteWithNeutralDefaults(t *testing.T) {
	cfg, err := Parse("site.yaml", []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	tc := cfg.ThemeConfig
	for name, text := range map[string]string{"askAi.disclaimer": tc.AskAI.Disclaimer,
		"chatbot.headerTitle": tc.Chatbot.HeaderTitle, "chatbot.footerText": tc.Chatbot.FooterText} {
		if text == "" || strings.Contains(strings.ToLower(text), "tezos") {
			t.Errorf("default %s = %q, want a neutral text", name, text)
		}
	}
	if tc.AskAI.Disclaimer == tc.Chatbot.FooterText {
		t.Errorf("the Ask AI disclaimer and the chatbot's warning are the same text: %q", tc.AskAI.Disclaimer)
	}
	own := base + `  askAi: { disclaimer: "Our own disclaimer." }
  chatbot: { headerTitle: "Our chatbot", footerText: "Our warning." }
`
	if cfg, err = Parse("site.yaml", []byte(own)); err != nil {
		t.Fatal(err)
	}
	tc = cfg.ThemeConfig
	if tc.AskAI.Disclaimer != "Our own disclaimer." || tc.Chatbot.HeaderTitle != "Our chatbot" || tc.Chatbot.FooterText != "Our warning." {
		t.Errorf("site.yaml's texts were not kept: %+v %+v", tc.AskAI, tc.Chatbot)
	}
}

func TestLoadRealSiteConfig(t *testing.T) {
	cfg, err := Load("../../site")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Title != "Tezos Documentation" || cfg.Docs.MainDocID != "overview/index" {
		t.Errorf("title %q main doc %q", cfg.Title, cfg.Docs.MainDocID)
	}
	// The Tezos docs say their own chatbot title rather than the engine's default.
	if got := cfg.ThemeConfig.Chatbot.HeaderTitle; got != "Tezos documentation chatbot (beta)" {
		t.Errorf("chatbot title %q", got)
	}
}

// Docusaurus's markdown options are accepted as written: math turns on TeX, mermaid is always on.
func TestMarkdownOptions(t *testing.T) {
	cfg, err := Parse("site.yaml", []byte(base+"markdown:\n  math: true\n  mermaid: true\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.Markdown.Math || !cfg.Markdown.Mermaid {
		t.Errorf("markdown = %+v", cfg.Markdown)
	}
	if _, err := Parse("site.yaml", []byte(base+"markdown:\n  katex: true\n")); err == nil || !strings.Contains(err.Error(), "katex") {
		t.Errorf("unknown markdown option: %v", err)
	}
}

func TestDefaultShareImageMustExistOrBeAnURL(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "static", "img"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "static", "img", "card.png"), []byte("png"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "site.yaml")
	withImage := func(img string) string {
		return strings.Replace(base, "themeConfig:\n", "themeConfig:\n  image: "+img+"\n", 1)
	}
	for _, ok := range []string{"img/card.png", "/img/card.png", "https://cdn.example.org/card.png"} {
		cfg, err := Parse(file, []byte(withImage(ok)))
		if err != nil || cfg.ThemeConfig.Image != ok {
			t.Errorf("image %s: %v", ok, err)
		}
	}
	for img, want := range map[string]string{
		"img/missing.png":     "site.yaml:10: themeConfig.image: the image static/img/missing.png does not exist",
		"ftp://example.org/a": `"ftp://example.org/a" is not an absolute http(s) URL`,
		"../secret.png":       "is not a file under static/",
		"img":                 "the image static/img does not exist",
	} {
		_, err := Parse(file, []byte(withImage(img)))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("image %s: err = %v, want %q", img, err, want)
		}
	}
}

func TestLocaleAddressesAreChecked(t *testing.T) {
	two := strings.Replace(base, "locales: [en]", "locales: [en, fr]", 1)
	two = strings.Replace(two, "    en: { label: English, direction: ltr, htmlLang: en }\n",
		"    en: { label: English, direction: ltr, htmlLang: en-US }\n    fr: { label: Français, htmlLang: fr-FR, url: URL, baseUrl: BASE }\n", 1)
	ok := strings.NewReplacer("URL", "https://fr.example.org", "BASE", "/docs/").Replace(two)
	if _, err := Parse("site.yaml", []byte(ok)); err != nil {
		t.Errorf("valid locale addresses: %v", err)
	}
	bad := strings.NewReplacer("URL", "fr.example.org", "BASE", "fr").Replace(two)
	_, err := Parse("site.yaml", []byte(bad))
	for _, want := range []string{"i18n.localeConfigs.fr.url", `"fr.example.org" is not an absolute http(s) URL`, "i18n.localeConfigs.fr.baseUrl", `"fr" must start and end with '/'`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want %q", err, want)
		}
	}
}

func TestSearchReplicasAndAllowedOrigins(t *testing.T) {
	cfg, err := Parse("site.yaml", []byte("title: Docs\nthemeConfig:\n  search:\n    indexName: docs\n    replicas: [docs_by_date]\n    allowedOrigins: [\"https://other.example.org\", \"http://localhost:3000\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if s := cfg.ThemeConfig.Search; len(s.Replicas) != 1 || s.Replicas[0] != "docs_by_date" || len(s.AllowedOrigins) != 2 {
		t.Errorf("search config %+v", s)
	}
	_, err = Parse("site.yaml", []byte("title: Docs\nthemeConfig:\n  search:\n    allowedOrigins: [\"https://ok.example.org\", \"other.example.org/path\"]\n"))
	if err == nil || !strings.Contains(err.Error(), "site.yaml:4") || !strings.Contains(err.Error(), "allowedOrigins[1]") || !strings.Contains(err.Error(), "https://docs.example.org") {
		t.Errorf("a bad origin: %v", err)
	}
}
