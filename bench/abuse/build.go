package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// buildProbe is one hostile site: files added to (or replacing) the base site's.
type buildProbe struct {
	name  string
	file  string // the file the error must name
	files map[string]string
}

// baseSite is a small valid site each probe starts from.
var baseSite = map[string]string{
	"site.yaml": `title: Abuse
url: https://docs.example.org
docs:
  mainDocId: index
themeConfig:
  navbar:
    title: Abuse
`,
	"sidebars.yaml": "docs:\n  - index\n  - page\n",
	"docs/index.md": "---\ntitle: Home\n---\n\nThe home page.\n",
	"docs/page.md":  "---\ntitle: Page\n---\n\nA page.\n",
}

func page(body string) map[string]string { return map[string]string{"docs/page.md": body} }

func sidebarsJS(src string) map[string]string {
	return map[string]string{"sidebars.js": src, "sidebars.yaml": ""}
}

func buildProbes() []buildProbe {
	const deep = 5000
	var frontMatter strings.Builder
	frontMatter.WriteString("---\ntitle: Keys\n")
	for i := 0; frontMatter.Len() < 10<<20; i++ {
		fmt.Fprintf(&frontMatter, "key%d: value\n", i)
	}
	frontMatter.WriteString("---\n\nBody.\n")
	var list strings.Builder
	for i := 0; i < 3000; i++ {
		list.WriteString(strings.Repeat("  ", i) + "- item\n")
	}
	return []buildProbe{
		{"5,000 nested admonitions", "docs/page.md", page(strings.Repeat(":::note\n\n", deep) + "deep\n" + strings.Repeat(":::\n\n", deep))},
		{"5,000 nested <details>", "docs/page.md", page(strings.Repeat("<details>\n<summary>More</summary>\n\n", deep) + "deep\n" + strings.Repeat("</details>\n\n", deep))},
		{"3,000 nested <Tabs>", "docs/page.md", page(strings.Repeat("<Tabs>\n<TabItem value=\"a\">\n\n", 3000) + "deep\n" + strings.Repeat("</TabItem>\n</Tabs>\n\n", 3000))},
		{"3,000 nested list items", "docs/page.md", page(list.String())},
		{"5,000 nested quotes", "docs/page.md", page(strings.Repeat("> ", deep) + "deep\n")},
		{"10 MB of front matter keys", "docs/page.md", page(frontMatter.String())},
		{"unclosed <Figure src={ over 18k lines", "docs/page.md", page("# Page\n\n<Figure src={\n" + strings.Repeat("more of the page\n", 18000) + "\n## Later\n")},
		{"sidebars.js: cyclic object", "sidebars.js", sidebarsJS("const a = {type: 'category', label: 'A', items: []};\na.items.push(a);\nmodule.exports = {docs: [a]};")},
		{"sidebars.js: 100,000 nested arrays", "sidebars.js", sidebarsJS("let x = 'index';\nfor (let i = 0; i < 100000; i++) x = [x];\nmodule.exports = {docs: x};")},
		{"sidebars.js: array length 2^32-1", "sidebars.js", sidebarsJS("const a = ['index'];\na.length = 4294967295;\nmodule.exports = {docs: a};")},
		{"sidebars.js: memory bomb", "sidebars.js", sidebarsJS("let s = 'tez';\nconst keep = [];\nfor (;;) { s = s + s; keep.push(s); }")},
		{"sidebars.js: endless loop", "sidebars.js", sidebarsJS("for (;;) {}")},
	}
}

// runBuildProbes builds each probe's site and reports whether any broke its budget.
func runBuildProbes(bin, web string) (failed bool) {
	root, err := os.MkdirTemp("", "tzdocs-abuse-")
	check(err)
	defer os.RemoveAll(root)
	fmt.Printf("build probes: each within %v and %d MB, or stopped with an error naming the file\n", buildBudget, memBudgetMB)
	t := newTable("probe", "time", "peak RSS", "outcome", "held")
	for i, p := range buildProbes() {
		dir := filepath.Join(root, fmt.Sprint(i))
		site := filepath.Join(dir, "site")
		for name, data := range baseSite {
			check(writeFile(filepath.Join(site, name), data))
		}
		for name, data := range p.files {
			if data == "" {
				check(os.Remove(filepath.Join(site, name)))
				continue
			}
			check(writeFile(filepath.Join(site, name), data))
		}
		r := runBuild(bin, web, site, filepath.Join(dir, "dist"))
		held := r.wall <= buildBudget && r.rssMB <= memBudgetMB && (r.err == "" || strings.Contains(r.err, "site/"+p.file))
		failed = failed || !held
		outcome := "built"
		if r.err != "" {
			outcome = "error: " + r.err
		}
		t.row(p.name, fmt.Sprintf("%d ms", r.wall.Milliseconds()), fmt.Sprintf("%d MB", r.rssMB), outcome, yesNo(held))
	}
	t.flush()
	return failed
}

type buildRun struct {
	wall  time.Duration
	rssMB int64
	err   string // the first line of the build's error, "" when it succeeded
}

// runBuild runs one build, stopped after 60 s at most (far past the budget, to show how far past).
func runBuild(bin, web, site, out string) buildRun {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "build", "--site", site, "--out", out, "--web", web)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	r := buildRun{wall: time.Since(start)}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.rssMB = ru.Maxrss / 1024
	}
	if err != nil {
		r.err = firstLine(stderr.String())
		if ctx.Err() != nil {
			r.err = "killed after 60 s"
		}
		if r.err == "" {
			r.err = err.Error()
		}
	}
	return r
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "build failed") {
			if len(l) > 110 {
				l = l[:110] + "…"
			}
			return l
		}
	}
	return ""
}

func writeFile(p, data string) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(data), 0o644)
}

func yesNo(ok bool) string {
	if ok {
		return "yes"
	}
	return "NO"
}
