package dist

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// Output is a build's files, collected in memory before any is written, so a build that fails
// writes nothing.
type Output struct {
	files map[string][]byte // relative slash path → content
	kept  map[string]bool   // unchanged since the previous build: left as they are on disk
	notes map[string]string // bookkeeping the Writer remembers for the next build
}

// NewOutput returns an empty Output.
func NewOutput() *Output {
	return &Output{files: map[string][]byte{}, kept: map[string]bool{}, notes: map[string]string{}}
}

// Add puts a file into the output; rel is relative to the site folder, slash-separated.
func (o *Output) Add(rel string, data []byte) { o.files[rel] = data }

// AddJSON adds a file holding v as JSON.
func (o *Output) AddJSON(rel string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("%s: %w", rel, err)
	}
	o.Add(rel, data)
	return nil
}

// Keep leaves a file of the previous build as it is on disk.
func (o *Output) Keep(rel string) { o.kept[rel] = true }

// Note asks the Writer to remember value under key until the next build (see Writer.Noted).
func (o *Output) Note(key, value string) { o.notes[key] = value }

// CopyTree adds every file under src to the output under prefix; a missing src adds nothing.
func (o *Output) CopyTree(src, prefix string) error {
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
		o.Add(path.Join(prefix, filepath.ToSlash(rel)), data)
		return nil
	})
}

// Writer puts Outputs into a folder. The first Write replaces the folder's contents (only if it is
// empty or holds a previous tzdocs build); later ones write only the files that changed and remove
// the files no longer produced. Every file is written under a temporary name and renamed, so an
// interrupted build never leaves a truncated file, and the manifest is written last.
type Writer struct {
	dir     string
	written map[string]string // relative path → content hash; nil before the first Write
	notes   map[string]string
}

// NewWriter returns a Writer for the folder dir.
func NewWriter(dir string) *Writer { return &Writer{dir: dir, notes: map[string]string{}} }

// Noted returns what the previous Write's Output noted under key.
func (w *Writer) Noted(key string) (string, bool) {
	v, ok := w.notes[key]
	return v, ok
}

// tempSuffix ends the names of files being written; Load ignores them.
const tempSuffix = ".tzdocs-tmp"

// Write puts out on disk and returns the set of relative paths written or removed.
func (w *Writer) Write(out *Output) (map[string]bool, error) {
	if w.written == nil {
		if err := resetDir(w.dir); err != nil {
			return nil, err
		}
		w.written = map[string]string{}
	}
	type task struct {
		rel, hash string
		data      []byte
	}
	var tasks []task
	rels := make([]string, 0, len(out.files))
	for rel := range out.files {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	var manifest *task
	for _, rel := range rels {
		data := out.files[rel]
		h := hashOf(data)
		if w.written[rel] == h {
			continue
		}
		if rel == ManifestFile {
			manifest = &task{rel, h, data}
			continue
		}
		tasks = append(tasks, task{rel, h, data})
	}
	errs := make([]error, len(tasks))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newCompressor()
			for i := range next {
				errs[i] = c.writeFile(w.dir, tasks[i].rel, tasks[i].data)
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
	changed := map[string]bool{}
	for _, t := range tasks {
		w.written[t.rel] = t.hash
		changed[t.rel] = true
	}
	for rel := range w.written {
		if _, ok := out.files[rel]; !ok && !out.kept[rel] {
			for _, suffix := range []string{"", ".br", ".gz"} {
				_ = os.Remove(filepath.Join(w.dir, filepath.FromSlash(rel+suffix)))
			}
			delete(w.written, rel)
			changed[rel] = true
		}
	}
	// The manifest goes last: a folder whose manifest is current holds every file it lists.
	if manifest != nil {
		if err := newCompressor().writeFile(w.dir, manifest.rel, manifest.data); err != nil {
			return nil, err
		}
		w.written[manifest.rel] = manifest.hash
		changed[manifest.rel] = true
	}
	w.notes = out.notes
	return changed, nil
}

func hashOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16])
}

// resetDir empties the output folder, refusing to touch a folder that tzdocs did not write. The
// manifest stays until the new one replaces it, so a build interrupted after this still leaves a
// folder the next build recognises as its own.
func resetDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 && !isBuild(dir) {
		return fmt.Errorf("output folder %s is not empty and is not a tzdocs build (no %s); choose another --out or empty it yourself", dir, ManifestFile)
	}
	for _, e := range entries {
		if e.Name() == ManifestFile {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// isBuild tells whether dir holds a tzdocs build, of this layout or of the one before it.
func isBuild(dir string) bool {
	for _, marker := range []string{ManifestFile, "_routes.json"} {
		if _, err := os.Stat(filepath.Join(dir, marker)); err == nil {
			return true
		}
	}
	return false
}

// compressible lists the file types that get .br and .gz sidecars.
var compressible = map[string]bool{".html": true, ".js": true, ".css": true, ".json": true, ".svg": true, ".txt": true, ".xml": true, ".md": true, ".map": true}

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
// The sidecars go first, so a reader that sees the new file also sees its new sidecars.
func (c *compressor) writeFile(dir, rel string, data []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if !compressible[path.Ext(rel)] || len(data) < 1024 {
		_ = os.Remove(p + ".br")
		_ = os.Remove(p + ".gz")
		return writeAtomic(p, data)
	}
	c.buf.Reset()
	c.gz.Reset(&c.buf)
	_, _ = c.gz.Write(data)
	if err := c.gz.Close(); err != nil {
		return err
	}
	if err := writeAtomic(p+".gz", c.buf.Bytes()); err != nil {
		return err
	}
	bw := c.brFast
	if IsAsset(rel) {
		bw = c.brBest
	}
	c.buf.Reset()
	bw.Reset(&c.buf)
	_, _ = bw.Write(data)
	if err := bw.Close(); err != nil {
		return err
	}
	if err := writeAtomic(p+".br", c.buf.Bytes()); err != nil {
		return err
	}
	return writeAtomic(p, data)
}

// writeAtomic writes data under a temporary name beside p and renames it to p.
func writeAtomic(p string, data []byte) error {
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	tmp := p + "." + hex.EncodeToString(rnd[:]) + tempSuffix
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, p); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return nil
}

// isTemp tells whether a file name is a write in progress (or one an interrupted build left).
func isTemp(name string) bool { return strings.HasSuffix(name, tempSuffix) }
