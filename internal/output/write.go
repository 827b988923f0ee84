package output

import (
	"bytes"

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
	"github.com/klauspost/compress/gzip"
)

// Output is a build's files. Nothing is visible in the site folder before the Writer commits the
// Output, so a build that fails changes nothing. Compressing and writing are the costliest parts
// of making a site, so an Output starts them as soon as a file is added: sidecars are compressed on
// every core and, for an Output of a Writer, each file is written under a temporary name in the
// folder while the build goes on making the next files; the commit only renames them.
type Output struct {
	mu    sync.Mutex
	files map[string]*outFile // relative slash path → file
	kept  map[string]bool     // unchanged since the previous build: left as they are on disk
	notes map[string]string   // bookkeeping the Writer remembers for the next build
	prev  map[string]string   // hashes of the files the Writer wrote last: those need no work
	dir   string              // where files are staged; "" stages nothing before Write
	// onDisk is set for the first Output of a Writer: a file whose bytes (and sidecars) the folder
	// already holds, from an earlier build, is neither compressed nor written again.
	onDisk bool
	comp   chan *compressor // idle compressors, one per core: taking one bounds the work at once
	io     chan struct{}    // bounds the files being staged at once
	dirs   sync.Map         // folders known to exist, so staging a file makes its folder once
	wg     sync.WaitGroup   // compressions and stagings still running
	// replaced are files added again under the same name, whose temporary files must go.
	replaced []*outFile
	// noSidecars leaves out the brotli and gzip forms (Writer.NoSidecars).
	noSidecars bool
	// partial adds to the previous Write instead of replacing it (Writer.NewPartialOutput).
	partial bool
	// trees are the copied trees the Writer may keep next time (see CopyTree), by treeID;
	// prevTrees are those of the previous Write.
	trees, prevTrees map[string]copiedTree
}

// copiedTree is a tree CopyTree copied: a fingerprint of its files (names, sizes, times) and the
// output paths it made of them.
type copiedTree struct {
	fingerprint string
	rels        []string
}

type outFile struct {
	data   []byte
	hash   string
	br, gz []byte // sidecars: compressed by the Output, or given with the file
	// staged are the temporary files holding data, br and gz in the folder, once written ("" for
	// none); err is why staging failed.
	staged [3]string
	err    error
	// same is true when the folder already holds exactly this file, with its sidecars.
	same bool
}

// NewOutput returns an empty Output, written as a whole by Writer.Write.
func NewOutput() *Output { return newOutput(nil, "", newCompressors()) }

func newOutput(prev map[string]string, dir string, comp chan *compressor) *Output {
	return &Output{files: map[string]*outFile{}, kept: map[string]bool{}, notes: map[string]string{}, prev: prev, dir: dir,
		comp: comp, io: make(chan struct{}, stagers)}
}

// stagers is how many files are written at once: creating a file waits on the disk more than on
// a core, so more writes than cores keep the disk busy.
const stagers = 8

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
	o.put(rel, f)
	if o.prev[rel] == f.hash {
		return // unchanged on disk
	}
	compress := needsSidecars(rel, data) && !o.noSidecars
	if !compress && o.dir == "" {
		return
	}
	o.wg.Add(1)
	go func() {
		defer o.wg.Done()
		if o.onDisk && o.sameOnDisk(rel, data, compress) {
			f.same = true
			return
		}
		if compress {
			c := <-o.comp
			f.br, f.gz = c.compress(rel, data)
			o.comp <- c
		}
		o.stage(rel, f)
		o.release(f)
	}()
}

// release lets go of the bytes of a file staged in the folder: Write needs only their temporary
// names and the file's hash from then on, and the sidecars' buffers go back to the pool for the
// next file. Holding every page and sidecar until the commit made the build's heap, and the
// memory the system had to hand it, grow with the site.
func (o *Output) release(f *outFile) {
	if o.dir == "" || f.err != nil {
		return
	}
	for _, b := range [][]byte{f.br, f.gz} {
		if b != nil {
			putBuffer(b)
		}
	}
	f.data, f.br, f.gz = nil, nil, nil
}

