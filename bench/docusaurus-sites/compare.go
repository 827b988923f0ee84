package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// dzRun is what one `docusaurus build` of a site gave: its count file, <owner+name>.json in the
// -docusaurus folder, written by whoever ran it, and the build's output beside it (<owner+name>.log).
type dzRun struct {
	Version string  `json:"version"` // of @docusaurus/core
	Pages   int     `json:"pages"`   // HTML pages written, 404.html included
	Wall    float64 `json:"wall_s"`
	CPU     float64 `json:"cpu_s"` // user + system, the build and its children
	Note    string  `json:"note"`  // what was changed to install or build it
	refs    []ref   // its broken links and anchors
	other   []string
}

// A ref is one broken link or anchor as both tools can name it: the page it is on (its route)
// and where it points (a route with its #anchor, or the link as written when it names no route).
type ref struct{ kind, page, target string }

func (r ref) String() string { return r.kind + " on " + r.page + " to " + r.target }

// readDocusaurus reads the count file and the log of the site's Docusaurus build, if there are.
func readDocusaurus(dir, name string) (*dzRun, error) {
	data, err := os.ReadFile(filepath.Join(dir, name+".json"))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	run := &dzRun{}
	if err := json.Unmarshal(data, run); err != nil {
		return nil, fmt.Errorf("%s.json: %w", name, err)
	}
	f, err := os.Open(filepath.Join(dir, name+".log"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	run.refs, run.other = parseDocusaurusLog(bufio.NewScanner(f))
	return run, nil
}

var (
	dzSource   = regexp.MustCompile(`^- Broken (link|anchor) on source page path = (.*):$`)
	dzTarget   = regexp.MustCompile(`^\s+-> linking to (\S+)(?: \(resolved as: (\S+)\))?`)
	dzMarkdown = regexp.MustCompile("Markdown link with URL `([^`]*)` in source file \"([^\"]*)\"")
	dzWarning  = regexp.MustCompile(`^\[(WARNING|ERROR)\] (.*)`)
)

// parseDocusaurusLog reads Docusaurus's report of broken links and anchors (page by page, each
// link it found broken) and its other warnings.
func parseDocusaurusLog(sc *bufio.Scanner) (refs []ref, other []string) {
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	kind, page := "", ""
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " ")
		if m := dzSource.FindStringSubmatch(line); m != nil {
			kind, page = m[1], normRoute(m[2])
			continue
		}
		if m := dzTarget.FindStringSubmatch(line); m != nil && kind != "" {
			target := m[1]
			if m[2] != "" {
				target = m[2]
			}
			refs = append(refs, ref{kind, page, normTarget(page, target)})
			continue
		}
		if m := dzMarkdown.FindStringSubmatch(line); m != nil {
			refs = append(refs, ref{"link", "file:" + path.Clean(m[2]), m[1]})
			continue
		}
		if m := dzWarning.FindStringSubmatch(line); m != nil && !strings.Contains(m[2], "found broken") && !strings.Contains(m[2], "Unable to build") {
			other = append(other, m[2])
		}
		if !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "-") {
			kind = ""
		}
	}
	return uniq(refs), other
}

// normRoute drops a trailing slash, so /a/ and /a are one page.
func normRoute(r string) string {
	if len(r) > 1 {
		r = strings.TrimSuffix(r, "/")
	}
	return r
}

// normTarget makes a link absolute from page, and drops the slash before its anchor.
func normTarget(page, target string) string {
	p, frag, _ := strings.Cut(target, "#")
	switch {
	case p == "":
		p = page
	case !strings.HasPrefix(p, "/") && !strings.Contains(p, ":") && !strings.HasSuffix(p, ".md") && !strings.HasSuffix(p, ".mdx"):
		p = path.Join(path.Dir(page), p)
	}
	p = normRoute(p)
	if frag != "" {
		return p + "#" + frag
	}
	return p
}

func uniq(refs []ref) []ref {
	seen := map[ref]bool{}
	var out []ref
	for _, r := range refs {
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

var (
	tzWarning = regexp.MustCompile(`^(.+?):\d+(?::\d+)?: broken (link|anchor) (?:to|in) (\S+?)[:;] `)
	tzAnchor  = regexp.MustCompile(`: (\S+) has no heading or element with id "([^"]*)"`)
)

// tzRefs turns tzdocs's broken link and anchor warnings into refs, their files into routes with
// the build's manifest. Markdown file links that name no page are keyed by file, as Docusaurus
// keys its own; repoFile turns a warning's file into one relative to the repository.
func tzRefs(warnings []string, routeOf map[string]string, repoFile func(string) string) []ref {
	var refs []ref
	for _, w := range warnings {
		m := tzWarning.FindStringSubmatch(w)
		if m == nil {
			continue
		}
		file, kind, dest := m[1], m[2], m[3]
		page, ok := routeOf[file]
		if !ok {
			page = "file:" + repoFile(file)
		}
		target := dest
		if a := tzAnchor.FindStringSubmatch(w); a != nil && kind == "anchor" {
			target = normRoute(a[1]) + "#" + a[2]
		} else if p, _, _ := strings.Cut(dest, "#"); kind == "link" && (strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".mdx")) {
			page = "file:" + repoFile(file)
		} else {
			target = normTarget(page, dest)
		}
		refs = append(refs, ref{kind, page, target})
	}
	return uniq(refs)
}

// manifestRoutes maps each page's source file, as warnings name it, to its route, and lists the
// routes built, from the build's manifest.
func manifestRoutes(out string) (byFile map[string]string, built map[string]bool) {
	byFile, built = map[string]string{}, map[string]bool{}
	data, err := os.ReadFile(filepath.Join(out, "_manifest.json"))
	if err != nil {
		return byFile, built
	}
	var m struct {
		Routes  []string `json:"routes"`
		Sources map[string]struct {
			File string `json:"file"`
		} `json:"sources"`
	}
	if json.Unmarshal(data, &m) == nil {
		for route, src := range m.Sources {
			byFile[src.File] = normRoute(route)
		}
		for _, r := range m.Routes {
			built[normRoute(r)] = true
		}
	}
	return byFile, built
}

// diff splits two sets of refs into those in both, only in a, only in b.
func diff(a, b []ref) (both, onlyA, onlyB []ref) {
	inB := map[ref]bool{}
	for _, r := range b {
		inB[r] = true
	}
	inA := map[ref]bool{}
	for _, r := range a {
		inA[r] = true
		if inB[r] {
			both = append(both, r)
		} else {
			onlyA = append(onlyA, r)
		}
	}
	for _, r := range b {
		if !inA[r] {
			onlyB = append(onlyB, r)
		}
	}
	return both, onlyA, onlyB
}

func countKind(refs []ref, kind string) int {
	n := 0
	for _, r := range refs {
		if r.kind == kind {
			n++
		}
	}
	return n
}
