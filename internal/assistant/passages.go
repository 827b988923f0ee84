package assistant

import (
	"log/slog"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"tzdocs/internal/output"
)

// Corpus is a site's answer corpus (output.AnswersFile) as the engines read it: every section of
// every page as its whole blocks. The engines' view of it (words, stems, how rare each is) is
// derived on first use, so a server that is never asked holds none of it; concurrent first
// questions wait for one derivation.
type Corpus struct {
	secs []output.AnswerSection
	// load, when set, gives secs on first use (NewPackedCorpus).
	load     func() ([]output.AnswerSection, error)
	loadOnce sync.Once
	once     sync.Once
	view     *corpus
}

// NewPackedCorpus returns the corpus packed in p, decoded on first use: a server that is never
// asked holds only the packed JSON. p was decoded once when the site was loaded, so decoding it
// again cannot fail but for a bug, which is logged, and the corpus is then empty.
func NewPackedCorpus(p output.PackedAnswers) *Corpus {
	return &Corpus{load: p.Sections}
}

// sections are the corpus's sections, decoded on the first call for a packed corpus.
func (c *Corpus) sections() []output.AnswerSection {
	c.loadOnce.Do(func() {
		if c.load == nil {
			return
		}
		secs, err := c.load()
		if err != nil {
			slog.Error("the answer corpus could not be read again; Ask AI answers without it", "err", err)
		}
		c.secs, c.load = secs, nil
	})
	return c.secs
}

// NewCorpus returns the corpus of secs, which it keeps and never changes.
func NewCorpus(secs []output.AnswerSection) *Corpus { return &Corpus{secs: secs} }

// get is the engines' view of the corpus; nil for a nil Corpus.
func (c *Corpus) get() *corpus {
	if c == nil {
		return nil
	}
	c.once.Do(func() {
		c.view = newCorpus(c.sections())
		// Deriving the view leaves about as much garbage as it keeps: hand it back to the
		// system now, as the server does after loading the site, rather than over the next
		// minutes.
		debug.FreeOSMemory()
	})
	return c.view
}

// Prepare derives the engines' view ahead of the first question (benchmarks use it to leave
// the derivation out of their timings; the server does not call it).
func (c *Corpus) Prepare() { c.get() }

// RenderBlock writes a block of the corpus as the answers quote it: a paragraph as written, a
// list with all its items, a table as a Markdown table, code fenced with its language and its
// lines as written, an aside or quote as a block quote.
func RenderBlock(b *output.AnswerBlock) string {
	var w strings.Builder
	renderBlock(&w, b)
	return w.String()
}

func renderBlock(w *strings.Builder, b *output.AnswerBlock) {
	switch b.Type {
	case output.BlockParagraph:
		w.WriteString(b.Text)
	case output.BlockList:
		n := b.Start
		if n == 0 {
			n = 1
		}
		tight := true
		for _, item := range b.Items {
			tight = tight && len(item) <= 1 && (len(item) == 0 || item[0].Type == output.BlockParagraph)
		}
		for i, item := range b.Items {
			if i > 0 {
				w.WriteString("\n")
				if !tight {
					w.WriteString("\n")
				}
			}
			marker := "-"
			if b.Ordered {
				marker = strconv.Itoa(n+i) + "."
			}
			w.WriteString(prefixLines(renderBlocks(item), marker+" ", strings.Repeat(" ", len(marker)+1)))
		}
	case output.BlockTable:
		row := func(cells []string) {
			w.WriteString("|")
			for _, c := range cells {
				w.WriteString(" " + strings.ReplaceAll(c, "|", `\|`) + " |")
			}
		}
		row(b.Header)
		w.WriteString("\n|")
		for range b.Header {
			w.WriteString(" --- |")
		}
		for _, r := range b.Rows {
			w.WriteString("\n")
			row(r)
		}
	case output.BlockCode:
		w.WriteString(fenced(b.Lang, b.Code))
	case output.BlockAside:
		head := "**" + capitalize(b.Kind) + "**"
		if b.Kind == "details" {
			head = ""
		}
		if b.Text != "" {
			if head != "" {
				head = "**" + capitalize(b.Kind) + ":** "
			}
			head += escapeMarkdown(b.Text)
		}
		body := renderBlocks(b.Blocks)
		if head != "" {
			body = head + "\n\n" + body
		}
		w.WriteString(prefixLines(body, "> ", "> "))
	case output.BlockQuote:
		w.WriteString(prefixLines(renderBlocks(b.Blocks), "> ", "> "))
	}
}