// addPrecompressed puts a file into the output with sidecars made beforehand.
func (o *Output) addPrecompressed(rel string, data, br, gz []byte) {
	f := &outFile{data: data, hash: hashOf(data), br: br, gz: gz}
	o.put(rel, f)
	if o.prev[rel] == f.hash || o.dir == "" {
		return
	}
	o.wg.Add(1)
	go func() {
		defer o.wg.Done()
		o.stage(rel, f)
		if o.dir != "" && f.err == nil {
			f.data, f.br, f.gz = nil, nil, nil // read again by no one: see release
		}
	}()
}

// put records f as the output's file rel; a file added twice keeps the last content.
func (o *Output) put(rel string, f *outFile) {
	o.mu.Lock()
	if old := o.files[rel]; old != nil {
		o.replaced = append(o.replaced, old) // its temporary files go once staged
	}
	o.files[rel] = f
	o.mu.Unlock()
}

// sameOnDisk tells whether the folder already holds rel with these bytes and, when it should have
// them, both sidecars.
func (o *Output) sameOnDisk(rel string, data []byte, sidecars bool) bool {
	o.io <- struct{}{}
	defer func() { <-o.io }()
	p := filepath.Join(o.dir, filepath.FromSlash(rel))
	if fi, err := os.Stat(p); err != nil || fi.Size() != int64(len(data)) {
		return false
	}
	if sidecars {
		for _, ext := range []string{".br", ".gz"} {
			if fi, err := os.Stat(p + ext); err != nil || fi.Size() == 0 {
				return false
			}
		}
	}
	old, err := os.ReadFile(p)
	return err == nil && bytes.Equal(old, data)
}

// stage writes f's temporary files into the folder, sidecars first.
func (o *Output) stage(rel string, f *outFile) {
	if o.dir == "" {
		return
	}
	o.io <- struct{}{}
	defer func() { <-o.io }()
	p := filepath.Join(o.dir, filepath.FromSlash(rel))
	if !o.makeDir(filepath.Dir(p), f) {
		return
	}
	for i, data := range [][]byte{f.data, f.br, f.gz} {
		if data == nil {
			continue
		}
		tmp, err := writeTemp(p, data)
		if err != nil {
			f.err = err
			return
		}
		f.staged[i] = tmp
	}
}

// makeDir makes the folder dir for staging f's files, once per build; on an error it sets f.err
// and returns false.
func (o *Output) makeDir(dir string, f *outFile) bool {
	if o.madeDir(dir) {
		return true
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		f.err = err
		return false
	}
	o.dirs.Store(dir, true)
	return true
}

// addLinked puts into the output the file src of a tree the Writer may link to (see CopyTree),
// with its two sidecars beside it when sidecars is true. data is src's content, for the hash.
func (o *Output) addLinked(rel string, data []byte, src string, sidecars bool) {
	f := &outFile{hash: hashOf(data)}
	o.put(rel, f)
	if o.prev[rel] == f.hash {
		return
	}
	o.wg.Add(1)
	go func() {
		defer o.wg.Done()
		if o.onDisk && !sidecars && o.sameOnDisk(rel, data, false) {
			f.same = true // as Add leaves it
			return
		}
		o.io <- struct{}{}
		defer func() { <-o.io }()
		p := filepath.Join(o.dir, filepath.FromSlash(rel))
		if !o.makeDir(filepath.Dir(p), f) {
			return
		}
		for i, ext := range [...]string{"", ".br", ".gz"} {
			if i > 0 && !sidecars {
				break
			}
			tmp, err := linkTemp(src+ext, p)
			if err != nil {
				f.err = err
				return
			}
			f.staged[i] = tmp
		}
	}()
}

