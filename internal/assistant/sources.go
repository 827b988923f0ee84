package assistant

import (
	"regexp"
	"strings"

	"tzdocs/internal/feedback"
)

var (
	markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	bareURL      = regexp.MustCompile(`https?://[^\s<>()\[\]]+`)
	codeFence    = regexp.MustCompile("(?s)```.*?```")
)

// answerSources lists the links of an answer (Markdown links to web pages or to pages of the
// site, and bare http(s) URLs, code blocks left out, deduplicated), or the search hits when the answer links nothing.
func answerSources(answer string, hits []string) []string {
	text := codeFence.ReplaceAllString(answer, "")
	seen := map[string]bool{}
	var out []string
	add := func(u string) {
		u = strings.TrimRight(u, ".,;:!?'\"")
		if u != "" && !seen[u] && feedback.SourceLink(u) {
			seen[u] = true
			out = append(out, u)
		}
	}
	for _, m := range markdownLink.FindAllStringSubmatch(text, -1) {
		add(m[1])
	}
	for _, m := range bareURL.FindAllString(markdownLink.ReplaceAllString(text, "]"), -1) {
		add(m)
	}
	if len(out) == 0 {
		for _, u := range hits {
			add(u)
		}
	}
	return out
}