func renderBlocks(bs []output.AnswerBlock) string {
	parts := make([]string, 0, len(bs))
	for i := range bs {
		parts = append(parts, RenderBlock(&bs[i]))
	}
	return strings.Join(parts, "\n\n")
}

// prefixLines puts first in front of the first line of s and rest in front of the others (blank
// lines of a quote keep its marker, trimmed).
func prefixLines(s, first, rest string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		p := rest
		if i == 0 {
			p = first
		}
		if l == "" {
			p = strings.TrimRight(p, " ")
		}
		lines[i] = p + l
	}
	return strings.Join(lines, "\n")
}

// plainText is inline Markdown as a reader reads it: link and image destinations, emphasis
// marks, code span backticks and escapes gone. Underscores stay: they join identifiers
// (counter_in_the_past).
func plainText(md string) string {
	if !strings.ContainsAny(md, "[]`*\\") {
		return md
	}
	var b strings.Builder
	b.Grow(len(md))
	for i := 0; i < len(md); i++ {
		c := md[i]
		switch c {
		case '\\':
			if i+1 < len(md) {
				i++
				b.WriteByte(md[i])
			}
		case '`', '*':
		case '!':
			if i+1 < len(md) && md[i+1] == '[' {
				continue
			}
			b.WriteByte(c)
		case '[':
		case ']':
			if i+1 < len(md) && md[i+1] == '(' {
				// skip the destination, parentheses balanced
				depth := 0
				j := i + 1
				for ; j < len(md); j++ {
					if md[j] == '(' {
						depth++
					} else if md[j] == ')' {
						depth--
						if depth == 0 {
							break
						}
					}
				}
				i = j
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// blockProse is a block's text as sentences to score, each list item and table row apart; code is
// left to codeBlocks.
func blockProse(b *output.AnswerBlock, add func(text string)) {
	switch b.Type {
	case output.BlockParagraph:
		add(plainText(b.Text))
	case output.BlockList:
		for _, item := range b.Items {
			for i := range item {
				blockProse(&item[i], add)
			}
		}
	case output.BlockTable:
		// A row reads with its header: "Network: Mainnet, 10,800 blocks per cycle", so that a
		// number meets its unit and a name what it names.
		for _, r := range b.Rows {
			var cells []string
			for i, c := range r {
				if c = strings.TrimSpace(plainText(c)); c == "" {
					continue
				}
				if i < len(b.Header) {
					if h := strings.TrimSpace(plainText(b.Header[i])); h != "" {
						if c[0] >= '0' && c[0] <= '9' {
							c += " " + strings.ToLower(h)
						} else {
							c = h + ": " + c
						}
					}
				}
				cells = append(cells, c)
			}
			if len(cells) > 0 {
				row := strings.Join(cells, ", ")
				if !strings.ContainsAny(row[len(row)-1:], ".!?") {
					row += "."
				}
				add(row)
			}
		}
	case output.BlockAside, output.BlockQuote:
		if b.Text != "" {
			add(b.Text)
		}
		for i := range b.Blocks {
			blockProse(&b.Blocks[i], add)
		}
	}
}

// codeBlocks calls add for every code block of b, nested ones included.
func codeBlocks(b *output.AnswerBlock, add func(c *output.AnswerBlock)) {
	switch b.Type {
	case output.BlockCode:
		add(b)
	case output.BlockList:
		for _, item := range b.Items {
			for i := range item {
				codeBlocks(&item[i], add)
			}
		}
	case output.BlockAside, output.BlockQuote:
		for i := range b.Blocks {
			codeBlocks(&b.Blocks[i], add)
		}
	}
}
