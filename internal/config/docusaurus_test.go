package config

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// toolchain is the web app's folder, whose TypeScript compiles ES module configurations.
var toolchain = LoadOptions{Toolchain: filepath.Join("..", "..", "web")}

func needNode(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
}

func TestDocusaurusConfigIsReadAsSiteYAML(t *testing.T) {
	needNode(t)
	cfg, err := LoadSite(filepath.Join("testdata", "docusaurus"), toolchain)
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"title", cfg.Title, "Widgets"},
		{"url", cfg.URL, "https://widgets.example.org"},
		{"docs.path", cfg.Docs.Path, "../docs"},
		{"docs.sidebarPath", cfg.Docs.SidebarPath, "sidebars.js"},
		{"docs.editUrl", cfg.Docs.EditURL, "https://git.example.org/widgets/edit/main/"},
		{"markdown.math", cfg.Markdown.Math, true},
		{"markdown.mermaid", cfg.Markdown.Mermaid, true},
		{"admonition keywords", strings.Join(cfg.Docs.Admonitions.Keywords, ","), "release"},
		{"customCss", strings.Join(cfg.CustomCSS, ","), "src/css/custom.css"},
		{"navbar items", len(cfg.ThemeConfig.Navbar.Items), 3},
		{"navbar item 0", cfg.ThemeConfig.Navbar.Items[0].SidebarID, "main"},
		{"footer", cfg.ThemeConfig.Footer.Copyright, "Copyright 2026 Widgets"},
		{"search", cfg.ThemeConfig.Search.IndexName, "widgets"},
		{"languages", strings.Join(cfg.ThemeConfig.Code.AdditionalLanguages, ","), "rust"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	var report []string
	for _, u := range cfg.Unsupported {
		report = append(report, u.String())
	}
	got := strings.Join(report, "\n")
	file := filepath.Join("testdata", "docusaurus", "docusaurus.config.js")
	for _, want := range []string{
		file + ":30: presets[0].blog: the blog is not built",
		file + ":35: plugins[0] (docusaurus-plugin-sass): not run: .scss files are not compiled",
		file + ":46: themeConfig.navbar.items[2] (custom-version): a navbar item of this type is not shown",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q; it is:\n%s", want, got)
		}
	}
	if len(cfg.Unsupported) != 3 {
		t.Errorf("the report has %d entries, want 3:\n%s", len(cfg.Unsupported), got)
	}
}

func TestMigrateWritesASiteYAMLThatLoadsTheSame(t *testing.T) {
	needNode(t)
	file := filepath.Join("testdata", "docusaurus", "docusaurus.config.js")
	text, _, err := Migrate(file, toolchain)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := Parse(filepath.Join("testdata", "docusaurus", "site.yaml"), text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if cfg.Docs.Path != "../docs" || cfg.ThemeConfig.Navbar.Items[2].Href != "https://git.example.org/widgets" || !cfg.Markdown.Math {
		t.Errorf("site.yaml reads differently:\n%s", text)
	}
	if !strings.Contains(string(text), "#   line 30: presets[0].blog:") {
		t.Errorf("site.yaml does not list what was left out:\n%s", text)
	}
}

func TestDocusaurusConfigErrorNamesTheFileAndLine(t *testing.T) {
	needNode(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "docusaurus.config.js"), "const x = 1;\nmodule.exports = {\n  title: undefinedName,\n};\n")
	_, err := LoadSite(dir, toolchain)
	if err == nil || !strings.Contains(err.Error(), "docusaurus.config.js:3: evaluating the configuration failed: undefinedName is not defined") {
		t.Fatalf("error = %v", err)
	}
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDocusaurusConfigInTypeScriptIsRead(t *testing.T) {
	needNode(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "docusaurus.config.ts"), `import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';

const config: Config = {
  title: 'Typed',
  url: 'https://typed.example.org',
  baseUrl: '/typed/',
  presets: [['classic', {docs: {routeBasePath: '/'}} satisfies Preset.Options]],
  themeConfig: {announcementBar: {content: 'New!'}} satisfies Preset.ThemeConfig,
};

export default config;
`)
	cfg, err := LoadSite(dir, toolchain)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Title != "Typed" || cfg.BaseURL != "/typed/" || cfg.Docs.RouteBasePath != "/" || cfg.Docs.PagesPath != "src/pages" {
		t.Errorf("read %+v", cfg)
	}
	if ab := cfg.ThemeConfig.AnnouncementBar; ab == nil || ab.ID != "announcement-bar" {
		t.Errorf("the announcement bar has no id: %+v", ab)
	}
}