// madeDir tells whether staging already made (or found) the folder dir.
func (o *Output) madeDir(dir string) bool {
	_, ok := o.dirs.Load(dir)
	return ok
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

// wait waits for the compressions and writes the Output started.
func (o *Output) wait() { o.wg.Wait() }

// Discard removes the temporary files of an Output that will not be committed: call it (it is
// harmless after a commit) so a failed build leaves nothing behind.
func (o *Output) Discard() {
	o.wait()
	for _, f := range o.files {
		removeStaged(f)
	}
	o.dropReplaced()
}

// dropReplaced removes the temporary files of files that were added again.
func (o *Output) dropReplaced() {
	for _, f := range o.replaced {
		removeStaged(f)
	}
	o.replaced = nil
}

// removeStaged removes f's temporary files, if any are left.
func removeStaged(f *outFile) {
	for i, tmp := range f.staged {
		if tmp != "" {
			_ = os.Remove(tmp)
			f.staged[i] = ""
		}
	}
}

// CopyTree adds every file under src to the output under prefix; a missing src adds nothing. A file
// that comes with its own sidecars (name.br and name.gz beside it, as the web app's build writes
// them for its assets) keeps them instead of being compressed again.
//
// Every file, sidecars included, is read with read (os.ReadFile when nil): the caller decides what
// may be read, so a tree of content can refuse a symbolic link that leads out of its folder while
// output knows nothing of sites. An error from read stops the copy.
//
// For an Output of a Writer, a tree whose files have the same names, sizes and modification times
// as when the previous Write copied it is not read again: its files stay as they are on disk. That
// keeps a rebuild from reading the web app's megabytes of assets after every edit of a page.
func (o *Output) CopyTree(src, prefix string, read func(file string) ([]byte, error)) error {
	trusted := read == nil
	if read == nil {
		read = os.ReadFile
	}
	if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	id := prefix + "\x00" + src
	fp, cacheable := treeFingerprint(src)
	if prev, ok := o.prevTrees[id]; ok && cacheable && prev.fingerprint == fp {
		for _, rel := range prev.rels {
			o.Keep(rel)
		}
		o.trees[id] = prev
		return nil
	}
	// The files of a tree the caller trusts, free of symbolic links, go into a Writer's folder as
	// hard links when the file system allows: no new file for the system to allocate and fill.
	// Creating files is what writing a build costs most on a disk like CI's, and the web app's
	// build makes its assets, with their sidecars, anew each time (it never rewrites one in place).
	link := trusted && cacheable && o.dir != ""
	var rels []string
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if isSidecar(p) {
			return nil // read with the file it compresses
		}
		rel, _ := filepath.Rel(src, p)
		data, err := read(p)
		if err != nil {
			return err
		}
		rel = path.Join(prefix, filepath.ToSlash(rel))
		if link {
			hasBr, hasGz := exists(p+".br"), exists(p+".gz")
			if hasBr && hasGz || !hasBr && !hasGz && (o.noSidecars || !needsSidecars(rel, data)) {
				rels = append(rels, rel)
				o.addLinked(rel, data, p, hasBr)
				return nil
			}
		}
		br, err := readSidecar(read, p+".br")
		if err != nil {
			return err
		}
		gz, err := readSidecar(read, p+".gz")
		if err != nil {
			return err
		}
		rels = append(rels, rel)
		if br != nil && gz != nil {
			o.addPrecompressed(rel, data, br, gz)
			return nil
		}
		o.Add(rel, data)
		return nil
	})
	if err == nil && cacheable && o.trees != nil {
		o.trees[id] = copiedTree{fingerprint: fp, rels: rels}
	}
	return err
}

// treeFingerprint identifies the state of the files under dir by their names, sizes and
// modification times. ok is false when it cannot vouch for the tree: it holds a symbolic link
// (whose target may change without the link changing) or could not be listed.
func treeFingerprint(dir string) (fp string, ok bool) {
	h := sha256.New()
	ok = true
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 {
			ok = false
			return filepath.SkipAll
		}
		if d.IsDir() {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00%d\n", p, fi.Size(), fi.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		return "", false
	}
	return hex.EncodeToString(h.Sum(nil)), ok
}

