// Command docusaurus builds the site/ content with Docusaurus 3.9.2 and its Faster (Rspack) option
// and with tzdocs, alternating, in one run, and prints for each the pages built, wall and CPU
// seconds (Node workers and compilers included), peak RSS and the ratio of the two.
//
// It writes a docusaurus.config.js and sidebars.js for the content into a temporary folder,
// generated from site/site.yaml and site/sidebars.yaml; nothing is written into the repository.
// Pages that Docusaurus cannot build (precheck.mjs: MDX syntax, components it does not define;
// then any page a Docusaurus build names in its error) are listed with why and left out of both
// builds, so both sides build the same pages. Run it from the project root after `make build` and
// `(cd bench/docusaurus && npm ci)`:
//
//	go run ./bench/docusaurus [-runs 3]
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"tzdocs/bench/internal/measure"
)

func main() {
	runs := flag.Int("runs", 3, "builds of each, alternating, after one warm-up build of each")
	bin := flag.String("bin", "bin/tzdocs", "the tzdocs binary")
	site := flag.String("site", "site", "the site folder")
	keep := flag.Bool("keep", false, "keep the temporary folder and print its path")
	flag.Parse()
	bench, err := filepath.Abs("bench/docusaurus")
	check(err)
	if _, err := os.Stat(filepath.Join(bench, "node_modules", "@docusaurus", "core")); err != nil {
		check(errors.New("Docusaurus is not installed: run (cd bench/docusaurus && npm ci) first"))
	}
	tmp, err := os.MkdirTemp("", "tzdocs-docusaurus-")
	check(err)
	if *keep {
		fmt.Println("working folder:", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	fmt.Println(measure.Machine())

	var cfg siteConfig
	check(readYAML(filepath.Join(*site, "site.yaml"), &cfg))
	var sidebars yaml.Node
	check(readYAML(filepath.Join(*site, "sidebars.yaml"), &sidebars))

	tz := filepath.Join(tmp, "tz") // the tzdocs site: site/ less the excluded pages
	dz := filepath.Join(tmp, "dz") // the Docusaurus site
	check(copyTree(*site, tz))
	check(copyTree(filepath.Join(*site, "docs"), filepath.Join(dz, "docs")))
	check(copyTree(filepath.Join(*site, "static"), filepath.Join(dz, "static")))
	if _, err := os.Stat(filepath.Join(*site, "pages")); err == nil {
		check(copyTree(filepath.Join(*site, "pages"), filepath.Join(dz, "src", "pages")))
	}
	check(os.Symlink(filepath.Join(bench, "node_modules"), filepath.Join(dz, "node_modules")))
	check(os.WriteFile(filepath.Join(dz, "package.json"), []byte(`{"name":"tzdocs-content-in-docusaurus","private":true}`+"\n"), 0o644))
	check(os.WriteFile(filepath.Join(dz, "docusaurus.config.js"), []byte(docusaurusConfig(cfg)), 0o644))

	// Pages Docusaurus cannot build, found before building.
	excluded := map[string]string{} // path relative to the Docusaurus site → why
	var pre bytes.Buffer
	cmd := exec.Command("node", filepath.Join(bench, "precheck.mjs"), dz)
	cmd.Stdout, cmd.Stderr = &pre, os.Stderr
	cmd.Dir = bench
	check(cmd.Run())
	var problems []struct{ File, Reason string }
	check(json.Unmarshal(pre.Bytes(), &problems))
	for _, p := range problems {
		excluded[p.File] = p.Reason
	}
	check(exclude(excluded, tz, dz, &sidebars))

	dzBuild := func(out string) (measure.Cost, error) {
		_ = os.RemoveAll(filepath.Join(dz, ".docusaurus"))
		_ = os.RemoveAll(filepath.Join(bench, "node_modules", ".cache"))
		cmd := exec.Command("node", filepath.Join(bench, "node_modules", "@docusaurus", "core", "bin", "docusaurus.mjs"), "build", "--out-dir", out, dz)
		cmd.Dir = dz
		cmd.Env = append(os.Environ(), "DOCUSAURUS_TELEMETRY_DISABLED=1", "NODE_ENV=production")
		return measure.Run(cmd)
	}
	tzBuild := func(out string) (measure.Cost, error) {
		return measure.Run(exec.Command(*bin, "build", "--site", tz, "--out", out, "--web", "web/dist"))
	}

	// Warm-up: a page that still breaks the Docusaurus build is named in its error; it is left out
	// and the build tried again.
	for attempt := 0; ; attempt++ {
		_, err := dzBuild(filepath.Join(tmp, "dz-out-warm"))
		if err == nil {
			break
		}
		more := failingPages(err.Error(), dz)
		if len(more) == 0 || attempt == 4 {
			check(fmt.Errorf("the Docusaurus build failed on no page this bench can leave out: %w", err))
		}
		for f, why := range more {
			excluded[f] = why
		}
		check(exclude(more, tz, dz, &sidebars))
	}
	_, err = tzBuild(filepath.Join(tmp, "tz-out-warm"))
	check(err)

	if len(excluded) > 0 {
		fmt.Printf("left out of both builds, as Docusaurus cannot build them (%d):\n", len(excluded))
		names := make([]string, 0, len(excluded))
		for f := range excluded {
			names = append(names, f)
		}
		sort.Strings(names)
		for _, f := range names {
			fmt.Printf("  %s: %s\n", f, excluded[f])
		}
	}

	var tzCosts, dzCosts []measure.Cost
	var tzPages, dzPages int
	for i := 0; i < *runs; i++ {
		out := filepath.Join(tmp, fmt.Sprintf("tz-out-%d", i))
		c, err := tzBuild(out)
		check(err)
		tzCosts = append(tzCosts, c)
		tzPages = countHTML(out)
		_ = os.RemoveAll(out)
		out = filepath.Join(tmp, fmt.Sprintf("dz-out-%d", i))
		c, err = dzBuild(out)
		check(err)
		dzCosts = append(dzCosts, c)
		dzPages = countHTML(out)
		_ = os.RemoveAll(out)
	}
	t, d := measure.Summarise(tzCosts), measure.Summarise(dzCosts)
	fmt.Printf("tzdocs:     %d HTML pages (with the search page and 404), %s\n", tzPages, t)
	fmt.Printf("Docusaurus: %d HTML pages (with 404), %s (3.9.2, Faster/Rspack)\n", dzPages, d)
	fmt.Printf("Docusaurus ÷ tzdocs (medians): wall %.1f×, CPU %.1f×, peak RSS %.1f×\n",
		d.Wall.Median/t.Wall.Median, d.CPU.Median/t.CPU.Median, d.MB.Median/t.MB.Median)
}

// siteConfig is the part of site.yaml the Docusaurus configuration is written from.
type siteConfig struct {
	Title    string `yaml:"title"`
	Tagline  string `yaml:"tagline"`
	URL      string `yaml:"url"`
	BaseURL  string `yaml:"baseUrl"`
	Favicon  string `yaml:"favicon"`
	Markdown struct {
		Math bool `yaml:"math"`
	} `yaml:"markdown"`
	Docs struct {
		RouteBasePath string `yaml:"routeBasePath"`
	} `yaml:"docs"`
	ThemeConfig struct {
		Navbar struct {
			Title string `yaml:"title"`
		} `yaml:"navbar"`
	} `yaml:"themeConfig"`
}

// docusaurusConfig writes the Docusaurus configuration of the content: the classic preset with the
// docs at the same base path, math when site.yaml enables it, and the Faster options.
func docusaurusConfig(c siteConfig) string {
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	math := ""
	if c.Markdown.Math {
		math = `remarkPlugins: [remarkMath], rehypePlugins: [rehypeKatex],`
	}
	route := c.Docs.RouteBasePath
	if route == "" {
		route = "/"
	}
	return `// Generated by bench/docusaurus from site.yaml: the site/ content built by Docusaurus.
module.exports = async function () {
  const remarkMath = (await import("remark-math")).default;
  const rehypeKatex = (await import("rehype-katex")).default;
  return {
    title: ` + js(c.Title) + `,
    tagline: ` + js(c.Tagline) + `,
    url: ` + js(c.URL) + `,
    baseUrl: ` + js(c.BaseURL) + `,
    favicon: ` + js(strings.TrimPrefix(c.Favicon, "/")) + `,
    onBrokenLinks: "warn",
    onBrokenAnchors: "warn",
    markdown: { hooks: { onBrokenMarkdownLinks: "warn", onBrokenMarkdownImages: "warn" } },
    future: { v4: true, experimental_faster: true },
    presets: [["classic", {
      docs: { path: "docs", routeBasePath: ` + js(route) + `, sidebarPath: "./sidebars.js", ` + math + ` },
      blog: false,
      pages: { path: "src/pages" },
      theme: {},
    }]],
    themeConfig: {
      navbar: { title: ` + js(c.ThemeConfig.Navbar.Title) + `, items: [] },
      prism: { additionalLanguages: ["csharp", "toml", "ocaml", "bash"] },
    },
  };
};
`
}

// exclude removes the pages named (paths relative to the Docusaurus site) from both sites and
// their doc ids from the sidebars, and writes both sites' sidebars again.
func exclude(pages map[string]string, tz, dz string, sidebars *yaml.Node) error {
	ids := map[string]bool{}
	for f := range pages {
		_ = os.Remove(filepath.Join(dz, f))
		rel := f
		if strings.HasPrefix(f, "src/pages/") {
			rel = "pages/" + strings.TrimPrefix(f, "src/pages/")
		} else {
			ids[strings.TrimSuffix(strings.TrimPrefix(f, "docs/"), filepath.Ext(f))] = true
		}
		_ = os.Remove(filepath.Join(tz, rel))
	}
	pruneSidebars(sidebars, ids)
	out, err := yaml.Marshal(sidebars)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tz, "sidebars.yaml"), out, 0o644); err != nil {
		return err
	}
	var tree any
	if err := sidebars.Decode(&tree); err != nil {
		return err
	}
	b, err := json.MarshalIndent(docusaurusSidebars(tree), "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dz, "sidebars.js"), append(append([]byte("// Generated by bench/docusaurus from sidebars.yaml.\nmodule.exports = "), b...), ";\n"...), 0o644)
}

// pruneSidebars drops the doc ids given from a sidebars.yaml tree: items naming them, and
// category links to them.
func pruneSidebars(n *yaml.Node, ids map[string]bool) {
	switch n.Kind {
	case yaml.DocumentNode:
		for _, c := range n.Content {
			pruneSidebars(c, ids)
		}
	case yaml.SequenceNode:
		kept := n.Content[:0]
		for _, c := range n.Content {
			if c.Kind == yaml.ScalarNode && ids[c.Value] {
				continue
			}
			if c.Kind == yaml.MappingNode && (mapValue(c, "type") == "doc" || mapValue(c, "type") == "ref") && ids[mapValue(c, "id")] {
				continue
			}
			pruneSidebars(c, ids)
			kept = append(kept, c)
		}
		n.Content = kept
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == "link" && n.Content[i+1].Kind == yaml.ScalarNode && ids[n.Content[i+1].Value] {
				n.Content = append(n.Content[:i], n.Content[i+2:]...)
				i -= 2
				continue
			}
			pruneSidebars(n.Content[i+1], ids)
		}
	}
}

