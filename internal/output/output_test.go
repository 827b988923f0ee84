package output

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestFilesOfARoute(t *testing.T) {
	tests := []struct{ route, page, data, md string }{
		{"/", "index.html", "_data/index.json", "index.md"},
		{"/overview/", "overview/index.html", "_data/overview/index.json", "overview.md"},
		{"/architecture/accounts", "architecture/accounts/index.html", "_data/architecture/accounts.json", "architecture/accounts.md"},
		{"/architecture/tokens/FA1.2", "architecture/tokens/FA1.2/index.html", "_data/architecture/tokens/FA1.2.json", "architecture/tokens/FA1.2.md"},
		{NotFoundRoute, "404.html", "_data/404.html.json", "404.html.md"},
	}
	for _, tt := range tests {
		if got := PageFile(tt.route); got != tt.page {
			t.Errorf("PageFile(%q) = %q, want %q", tt.route, got, tt.page)
		}
		if got := DataFile(tt.route); got != tt.data {
			t.Errorf("DataFile(%q) = %q, want %q", tt.route, got, tt.data)
		}
		if got := MarkdownFile(tt.route); got != tt.md {
			t.Errorf("MarkdownFile(%q) = %q, want %q", tt.route, got, tt.md)
		}
	}
}

// sample is a small site written through an Output, as the build writes one.
func sample() *Output { return addSample(NewOutput()) }

// addSample adds the sample site's files to out, but for the pages of the routes in without.
func addSample(out *Output, without ...string) *Output {
	for _, r := range []string{"/", "/a"} {
		if slices.Contains(without, r) {
			continue
		}
		if r == "/" {
			out.Add(PageFile(r), []byte("<!doctype html><title>Home</title>"))
		} else {
			out.Add(PageFile(r), []byte(strings.Repeat("<p>long page</p>", 200)))
		}
	}
	out.Add(PageFile(NotFoundRoute), []byte("<!doctype html><title>Not found</title>"))
	out.Add(AssetsDir+"/app-AbCdEf12.js", []byte("console.log(1)"))
	_ = out.AddJSON(ManifestFile, Manifest{Format: FormatVersion, Routes: []string{"/", "/a"}})
	_ = out.AddJSON(SiteDataFile, SiteData{Title: "T", URL: "https://x.example",
		Navbar: Navbar{Items: NavItems{NavLinkItem{Type: "link", Label: "Docs", Href: "/a"}, NavSearchItem{Type: "search", Position: "right"},
			NavDropdownItem{Type: "dropdown", Label: "Versions", Items: []NavLinkItem{{Type: "link", Label: "Next", Href: "/"}}}}},
		Sidebars: map[string]SidebarItems{"docs": {SidebarCategory{Type: "category", Label: "C", Items: SidebarItems{SidebarLink{Type: "link", Label: "A", Href: "/a"}}},
			SidebarHTML{Type: "html", Value: "<hr>"}}},
		AnnouncementBar: &AnnouncementBar{ID: "v1", Content: "New!", IsCloseable: true}})
	_ = out.AddJSON(CSPFile, CSPSources{ScriptHashes: []string{"sha256-x"}})
	_ = out.AddJSON(RecordsFile, []Record{{ObjectID: "1", Hierarchy: Hierarchy{"Docs", "A", "", "Deep"}, Type: "lvl1", URL: "/a"}})
	_ = out.AddJSON(CodeFile, []CodeBlock{{URL: "/a", Lang: "bash", Code: "octez-client \\\n  list known addresses"}})
	_ = out.AddJSON(AnswersFile, []AnswerSection{{Route: "/a", Path: []string{"A"}, Blocks: []AnswerBlock{{Type: BlockParagraph, Text: "A."}}}})
	return out
}

func TestWrittenSiteLoadsBackWithItsTypes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if _, err := NewWriter(dir).Write(sample()); err != nil {
		t.Fatal(err)
	}
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	items := s.Data.Navbar.Items
	if len(items) != 3 {
		t.Fatalf("navbar items = %#v", items)
	}
	if _, ok := items[1].(NavSearchItem); !ok {
		t.Errorf("item 1 = %#v, want a search item", items[1])
	}
	if dd, ok := items[2].(NavDropdownItem); !ok || dd.Items[0].Label != "Next" {
		t.Errorf("item 2 = %#v, want the dropdown", items[2])
	}
	cat, ok := s.Data.Sidebars["docs"][0].(SidebarCategory)
	if !ok || len(cat.Items) != 1 || cat.Items[0].(SidebarLink).Href != "/a" {
		t.Errorf("sidebar = %#v", s.Data.Sidebars["docs"])
	}
	if ab := s.Data.AnnouncementBar; ab == nil || ab.ID != "v1" || !ab.IsCloseable {
		t.Errorf("announcement bar = %#v", ab)
	}
	if want := (Hierarchy{"Docs", "A", "", "Deep"}); len(s.Records) != 1 || s.Records[0].Hierarchy != want {
		t.Errorf("records = %#v", s.Records)
	}
	if !reflect.DeepEqual(s.CSP.ScriptHashes, []string{"sha256-x"}) {
		t.Errorf("csp = %#v", s.CSP)
	}
	if len(s.Answers) != 1 || s.Answers[0].Blocks[0].Text != "A." {
		t.Errorf("answers = %#v", s.Answers)
	}
	if s.Files["/"+AnswersFile] != nil {
		t.Errorf("the answer corpus is among the files to serve")
	}
	page := s.Files["/a/index.html"]
	if page == nil || page.Gzip == nil || page.Brotli == nil || page.Immutable {
		t.Errorf("/a/index.html = %+v; want its sidecars, not immutable", page)
	}
	if asset := s.Files["/assets/app-AbCdEf12.js"]; asset == nil || !asset.Immutable {
		t.Errorf("hashed asset = %+v, want immutable", asset)
	}
}

