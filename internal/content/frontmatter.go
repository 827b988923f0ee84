package content

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// FrontMatter holds the keys tzdocs understands (README.md, "Writing docs"); every key, known or
// not, is also kept in Raw so nothing a writer adds is lost.
type FrontMatter struct {
	Title               string         `yaml:"title"`
	SidebarLabel        string         `yaml:"sidebar_label"`
	SidebarPosition     *float64       `yaml:"sidebar_position"`
	Description         string         `yaml:"description"`
	Slug                string         `yaml:"slug"`
	ID                  string         `yaml:"id"`
	LastUpdate          *LastUpdate    `yaml:"last_update"`
	HideTableOfContents bool           `yaml:"hide_table_of_contents"`
	Unlisted            bool           `yaml:"unlisted"`
	Draft               bool           `yaml:"draft"`
	HideTitle           bool           `yaml:"hide_title"`
	TOCMinLevel         *int           `yaml:"toc_min_heading_level"`
	TOCMaxLevel         *int           `yaml:"toc_max_heading_level"`
	Keywords            []string       `yaml:"keywords"`
	Image               string         `yaml:"image"`
	Layout              string         `yaml:"layout"`
	Hero                *Hero          `yaml:"hero"`
	Cards               []Card         `yaml:"cards"`
	Raw                 map[string]any `yaml:"-"`
	dateLine            int
	keyLines            map[string]int // file line of each top-level key
}

// Line returns the file line of top-level key, or 1 when the key is absent.
func (fm FrontMatter) Line(key string) int {
	if l, ok := fm.keyLines[key]; ok {
		return l
	}
	return 1
}

// Pagination reads pagination_prev or pagination_next (key): set is false when the key is absent;
// an empty id with set means null (no link).
func (fm FrontMatter) Pagination(key string) (id string, set bool) {
	v, ok := fm.Raw[key]
	if !ok {
		return "", false
	}
	s, _ := v.(string)
	return s, true
}

// LastUpdate is Docusaurus's last_update front matter.
type LastUpdate struct {
	Date   string `yaml:"date"`
	Author string `yaml:"author"`
}

// Hero is the home page banner.
type Hero struct {
	Title   string `yaml:"title" json:"title"`
	Tagline string `yaml:"tagline" json:"tagline"`
}

// Card is a link card on a landing page.
type Card struct {
	Title       string `yaml:"title" json:"title"`
	Description string `yaml:"description" json:"description"`
	Href        string `yaml:"href" json:"href"`
	Group       string `yaml:"group,omitempty" json:"group,omitempty"`
}

// splitFrontMatter separates a leading YAML front matter block from the body. The body keeps the
// file's line numbers: the front matter lines are replaced by empty lines.
func splitFrontMatter(src []byte) (fm []byte, body []byte, ok bool) {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	if !bytes.HasPrefix(src, []byte("---\n")) && !bytes.HasPrefix(src, []byte("---\r\n")) {
		return nil, src, true
	}
	rest := src[bytes.IndexByte(src, '\n')+1:]
	offset := len(src) - len(rest)
	for pos := 0; pos <= len(rest); {
		end := bytes.IndexByte(rest[pos:], '\n')
		line := rest[pos:]
		if end >= 0 {
			line = rest[pos : pos+end]
		}
		if strings.TrimRight(string(line), "\r \t") == "---" {
			fm = rest[:pos]
			closeEnd := offset + pos + len(line)
			if end >= 0 {
				closeEnd++
			}
			n := bytes.Count(src[:closeEnd], []byte("\n"))
			body = append(bytes.Repeat([]byte("\n"), n), src[closeEnd:]...)
			return fm, body, true
		}
		if end < 0 {
			break
		}
		pos += end + 1
	}
	return nil, src, false
}

// parseFrontMatter decodes front matter text; errors carry the file line (the block starts on line 2).
func parseFrontMatter(file string, fm []byte) (FrontMatter, error) {
	var out FrontMatter
	if len(bytes.TrimSpace(fm)) == 0 {
		return out, nil
	}
	if len(fm) > MaxFrontMatterBytes {
		return out, &Diagnostic{File: file, Line: 2, Message: fmt.Sprintf("front matter is %d bytes, more than the %d allowed; keep it to a page's metadata and move the rest into the page",
			len(fm), MaxFrontMatterBytes)}
	}
	var node yaml.Node
	if err := yaml.Unmarshal(fm, &node); err != nil {
		return out, yamlDiag(file, err)
	}
	if err := checkFrontMatterSize(file, &node); err != nil {
		return out, err
	}
	if err := node.Decode(&out); err != nil {
		return out, typeDiag(file, err, &node)
	}
	if err := node.Decode(&out.Raw); err != nil {
		return out, yamlDiag(file, err)
	}
	if len(node.Content) > 0 {
		m := node.Content[0]
		out.keyLines = map[string]int{}
		for i := 0; i+1 < len(m.Content); i += 2 {
			out.keyLines[m.Content[i].Value] = m.Content[i].Line + 1
			if m.Content[i].Value != "last_update" {
				continue
			}
			out.dateLine = m.Content[i].Line + 1
			v := m.Content[i+1]
			for j := 0; j+1 < len(v.Content); j += 2 {
				if v.Content[j].Value == "date" {
					out.dateLine = v.Content[j].Line + 1
				}
			}
		}
	}
	return out, nil
}

