package sitebuild

import (
	"bytes"
	"compress/gzip"
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
