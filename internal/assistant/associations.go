package assistant

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"tzdocs/internal/output"
)

// mineAssociations learns from the site's own text which words name the same thing, so that a
// question in the reader's words meets a passage in the site's: an acronym and the words it
// stands for, as the site spells them out ("Data Availability Layer (DAL)", "DAL (data
// availability layer)"). Nothing is listed by hand: what the site does not spell out is not
// learned.
func (c *corpus) mineAssociations() {
	c.related = map[string][][]string{}
	c.named = map[string]*section{}
	for _, s := range c.order {
		for _, w := range s.last {
			if isIdentifier(w) && c.named[w] == nil {
				c.named[w] = s
			}
		}
	}
	c.messages = nil
	for _, s := range c.order {
		paragraphs(s.blocks, func(text string) {
			for _, m := range errorMessages(text) {
				sec, parts := c.namedIdentifier(m[0]), messageParts(m[1])
				if sec != nil && parts != nil {
					c.messages = append(c.messages, errorMessage{parts: parts, sec: sec})
				}
			}
		})
	}
	seen := map[string]bool{}
	for _, s := range c.order {
		for i := range s.sentences {
			for _, pair := range acronyms(s.sentences[i].text) {
				key := pair[0] + "\x00" + pair[1]
				if seen[key] {
					continue
				}
				seen[key] = true
				short := stemWord(strings.ToLower(pair[0]))
				long := terms(pair[1])
				if len(long) < 2 {
					continue
				}
				c.related[short] = append(c.related[short], long)
			}
		}
	}
}

// acronyms finds "Long Name (LN)" and "LN (Long Name)" in a sentence: an all-capitals word whose
// letters are the initials of the words next to it. It returns pairs of acronym and words.
func acronyms(text string) [][2]string {
	var out [][2]string
	for rest, off := text, 0; ; {
		open := strings.IndexByte(rest, '(')
		if open < 0 {
			return out
		}
		close := strings.IndexByte(rest[open:], ')')
		if close < 0 {
			return out
		}
		inside := strings.TrimSpace(rest[open+1 : open+close])
		before := strings.Fields(rest[:open])
		if isAcronym(inside) {
			// "Long Name (LN)": the words before, as many as the acronym has letters.
			n := len(inside)
			if len(before) >= n && initials(before[len(before)-n:]) == strings.ToLower(inside) {
				out = append(out, [2]string{inside, strings.Join(before[len(before)-n:], " ")})
			}
		} else if len(before) > 0 {
			// "LN (Long Name)"
			short := strings.Trim(before[len(before)-1], ",.;:")
			words := strings.Fields(inside)
			if isAcronym(short) && len(words) == len(short) && initials(words) == strings.ToLower(short) {
				out = append(out, [2]string{short, inside})
			}
		}
		off += open + close + 1
		rest = text[off:]
	}
}

