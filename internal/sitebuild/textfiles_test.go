package sitebuild

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tzdocs/internal/output"
	"tzdocs/internal/sitetest"
)

// A page's Markdown file and llms-full.txt hold the converter's Markdown export under the page's
// title: components in their Markdown form, links to the pages' absolute URLs, no MDX.
func TestMarkdownFilesHoldTheExport(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "Accounts hold tez.\n", "import Note from '@site/src/Note';\n\n"+
		"Accounts hold tez, see [bakers](./bakers.md#rights).\n\n{/* a comment */}\n\n"+
		"<Tabs>\n<TabItem value=\"py\" label=\"SmartPy\">\n\nPython here.\n\n</TabItem>\n</Tabs>\n\n"+
		":::tip Keep keys safe\nBack them up.\n:::\n", 1)
	dist, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	want := "# Accounts\n\nAccounts hold tez, see [bakers](https://docs.example.org/architecture/bakers#rights).\n\n**SmartPy**\n\nPython here.\n\n" +
		"> **Tip:** Keep keys safe\n>\n> Back them up.\n\n## Implicit accounts\n\ntz1 addresses.\n"
	if got := read(t, dist, "architecture/accounts.md"); got != want {
		t.Errorf("accounts.md:\n%s\nwant:\n%s", got, want)
	}
	if full := read(t, dist, "llms-full.txt"); !strings.Contains(full, want) {
		t.Errorf("llms-full.txt lacks the accounts page's Markdown:\n%s", full)
	}
	// A page whose own heading leads keeps it as its title, once.
	if got := read(t, dist, "architecture.md"); got != "# Architecture\n\nHow it works.\n" {
		t.Errorf("architecture.md:\n%s", got)
	}
}

// llmsFile is llms.txt as the format's parsing rules read it: a title, a summary, free text, then
// "## " sections that hold only "- [name](url): notes" links.
type llmsFile struct {
	title, summary string
	sections       []string
	links          map[string][]string // section → link URLs
}

var llmsLink = regexp.MustCompile(`^- \[([^\]]+)\]\(([^)\s]+)\)(?::\s*(.*))?$`)

func parseLLMs(t *testing.T, text string) llmsFile {
	t.Helper()
	f := llmsFile{links: map[string][]string{}}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "# ") {
		t.Fatalf("llms.txt does not start with a # title: %q", text)
	}
	f.title = strings.TrimPrefix(lines[0], "# ")
	section := ""
	for i, l := range lines[1:] {
		switch {
		case strings.HasPrefix(l, "## "):
			section = strings.TrimPrefix(l, "## ")
			f.sections = append(f.sections, section)
		case strings.HasPrefix(l, "#"):
			t.Errorf("line %d: a heading other than ## in llms.txt: %q", i+2, l)
		case section == "" && strings.HasPrefix(l, "> ") && f.summary == "":
			f.summary = strings.TrimPrefix(l, "> ")
		case section != "" && l != "":
			m := llmsLink.FindStringSubmatch(l)
			if m == nil {
				t.Errorf("line %d of section %q is not a link item: %q", i+2, section, l)
				continue
			}
			f.links[section] = append(f.links[section], m[2])
		}
	}
	return f
}

func TestAGeneratedIndexHasMarkdownOfItsCards(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "    label: First app\n", "    label: First app\n    link: {type: generated-index, slug: /tutorials/first-app, description: Build a first app.}\n", 1)
	dist, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	want := "# First app\n\n> Build a first app.\n\n- [Part 1](https://docs.example.org/tutorials/app/part-1)"
	if got := read(t, dist, "tutorials/first-app.md"); !strings.HasPrefix(got, want) {
		t.Errorf("first-app.md:\n%s\nwant it to start with:\n%s", got, want)
	}
	if full := read(t, dist, "llms-full.txt"); strings.Contains(full, "first-app") {
		t.Error("llms-full.txt holds the generated index, a list of pages it holds already")
	}
}

func TestLLMsTxtFollowsTheFormat(t *testing.T) {
	outDir, _, err := buildSite(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	f := parseLLMs(t, read(t, outDir, output.LLMsFile))
	if f.title != "Test Docs" || f.summary != "A site for tests." {
		t.Errorf("title %q, summary %q", f.title, f.summary)
	}
	// The sidebars' top categories in order, the pages a sidebar lists outside a category under its
	// navbar label, and the pages in no sidebar under Optional, last.
	if got, want := strings.Join(f.sections, "|"), "Documentation|Architecture|Tutorials|First app|Optional"; got != want {
		t.Errorf("sections %s, want %s", got, want)
	}
	md := func(route string) string { return "https://docs.example.org/" + output.MarkdownFile(route) }
	for section, want := range map[string][]string{
		"Documentation": {md("/overview/")},
		"Architecture":  {md("/architecture"), md("/architecture/accounts"), md("/architecture/bakers")},
		"Tutorials":     {md("/tutorials")},
		"First app":     {md("/tutorials/app/part-1")},
		"Optional":      {md("/"), md("/conrefs/network")},
	} {
		if got := f.links[section]; strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("section %s links %v, want %v", section, got, want)
		}
	}
	full := read(t, outDir, output.LLMsFullFile)
	if strings.Contains(full, "Unlisted page.") || strings.Index(full, "# Accounts") > strings.Index(full, "# Bakers") {
		t.Error("llms-full.txt does not follow llms.txt's order without unlisted pages")
	}
	if robots := read(t, outDir, output.RobotsFile); !strings.Contains(robots, "Sitemap: https://docs.example.org/sitemap.xml") ||
		!strings.Contains(robots, "Disallow: /admin\n") {
		t.Errorf("robots.txt: %q", robots)
	}
}

// The README describes robots.txt as the build writes it: every path the file disallows is named.
func TestTheREADMESaysWhatRobotsTxtDisallows(t *testing.T) {
	outDir, _, err := buildSite(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, about, ok := strings.Cut(string(readme), "`/robots.txt`")
	if !ok {
		t.Fatal("README.md does not describe /robots.txt")
	}
	about, _, _ = strings.Cut(about, "\n\n")
	for _, line := range strings.Split(read(t, outDir, output.RobotsFile), "\n") {
		if path, ok := strings.CutPrefix(line, "Disallow: "); ok && !strings.Contains(about, "`Disallow: "+path+"`") {
			t.Errorf("robots.txt disallows %s; README.md's description of it does not say so: %q", path, about)
		}
	}
}

func TestAPageMarkdownStartsWithItsTitleAndDescription(t *testing.T) {
	outDir, _, err := buildSite(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	// Pages link their Markdown version; the not-found page has none.
	if html := read(t, outDir, output.PageFile("/overview/")); !strings.Contains(html, `<link rel="alternate" type="text/markdown" href="/overview.md">`) {
		t.Error("the overview page does not link its Markdown")
	}
	if strings.Contains(read(t, outDir, output.PageFile(output.NotFoundRoute)), `type="text/markdown"`) {
		t.Error("the not-found page links a Markdown version")
	}
	if got := read(t, outDir, output.MarkdownFile("/overview/")); !strings.HasPrefix(got, "# Overview\n\n> What this is.\n\nWelcome.") {
		t.Errorf("overview.md starts %q", got[:min(len(got), 60)])
	}
}

func TestARobotsFileInStaticWins(t *testing.T) {
	outDir, _, err := buildSite(t, sitetest.Minimal+"-- site/static/robots.txt --\nUser-agent: *\nDisallow: /drafts/\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(read(t, outDir, output.RobotsFile)); got != "User-agent: *\nDisallow: /drafts/" {
		t.Errorf("robots.txt = %q", got)
	}
}