// exists tells whether there is a file (or anything) at p.
func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// readSidecar reads the sidecar p with read, or returns nil when there is none.
func readSidecar(read func(string) ([]byte, error), p string) ([]byte, error) {
	if _, err := os.Lstat(p); err != nil {
		return nil, nil
	}
	return read(p)
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
	trees   map[string]copiedTree // the trees the last Write copied (see Output.CopyTree)
	// NoSidecars leaves out the brotli and gzip forms of files: `tzdocs dev` serves on the
	// writer's own machine, where compressing every rebuild's pages would only slow the reload.
	NoSidecars bool
	// Owned says the folder is tzdocs's own (`tzdocs dev`'s default folder): whatever it holds that
	// is not a build, such as what a killed build left, is removed instead of refused.
	Owned bool
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

// NewOutput returns an Output for the next Write: its files are written into the folder under
// temporary names as they come, and files that have not changed since the last Write are neither
// compressed nor written again. It refuses a folder that holds something other than a tzdocs build.
func (w *Writer) NewOutput() (*Output, error) {
	if w.written == nil {
		if err := checkDir(w.dir, true, w.Owned); err != nil {
			return nil, err
		}
	}
	prev := make(map[string]string, len(w.written))
	for k, v := range w.written {
		prev[k] = v
	}
	o := newOutput(prev, w.dir, w.comp)
	o.onDisk = w.written == nil
	o.noSidecars = w.NoSidecars
	o.trees, o.prevTrees = map[string]copiedTree{}, w.trees
	return o, nil
}

// NewPartialOutput returns an Output that adds files to the folder's build instead of being a
// whole build: its Write leaves the files it does not have in place and keeps the notes of the
// Write before it (adding its own). `tzdocs dev` writes the pages it renders after an edit's
// reload with one. It needs a Write before it.
func (w *Writer) NewPartialOutput() (*Output, error) {
	if w.written == nil {
		return nil, errors.New("a partial output needs a build in the folder first; this is a tzdocs bug")
	}
	o, err := w.NewOutput()
	if err != nil {
		return nil, err
	}
	o.partial = true
	return o, nil
}

// Write commits out: its new and changed files replace the folder's (renamed into place, sidecars
// first, the manifest last), and the files it no longer has are removed. It returns the set of
// relative paths written or removed. On an error the folder keeps its previous files.
func (w *Writer) Write(out *Output) (map[string]bool, error) {
	out.wait()
	defer out.Discard() // whatever was staged and not committed
	first := w.written == nil
	if first {
		// An Output of this Writer checked and cleaned the folder before staging files into it.
		if out.dir == "" {
			if err := checkDir(w.dir, true, w.Owned); err != nil {
				return nil, err
			}
		}
		w.written = map[string]string{}
	}
	var rels []string
	for rel, f := range out.files {
		if f.same {
			w.written[rel] = f.hash // on disk already
			continue
		}
		if w.written[rel] != f.hash {
			if f.err != nil {
				return nil, fmt.Errorf("writing %s: %w", rel, f.err)
			}
			rels = append(rels, rel)
		}
	}
	sort.Slice(rels, func(i, j int) bool { // the manifest last
		if (rels[i] == ManifestFile) != (rels[j] == ManifestFile) {
			return rels[j] == ManifestFile
		}
		return rels[i] < rels[j]
	})
	// What the folder holds now: the files this Writer wrote, or on its first Write, what is on disk.
	existing := map[string]bool{}
	for rel := range w.written {
		existing[rel] = true
	}
	if first {
		if err := listBuild(w.dir, existing); err != nil {
			return nil, err
		}
	}
	changed := map[string]bool{}
	for _, rel := range rels {
		f := out.files[rel]
		var err error
		if out.dir == "" {
			err = writeFile(w.dir, rel, f, existing[rel])
		} else {
			err = commitFile(w.dir, rel, f, existing[rel])
		}
		if err != nil {
			return nil, err
		}
		w.written[rel] = f.hash
		changed[rel] = true
	}
	if out.partial {
		for k, v := range out.notes {
			w.notes[k] = v
		}
		return changed, nil
	}
	for rel := range existing {
		if _, ok := out.files[rel]; !ok && !out.kept[rel] {
			for _, suffix := range []string{"", ".br", ".gz"} {
				_ = os.Remove(filepath.Join(w.dir, filepath.FromSlash(rel+suffix)))
			}
			// The folders it leaves empty go too (Remove fails, as it should, on one that is not).
			for d := path.Dir(rel); d != "."; d = path.Dir(d) {
				if os.Remove(filepath.Join(w.dir, filepath.FromSlash(d))) != nil {
					break
				}
			}
			delete(w.written, rel)
			changed[rel] = true
		}
	}
	w.notes = out.notes
	w.trees = out.trees
	return changed, nil
}

func hashOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16])
}

