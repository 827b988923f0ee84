package content

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/png" // fixture images
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/config"
	"tzdocs/internal/markdown"
)

// loadDocusaurus loads testdata/docusaurus, a Docusaurus docs folder and sidebars.js used as they are.
func loadDocusaurus(t *testing.T) *Site {
	t.Helper()
	cfg, err := config.Load(filepath.Join("testdata", "docusaurus"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := loadConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// outline writes a sidebar as indented lines: "label → route" for docs and linked categories.
func outline(b *strings.Builder, items []*SidebarItem, depth int) {
	for _, it := range items {
		fmt.Fprintf(b, "%s%s", strings.Repeat("  ", depth), it.Type)
		if it.Label != "" {
			fmt.Fprintf(b, " %s", it.Label)
		}
		switch {
		case it.Doc != nil:
			fmt.Fprintf(b, " → %s", it.Doc.Route)
		case it.Href != "":
			fmt.Fprintf(b, " → %s", it.Href)
		case it.Value != "":
			fmt.Fprintf(b, " %s .%s", it.Value, it.ClassName)
		}
		if it.Type == "category" {
			fmt.Fprintf(b, " collapsed=%v", it.Collapsed)
		}
		b.WriteByte('\n')
		outline(b, it.Items, depth+1)
	}
}

func TestDocusaurusSidebarsJS(t *testing.T) {
	s := loadDocusaurus(t)
	var b strings.Builder
	for _, id := range []string{"docs", "tutorials"} {
		fmt.Fprintf(&b, "%s:\n", id)
		outline(&b, s.Sidebars[id], 1)
	}
	want := `docs:
  doc Introduction → /
  doc Networks → /conrefs/network
  category Guides → /guides/ collapsed=false
    doc Set up → /guides/setup
    doc Deploy → /guides/deploy
  category Reference → /reference collapsed=true
    doc RPC → /reference/rpc
    doc CLI → /reference/cli
    doc Glossary → /reference/glossary
  html <hr/> .sidebar-divider
  link Tezos → https://tezos.com
  category More topics collapsed=true
    doc FAQ → /guides/faq
tutorials:
  doc Tutorials → /tutorials/overview
  category First app → /category/first-app collapsed=false
    doc Part 1: Set up → /tutorials/first-app/part-1
    doc Part 2: Write the contract → /tutorials/first-app/part-2
`
	if b.String() != want {
		t.Errorf("sidebars:\n%s\nwant:\n%s", b.String(), want)
	}

	ref := s.ByRoute["/reference"]
	if ref == nil || ref.Kind != KindGeneratedIndex || ref.Title != "Reference docs" || ref.Description != "Everything to look up." || len(ref.Items) != 3 {
		t.Fatalf("generated index /reference = %+v", ref)
	}
	if ref.Sidebar != "docs" || ref.Next == nil || ref.Next.ID != "reference/rpc" || ref.Prev == nil || ref.Prev.ID != "guides/deploy" {
		t.Errorf("generated index sidebar/prev/next = %q %v %v", ref.Sidebar, ref.Prev, ref.Next)
	}
	var cards []string
	for _, c := range s.IndexCards(ref) {
		cards = append(cards, c.Title+" "+c.Href)
	}
	if got := strings.Join(cards, ", "); got != "RPC /reference/rpc, CLI /reference/cli, Glossary /reference/glossary" {
		t.Errorf("index cards = %s", got)
	}
	app := s.ByRoute["/category/first-app"]
	if app == nil || app.Title != "First app" || app.Description != "Build a dApp step by step." || len(app.Items) != 2 {
		t.Fatalf("generated index from _category_.json = %+v", app)
	}
	if crumbs := s.ByID["tutorials/first-app/part-2"].Breadcrumbs; len(crumbs) != 2 || crumbs[0].Href != "/category/first-app" {
		t.Errorf("breadcrumbs = %+v", crumbs)
	}
	if _, ok := s.ByID["draft"]; ok {
		t.Error("draft published")
	}
	// pagination_prev: null and pagination_next: <id> replace the sidebar's neighbours.
	if faq := s.ByID["guides/faq"]; faq.Prev != nil || faq.Next == nil || faq.Next.ID != "tutorials/overview" {
		t.Errorf("faq prev/next = %v %v", faq.Prev, faq.Next)
	}
	if s.ByID["unlisted"].Sidebar != "" {
		t.Error("unlisted doc in a sidebar")
	}
}

// TestDocusaurusSiteConvertsWithoutEdits converts every page of the fixture the way the build
// does, and expects no error, no warning and no broken link.
func TestDocusaurusSiteConvertsWithoutEdits(t *testing.T) {
	s := loadDocusaurus(t)
	conv := markdown.New(markdown.Options{})
	html := map[string]string{}
	for _, d := range s.Docs {
		if d.Kind == KindGeneratedIndex {
			continue
		}
		ctx := markdown.PageContext{
			ResolveLink: func(dest string) string {
				href, _, _ := s.ResolveLink(d, dest)
				return href
			},
			ResolveImage: func(src string) (markdown.Image, error) {
				file := filepath.Join(filepath.Dir(d.Path), src)
				if strings.HasPrefix(src, "/") {
					file = filepath.Join(s.Config.Dir, "static", src)
				}
				data, err := os.ReadFile(file)
				if err != nil {
					return markdown.Image{}, errors.New("image " + src + " not found")
				}
				c, _, err := image.DecodeConfig(bytes.NewReader(data))
				if err != nil {
					return markdown.Image{}, err
				}
				return markdown.Image{URL: "/assets/" + filepath.Base(src), Width: c.Width, Height: c.Height}, nil
			},
			ReadPartial: func(p string) ([]byte, string, error) { return s.ReadPartial(d, p) },
		}
		doc, err := conv.Convert(d.Body, ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range append(doc.Errors, doc.Warnings...) {
			t.Errorf("%s: %s", d.File, e)
		}
		for _, l := range doc.Links {
			if _, _, ok := s.ResolveLink(d, l.Dest); !ok {
				t.Errorf("%s:%d: broken link %s", d.File, l.Line, l.Dest)
			}
		}
		html[d.ID] = doc.HTML
	}
	checks := map[string][]string{
		"intro": {
			`<a href="/guides/">guides</a>`, `<a href="/guides/setup#install">setup guide</a>`,
			`<h2 id="install-steps">Install`, // from the partial
			`<div class="tz-admonition tz-admonition--tip">`,
			`<div class="tz-tabs" data-group-id="language">`, `id="tz-tabs-1-jsligo"`,
			`<div class="tz-code__title">counter.jsligo</div>`,
			`<figure class="tz-figure"><img src="/assets/diagram.png" alt="How blocks are made" width="8" height="6"`,
			`<img src="/assets/logo.png" alt="Logo" style="width:120px;max-width:100%" width="4" height="4" loading="lazy" decoding="async">`,
			`<div class="table-wrapper">`, `Real tez — be careful`,
			`<a href="/conrefs/network">the network page</a>`,
			`<summary>Why two networks?</summary>`,
		},
		"guides/setup":       {`<p class="tz-admonition__title">Back up your keys</p>`, `<li>`, `tz-admonition--danger`, `<a href="/guides/deploy">Then deploy</a>`},
		"tutorials/overview": {`<a class="tz-tutorial-card" href="/tutorials/first-app/part-1">`},
		"reference/rpc": {
			`<iframe class="tz-embed__frame" src="https://lucid.app/documents/embedded/0000-rpc" title="Diagram" id="rpc-flow" style="width:640px;height:360px"`,
			`<details class="tz-quiz__answer"><summary>Show the answer</summary><p>B. 8732</p></details>`,
		},
		"reference/cli": {
			// A transcript: the prompt and the output are told apart.
			`<span class="gp">$</span> <span class="nf">octez-client</span> --endpoint`, `<span class="go">Node is bootstrapped.</span>`,
			`<span class="ch">#!/usr/bin/env bash</span>`, `<span class="nf">set</span> -e`,
			`<span class="nn">sp</span>.<span class="kt">int</span>(<span class="mi">0</span>)`, `<span class="nd">@sp.module</span>`,
			`<span class="kd">parameter</span> (<span class="kt">int</span> <span class="na">%increment</span>)`, `<span class="k">UNPAIR</span>`,
			// The theme components @theme/Admonition and @theme/CodeBlock.
			`<div class="tz-admonition tz-admonition--warning">` + "\n" + `<p class="tz-admonition__title">Mainnet costs real tez</p>`,
			`<div class="tz-code__title">balance.ts</div>`, `<span class="kd">const</span> balance <span class="o">=</span> <span class="k">await</span>`,
		},
	}
	for id, wants := range checks {
		for _, w := range wants {
			if !strings.Contains(html[id], w) {
				t.Errorf("%s: HTML lacks %s\n%s", id, w, html[id])
			}
		}
	}
	for _, leak := range []string{"import ", "{/*", "<InstallSteps", "<Network", "<TabItem", "className=", "<CodeBlock", "<Admonition", "<LucidDiagram", "<QuizQuestion"} {
		for _, id := range []string{"intro", "reference/cli", "reference/rpc"} {
			if strings.Contains(html[id], leak) {
				t.Errorf("%s HTML leaks %q", id, leak)
			}
		}
	}
}
