package sitebuild

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// The first-load budgets of a doc page (docs/behaviour.md, "Budgets"), in gzip bytes.
const (
	FirstLoadJSBudget  = 80 << 10
	FirstLoadCSSBudget = 15 << 10
)

// WeightPart is one script, module preload, inline script or stylesheet a page loads first.
type WeightPart struct {
	Name string // the URL, or "inline <script …>" for an inline script
	JS   bool   // false for a stylesheet
	Gzip int    // bytes once compressed with gzip -9
}

// Weight is what a page's HTML makes the browser load before it is interactive.
type Weight struct {
	JS, CSS int // gzip bytes
	Parts   []WeightPart
}

var (
	weighScriptSrc = regexp.MustCompile(`<script\b[^>]*\bsrc="([^"]+)"[^>]*>`)
	weighPreload   = regexp.MustCompile(`<link rel="modulepreload" href="([^"]+)"`)
	weighInline    = regexp.MustCompile(`(?s)<script\b([^>]*)>(.*?)</script>`)
	weighStyles    = regexp.MustCompile(`<link rel="stylesheet" href="([^"]+)"`)
)

// FirstLoad weighs a built page: gzip -9 of every local script, module preload and inline script its
// HTML names (the inline site and page data included), and of its stylesheets. Third-party scripts
// (absolute URLs) are left out. dir is the built site the URLs resolve in.
func FirstLoad(dir string, html []byte) (Weight, error) {
	var w Weight
	add := func(name string, js bool, data []byte) {
		p := WeightPart{Name: name, JS: js, Gzip: gzipSize(data)}
		w.Parts = append(w.Parts, p)
		if js {
			w.JS += p.Gzip
		} else {
			w.CSS += p.Gzip
		}
	}
	file := func(url string, js bool) error {
		if strings.Contains(url, "://") || strings.HasPrefix(url, "//") {
			return nil
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(url, "/"))))
		if err != nil {
			return fmt.Errorf("weighing the first load: the page names %s: %w", url, err)
		}
		add(url, js, data)
		return nil
	}
	for _, re := range []*regexp.Regexp{weighScriptSrc, weighPreload} {
		for _, m := range re.FindAllSubmatch(html, -1) {
			if err := file(string(m[1]), true); err != nil {
				return w, err
			}
		}
	}
	for _, m := range weighInline.FindAllSubmatch(html, -1) {
		if len(bytes.TrimSpace(m[2])) > 0 {
			add("inline <script"+string(m[1])+">", true, m[2])
		}
	}
	for _, m := range weighStyles.FindAllSubmatch(html, -1) {
		if err := file(string(m[1]), false); err != nil {
			return w, err
		}
	}
	return w, nil
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid: no error
	_, _ = w.Write(b)                                       // writes to a bytes.Buffer do not fail
	_ = w.Close()
	return buf.Len()
}

// The code that opening Ask AI loads (budget: 60 KB gzip, docs/behaviour.md), as sources of the web app: the
// chatbot panel, and the assistant view the search dialog loads in AI mode.
const (
	AskAIPanelSource = "src/assistant/ChatbotPanel/index.tsx"
	AskAIViewSource  = "src/assistant/AssistantView/index.tsx"
	AskAIJSBudget    = 60 << 10
)

// LazyLoad weighs what loading a lazy chunk of the web app costs once a page has loaded first: the
// chunk built from src (a source path as the web build's manifest names it, such as AskAIPanelSource)
// and every chunk it imports statically, less those already in first. webDir is the web build
// (web/dist), dir the built site holding the same assets.
func LazyLoad(webDir, dir, src string, first Weight) (Weight, error) {
	file := filepath.Join(webDir, "client", ".vite", "manifest.json")
	data, err := os.ReadFile(file)
	if err != nil {
		return Weight{}, fmt.Errorf("weighing %s: %w (build the web app first)", src, err)
	}
	var chunks map[string]viteChunk
	if err := json.Unmarshal(data, &chunks); err != nil {
		return Weight{}, fmt.Errorf("weighing %s: %s: %v", src, file, err)
	}
	if _, ok := chunks[src]; !ok {
		return Weight{}, fmt.Errorf("weighing %s: %s has no such chunk; was it moved?", src, file)
	}
	loaded := map[string]bool{}
	for _, p := range first.Parts {
		loaded[p.Name] = true
	}
	var w Weight
	seen := map[string]bool{}
	var walk func(key string) error
	walk = func(key string) error {
		if seen[key] {
			return nil
		}
		seen[key] = true
		c := chunks[key]
		if url := "/" + c.File; !loaded[url] {
			js, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(c.File)))
			if err != nil {
				return fmt.Errorf("weighing %s: %w", src, err)
			}
			p := WeightPart{Name: url, JS: true, Gzip: gzipSize(js)}
			w.Parts = append(w.Parts, p)
			w.JS += p.Gzip
		}
		for _, imp := range c.Imports {
			if err := walk(imp); err != nil {
				return err
			}
		}
		return nil
	}
	return w, walk(src)
}