// Bounds of a page's front matter. Decoding a YAML mapping checks every key against the ones
// before it, so the cost grows with the square of the number of keys (10 MB of keys ran for
// minutes); real front matter is a few hundred bytes with a dozen keys.
const (
	MaxFrontMatterBytes = 256 << 10
	MaxFrontMatterKeys  = 1000 // keys and items in all, at every level
)

// checkFrontMatterSize refuses front matter with more than MaxFrontMatterKeys keys and items, at
// the line of the mapping or list where the count goes past it.
func checkFrontMatterSize(file string, root *yaml.Node) error {
	count := 0
	var walk func(n *yaml.Node) *yaml.Node
	walk = func(n *yaml.Node) *yaml.Node {
		switch n.Kind {
		case yaml.MappingNode:
			count += len(n.Content) / 2
		case yaml.SequenceNode:
			count += len(n.Content)
		}
		if count > MaxFrontMatterKeys {
			return n
		}
		for _, c := range n.Content {
			if over := walk(c); over != nil {
				return over
			}
		}
		return nil
	}
	if over := walk(root); over != nil {
		return &Diagnostic{File: file, Line: over.Line + 1, Col: over.Column, Message: fmt.Sprintf(
			"front matter has more than %d keys and list items; keep it to a page's metadata and move the rest into the page", MaxFrontMatterKeys)}
	}
	return nil
}

func yamlDiag(file string, err error) error {
	msg := err.Error()
	line := 0
	var te *yaml.TypeError
	if asTypeError(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	if _, e := fmt.Sscanf(msg, "line %d:", &line); e == nil {
		msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
		line++ // the front matter starts on the file's second line
	}
	return &Diagnostic{File: file, Line: line, Message: "front matter: " + msg + "; fix the YAML between the --- lines"}
}

// wrongType reads yaml's "line 3: cannot unmarshal !!str `first` into float64".
var wrongType = regexp.MustCompile("^line (\\d+): cannot unmarshal !!(\\w+)(?: `(.*)`)? into (.+)$")

// typeDiag reports a value of the wrong type naming its key and the type it must have, at its
// line; other errors are yamlDiag's.
func typeDiag(file string, err error, root *yaml.Node) error {
	var te *yaml.TypeError
	if !asTypeError(err, &te) || len(te.Errors) == 0 {
		return yamlDiag(file, err)
	}
	m := wrongType.FindStringSubmatch(te.Errors[0])
	if m == nil {
		return yamlDiag(file, err)
	}
	line, _ := strconv.Atoi(m[1])
	key, col := keyAt(root, line, "")
	if key == "" {
		return yamlDiag(file, err)
	}
	value := m[3]
	if m[2] == "map" || m[2] == "seq" {
		value = map[string]string{"map": "a mapping", "seq": "a list"}[m[2]]
	} else {
		value = "`" + value + "`"
	}
	return &Diagnostic{File: file, Line: line + 1, Col: col, Message: fmt.Sprintf("front matter: %s must be %s, not %s; %s", key, typeWords(m[4]), value, typeExample(key, m[4]))}
}

// keyAt returns the dotted name and column of the key whose value starts on line (1-based in the
// front matter), searching mappings under n; prefix is the name of n's key.
func keyAt(n *yaml.Node, line int, prefix string) (string, int) {
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for _, c := range n.Content {
			if k, col := keyAt(c, line, prefix); k != "" {
				return k, col
			}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			name := k.Value
			if prefix != "" {
				name = prefix + "." + name
			}
			if v.Line == line && v.Kind == yaml.ScalarNode {
				return name, v.Column
			}
			if found, col := keyAt(v, line, name); found != "" {
				return found, col
			}
			if v.Line == line {
				return name, v.Column
			}
		}
	}
	return "", 0
}

// typeWords says a Go type the way a writer reads it.
func typeWords(goType string) string {
	switch {
	case strings.HasPrefix(goType, "float") || strings.HasPrefix(goType, "int") || strings.HasPrefix(goType, "uint"):
		return "a number"
	case goType == "bool":
		return "true or false"
	case goType == "string":
		return "text"
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	}
	return "a mapping of keys"
}

// typeExample shows a value of the right type for key.
func typeExample(key, goType string) string {
	switch typeWords(goType) {
	case "a number":
		return "write a number, such as " + key + ": 3"
	case "true or false":
		return "write " + key + ": true or " + key + ": false"
	case "text":
		return "quote the value: " + key + ": \"…\""
	case "a list":
		return "write a list, such as " + key + ": [one, two]"
	}
	return "write the keys it holds on the lines under it, indented"
}

func asTypeError(err error, target **yaml.TypeError) bool {
	te, ok := err.(*yaml.TypeError)
	if ok {
		*target = te
	}
	return ok
}

var dateLayouts = []string{
	"2006-01-02", "2006-01-02T15:04:05Z07:00", "2 January 2006", "January 2, 2006", "January 2 2006",
	"2 Jan 2006", "Jan 2, 2006", "2006/01/02", "01/02/2006",
}

// parseDate reads last_update.date in any of the forms writers use (ISO or a human date).
func parseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}
