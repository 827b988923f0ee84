package sitebuild

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"tzdocs/internal/sitetest"
)

var jsonLD = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)

// structuredData returns the JSON-LD objects of a page (its one script's @graph), by @type.
func structuredData(t *testing.T, html string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	scripts := jsonLD.FindAllStringSubmatch(html, -1)
	if len(scripts) > 1 {
		t.Fatalf("%d JSON-LD scripts, want one graph", len(scripts))
	}
	for _, m := range scripts {
		var v struct {
			Context string           `json:"@context"`
			Graph   []map[string]any `json:"@graph"`
		}
		if err := json.Unmarshal([]byte(m[1]), &v); err != nil || v.Context != "https://schema.org" {
			t.Fatalf("JSON-LD %s: %v", m[1], err)
		}
		for _, node := range v.Graph {
			out[node["@type"].(string)] = node
		}
	}
	return out
}

func TestDocPagesCarryStructuredDataAndCrawlerTags(t *testing.T) {
	outDir, _, err := buildSite(t, strings.Replace(sitetest.Minimal, "title: Accounts\n",
		"title: Accounts\ndescription: Accounts hold tez.\nkeywords: [account, tz1]\n", 1))
	if err != nil {
		t.Fatal(err)
	}
	page := read(t, outDir, "architecture/accounts/index.html")
	for _, want := range []string{
		`<meta property="og:locale" content="en">`,
		`<meta name="docsearch:language" content="en">`,
		`<meta name="docsearch:version" content="current">`,
		`<meta name="docsearch:docusaurus_tag" content="docs-default-current">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("doc page lacks %s", want)
		}
	}
	if strings.Contains(page, "hreflang") || strings.Contains(page, "og:image") {
		t.Error("a site with one locale and no image has hreflang links or a share image")
	}
	sd := structuredData(t, page)
	article := sd["TechArticle"]
	if article["headline"] != "Accounts" || article["url"] != "https://docs.example.org/architecture/accounts" ||
		article["description"] != "Accounts hold tez." || article["dateModified"] != "2025-01-02" || article["inLanguage"] != "en" ||
		article["keywords"] != "account, tz1" {
		t.Errorf("TechArticle = %v", article)
	}
	if site, _ := article["isPartOf"].(map[string]any); site["name"] != "Test Docs" || site["url"] != "https://docs.example.org/" {
		t.Errorf("TechArticle.isPartOf = %v", article["isPartOf"])
	}
	crumbs, _ := json.Marshal(sd["BreadcrumbList"]["itemListElement"])
	want := `[{"@type":"ListItem","item":"https://docs.example.org/architecture","name":"Architecture","position":1},` +
		`{"@type":"ListItem","item":"https://docs.example.org/architecture/accounts","name":"Accounts","position":2}]`
	if string(crumbs) != want {
		t.Errorf("breadcrumbs = %s\nwant %s", crumbs, want)
	}
	// Other pages: the home page says its language, the not-found page nothing for crawlers.
	home := read(t, outDir, "index.html")
	if !strings.Contains(home, `<meta name="docsearch:language" content="en">`) || strings.Contains(home, "ld+json") || strings.Contains(home, "docsearch:version") {
		t.Error("home page: wrong crawler tags")
	}
	if nf := read(t, outDir, "404.html"); strings.Contains(nf, "docsearch") || strings.Contains(nf, "ld+json") {
		t.Error("the not-found page has crawler tags")
	}
	// A page in no sidebar has no breadcrumbs to give.
	if sd := structuredData(t, read(t, outDir, "conrefs/network/index.html")); sd["TechArticle"] == nil || sd["BreadcrumbList"] != nil {
		t.Errorf("standalone doc: %v", sd)
	}
}

func TestStructuredDataCannotEndItsScript(t *testing.T) {
	evil := `Ends </script><script>alert(1)</script> & "quotes"`
	outDir, _, err := buildSite(t, strings.Replace(sitetest.Minimal, "title: Accounts\n", "title: Accounts\ndescription: '"+evil+"'\n", 1))
	if err != nil {
		t.Fatal(err)
	}
	page := read(t, outDir, "architecture/accounts/index.html")
	if strings.Contains(page, "<script>alert(1)") {
		t.Fatal("the description's markup reached the page unescaped")
	}
	if got := structuredData(t, page)["TechArticle"]["description"]; got != evil {
		t.Errorf("description read back as %q", got)
	}
}

func TestShareImageDefaultsToTheSiteImage(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "themeConfig:\n", "themeConfig:\n  image: img/social.png\n", 1)
	archive = strings.Replace(archive, "title: Accounts\n", "title: Accounts\nimage: /img/accounts.png\n", 1)
	archive += "-- site/static/img/social.png --\npng\n-- site/static/img/accounts.png --\npng\n"
	outDir, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	bakers := read(t, outDir, "architecture/bakers/index.html")
	for _, want := range []string{
		`<meta property="og:image" content="https://docs.example.org/img/social.png">`,
		`<meta name="twitter:image" content="https://docs.example.org/img/social.png">`,
		`<meta name="twitter:card" content="summary_large_image">`,
	} {
		if !strings.Contains(bakers, want) {
			t.Errorf("page without its own image lacks %s", want)
		}
	}
	if sd := structuredData(t, bakers); sd["TechArticle"]["image"] != "https://docs.example.org/img/social.png" {
		t.Errorf("TechArticle image = %v", sd["TechArticle"]["image"])
	}
	accounts := read(t, outDir, "architecture/accounts/index.html")
	if !strings.Contains(accounts, `<meta property="og:image" content="https://docs.example.org/img/accounts.png">`) || strings.Contains(accounts, "social.png") {
		t.Error("a page's own image does not win over the site's")
	}
}

func TestSeveralLocalesGiveHreflangAlternates(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "  locales: [en]\n  localeConfigs:\n    en: { label: English, direction: ltr, htmlLang: en }\n",
		"  locales: [en, fr, ja]\n  localeConfigs:\n    en: { label: English, direction: ltr, htmlLang: en-US }\n"+
			"    fr: { label: Français, htmlLang: fr-FR }\n    ja: { label: 日本語, htmlLang: ja, url: 'https://ja.example.org', baseUrl: /docs/ }\n", 1)
	outDir, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	page := read(t, outDir, "architecture/accounts/index.html")
	for _, want := range []string{
		`<meta property="og:locale" content="en_US">`,
		`<meta property="og:locale:alternate" content="fr_FR">`,
		`<meta property="og:locale:alternate" content="ja">`,
		`<link rel="alternate" hreflang="en-US" href="https://docs.example.org/architecture/accounts">`,
		`<link rel="alternate" hreflang="x-default" href="https://docs.example.org/architecture/accounts">`,
		`<link rel="alternate" hreflang="fr-FR" href="https://docs.example.org/fr/architecture/accounts">`,
		`<link rel="alternate" hreflang="ja" href="https://ja.example.org/docs/architecture/accounts">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if sd := structuredData(t, page); sd["TechArticle"]["inLanguage"] != "en-US" {
		t.Errorf("inLanguage = %v", sd["TechArticle"]["inLanguage"])
	}
}