func mapValue(n *yaml.Node, key string) string {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1].Value
		}
	}
	return ""
}

// docusaurusSidebars turns a sidebars.yaml tree into Docusaurus's form: a category's link names a
// doc id there, an object in Docusaurus.
func docusaurusSidebars(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, val := range t {
			if k == "link" {
				if id, ok := val.(string); ok {
					out[k] = map[string]any{"type": "doc", "id": id}
					continue
				}
			}
			out[k] = docusaurusSidebars(val)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, val := range t {
			out[i] = docusaurusSidebars(val)
		}
		return out
	}
	return v
}

// pageInError finds the Markdown files a failed Docusaurus build names.
var pageInError = regexp.MustCompile(`((?:docs|src/pages)/[A-Za-z0-9_./-]+\.mdx?)`)

func failingPages(log, dz string) map[string]string {
	pages := map[string]string{}
	for _, line := range strings.Split(log, "\n") {
		for _, m := range pageInError.FindAllString(line, -1) {
			if _, err := os.Stat(filepath.Join(dz, m)); err == nil {
				if _, seen := pages[m]; !seen {
					pages[m] = "the Docusaurus build fails on it: " + strings.TrimSpace(line)
				}
			}
		}
	}
	return pages
}

// countHTML counts the HTML pages a build wrote, its 404 page included.
func countHTML(dir string) int {
	n := 0
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		// tzdocs's _diagram.html and _admin.html are documents for frames and the dashboard, not pages.
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".html") && !strings.HasPrefix(d.Name(), "_") {
			n++
		}
		return nil
	})
	return n
}

func readYAML(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// copyTree copies the regular files below src into dst.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}
