package output

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
)

// AnswersFile holds the answer corpus: every section of every listed page as the blocks it is
// made of, which Ask AI retrieves and quotes whole. It is the server's own data, never served:
// Load leaves it out of the site's files (see Served).
const AnswersFile = "_answers/corpus.json"

// Served tells whether the server may answer a request with the file rel (relative slash path)
// of a built site: every file but the answer corpus, which the assistant reads and only quotes.
func Served(rel string) bool { return rel != AnswersFile }

// Answer block types (AnswerBlock.Type).
const (
	BlockParagraph = "paragraph"
	BlockList      = "list"
	BlockTable     = "table"
	BlockCode      = "code"
	BlockAside     = "aside" // an admonition or a <details> block, holding blocks of its own
	BlockQuote     = "quote"
)

// AnswerSection is one section of a page in AnswersFile: the text under one heading (or a page's
// intro, before its first heading), in the order of the page.
type AnswerSection struct {
	Route string `json:"route"`
	// Anchor is the heading's id, "" for the intro; the section's URL path is Route#Anchor.
	Anchor string `json:"anchor,omitempty"`
	// Path is the page title followed by the headings down to the section's own, such as
	// ["Bakers", "Baking rights", "Computing rights"].
	Path []string `json:"path"`
	// Position is the section's index among its page's sections (0 for the first).
	Position int `json:"position"`
	// Kind is KindTutorial for the sections of tutorial pages, "" for the others.
	Kind string `json:"kind,omitempty"`
	// Keywords, on a page's first section only, name the page's subject besides its title, as
	// the page's lvl1 search record does.
	Keywords []string      `json:"keywords,omitempty"`
	Blocks   []AnswerBlock `json:"blocks"`
}

// AnswerBlock is one block of a section, whole. Its position is its index among its container's
// blocks. Text and cells are inline Markdown, white space normalised.
type AnswerBlock struct {
	Type string `json:"type"`
	// Text is a paragraph's inline Markdown, or an aside's title (plain text).
	Text string `json:"text,omitempty"`
	// Ordered tells a numbered list from a bulleted one, and Start is its first number when
	// not 1; Items are a list's items, each the blocks it holds.
	Ordered bool            `json:"ordered,omitempty"`
	Start   int             `json:"start,omitempty"`
	Items   [][]AnswerBlock `json:"items,omitempty"`
	// Header and Rows are a table's cells.
	Header []string   `json:"header,omitempty"`
	Rows   [][]string `json:"rows,omitempty"`
	// Lang and Code are a code block's language and its lines as written (no final line break).
	Lang string `json:"lang,omitempty"`
	Code string `json:"code,omitempty"`
	// Kind is an aside's kind: an admonition's keyword ("note", "warning", …) or "details".
	Kind string `json:"kind,omitempty"`
	// Blocks are an aside's or a quote's content.
	Blocks []AnswerBlock `json:"blocks,omitempty"`
}

// URLPath is the section's path on the site: its route and #anchor.
func (s *AnswerSection) URLPath() string {
	if s.Anchor == "" {
		return s.Route
	}
	return s.Route + "#" + s.Anchor
}

// LoadAnswers reads the answer corpus of a built site (AnswersFile). Routes, headings and block
// types repeat from section to section: each is held once.
func LoadAnswers(dir string) ([]AnswerSection, error) {
	secs, _, err := loadAnswers(dir)
	return secs, err
}

// loadAnswers reads AnswersFile, returning its sections and the file's bytes.
func loadAnswers(dir string) ([]AnswerSection, []byte, error) {
	var secs []AnswerSection
	data, err := readJSONData(dir, AnswersFile, &secs)
	if err != nil {
		return nil, nil, err
	}
	shareAnswerStrings(secs)
	return secs, data, nil
}

// PackedAnswers is the answer corpus as its file's JSON, gzip-compressed: about a tenth of the
// memory of its sections, and nothing for the collector to scan. A server holds its corpus so
// until the first question, which most servers never get.
type PackedAnswers struct{ gz []byte }

// PackAnswers compresses the JSON of an answer corpus file, which must decode (Load checked it).
func PackAnswers(data []byte) (PackedAnswers, error) {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if _, err := zw.Write(data); err != nil {
		return PackedAnswers{}, err
	}
	if err := zw.Close(); err != nil {
		return PackedAnswers{}, err
	}
	return PackedAnswers{gz: bytes.Clone(buf.Bytes())}, nil
}

// Sections decodes the packed corpus, as LoadAnswers reads it.
func (p PackedAnswers) Sections() ([]AnswerSection, error) {
	zr, err := gzip.NewReader(bytes.NewReader(p.gz))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", AnswersFile, err)
	}
	var secs []AnswerSection
	if err := json.NewDecoder(zr).Decode(&secs); err != nil {
		return nil, fmt.Errorf("%s: %w", AnswersFile, err)
	}
	shareAnswerStrings(secs)
	return secs, nil
}