// The parts of a Docusaurus site tzdocs does not build are each reported once, with their routes,
// whose links are then not checked: the classic preset's blog (on while blog/ exists, unless
// blog: false), and the versions of versions.json other than the last, served at the docs route.
func TestDocusaurusBlogAndVersionsAreReportedWithTheirRoutes(t *testing.T) {
	needNode(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "docusaurus.config.js"), `module.exports = {
  title: 'Versioned',
  url: 'https://versioned.example.org',
  baseUrl: '/',
  presets: [['classic', {docs: {routeBasePath: 'guide', sidebarPath: './sidebars.json', lastVersion: 'current', includeCurrentVersion: true}}]],
};
`)
	writeFile(t, filepath.Join(dir, "versions.json"), `["3.0", "2.0"]`)
	if err := os.Mkdir(filepath.Join(dir, "blog"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadSite(dir, toolchain)
	if err != nil {
		t.Fatal(err)
	}
	var report []string
	for _, u := range cfg.Unsupported {
		report = append(report, u.String())
	}
	want := []string{
		"docusaurus.config.js:5: presets[0].blog (not set): the blog in blog/ is not built: its posts have no pages; links into /blog are kept as written and not checked",
		"versions.json:1: versions.json (3.0, 2.0): only the docs folder is built, at /guide; versions 3.0, 2.0 are not built; links into /guide/3.0, /guide/2.0 are kept as written and not checked",
	}
	if len(report) != len(want) {
		t.Fatalf("report:\n%s", strings.Join(report, "\n"))
	}
	for i, w := range want {
		if !strings.HasSuffix(report[i], w) {
			t.Errorf("report[%d] = %q, want it to end %q", i, report[i], w)
		}
	}
	if got := strings.Join(cfg.Unbuilt, " "); got != "/blog /guide/3.0 /guide/2.0" {
		t.Errorf("unbuilt routes %q", got)
	}
	text, _, err := Migrate(filepath.Join(dir, "docusaurus.config.js"), toolchain)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "#   line 5: presets[0].blog (not set):") || !strings.Contains(string(text), "#   versions.json:1: versions.json (3.0, 2.0):") {
		t.Errorf("site.yaml's head does not name each entry's file:\n%s", text)
	}
}

// Without a sidebars file named or found, the site gets Docusaurus's one autogenerated sidebar;
// sidebarPath: false means no sidebar. site.yaml has no such default, so migrate says what to add.
func TestDocusaurusSiteWithoutSidebarsFileIsAutogenerated(t *testing.T) {
	needNode(t)
	for _, c := range []struct {
		docs string
		auto bool
	}{
		{`{}`, true},
		{`{sidebarPath: false}`, false},
	} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "docusaurus.config.js"), `module.exports = {
  title: 'Plain',
  url: 'https://plain.example.org',
  baseUrl: '/',
  presets: [['classic', {docs: `+c.docs+`}]],
};
`)
		cfg, err := LoadSite(dir, toolchain)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Docs.AutogeneratedSidebar != c.auto {
			t.Errorf("docs %s: autogenerated sidebar %v, want %v", c.docs, cfg.Docs.AutogeneratedSidebar, c.auto)
		}
		for _, u := range cfg.Unsupported {
			if strings.Contains(u.Option, "sidebarPath (not set)") {
				t.Errorf("docs %s: the build's report names the sidebar: %s", c.docs, u)
			}
		}
		text, _, err := Migrate(filepath.Join(dir, "docusaurus.config.js"), toolchain)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(text), "docs.sidebarPath (not set): site.yaml has no such default"); got != c.auto {
			t.Errorf("docs %s: migrate's site.yaml says what to add: %v, want %v:\n%s", c.docs, got, c.auto, text)
		}
	}
}

// Translations are not built: the locales besides the default one are reported once, and left
// out of the site, so its locale dropdown offers none that lead nowhere.
func TestDocusaurusLocalesBesidesTheDefaultAreReported(t *testing.T) {
	needNode(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "docusaurus.config.js"), `module.exports = {
  title: 'Many',
  url: 'https://many.example.org',
  baseUrl: '/',
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'zh', 'it'],
    localeConfigs: {zh: {label: '简体中文'}, it: {label: 'Italiano'}},
  },
  presets: [['classic', {docs: {sidebarPath: false}}]],
};
`)
	cfg, err := LoadSite(dir, toolchain)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cfg.I18n.Locales, ","); got != "en" {
		t.Errorf("locales %q, want the default one", got)
	}
	var found bool
	for _, u := range cfg.Unsupported {
		found = found || strings.HasSuffix(u.String(), "docusaurus.config.js:7: i18n.locales (3): only the default locale, en, is built (translations are not read); zh, it are left out of the site and its locale dropdown")
	}
	if !found {
		t.Errorf("report %v", cfg.Unsupported)
	}
}
