package output

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// Site is a built site read back from its folder.
type Site struct {
	// Dir is the folder the site was read from, symlinks resolved (Load sets it).
	Dir      string
	Manifest Manifest
	Data     SiteData
	CSP      CSPSources
	Records  []Record
	Code     []CodeBlock
	// Answers is the answer corpus (AnswersFile), which Ask AI reads; it is not among Files.
	Answers []AnswerSection
	// PackedAnswers is the same corpus packed, for a reader that keeps it but seldom reads it.
	PackedAnswers PackedAnswers
	// Files holds every file by URL path ("/architecture/accounts/index.html"), with its
	// precompressed sidecars.
	Files map[string]*File
}

// File is one file of a built site.
type File struct {
	Data         []byte
	Brotli, Gzip []byte // precompressed sidecars, nil when the build wrote none
	// Immutable is true for content-hashed assets: their content never changes under their name.
	Immutable bool
}

// hashedName matches Vite's and the build's content-hashed file names, e.g. entry-client-BdX9a1_q.js.
var hashedName = regexp.MustCompile(`[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$`)

// Load reads a built site folder into memory. Every problem names the file and says to rebuild.
// A folder given through symlinks is resolved first, and read where they lead.
func Load(dir string) (*Site, error) {
	dir, err := resolveRoot(dir)
	if err != nil {
		return nil, err
	}
	s, err := LoadMeta(dir)
	if err != nil {
		return nil, err
	}
	s.Dir = dir
	records, err := LoadRecords(dir)
	if err != nil {
		return nil, err
	}
	s.Records = records
	if s.Code, err = LoadCode(dir); err != nil {
		return nil, err
	}
	var answers []byte
	if s.Answers, answers, err = loadAnswers(dir); err != nil {
		return nil, err
	}
	if s.PackedAnswers, err = PackAnswers(answers); err != nil {
		return nil, err
	}
	err = walkConfined(dir, func(rel string) error {
		name := path.Base(rel)
		if strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") || isTemp(name) {
			return nil // sidecars load with the file they compress
		}
		if !Served(rel) {
			return nil // read by whoever needs it, never served
		}
		f, err := LoadFile(dir, rel)
		if err != nil {
			return err
		}
		s.Files["/"+rel] = f
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, want := range []string{NotFoundFile} {
		if s.Files["/"+want] == nil {
			return nil, fmt.Errorf("%s has no %s; rebuild the site", dir, want)
		}
	}
	for _, r := range s.Manifest.Routes {
		if s.Files["/"+PageFile(r)] == nil {
			return nil, fmt.Errorf("%s lists %s, but %s is missing; rebuild the site", filepath.Join(dir, ManifestFile), r, PageFile(r))
		}
	}
	return s, nil
}

// LoadFile reads one file of a built site (rel is relative to dir, slash-separated) with its
// sidecars.
func LoadFile(dir, rel string) (*File, error) {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	return &File{Data: data, Brotli: readOptional(p + ".br"), Gzip: readOptional(p + ".gz"),
		Immutable: IsAsset(rel) && hashedName.MatchString(rel)}, nil
}

// LoadMeta reads what describes a built site, without its files, records and code: the
// manifest, the site data and the sources of the content security policy.
func LoadMeta(dir string) (*Site, error) {
	s := &Site{Files: map[string]*File{}}
	if err := readJSON(dir, ManifestFile, &s.Manifest); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s is not a built site (no %s); run `tzdocs build` first", dir, ManifestFile)
		}
		return nil, err
	}
	if s.Manifest.Format != FormatVersion {
		return nil, fmt.Errorf("%s: built with layout version %d, this tzdocs reads version %d; rebuild the site with this tzdocs",
			filepath.Join(dir, ManifestFile), s.Manifest.Format, FormatVersion)
	}
	if err := readJSON(dir, SiteDataFile, &s.Data); err != nil {
		return nil, err
	}
	if err := readJSON(dir, CSPFile, &s.CSP); err != nil {
		return nil, err
	}
	return s, nil
}

// LoadRecords reads the search records of a built site.
func LoadRecords(dir string) ([]Record, error) {
	var records []Record
	if err := readJSON(dir, RecordsFile, &records); err != nil {
		return nil, err
	}
	// Decoding grows the slice as it goes: hold it at its length.
	records = append(make([]Record, 0, len(records)), records...)
	shareRecordStrings(records)
	return records, nil
}

// LoadCode reads the code blocks of a built site (CodeFile).
func LoadCode(dir string) ([]CodeBlock, error) {
	var code []CodeBlock
	if err := readJSON(dir, CodeFile, &code); err != nil {
		return nil, err
	}
	shareCodeStrings(code)
	return code, nil
}

// readJSON decodes the file rel of a built site into v.
func readJSON(dir, rel string, v any) error {
	_, err := readJSONData(dir, rel, v)
	return err
}

// readJSONData is readJSON, also returning the file's bytes.
func readJSONData(dir, rel string, v any) ([]byte, error) {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	data, err := os.ReadFile(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s is missing; rebuild the site (tzdocs build): %w", p, err)
		}
		return nil, err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return nil, fmt.Errorf("%s: %v; rebuild the site", p, err)
	}
	return data, nil
}

func readOptional(p string) []byte {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	return b
}