// checkDir makes sure the output folder exists and is tzdocs's to write: empty, or a build. A
// folder holding only folders and the temporary files of a build that failed counts as empty: a
// failed first build leaves that, and the next one must be able to start. With owned, a folder that
// is neither is emptied instead of refused (it is tzdocs's own, such as `tzdocs dev`'s). With clean,
// it also removes the temporary files an interrupted build left there, and the folders left empty.
func checkDir(dir string, clean, owned bool) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 && !isBuild(dir) {
		empty, err := holdsNoFiles(dir)
		if err != nil {
			return err
		}
		switch {
		case owned && !empty:
			if err := emptyDir(dir, entries); err != nil {
				return fmt.Errorf("emptying the output folder %s: %w", dir, err)
			}
			return nil
		case !empty:
			return fmt.Errorf("output folder %s is not empty and is not a tzdocs build (no %s); choose another --out or empty it yourself", dir, ManifestFile)
		}
	}
	if !clean {
		return nil
	}
	var dirs []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && p != dir:
			dirs = append(dirs, p)
		case !d.IsDir() && isTemp(d.Name()):
			_ = os.Remove(p)
		}
		return nil
	})
	for i := len(dirs) - 1; i >= 0; i-- { // deepest first; Remove fails, as it should, on a folder not empty
		_ = os.Remove(dirs[i])
	}
	return err
}

// holdsNoFiles tells whether dir holds nothing but folders and temporary files.
func holdsNoFiles(dir string) (bool, error) {
	empty := true
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && !isTemp(d.Name()) {
			empty = false
			return filepath.SkipAll
		}
		return nil
	})
	return empty, err
}

// emptyDir removes everything in dir, whose entries are given.
func emptyDir(dir string, entries []os.DirEntry) error {
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// listBuild adds to set the files of the build in dir (relative slash paths; sidecars and files
// being written left out).
func listBuild(dir string, set map[string]bool) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || isTemp(d.Name()) {
			return err
		}
		if strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") {
			if isSidecar(p) {
				return nil
			}
		}
		rel, _ := filepath.Rel(dir, p)
		set[filepath.ToSlash(rel)] = true
		return nil
	})
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

// Compressible tells whether a file is of a kind that compresses well (text), by its name.
func Compressible(name string) bool { return compressible[path.Ext(name)] }

// needsSidecars tells whether a file gets precompressed forms: text over 1 KB that browsers fetch.
// The search records are read by the server from disk and never sent whole, so they get none, and
// neither does a file that is never served (Served).
func needsSidecars(rel string, data []byte) bool {
	return Compressible(rel) && len(data) >= 1024 && rel != RecordsFile && Served(rel)
}

// compressor holds one core's compression writers, made on first use.
type compressor struct {
	gz                      *gzip.Writer
	brFast, brSmall, brBest *brotli.Writer
}

// smallWindow is the brotli window (log2 of its bytes) of assets small enough to fit in it.
const smallWindow = 16

