package markdown

import (
	stdhtml "html"
	"strings"

	"tzdocs/internal/markdown/jsxtag"
)

// ElementIDs returns every fragment a link can target in html: the id of any element (headings,
// raw HTML such as <span id="delegate">, what components render) and the name of <a name="…">
// anchors, as browsers scroll to both. Text inside tags is not read, so an id shown in a code
// block (escaped as &lt;…&gt;) is not counted.
func ElementIDs(html string) []string {
	var ids []string
	src := []byte(html)
	for i := 0; i < len(src); i++ {
		if src[i] != '<' || i+1 >= len(src) || !isLetter(src[i+1]) {
			continue
		}
		tag, n, ok := jsxtag.Parse(src[i:])
		if !ok {
			continue
		}
		for _, a := range tag.Attrs {
			if a.Bare || a.Value == "" {
				continue
			}
			if a.Name == "id" || a.Name == "name" && strings.EqualFold(tag.Name, "a") {
				ids = append(ids, stdhtml.UnescapeString(a.Value))
			}
		}
		i += n - 1
	}
	return ids
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