func isAcronym(s string) bool {
	if len(s) < 2 || len(s) > 6 {
		return false
	}
	for _, r := range s {
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// initials are the first letters of words, lower-case; a hyphenated word gives one per part.
func initials(words []string) string {
	var b strings.Builder
	for _, w := range words {
		for _, p := range strings.FieldsFunc(w, func(r rune) bool { return r == '-' }) {
			p = strings.TrimLeft(p, "\"'(")
			if p != "" {
				b.WriteRune(unicode.ToLower([]rune(p)[0]))
			}
		}
	}
	return b.String()
}

// isIdentifier tells a name of code (an error, a constant, a field: "counter_in_the_past",
// "gas_exhausted.block") from a word: it joins words with underscores.
func isIdentifier(w string) bool { return strings.Contains(w, "_") && len(w) > 4 }

// namedBy returns the section whose heading names an identifier the text holds (an error the
// reader got, a constant), nil when none does. An identifier the reader copied with a prefix
// ("proto.012-Psithaca.gas_exhausted.block") is looked up without it.
func (c *corpus) namedBy(text string) *section {
	for _, w := range words(text) {
		if s := c.namedIdentifier(w); s != nil {
			return s
		}
	}
	// The message the error prints, as the site quotes it next to the identifier.
	lower := strings.ToLower(text)
	for _, m := range c.messages {
		all := true
		for _, p := range m.parts {
			all = all && strings.Contains(lower, p)
		}
		if all {
			return m.sec
		}
	}
	return nil
}

// namedIdentifier returns the section whose heading names the identifier w, nil when none does
// or w is no identifier. An identifier with a prefix ("proto.012-Psithaca.gas_exhausted.block")
// is also looked up without it.
func (c *corpus) namedIdentifier(w string) *section {
	if !isIdentifier(w) {
		return nil
	}
	for cand := strings.ToLower(w); cand != ""; {
		if s := c.named[cand]; s != nil {
			return s
		}
		i := strings.IndexAny(cand, ".-")
		if i < 0 {
			break
		}
		cand = cand[i+1:]
	}
	return nil
}

// errorMessage is the message an error prints, in lower-case parts between the values it
// fills in, and the section named after the error.
type errorMessage struct {
	parts []string
	sec   *section
}

// errorMessages finds an identifier in code followed by the message it prints in quotes, as the
// site writes them: "`implicit.empty_implicit_contract` ("Empty implicit contract")". It returns
// pairs of identifier and message.
func errorMessages(text string) [][2]string {
	var out [][2]string
	for off := 0; ; {
		i := strings.Index(text[off:], "` (")
		if i < 0 {
			return out
		}
		i += off
		off = i + len("` (")
		open := strings.LastIndexByte(text[:i], '`')
		if open < 0 {
			continue
		}
		id, after := text[open+1:i], text[off:]
		q, size := utf8.DecodeRuneInString(after)
		closing := map[rune]rune{'"': '"', '“': '”'}[q]
		if closing == 0 {
			continue
		}
		end := strings.IndexRune(after[size:], closing)
		if end >= 0 && strings.HasPrefix(after[size+end:], string(closing)+")") {
			out = append(out, [2]string{id, after[size : size+end]})
		}
	}
}

// paragraphs calls f with the inline Markdown of every paragraph of blocks, in lists and asides
// too.
func paragraphs(blocks []output.AnswerBlock, f func(string)) {
	for i := range blocks {
		b := &blocks[i]
		if b.Type == output.BlockParagraph {
			f(b.Text)
		}
		for _, item := range b.Items {
			paragraphs(item, f)
		}
		paragraphs(b.Blocks, f)
	}
}

// messageParts splits a message at its elided values ("Contract KT1… does not exist") into the
// lower-case parts a pasted message holds; nil when they are too short to tell it from prose.
func messageParts(msg string) []string {
	var parts []string
	n := 0
	for _, p := range strings.FieldsFunc(msg, func(r rune) bool { return r == '…' }) {
		if p = strings.ToLower(strings.TrimSpace(strings.TrimSuffix(p, "..."))); p != "" {
			parts = append(parts, p)
			n += len(strings.Fields(p))
		}
	}
	if n < minMessageWords {
		return nil
	}
	return parts
}

// minMessageWords is the fewest words of a message that is looked for in a question.
const minMessageWords = 3

// alternatives are the groups of stems the site uses for t: the words an acronym stands for and,
// for a word the site never uses, the two words of the site it is written from ("bigmap" for
// "big map", "setdelegate" for "set delegate").
func (c *corpus) alternatives(t string) [][]string {
	if c.df[t] > 0 || len(t) < 6 || strings.ContainsAny(t, "0123456789._-") {
		return c.related[t]
	}
	out := slices.Clip(c.related[t])
	for i := 3; i <= len(t)-3; i++ {
		a, b := t[:i], stemWord(t[i:])
		if c.df[a] > 0 && c.df[b] > 0 && !stopWords[a] && !stopWords[b] {
			out = append(out, []string{a, b})
		}
	}
	return out
}