// compress returns the brotli and gzip forms of a file. The gzip form is klauspost/compress's
// encoder at the default level: about a third of the standard library's CPU time for files within
// 3% of its size, and gzip is only what clients without brotli get.
func (c *compressor) compress(rel string, data []byte) (br, gz []byte) {
	if c.gz == nil {
		c.gz, _ = gzip.NewWriterLevel(io.Discard, gzip.DefaultCompression)
	}
	gzBuf := bytes.NewBuffer(getBuffer(len(data) / 3))
	c.gz.Reset(gzBuf)
	_, _ = c.gz.Write(data)
	_ = c.gz.Close()
	// Pages change with every edit, so they get a fast level; assets the web app's build did not
	// compress itself are fetched most and change rarely, so they get a high one.
	if c.brFast == nil {
		c.brFast = brotli.NewWriterLevel(io.Discard, 5)
	}
	bw := c.brFast
	switch {
	case IsAsset(rel) && len(data) <= 1<<smallWindow:
		// A window that holds the whole file loses nothing, and at this quality it takes a hash
		// table of about 1 MB instead of the 32 MB of the default window's, which every build
		// allocated, and the system zeroed, for the code theme's 3 KB stylesheet.
		if c.brSmall == nil {
			c.brSmall = brotli.NewWriterOptions(io.Discard, brotli.WriterOptions{Quality: 9, LGWin: smallWindow})
		}
		bw = c.brSmall
	case IsAsset(rel):
		if c.brBest == nil {
			c.brBest = brotli.NewWriterLevel(io.Discard, 9)
		}
		bw = c.brBest
	}
	brBuf := bytes.NewBuffer(getBuffer(len(data) / 3))
	bw.Reset(brBuf)
	_, _ = bw.Write(data)
	_ = bw.Close()
	return brBuf.Bytes(), gzBuf.Bytes()
}

// buffers holds the byte slices of sidecars already written, for the next files' sidecars.
var buffers sync.Pool

// getBuffer returns an empty slice with room for at least n bytes, from the pool when it has one.
func getBuffer(n int) []byte {
	if b, ok := buffers.Get().(*[]byte); ok && cap(*b) >= n {
		return (*b)[:0]
	}
	return make([]byte, 0, n)
}

// putBuffer gives b back to the pool; nothing may use it afterwards.
func putBuffer(b []byte) {
	b = b[:0]
	buffers.Put(&b)
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

// writeTemp writes data under a temporary name beside p and returns that name.
func writeTemp(p string, data []byte) (string, error) {
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	tmp := p + "." + hex.EncodeToString(rnd[:]) + tempSuffix
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		_ = os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// linkTemp makes a hard link to src under a temporary name beside p and returns that name; where
// the file system refuses (another device, no hard links), it copies src instead.
func linkTemp(src, p string) (string, error) {
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	tmp := p + "." + hex.EncodeToString(rnd[:]) + tempSuffix
	if err := os.Link(src, tmp); err == nil {
		return tmp, nil
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return "", err
	}
	return writeTemp(p, data)
}

// writeAtomic writes data under a temporary name beside p and renames it to p.
func writeAtomic(p string, data []byte) error {
	tmp, err := writeTemp(p, data)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, p); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return nil
}

// commitFile renames a staged file and its sidecars into place, sidecars first, and removes the
// sidecars an existing file no longer has.
func commitFile(dir, rel string, f *outFile, existed bool) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	for _, i := range []int{2, 1, 0} { // gz, br, then the file
		name := p + [...]string{"", ".br", ".gz"}[i]
		if f.staged[i] == "" {
			if i > 0 && existed {
				_ = os.Remove(name)
			}
			continue
		}
		if err := os.Rename(f.staged[i], name); err != nil {
			return err
		}
		f.staged[i] = ""
	}
	return nil
}

// isTemp tells whether a file name is a write in progress (or one an interrupted build left).
func isTemp(name string) bool { return strings.HasSuffix(name, tempSuffix) }
