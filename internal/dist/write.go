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
// writes nothing. Compressing is the costliest part of writing a site, so an Output starts it as
// soon as a file is added, on every core, while the build goes on making the next files.
type Output struct {
	mu    sync.Mutex
	files map[string]*outFile // relative slash path → file
	kept  map[string]bool     // unchanged since the previous build: left as they are on disk
	notes map[string]string   // bookkeeping the Writer remembers for the next build
	prev  map[string]string   // hashes of the files the Writer wrote last: those need no work
	comp  chan *compressor    // idle compressors, one per core: taking one bounds the work at once
	wg    sync.WaitGroup      // compressions still running
}

type outFile struct {
	data   []byte
	hash   string
	br, gz []byte // sidecars: compressed by the Output, or given with the file
}

// NewOutput returns an empty Output for a first build.
func NewOutput() *Output { return newOutput(nil, newCompressors()) }

func newOutput(prev map[string]string, comp chan *compressor) *Output {
	return &Output{files: map[string]*outFile{}, kept: map[string]bool{}, notes: map[string]string{}, prev: prev, comp: comp}
}

// newCompressors makes one compressor per core. Brotli and gzip writers allocate large tables, so
// they are reused across files (Reset) and, through the Writer, across builds: that keeps the
// build's memory flat.
func newCompressors() chan *compressor {
	n := runtime.GOMAXPROCS(0)
	ch := make(chan *compressor, n)
	for range n {
		ch <- &compressor{}
	}
	return ch
}

// Add puts a file into the output; rel is relative to the site folder, slash-separated. Text files
// over 1 KB get brotli and gzip sidecars, compressed in the background.
func (o *Output) Add(rel string, data []byte) {
	f := &outFile{data: data, hash: hashOf(data)}
	o.mu.Lock()
	o.files[rel] = f
	o.mu.Unlock()
	if o.prev[rel] == f.hash || !needsSidecars(rel, data) {
		return
	}
	o.wg.Add(1)
	go func() {
		defer o.wg.Done()
		c := <-o.comp
		f.br, f.gz = c.compress(rel, data)
		o.comp <- c
	}()
}

// addPrecompressed puts a file into the output with sidecars made beforehand.
func (o *Output) addPrecompressed(rel string, data, br, gz []byte) {
	o.mu.Lock()
	o.files[rel] = &outFile{data: data, hash: hashOf(data), br: br, gz: gz}
	o.mu.Unlock()
}

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
func (o *Output) Keep(rel string) {
	o.mu.Lock()
	o.kept[rel] = true
	o.mu.Unlock()
}

// Note asks the Writer to remember value under key until the next build (see Writer.Noted).
func (o *Output) Note(key, value string) {
	o.mu.Lock()
	o.notes[key] = value
	o.mu.Unlock()
}

// Wait waits for the compressions the Output started; call it before dropping an Output that will
// not be written, so no work outlives the build.
func (o *Output) Wait() { o.wg.Wait() }

// CopyTree adds every file under src to the output under prefix; a missing src adds nothing. A file
// that comes with its own sidecars (name.br and name.gz beside it, as the web app's build writes
// them for its assets) keeps them instead of being compressed again.
func (o *Output) CopyTree(src, prefix string) error {
	if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if isSidecar(p) {
			return nil // read with the file it compresses
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel = path.Join(prefix, filepath.ToSlash(rel))
		if br, gz := readOptional(p+".br"), readOptional(p+".gz"); br != nil && gz != nil {
			o.addPrecompressed(rel, data, br, gz)
			return nil
		}
		o.Add(rel, data)
		return nil
	})
}

// isSidecar tells whether p is the brotli or gzip form of a file beside it.
func isSidecar(p string) bool {
	for _, ext := range []string{".br", ".gz"} {
		if base, ok := strings.CutSuffix(p, ext); ok {
			if _, err := os.Stat(base); err == nil {
				return true
			}
		}
	}
	return false
}

// Writer puts Outputs into a folder. The first Write replaces the folder's contents (only if it is
// empty or holds a previous tzdocs build); later ones write only the files that changed and remove
// the files no longer produced. Every file is written under a temporary name and renamed, so an
// interrupted build never leaves a truncated file, and the manifest is written last.
type Writer struct {
	comp    chan *compressor
	dir     string
	written map[string]string // relative path → content hash; nil before the first Write
	notes   map[string]string
}