func TestAnnouncementBarIsWrittenWithTheAppsFieldNames(t *testing.T) {
	data, err := json.Marshal(AnnouncementBar{ID: "v2", Content: "Hi", IsCloseable: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(data), `{"id":"v2","content":"Hi","isCloseable":true}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestLoadRefusesWhatItCannotServe(t *testing.T) {
	write := func(t *testing.T, edit func(o *Output)) string {
		dir := filepath.Join(t.TempDir(), "out")
		o := sample()
		edit(o)
		if _, err := NewWriter(dir).Write(o); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	tests := []struct {
		name string
		edit func(o *Output)
		want string
	}{
		{"no manifest", func(o *Output) { delete(o.files, ManifestFile) }, "not a built site"},
		{"another layout version", func(o *Output) { _ = o.AddJSON(ManifestFile, Manifest{Format: FormatVersion + 1}) }, "rebuild the site with this tzdocs"},
		{"a listed page missing", func(o *Output) { delete(o.files, PageFile("/a")) }, "lists /a, but a/index.html is missing"},
		{"broken site data", func(o *Output) { o.Add(SiteDataFile, []byte("{")) }, "site.json: unexpected end of JSON input; rebuild the site"},
		{"an unknown navbar item", func(o *Output) { o.Add(SiteDataFile, []byte(`{"navbar":{"items":[{"type":"rocket"}]}}`)) }, `unknown type "rocket"`},
		{"no records", func(o *Output) { delete(o.files, RecordsFile) }, "records.json is missing"},
		{"no code blocks", func(o *Output) { delete(o.files, CodeFile) }, "code.json is missing"},
		{"no answer corpus", func(o *Output) { delete(o.files, AnswersFile) }, "corpus.json is missing"},
		{"no 404 page", func(o *Output) { delete(o.files, NotFoundFile) }, "has no 404.html"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(write(t, tt.edit))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want it to say %q", err, tt.want)
			}
		})
	}
}

func TestWriterReplacesOnlyItsOwnFolderAndLeavesNoTemporaryFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "precious.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewWriter(dir).Write(sample()); err == nil || !strings.Contains(err.Error(), "is not a tzdocs build") {
		t.Fatalf("err = %v, want a refusal", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "precious.txt")); err != nil {
		t.Fatal("a file tzdocs did not write was removed")
	}

	// A previous build, even one a crash interrupted, is replaced.
	other := filepath.Join(t.TempDir(), "out")
	if _, err := NewWriter(other).Write(sample()); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"stale.html": "old", "a/index.html.1a2b3c" + tempSuffix: "half-written"} {
		if err := os.WriteFile(filepath.Join(other, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w := NewWriter(other)
	o, err := w.NewOutput()
	if err != nil {
		t.Fatal(err)
	}
	addSample(o, "/")
	changed, err := w.Write(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"stale.html", "index.html", "index.html.gz"} {
		if _, err := os.Stat(filepath.Join(other, gone)); err == nil {
			t.Errorf("%s of the previous build survived", gone)
		}
	}
	// The files the folder already holds, byte for byte and with their sidecars, are left alone.
	if changed[PageFile("/a")] || !changed[PageFile("/")] || !changed["stale.html"] {
		t.Errorf("changed = %v, want the removed files only", changed)
	}
	// A second Write writes only what changed and removes what is no longer produced.
	o2, err := w.NewOutput()
	if err != nil {
		t.Fatal(err)
	}
	addSample(o2, "/a")
	changed, err = w.Write(o2)
	if err != nil {
		t.Fatal(err)
	}
	if !changed[PageFile("/")] || !changed[PageFile("/a")] || changed[SiteDataFile] {
		t.Errorf("changed = %v, want the added and removed pages only", changed)
	}
	if _, err := os.Stat(filepath.Join(other, "a", "index.html.gz")); err == nil {
		t.Error("the sidecar of a removed page survived")
	}
	if _, err := os.Stat(filepath.Join(other, "a")); err == nil {
		t.Error("the folder of a removed page survived")
	}
	noTemporaryFiles(t, other)
}

// noTemporaryFiles fails the test when dir holds a file being written.
func noTemporaryFiles(t *testing.T, dir string) {
	t.Helper()
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && isTemp(d.Name()) {
			t.Errorf("temporary file left: %s", p)
		}
		return nil
	})
}

func TestAFirstOutputRewritesOnlyWhatTheFolderLacks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if _, err := NewWriter(dir).Write(sample()); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "a", "index.html.br")); err != nil {
		t.Fatal(err)
	}
	w := NewWriter(dir) // a new process
	o, err := w.NewOutput()
	if err != nil {
		t.Fatal(err)
	}
	addSample(o)
	o.Add(SitemapFile, []byte("<urlset>changed</urlset>"))
	changed, err := w.Write(o)
	if err != nil {
		t.Fatal(err)
	}
	if !changed[PageFile("/a")] || !changed[SitemapFile] || changed[PageFile("/")] || changed[SiteDataFile] {
		t.Errorf("changed = %v, want the page without its sidecar and the changed file", changed)
	}
	if _, err := os.Stat(filepath.Join(dir, "a", "index.html.br")); err != nil {
		t.Error("the missing sidecar was not written again")
	}
	if _, err := Load(dir); err != nil {
		t.Error(err)
	}
}

func TestADiscardedOutputLeavesTheFolderAsItWas(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	w := NewWriter(dir)
	if _, err := w.Write(sample()); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(filepath.Join(dir, "a", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	o, err := w.NewOutput()
	if err != nil {
		t.Fatal(err)
	}
	o.Add(PageFile("/a"), []byte(strings.Repeat("<p>a failed build's page</p>", 100)))
	o.Add(PageFile("/new"), []byte("<p>new</p>"))
	o.wait()
	staged := 0
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && isTemp(d.Name()) {
			staged++
		}
		return nil
	})
	if staged < 3 { // the page, its two sidecars, the new page
		t.Fatalf("%d files staged, want the files written while the build runs", staged)
	}
	o.Discard()
	noTemporaryFiles(t, dir)
	after, err := os.ReadFile(filepath.Join(dir, "a", "index.html"))
	if err != nil || string(after) != string(before) {
		t.Errorf("the page changed: %q, %v", after, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "new", "index.html")); err == nil {
		t.Error("a discarded page was published")
	}
}

func TestWriterRemembersNotesForTheNextBuild(t *testing.T) {
	w := NewWriter(filepath.Join(t.TempDir(), "out"))
	o := sample()
	o.Note("index.html", "key-1")
	if _, err := w.Write(o); err != nil {
		t.Fatal(err)
	}
	if v, ok := w.Noted("index.html"); !ok || v != "key-1" {
		t.Errorf("Noted = %q, %v", v, ok)
	}
	if _, err := w.Write(sample()); err != nil {
		t.Fatal(err)
	}
	if _, ok := w.Noted("index.html"); ok {
		t.Error("a note outlived the build after the one that made it")
	}
}

func TestCopyTreeKeepsSidecarsMadeBeforehand(t *testing.T) {
	src := t.TempDir()
	js := []byte(strings.Repeat("console.log('tez');\n", 100))
	files := map[string][]byte{
		"app-AbCdEf12.js":    js,
		"app-AbCdEf12.js.br": []byte("made by the web build"),
		"app-AbCdEf12.js.gz": []byte("also made by the web build"),
		"plain-AbCdEf12.css": []byte(strings.Repeat("a{color:red}\n", 100)),
		"orphan.gz":          []byte("an archive, not a sidecar"),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(src, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := NewOutput()
	if err := out.CopyTree(src, AssetsDir, nil); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "out")
	if _, err := NewWriter(dir).Write(out); err != nil {
		t.Fatal(err)
	}
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := read("assets/app-AbCdEf12.js.br"); got != "made by the web build" {
		t.Errorf("the given brotli sidecar was replaced: %q", got)
	}
	if got := read("assets/app-AbCdEf12.js.gz"); got != "also made by the web build" {
		t.Errorf("the given gzip sidecar was replaced: %q", got)
	}
	if read("assets/plain-AbCdEf12.css.br") == "" {
		t.Error("a file without sidecars was not compressed")
	}
	if read("assets/orphan.gz") != "an archive, not a sidecar" {
		t.Error("a .gz file with no file beside it was not copied as itself")
	}
}

func TestAFailedFirstBuildLeavesAFolderTheNextBuildTakes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	w := NewWriter(dir)
	o, err := w.NewOutput()
	if err != nil {
		t.Fatal(err)
	}
	addSample(o)
	o.Discard() // the build failed before its Write: the folders its files were staged in stay
	if _, err := NewWriter(dir).Write(sample()); err != nil {
		t.Fatalf("the next build refused the folder: %v", err)
	}

	// A folder of tzdocs's own that holds no build (a killed build's files) is emptied, not refused.
	owned := filepath.Join(t.TempDir(), "dev")
	if err := os.MkdirAll(filepath.Join(owned, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(owned, "a", "index.html"), []byte("left by a killed build"), 0o644); err != nil {
		t.Fatal(err)
	}
	ow := NewWriter(owned)
	ow.Owned = true
	if _, err := ow.Write(sample()); err != nil {
		t.Fatalf("an owned folder was refused: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(owned, "a", "index.html")); string(b) == "left by a killed build" {
		t.Error("the killed build's file is still there")
	}
}
