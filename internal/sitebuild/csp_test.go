package sitebuild

import (
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tzdocs/internal/output"
	"tzdocs/internal/sitetest"
)

func TestInlineStylesHashesWhatTheBrowserHashes(t *testing.T) {
	tests := []struct {
		name, html string
		want       []string // the texts whose hashes are wanted
	}{
		{"double quotes", `<div class="a" style="max-width:600px">x</div>`, []string{"max-width:600px"}},
		{"single quotes and spaces", `<img src=x style = 'height: 16px'>`, []string{"height: 16px"}},
		{"unquoted", `<span style=color:red>x</span>`, []string{"color:red"}},
		{"entities decoded", `<p style="font-family:&quot;Inter&quot;">x</p>`, []string{`font-family:"Inter"`}},
		{"upper case", `<P STYLE="color:blue">x</P>`, []string{"color:blue"}},
		{"a style element", "<style>.x{color:red}\n</style><p>y</p>", []string{".x{color:red}\n"}},
		{"a style element with attributes", `<style media="print">.y{}</style>`, []string{".y{}"}},
		{"text about styles is not a style", `<p>Set style=&quot;x&quot; or <code>style="y"</code></p>`, nil},
		{"highlighted code is not a style", `<span class="na">style</span><span class="o">=</span><span class="s">"z"</span>`, nil},
		{"an empty style is left out", `<p style="">x</p>`, nil},
		{"other names are not styles", `<stylesheet-list></stylesheet-list><p data-style="a" mystyle="b">x</p>`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := map[string]bool{}
			inlineStyles(tt.html, set)
			var want []string
			for _, w := range tt.want {
				want = append(want, hashSource(w))
			}
			got := sortedKeys(set)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("got %v, want the hashes of %q", got, tt.want)
			}
		})
	}
}

// styleAttr finds the style attributes our own renderers and raw HTML write (double-quoted).
var styleAttr = regexp.MustCompile(`<[a-zA-Z][^>]*\sstyle="([^"]*)"`)

func TestEveryInlineStyleOfABuildIsInItsPolicy(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "Bakers get rights.", "Bakers get rights.\n\n"+
		"<div style={{maxWidth: 600, margin: '0 auto'}}>Centred</div>\n\n"+
		"| Tool | Version |\n|:--|--:|\n| Octez | 20.0 |\n\n"+
		"```py showLineNumbers=10\nx = 1\ny = 2\n```\n", 1)
	archive = strings.Replace(archive, "  navbar:\n", "  footer:\n    copyright: '<span style=\"opacity:0.8\">Copyright</span>'\n  navbar:\n", 1)
	outDir, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	var policy output.CSPSources
	if err := json.Unmarshal([]byte(read(t, outDir, output.CSPFile)), &policy); err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{}
	for _, h := range policy.StyleHashes {
		allowed[h] = true
	}
	// The writer's JSX style and the footer's are allowed by hash; the table and the numbered
	// code block need none.
	for _, want := range []string{"max-width:600px;margin:0 auto", "opacity:0.8"} {
		if !allowed[hashSource(want)] {
			t.Errorf("the policy does not allow %q: %v", want, policy.StyleHashes)
		}
	}
	if len(policy.StyleHashes) != 2 {
		t.Errorf("the policy allows %d styles, want the 2 the site has: %v", len(policy.StyleHashes), policy.StyleHashes)
	}
	bakers := read(t, outDir, output.PageFile("/architecture/bakers"))
	for _, want := range []string{`class="tz-align-right"`, `data-line="11"`} {
		if !strings.Contains(bakers, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	// Whatever the page HTML holds, the policy allows.
	pages := 0
	err = filepath.WalkDir(outDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		pages++
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range styleAttr.FindAllStringSubmatch(string(data), -1) {
			if !allowed[hashSource(html.UnescapeString(m[1]))] {
				t.Errorf("%s: style %q is not in the policy", p, m[1])
			}
		}
		if strings.Contains(string(data), "<style") {
			t.Errorf("%s holds a <style> element", p)
		}
		return nil
	})
	if err != nil || pages < 5 {
		t.Fatalf("walked %d pages: %v", pages, err)
	}
}

func TestTheDiagramFrameRunsTheDiagramCode(t *testing.T) {
	outDir, _, err := buildSite(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	frame := read(t, outDir, output.DiagramFrameFile)
	if !strings.Contains(frame, `<script type="module" src="/assets/diagram-frame-Dd33Ff44.js">`) {
		t.Errorf("the frame does not load its code:\n%s", frame)
	}
	if _, err := os.Stat(filepath.Join(outDir, output.AssetsDir, "diagram-frame-Dd33Ff44.js")); err != nil {
		t.Error(err)
	}
}