// NewWriter returns a Writer for the folder dir.
func NewWriter(dir string) *Writer {
	return &Writer{dir: dir, notes: map[string]string{}, comp: newCompressors()}
}

// Noted returns what the previous Write's Output noted under key.
func (w *Writer) Noted(key string) (string, bool) {
	v, ok := w.notes[key]
	return v, ok
}

// tempSuffix ends the names of files being written; Load ignores them.
const tempSuffix = ".tzdocs-tmp"

// NewOutput returns an Output for the next Write: files that have not changed since the last one
// are not compressed again.
func (w *Writer) NewOutput() *Output {
	prev := make(map[string]string, len(w.written))
	for k, v := range w.written {
		prev[k] = v
	}
	return newOutput(prev, w.comp)
}

// Write puts out on disk and returns the set of relative paths written or removed.
func (w *Writer) Write(out *Output) (map[string]bool, error) {
	out.Wait()
	if w.written == nil {
		if err := resetDir(w.dir); err != nil {
			return nil, err
		}
		w.written = map[string]string{}
	}
	var rels []string
	for rel, f := range out.files {
		if w.written[rel] != f.hash && rel != ManifestFile {
			rels = append(rels, rel)
		}
	}
	sort.Strings(rels)
	errs := make([]error, len(rels))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				_, existed := w.written[rels[i]]
				errs[i] = writeFile(w.dir, rels[i], out.files[rels[i]], existed)
			}
		}()
	}
	for i := range rels {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	changed := map[string]bool{}
	for _, rel := range rels {
		w.written[rel] = out.files[rel].hash
		changed[rel] = true
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
	if m := out.files[ManifestFile]; m != nil && w.written[ManifestFile] != m.hash {
		if err := writeFile(w.dir, ManifestFile, m, true); err != nil {
			return nil, err
		}
		w.written[ManifestFile] = m.hash
		changed[ManifestFile] = true
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

// needsSidecars tells whether a file gets precompressed forms: text over 1 KB that browsers fetch.
// The search records are read by the server from disk and never sent whole, so they get none.
func needsSidecars(rel string, data []byte) bool {
	return compressible[path.Ext(rel)] && len(data) >= 1024 && rel != RecordsFile
}

// compressor holds one core's compression writers, made on first use.
type compressor struct {
	gz             *gzip.Writer
	brFast, brBest *brotli.Writer
}

// compress returns the brotli and gzip forms of a file.
func (c *compressor) compress(rel string, data []byte) (br, gz []byte) {
	if c.gz == nil {
		c.gz, _ = gzip.NewWriterLevel(io.Discard, gzip.DefaultCompression)
	}
	var gzBuf bytes.Buffer
	gzBuf.Grow(len(data) / 3)
	c.gz.Reset(&gzBuf)
	_, _ = c.gz.Write(data)
	_ = c.gz.Close()
	// Pages change with every edit, so they get a fast level; assets the web app's build did not
	// compress itself are fetched most and change rarely, so they get a high one.
	if c.brFast == nil {
		c.brFast = brotli.NewWriterLevel(io.Discard, 5)
	}
	bw := c.brFast
	if IsAsset(rel) {
		if c.brBest == nil {
			c.brBest = brotli.NewWriterLevel(io.Discard, 9)
		}
		bw = c.brBest
	}
	var brBuf bytes.Buffer
	brBuf.Grow(len(data) / 3)
	bw.Reset(&brBuf)
	_, _ = bw.Write(data)
	_ = bw.Close()
	return brBuf.Bytes(), gzBuf.Bytes()
}

// writeFile writes one output file with its sidecars and, when the file existed before, removes
// sidecars it no longer has. The sidecars go first, so a reader that sees the new file also sees
// its new sidecars.
func writeFile(dir, rel string, f *outFile, existed bool) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	for _, side := range []struct {
		ext  string
		data []byte
	}{{".gz", f.gz}, {".br", f.br}} {
		if side.data == nil {
			if existed {
				_ = os.Remove(p + side.ext)
			}
			continue
		}
		if err := writeAtomic(p+side.ext, side.data); err != nil {
			return err
		}
	}
	return writeAtomic(p, f.data)
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
