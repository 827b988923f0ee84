package components

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"
)

//go:embed compile.mjs
var compileScript string

// compileTimeout bounds one compilation of a site's components with Vite.
const compileTimeout = 5 * time.Minute

// Bundle is a site's compiled components.
type Bundle struct {
	Dir    string // the compilation's folder (a cache entry)
	Server string // the server bundle, run by the component worker
	// ClientDir holds the client chunks and their stylesheets, under components/: the build copies
	// it into the site's assets.
	ClientDir string
	Chunks    map[string]Chunk // by component name
	// Compiled reports whether this call compiled (false: the cache had it).
	Compiled bool
}

// Chunk is a component's client code: URLs under the site's assets.
type Chunk struct {
	JS  string
	CSS []string
}

// Toolchain is the web app's folder (holding node_modules/ with Vite and React, and
// src/site-shims/), the toolchain site components are compiled with.
type Toolchain struct {
	Dir string
}

// Check reports what is missing for compiling components with t.
func (t Toolchain) Check() error {
	for _, p := range []string{"node_modules/vite/package.json", "node_modules/@vitejs/plugin-react/package.json", "node_modules/react/package.json", "src/site-shims/Link.tsx"} {
		if _, err := os.Stat(filepath.Join(t.Dir, filepath.FromSlash(p))); err != nil {
			return fmt.Errorf("the site has components (src/components/), which are compiled with the web app's toolchain, but %s is missing: run npm ci in %s (make setup)", filepath.Join(t.Dir, p), t.Dir)
		}
	}
	return nil
}

// key identifies what a compilation depends on: the site's src/ files, the toolchain's locked
// packages and shims, and the compile script.
func (t Toolchain) key(s *Set) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00", s.Hash, s.SiteDir, s.Dir)
	h.Write([]byte(compileScript))
	fmt.Fprint(h, Shims) // fmt prints a map's keys in order
	lock, _ := os.ReadFile(filepath.Join(t.Dir, "package-lock.json"))
	h.Write(lock)
	shims, err := hashTree(filepath.Join(t.Dir, "src", "site-shims"))
	if err != nil {
		return "", err
	}
	h.Write([]byte(shims))
	return hex.EncodeToString(h.Sum(nil)[:12]), nil
}

// CacheDir is where compilations are kept, one folder per key: the user's cache folder, or the
// system's temporary folder.
func CacheDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "tzdocs", "components")
	}
	return filepath.Join(os.TempDir(), "tzdocs-components")
}

// Compile compiles the components of s with Vite from t into a folder of cacheDir, unless a
// compilation of the same sources is there already. A component that does not compile is an error
// naming its file, line and column as Vite reports them.
func Compile(ctx context.Context, s *Set, t Toolchain, cacheDir string) (*Bundle, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	key, err := t.key(s)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(cacheDir, key)
	b := &Bundle{Dir: dir, Server: filepath.Join(dir, "server", "components.mjs"), ClientDir: filepath.Join(dir, "client")}
	done := filepath.Join(dir, "complete")
	if _, err := os.Stat(done); err != nil {
		if err := run(ctx, s, t, dir); err != nil {
			return nil, err
		}
		if err := os.WriteFile(done, nil, 0o644); err != nil {
			return nil, fmt.Errorf("components cache: %w", err)
		}
		b.Compiled = true
	}
	if b.Chunks, err = readChunks(s, b.ClientDir); err != nil {
		return nil, err
	}
	return b, nil
}

func run(ctx context.Context, s *Set, t Toolchain, dir string) error {
	node, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("node (Node.js 20 or newer) is needed to compile the site components and was not found on PATH")
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("components cache: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("components cache: %w", err)
	}
	toolchain, err := filepath.Abs(t.Dir)
	if err != nil {
		return err
	}
	cfg, err := json.Marshal(map[string]any{
		"toolchain": toolchain, "siteDir": s.SiteDir, "shims": filepath.Join(toolchain, "src", "site-shims"),
		"out": dir, "modules": s.Modules, "unavailable": s.Unavailable, "shimFiles": Shims,
	})
	if err != nil {
		return err
	}
	cfgFile := filepath.Join(dir, "compile.json")
	if err := os.WriteFile(cfgFile, cfg, 0o644); err != nil {
		return fmt.Errorf("components cache: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, compileTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "--input-type=module", "-e", compileScript, "--", cfgFile)
	cmd.Dir = toolchain
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "FORCE_COLOR=0")
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return fmt.Errorf("compiling the site components (%s): %w", s.Dir, ctx.Err())
	}
	if err != nil {
		return compileError(string(out), toolchain, s.SiteDir)
	}
	return nil
}

// readChunks reads the client build's manifest: each component's chunk and stylesheets.
func readChunks(s *Set, clientDir string) (map[string]Chunk, error) {
	data, err := os.ReadFile(filepath.Join(clientDir, ".vite", "manifest.json"))
	if err != nil {
		return nil, fmt.Errorf("components cache %s is incomplete: %w; delete it and build again", clientDir, err)
	}
	var manifest map[string]struct {
		File    string   `json:"file"`
		Src     string   `json:"src"`
		CSS     []string `json:"css"`
		IsEntry bool     `json:"isEntry"`
	}
	if err := json.Unmarshal(data, &manifest); err != nil {
		return nil, fmt.Errorf("components manifest: %w", err)
	}
	bySrc := map[string]string{}
	for name, file := range s.Modules {
		rel, _ := filepath.Rel(s.SiteDir, file)
		bySrc[filepath.ToSlash(rel)] = name
	}
	chunks := map[string]Chunk{}
	keys := make([]string, 0, len(manifest))
	for k := range manifest {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		m := manifest[k]
		name, ok := bySrc[m.Src]
		if !m.IsEntry || !ok {
			continue
		}
		c := Chunk{JS: AssetURL(m.File)}
		for _, css := range m.CSS {
			c.CSS = append(c.CSS, AssetURL(css))
		}
		chunks[name] = c
	}
	return chunks, nil
}

// AssetURL is the URL of a file of the client build (components/…) in the built site.
func AssetURL(file string) string { return "/assets/" + file }
