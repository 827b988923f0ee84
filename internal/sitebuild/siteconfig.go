package sitebuild

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"tzdocs/internal/components"
	"tzdocs/internal/config"
	"tzdocs/internal/content"
	"tzdocs/internal/markdown/sitecomp"
	"tzdocs/internal/output"
)

// jsConfig is a Docusaurus configuration as the last build read it: evaluating one starts Node,
// which a rebuild in `tzdocs dev` should not pay for when the file did not change.
type jsConfig struct {
	file string
	src  []byte
	cfg  *config.Config
}

// loadConfig reads the site's configuration: site.yaml, or else its Docusaurus configuration
// (docusaurus.config.js and the like), evaluated with Node once per content of the file.
func (b *Builder) loadConfig() (*config.Config, error) {
	dir := b.opts.SiteDir
	if _, err := os.Stat(filepath.Join(dir, "site.yaml")); err == nil {
		return config.Load(dir)
	}
	file := config.FindDocusaurus(dir)
	if file == "" {
		return config.Load(dir)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	// What the mapping reads besides the file: versions.json, and whether blog/ and a sidebars
	// file are there.
	src = append(src, configInputs(dir)...)
	if c := b.jsConfig; c.cfg != nil && c.file == file && bytes.Equal(c.src, src) {
		return c.cfg, nil
	}
	cfg, err := config.LoadDocusaurus(file, config.LoadOptions{Toolchain: b.toolchain().Dir})
	if err != nil {
		return nil, err
	}
	b.jsConfig = jsConfig{file: file, src: src, cfg: cfg}
	return cfg, nil
}

// configInputs are the files beside a Docusaurus configuration that its mapping reads, as bytes
// that change when they do.
func configInputs(dir string) []byte {
	var b bytes.Buffer
	versions, _ := os.ReadFile(filepath.Join(dir, "versions.json"))
	b.WriteString("\x00versions.json\x00")
	b.Write(versions)
	for _, name := range []string{"blog", "sidebars.yaml", "sidebars.js", "sidebars.ts", "sidebars.cjs", "sidebars.mjs"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			b.WriteString("\x00" + name)
		}
	}
	return b.Bytes()
}

// addCustomCSS publishes the site's own stylesheets (customCss, src/css/custom.css in a Docusaurus
// site) as hashed assets and returns their URLs, in the configuration's order: the pages link
// them after the theme's styles, so their rules win.
func addCustomCSS(site *content.Site, out *output.Output) ([]string, error) {
	var urls []string
	for _, css := range site.Config.CustomCSS {
		data, err := site.ReadFile(filepath.Join(site.Config.Dir, filepath.FromSlash(css)))
		if err != nil {
			return nil, fmt.Errorf("customCss %s: %w", css, err)
		}
		name := strings.TrimSuffix(filepath.Base(css), filepath.Ext(css))
		p := output.AssetsDir + "/" + hashedName(name, ".css", data)
		out.Add(p, data)
		urls = append(urls, "/"+p)
	}
	return urls, nil
}

// pageImports lists the relative and @site/ modules the pages import. A page whose body is the
// same as at the last build keeps the imports read then (cache, by page file), so a rebuild in
// the dev loop reads only the pages that changed.
func pageImports(site *content.Site, cache map[string]pageImport) []components.Import {
	var out []components.Import
	seen := make(map[string]bool, len(site.Docs))
	for _, d := range site.Docs {
		if d.Path == "" {
			continue
		}
		seen[d.Path] = true
		c, ok := cache[d.Path]
		if !ok || !bytes.Equal(c.body, d.Body) {
			c = pageImport{body: d.Body}
			for _, imp := range sitecomp.ParseImports(d.Body) {
				if strings.HasPrefix(imp.Module, ".") || strings.HasPrefix(imp.Module, "@site/") {
					c.imports = append(c.imports, components.Import{PageFile: d.Path, Module: imp.Module})
				}
			}
			cache[d.Path] = c
		}
		out = append(out, c.imports...)
	}
	for path := range cache {
		if !seen[path] {
			delete(cache, path)
		}
	}
	return out
}

// pageImport is what pageImports read of one page's body.
type pageImport struct {
	body    []byte
	imports []components.Import
}

// OutsideRoots are the folders outside the site folder that the last build read as part of the
// site (a docs folder the configuration places beside it, path: '../docs'): `tzdocs dev` watches
// them too. They are known once the configuration has been read, even when the build then failed.
func (b *Builder) OutsideRoots() []string {
	if p := b.outside.Load(); p != nil {
		return *p
	}
	return nil
}

// outsideRoots is the docs folder of cfg when it lies outside the site folder (links followed),
// or nothing.
func outsideRoots(cfg *config.Config) []string {
	site, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil
	}
	docs := filepath.Join(site, filepath.FromSlash(cfg.Docs.Path))
	if real, err := filepath.EvalSymlinks(site); err == nil {
		site = real
	}
	if real, err := filepath.EvalSymlinks(docs); err == nil {
		docs = real
	}
	if rel, err := filepath.Rel(site, docs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil
	}
	return []string{docs}
}
