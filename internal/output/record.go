package output

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Record is one search record of RecordsFile, in the DocSearch v4 shape: a page title (type lvl1),
// a heading (lvl2…lvl6) or a block of text (content) with the headings above it.
type Record struct {
	ObjectID  string    `json:"objectID"`
	Hierarchy Hierarchy `json:"hierarchy"`
	Content   string    `json:"content"`
	Type      string    `json:"type" ts:"\"lvl1\" | \"lvl2\" | \"lvl3\" | \"lvl4\" | \"lvl5\" | \"lvl6\" | \"content\""`
	// URL is absolute, as in DocSearch: site.yaml's url and baseUrl, the route and its #anchor
	// (only the route and anchor when site.yaml has no url). Clients that navigate within the
	// site make it relative to baseUrl again.
	URL              string `json:"url"`
	URLWithoutAnchor string `json:"url_without_anchor"`
	Anchor           string `json:"anchor"`
	Weight           Weight `json:"weight"`
	Language         string `json:"language"`
	DocusaurusTag    string `json:"docusaurus_tag"`
	// Code marks content taken from a code block; it ranks below prose.
	Code bool `json:"code,omitempty"`
	// Keywords, on a page's lvl1 record only, name the page's subject besides its title: the
	// front matter's keywords and the acronyms its title and description spell out ("DAL").
	// Search matches them as part of the title.
	Keywords []string `json:"keywords,omitempty"`
	// Kind is "tutorial" for the records of pages in the tutorials sidebar, "" for the others.
	// Search ranks a tutorial's steps below a page about the same subject unless the query
	// names the tutorial.
	Kind string `json:"kind,omitempty" ts:"\"tutorial\" | undefined"`
}

// KindTutorial is the Kind of the records of tutorial pages.
const KindTutorial = "tutorial"

// Hierarchy holds lvl0 … lvl6; "" is written as JSON null, as DocSearch does.
//
// TypeScript: { lvl0: string | null; lvl1: string | null; lvl2: string | null; lvl3: string | null; lvl4: string | null; lvl5: string | null; lvl6: string | null }
type Hierarchy [7]string

// Weight orders records that the text criteria cannot tell apart: higher pageRank first, then
// higher level (page titles 90, headings 80…40, content 0), then lower position.
type Weight struct {
	PageRank int `json:"pageRank"`
	Level    int `json:"level"`
	Position int `json:"position"`
}

// MarshalJSON writes {"lvl0": …, …, "lvl6": …} with null for absent levels.
func (h Hierarchy) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, v := range h {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"lvl` + strconv.Itoa(i) + `":`)
		if v == "" {
			b.WriteString("null")
			continue
		}
		s, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		b.Write(s)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

// UnmarshalJSON reads the object MarshalJSON writes.
func (h *Hierarchy) UnmarshalJSON(data []byte) error {
	var m map[string]*string
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*h = Hierarchy{}
	for i := range h {
		if v := m["lvl"+strconv.Itoa(i)]; v != nil {
			h[i] = *v
		}
	}
	return nil
}

// Path is the record's URL without its scheme and host: the path with its #anchor, such as
// "/architecture/bakers#rights" (the URL itself when it is already relative). Under a baseUrl
// other than "/", the path starts with it.
func (r *Record) Path() string { return URLPath(r.URL) }

// URLPath is an absolute or relative URL's path with its #anchor and query: what a record and a
// code block of one section share whatever host the site is built for.
func URLPath(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		rest := u[i+3:]
		if j := strings.IndexAny(rest, "/#?"); j >= 0 {
			return rest[j:]
		}
		return "/"
	}
	return u
}

// CodeBlock is one code block of CodeFile: a block of a section whose records have URL, with its
// lines, indentation and language as the page shows them.
type CodeBlock struct {
	URL  string `json:"url"`            // the section's URL, as in its records
	Lang string `json:"lang,omitempty"` // the fence's language
	Code string `json:"code"`           // without the final line break
}
