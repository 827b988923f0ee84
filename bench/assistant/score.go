package main

import (
	"regexp"
	"strings"

	"tzdocs/internal/output"
)

// factWindow is how far into an answer its key fact must appear (or else in its first code block).
const factWindow = 600

// statesFact reports whether the answer states the key fact in its first factWindow characters
// or in its first code block.
func statesFact(answer string, fact *regexp.Regexp) bool {
	head := unescape(answer)
	if r := []rune(answer); len(r) > factWindow {
		head = string(r[:factWindow])
	}
	if fact.MatchString(head) {
		return true
	}
	blocks := fencedBlocks(answer)
	return len(blocks) > 0 && fact.MatchString(blocks[0].code)
}

// escaped is a backslash escape of Markdown: the reader sees the character alone.
var escaped = regexp.MustCompile("\\\\([\\\\`*_{}\\[\\]()#+\\-.!<>|])")

// unescape returns Markdown prose as the reader sees it, without backslash escapes.
func unescape(s string) string { return escaped.ReplaceAllString(s, "$1") }

var link = regexp.MustCompile(`\]\((/[^)\s#]*)`)

// cites reports whether the answer links to one of the pages (or one of their sections).
func cites(answer string, pages []string) bool {
	for _, m := range link.FindAllStringSubmatch(answer, -1) {
		for _, p := range pages {
			if strings.TrimSuffix(m[1], "/") == strings.TrimSuffix(p, "/") {
				return true
			}
		}
	}
	return false
}

// block is a fenced code block of an answer.
type block struct{ lang, code string }

// fencedBlocks returns the fenced code blocks of a Markdown answer: a line of three or more
// backticks and a language opens one, the same fence alone on a line closes it.
func fencedBlocks(answer string) []block {
	var out []block
	lines := strings.Split(answer, "\n")
	for i := 0; i < len(lines); i++ {
		fence := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], "`"))]
		if len(fence) < 3 {
			continue
		}
		lang := lines[i][len(fence):]
		for j := i + 1; j < len(lines); j++ {
			if lines[j] == fence {
				out = append(out, block{lang: lang, code: strings.Join(lines[i+1:j], "\n")})
				i = j
				break
			}
		}
	}
	return out
}

// mangled counts the answer's code blocks that are not, byte for byte and with their language,
// a code block of the site.
func mangled(answer string, site map[block]bool) int {
	n := 0
	for _, b := range fencedBlocks(answer) {
		if !site[b] {
			n++
		}
	}
	return n
}

// blockSet indexes the site's code blocks by language and text.
func blockSet(code []output.CodeBlock) map[block]bool {
	out := make(map[block]bool, len(code))
	for _, b := range code {
		out[block{lang: b.Lang, code: b.Code}] = true
	}
	return out
}
