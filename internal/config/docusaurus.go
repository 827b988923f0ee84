package config

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// A Docusaurus repository moves over as it is: when the site folder has no site.yaml but a
// docusaurus.config.{js,mjs,cjs,ts}, the build evaluates that file with Node (docusaurus.cjs),
// maps every option tzdocs knows onto the same tree site.yaml gives, and lists the others once, in
// Config.Unsupported. `tzdocs migrate` writes that tree out as site.yaml.

//go:embed docusaurus.cjs
var evalScript string

// DocusaurusFiles are the names of a Docusaurus configuration, in the order Docusaurus looks for them.
var DocusaurusFiles = []string{"docusaurus.config.ts", "docusaurus.config.mts", "docusaurus.config.cts", "docusaurus.config.js", "docusaurus.config.mjs", "docusaurus.config.cjs"}

// evalTimeout bounds the evaluation of a Docusaurus configuration: it should only build an object.
const evalTimeout = 30 * time.Second

// Unsupported is an option of a Docusaurus configuration that tzdocs does not use.
type Unsupported struct {
	Option  string // as written in the configuration: presets[0].blog, plugins[1] (docusaurus-plugin-sass)
	File    string
	Line    int
	Instead string // what happens instead
}

func (u Unsupported) String() string {
	if u.Line > 0 {
		return fmt.Sprintf("%s:%d: %s: %s", u.File, u.Line, u.Option, u.Instead)
	}
	return fmt.Sprintf("%s: %s: %s", u.File, u.Option, u.Instead)
}

// LoadOptions say where to find what evaluating a Docusaurus configuration needs.
type LoadOptions struct {
	// Toolchain is the web app's folder: its node_modules/typescript compiles a configuration
	// written in TypeScript or with ES module syntax.
	Toolchain string
}

// LoadSite reads the site configuration in dir: site.yaml, or else a Docusaurus configuration.
func LoadSite(dir string, opts LoadOptions) (*Config, error) {
	if _, err := os.Stat(filepath.Join(dir, "site.yaml")); err == nil {
		return Load(dir)
	}
	file := FindDocusaurus(dir)
	if file == "" {
		return Load(dir) // its error names site.yaml
	}
	return LoadDocusaurus(file, opts)
}

// FindDocusaurus returns the Docusaurus configuration file of dir, or "".
func FindDocusaurus(dir string) string {
	for _, name := range DocusaurusFiles {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	return ""
}

// LoadDocusaurus evaluates a Docusaurus configuration file and returns the equivalent
// configuration, with what it does not support in Unsupported.
func LoadDocusaurus(file string, opts LoadOptions) (*Config, error) {
	doc, m, err := docusaurusTree(file, opts)
	if err != nil {
		return nil, err
	}
	cfg := &Config{File: file, Dir: filepath.Dir(file), root: doc, Unbuilt: m.unbuilt}
	if err := doc.Decode(cfg); err != nil {
		return nil, yamlError(file, err)
	}
	cfg.Unsupported = m.report
	cfg.defaults()
	if errs := cfg.validate(); len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return cfg, nil
}

// Migrate evaluates a Docusaurus configuration file and returns the equivalent site.yaml text,
// its report of the options left out written at its head.
func Migrate(file string, opts LoadOptions) ([]byte, []Unsupported, error) {
	doc, m, err := docusaurusTree(file, opts)
	if err != nil {
		return nil, nil, err
	}
	report := m.report
	// Check it as the build would read it.
	if _, err := LoadDocusaurus(file, opts); err != nil {
		return nil, nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# The site configuration, written by tzdocs migrate from %s.\n", filepath.Base(file))
	if len(report) > 0 {
		b.WriteString("# Options of that file tzdocs does not use:\n")
		for _, u := range report {
			if u.File != file {
				fmt.Fprintf(&b, "#   %s:%d: %s: %s\n", filepath.Base(u.File), u.Line, u.Option, u.Instead)
				continue
			}
			fmt.Fprintf(&b, "#   line %d: %s: %s\n", u.Line, u.Option, u.Instead)
		}
	}
	b.WriteString("\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	clearLines(doc)
	if err := enc.Encode(doc); err != nil {
		return nil, nil, err
	}
	_ = enc.Close()
	return b.Bytes(), report, nil
}

func clearLines(n *yaml.Node) {
	n.Line, n.Column = 0, 0
	for _, c := range n.Content {
		clearLines(c)
	}
}

// docusaurusTree evaluates file and maps it onto a site.yaml tree whose nodes carry the lines of
// the configuration file.
func docusaurusTree(file string, opts LoadOptions) (*yaml.Node, *mapper, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	raw, err := evalDocusaurus(file, opts)
	if err != nil {
		return nil, nil, err
	}
	m := newMapper(file, string(src))
	doc := m.site(raw)
	return doc, m, nil
}

// evalDocusaurus runs the configuration with Node and returns its value.
func evalDocusaurus(file string, opts LoadOptions) (map[string]any, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, &Error{File: file, Message: "node (Node.js 20 or newer) is needed to read a Docusaurus configuration and was not found on PATH", Fix: "install Node.js, or write site.yaml (tzdocs migrate writes it on a machine with Node)"}
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	ts := ""
	if opts.Toolchain != "" {
		p := filepath.Join(opts.Toolchain, "node_modules", "typescript")
		if _, err := os.Stat(filepath.Join(p, "package.json")); err == nil {
			ts, _ = filepath.Abs(p)
		}
	}
	in, _ := json.Marshal(map[string]string{"file": abs, "typescript": ts})
	ctx, cancel := context.WithTimeout(context.Background(), evalTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "-e", evalScript, string(in))
	cmd.Dir = filepath.Dir(abs)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return nil, &Error{File: file, Message: fmt.Sprintf("evaluating the configuration took longer than %s", evalTimeout), Fix: "it should only build the configuration object"}
	}
	var res struct {
		Config   map[string]any `json:"config"`
		Packages []string       `json:"packages"`
		Error    string         `json:"error"`
		File     string         `json:"file"`
		Line     int            `json:"line"`
	}
	if jerr := json.Unmarshal(out, &res); jerr != nil {
		msg := strings.TrimSpace(stderr.String())
		if err == nil {
			err = jerr
		}
		return nil, &Error{File: file, Message: fmt.Sprintf("evaluating the configuration with Node failed: %v %s", err, msg), Fix: "run node " + filepath.Base(file) + " to see the error"}
	}
	if res.Error != "" {
		e := &Error{File: file, Message: "evaluating the configuration failed: " + res.Error, Fix: "fix the configuration, or write site.yaml instead"}
		if res.File != "" {
			if rel, err := filepath.Rel(filepath.Dir(abs), res.File); err == nil {
				e.File = filepath.Join(filepath.Dir(file), rel)
			}
			e.Line = res.Line
		}
		return nil, e
	}
	if res.Config == nil {
		return nil, &Error{File: file, Message: "the configuration exports no object", Fix: "export the configuration object (module.exports = config, or export default config)"}
	}
	return res.Config, nil
}
