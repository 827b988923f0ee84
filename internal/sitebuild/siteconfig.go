package sitebuild

import (
	"bytes"
	"os"
	"path/filepath"

	"tzdocs/internal/config"
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
