package build

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// output collects a build's files in memory before any is written, so a failed build writes nothing.
type output struct {
	files map[string][]byte // relative slash path → content
	kept  map[string]bool   // unchanged since the previous build: left as they are on disk
	meta  map[string]string // bookkeeping remembered with the written hashes (e.g. render keys)
}

func newOutput() *output {
	return &output{files: map[string][]byte{}, kept: map[string]bool{}, meta: map[string]string{}}
}

func (o *output) add(rel string, data []byte) { o.files[rel] = data }
func (o *output) keep(rel string)             { o.kept[rel] = true }

func hashOf(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// compressible lists the file types that get .br and .gz sidecars.
var compressible = map[string]bool{".html": true, ".js": true, ".css": true, ".json": true, ".svg": true, ".txt": true, ".xml": true, ".md": true, ".map": true}

// write puts the output on disk. The first build of a Builder replaces the output folder (only if
// it is empty or a previous tzdocs build); later builds write only changed files and remove files
// that are no longer produced. It returns the set of paths written.
func (b *Builder) write(out *output) (map[string]bool, error) {
	dir := b.opts.OutDir
	if b.written == nil {
		if err := resetOutDir(dir); err != nil {
			return nil, err
		}
		b.written = map[string]string{}
	}
	type task struct {
		rel  string
		data []byte
		hash string
	}
	var tasks []task
	for _, rel := range sortedKeys(out.files) {
		data := out.files[rel]
		h := hashOf(data)
		if b.written[rel] == h {
			continue
		}
		tasks = append(tasks, task{rel, data, h})
	}
	changed := map[string]bool{}
	errs := make([]error, len(tasks))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newCompressor()
			for i := range next {
				errs[i] = c.writeFile(dir, tasks[i].rel, tasks[i].data)
			}
		}()
	}
	for i := range tasks {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, t := range tasks {
		b.written[t.rel] = t.hash
		changed[t.rel] = true
	}
	for rel := range b.written {
		if strings.HasSuffix(rel, "#src") {
			continue
		}
		if _, ok := out.files[rel]; !ok && !out.kept[rel] {
			for _, suffix := range []string{"", ".br", ".gz"} {
				_ = os.Remove(filepath.Join(dir, filepath.FromSlash(rel+suffix)))
			}
			delete(b.written, rel)
			changed[rel] = true
		}
	}
	for k := range b.written {
		if strings.HasSuffix(k, "#src") {
			delete(b.written, k)
		}
	}
	for k, v := range out.meta {
		b.written[k] = v
	}
	return changed, nil
}

// resetOutDir empties the output folder, refusing to touch a folder that tzdocs did not write.
func resetOutDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		if _, err := os.Stat(filepath.Join(dir, "_routes.json")); err != nil {
			return fmt.Errorf("output folder %s is not empty and is not a tzdocs build (no _routes.json); choose another --out or empty it yourself", dir)
		}
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// compressor writes files with their precompressed sidecars. Each writer goroutine has its own:
// brotli and gzip writers are reused across files (Reset), which keeps the build's memory flat
// instead of allocating fresh hash tables for every file.
type compressor struct {
	gz             *gzip.Writer
	brFast, brBest *brotli.Writer
	buf            bytes.Buffer
}

func newCompressor() *compressor {
	gz, _ := gzip.NewWriterLevel(io.Discard, gzip.DefaultCompression)
	// Pages change with every edit, so they get a fast level; hashed assets are fetched most and
	// change rarely, so they get a high one.
	return &compressor{gz: gz, brFast: brotli.NewWriterLevel(io.Discard, 4), brBest: brotli.NewWriterLevel(io.Discard, 9)}
}

// writeFile writes one output file and, for text types over 1 KB, its brotli and gzip sidecars.
func (c *compressor) writeFile(dir, rel string, data []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		return err
	}
	if !compressible[path.Ext(rel)] || len(data) < 1024 {
		_ = os.Remove(p + ".br")
		_ = os.Remove(p + ".gz")
		return nil
	}
	c.buf.Reset()
	c.gz.Reset(&c.buf)
	_, _ = c.gz.Write(data)
	if err := c.gz.Close(); err != nil {
		return err
	}
	if err := os.WriteFile(p+".gz", c.buf.Bytes(), 0o644); err != nil {
		return err
	}
	bw := c.brFast
	if strings.HasPrefix(rel, "assets/") {
		bw = c.brBest
	}
	c.buf.Reset()
	bw.Reset(&c.buf)
	_, _ = bw.Write(data)
	if err := bw.Close(); err != nil {
		return err
	}
	return os.WriteFile(p+".br", c.buf.Bytes(), 0o644)
}

// copyTree adds every file under src to the output under prefix; a missing src adds nothing.
func copyTree(src, prefix string, out *output) error {
	if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out.add(path.Join(prefix, filepath.ToSlash(rel)), data)
		return nil
	})
}
