package assistant

import (
	"strings"

	"tzdocs/internal/highlight"
	"tzdocs/internal/markdown/ext"
)

// CodePartType is the stream part that carries an answer's code block highlighted: the web app
// shows it with the site's own code stylesheet, so no highlighter is shipped to the browser.
const CodePartType = "data-tz-code"

// CodePart is the data of a CodePartType part: one fenced block of the answer text, as written,
// and its highlighted HTML (the inside of <code>, token spans with the pages' classes).
type CodePart struct {
	Lang string `json:"lang"`
	Code string `json:"code"`
	HTML string `json:"html"`
}

// maxCodeParts bounds the parts one answer sends.
const maxCodeParts = 8

// fence is one fenced code block of Markdown text.
type fence struct{ lang, code string }

// fences finds the fenced code blocks (``` or ~~~, three or more) of Markdown text, in order. An
// unclosed fence runs to the end, as CommonMark reads it.
func fences(md string) []fence {
	var out []fence
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimLeft(lines[i], " ")
		if len(lines[i])-len(trimmed) > 3 {
			continue
		}
		marker := ext.FenceMarker(trimmed)
		if marker == "" {
			continue
		}
		info := strings.TrimSpace(trimmed[len(marker):])
		if marker[0] == '`' && strings.Contains(info, "`") {
			continue
		}
		lang, _, _ := strings.Cut(info, " ")
		var body []string
		j := i + 1
		for ; j < len(lines); j++ {
			if ext.ClosesFence(lines[j], marker) {
				break
			}
			body = append(body, lines[j])
		}
		out = append(out, fence{lang: lang, code: strings.Join(body, "\n")})
		i = j
	}
	return out
}

// codeParts streams the highlighted form of each fenced block of the answer written so far whose
// language has a lexer. The handler calls it once an answer is complete.
func (s *Stream) codeParts(h *highlight.Highlighter) error {
	sent := 0
	for _, f := range fences(s.answer.String()) {
		if f.lang == "" || f.code == "" || !h.Supports(f.lang) || sent == maxCodeParts {
			continue
		}
		html, known := h.HTML(f.lang, f.code)
		if !known {
			continue
		}
		if err := s.write(CodeChunk{Type: CodePartType, Data: CodePart{Lang: f.lang, Code: f.code, HTML: html}}); err != nil {
			return err
		}
		sent++
	}
	return s.err
}
