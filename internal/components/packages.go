package components

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"tzdocs/internal/markdown/sitecomp"
)

// Shims are the Docusaurus modules site code commonly imports, each answered by our own module of
// the web app's src/site-shims/ (the file given). compile.mjs aliases them from this table.
var Shims = map[string]string{
	"@docusaurus/Link":                 "Link.tsx",
	"@docusaurus/useBaseUrl":           "useBaseUrl.ts",
	"@docusaurus/Head":                 "Head.tsx",
	"@docusaurus/useDocusaurusContext": "useDocusaurusContext.ts",
	"@docusaurus/BrowserOnly":          "BrowserOnly.tsx",
	"@docusaurus/useIsBrowser":         "useIsBrowser.ts",
	"@docusaurus/Translate":            "Translate.tsx",
	"@theme/Layout":                    "theme/Layout.tsx",
	"@theme/Heading":                   "theme/Heading.tsx",
	"@theme/CodeBlock":                 "theme/CodeBlock.tsx",
	"@theme/Tabs":                      "theme/Tabs.tsx",
	"@theme/TabItem":                   "theme/TabItem.tsx",
	"@theme/Admonition":                "theme/Admonition.tsx",
	"@theme/ThemedImage":               "theme/ThemedImage.tsx",
	"@docusaurus/router":               "router.ts",
	"clsx":                             "clsx.ts",
	"classnames":                       "clsx.ts", // the same API, under the older name
}

// provided are the packages site components may import: React, and what Shims stand for.
func provided(module string) bool {
	if _, ok := Shims[module]; ok {
		return true
	}
	return module == "react" || module == "react-dom"
}

// isProvided reports whether a bare module specifier is one of the provided packages or a path
// inside React's.
func isProvided(module string) bool {
	if provided(module) {
		return true
	}
	return strings.HasPrefix(module, "react/") || strings.HasPrefix(module, "react-dom/")
}

// isBare reports whether a module specifier names a package rather than a file.
func isBare(module string) bool {
	return module != "" && !strings.HasPrefix(module, ".") && !strings.HasPrefix(module, "/") && !strings.HasPrefix(module, "@site/")
}

// Unavailable is a package the site's files import that site components cannot use (anything but
// React, clsx and the shimmed Docusaurus APIs): it compiles to a stub whose exports throw when
// used, so only the components that call it fail, each with an error at its uses.
type Unavailable struct {
	Package string
	Names   []string // the named exports imported, besides the default one
	Where   []string // file:line of each import, relative to the site folder
}

// unavailable finds the packages the files under the site's src/ import that are not provided.
// Docusaurus theme overrides (src/theme/) are not read unless a page imports them: tzdocs does not
// use them, and the build says so once.
func (s *Set) unavailable() ([]Unavailable, error) {
	byPkg := map[string]*Unavailable{}
	src := filepath.Join(s.SiteDir, "src")
	theme := filepath.Join(src, "theme")
	var files []string
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "node_modules" || p == theme {
				return filepath.SkipDir
			}
			return nil
		}
		if isModuleExt(filepath.Ext(p)) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		return nil, fmt.Errorf("reading the site's src/ folder: %w", err)
	}
	for f := range s.imported {
		if !within(src, f) || within(theme, f) {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		for _, imp := range sitecomp.ParseImports(src) {
			if !isBare(imp.Module) || isProvided(imp.Module) {
				continue
			}
			u := byPkg[imp.Module]
			if u == nil {
				u = &Unavailable{Package: imp.Module}
				byPkg[imp.Module] = u
			}
			for _, b := range imp.Bindings {
				if b.Export != "default" && b.Export != "*" && !contains(u.Names, b.Export) {
					u.Names = append(u.Names, b.Export)
				}
			}
			rel, _ := filepath.Rel(s.SiteDir, p)
			u.Where = append(u.Where, fmt.Sprintf("%s:%d", filepath.ToSlash(rel), 1+bytes.Count(src[:imp.Offset], []byte("\n"))))
		}
	}
	out := make([]Unavailable, 0, len(byPkg))
	for _, u := range byPkg {
		sort.Strings(u.Names)
		out = append(out, *u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Package < out[j].Package })
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Warnings are what a writer should know about the site's components before they are used:
// packages they import that tzdocs does not provide, each at its first import.
func (s *Set) Warnings() []string {
	var out []string
	for _, u := range s.Unavailable {
		out = append(out, fmt.Sprintf("%s: package %q is not available to site components: they may import React, clsx, the common @docusaurus/* and @theme/* modules (Link, useBaseUrl, Head, useDocusaurusContext, BrowserOnly, Translate, router, Layout, Heading, CodeBlock, Tabs, TabItem, Admonition, ThemedImage), and files of the site; packages of the site's own package.json are not installed. A component that uses it fails where it is used", u.Where[0], u.Package))
	}
	return out
}
