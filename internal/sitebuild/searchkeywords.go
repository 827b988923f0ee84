package sitebuild

import (
	"regexp"
	"strings"
)

// acronymRe finds an acronym spelled out in parentheses after the words it stands for, as in
// "data availability layer (DAL)": two to eight capitals, digits and dots, starting with a capital.
var acronymRe = regexp.MustCompile(`\(([A-Z][A-Z0-9.]{1,7})\)`)

// pageKeywords lists what names a page's subject besides its title, for search: the front
// matter's keywords, its sidebar label when it differs from the title and has more than one word
// ("Wallet setup" for "Setting up a development wallet"), then the acronyms its title and description define, each
// once.
func pageKeywords(frontMatter []string, sidebarLabel, title, description string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(k string) {
		k = strings.TrimSpace(k)
		if k == "" || seen[strings.ToLower(k)] {
			return
		}
		seen[strings.ToLower(k)] = true
		out = append(out, k)
	}
	seen[strings.ToLower(strings.TrimSpace(title))] = true
	for _, k := range frontMatter {
		add(k)
	}
	// A one-word label ("Installing", "TezosAPI") only makes sense next to its sidebar section.
	if len(strings.Fields(sidebarLabel)) > 1 {
		add(sidebarLabel)
	}
	for _, text := range []string{title, description} {
		for _, m := range acronymRe.FindAllStringSubmatch(text, -1) {
			add(m[1])
		}
	}
	return out
}
