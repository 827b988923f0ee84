package sitebuild

import (
	"strings"

	"tzdocs/internal/markdown/ext"
)

// absoluteLinks makes the root-relative link and image destinations of Markdown text
// ("](/architecture/bakers#rights)") absolute with the site's origin (scheme and host), so a page's
// Markdown read anywhere (an agent, llms-full.txt) still leads to the site. Code (fenced blocks
// and inline code spans) is left as written. Without an origin the text is returned unchanged.
func absoluteLinks(md, origin string) string {
	origin = strings.TrimRight(origin, "/")
	if origin == "" || !strings.Contains(md, "](/") && !strings.Contains(md, "](</") {
		return md
	}
	var b strings.Builder
	b.Grow(len(md) + len(md)/16)
	fence := ""
	for line := range strings.SplitAfterSeq(md, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if marker := ext.FenceMarker(trimmed); marker != "" && len(line)-len(trimmed) <= 3 {
			switch {
			case fence == "":
				fence = marker
			case ext.ClosesFence(trimmed, fence):
				fence = ""
			}
			b.WriteString(line)
			continue
		}
		if fence != "" {
			b.WriteString(line)
			continue
		}
		b.WriteString(absoluteInLine(line, origin))
	}
	return b.String()
}

// absoluteInLine rewrites the destinations of one line outside its code spans.
func absoluteInLine(line, origin string) string {
	var b strings.Builder
	for i := 0; i < len(line); {
		if line[i] == '`' {
			// A code span runs to the next run of as many backticks.
			n := 1
			for i+n < len(line) && line[i+n] == '`' {
				n++
			}
			end := strings.Index(line[i+n:], strings.Repeat("`", n))
			if end < 0 {
				b.WriteString(line[i:])
				return b.String()
			}
			b.WriteString(line[i : i+n+end+n])
			i += n + end + n
			continue
		}
		switch {
		case strings.HasPrefix(line[i:], "](/") && !strings.HasPrefix(line[i:], "](//"):
			b.WriteString("](" + origin)
			i += 2
		case strings.HasPrefix(line[i:], "](</") && !strings.HasPrefix(line[i:], "](<//"):
			b.WriteString("](<" + origin)
			i += 3
		default:
			b.WriteByte(line[i])
			i++
		}
	}
	return b.String()
}
