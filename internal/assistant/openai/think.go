package openai

import "strings"

// thinkSplitter separates reasoning that some models (DeepSeek R1, Qwen 3 through servers that do
// not parse it) write inline as "<think>…</think>" at the start of their content. Tags may be
// split across stream chunks, so text that could still be the start of a tag is held back.
type thinkSplitter struct {
	state   int // 0: not decided yet, 1: inside <think>, 2: plain text
	pending string
}

const (
	openThink  = "<think>"
	closeThink = "</think>"
)

// push takes a content delta and returns what is reasoning and what is answer text.
func (t *thinkSplitter) push(delta string) (reasoning, text string) {
	s := t.pending + delta
	t.pending = ""
	for s != "" {
		switch t.state {
		case 0:
			trimmed := strings.TrimLeft(s, " \t\r\n")
			switch {
			case strings.HasPrefix(trimmed, openThink):
				t.state = 1
				s = trimmed[len(openThink):]
			case strings.HasPrefix(openThink, trimmed): // maybe the start of the tag
				t.pending = s
				return reasoning, text
			default:
				t.state = 2
			}
		case 1:
			if i := strings.Index(s, closeThink); i >= 0 {
				reasoning += s[:i]
				t.state = 2
				s = strings.TrimLeft(s[i+len(closeThink):], " \t\r\n")
				continue
			}
			keep := partialSuffix(s, closeThink)
			reasoning += s[:len(s)-keep]
			t.pending = s[len(s)-keep:]
			return reasoning, text
		case 2:
			text += s
			s = ""
		}
	}
	return reasoning, text
}

// flush returns what is held back at the end of the stream.
func (t *thinkSplitter) flush() (reasoning, text string) {
	p := t.pending
	t.pending = ""
	if t.state == 1 {
		return p, ""
	}
	return "", p
}

// partialSuffix is the length of the longest end of s that begins tag.
func partialSuffix(s, tag string) int {
	for n := min(len(s), len(tag)-1); n > 0; n-- {
		if strings.HasPrefix(tag, s[len(s)-n:]) {
			return n
		}
	}
	return 0
}
