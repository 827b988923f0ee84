package jsxtag

import (
	"html"
	"strconv"
	"strings"
	"unicode"
)

// HTMLAttr is an attribute ready to be written as HTML. Value is plain text, escaped when written.
type HTMLAttr struct {
	Name  string
	Value string
	Bare  bool // written as the name alone
}

// renamed are the JSX attribute names that differ from their HTML names.
var renamed = map[string]string{"className": "class", "htmlFor": "for"}

// HTML converts the tag's attributes to HTML ones: className → class, htmlFor → for, a style
// object → CSS text, literal expressions → their value ({true} gives a bare attribute; {false},
// {null} and {undefined} drop it). Expressions it cannot evaluate are left out and their
// attribute names returned in skipped, so the caller can warn.
func (t Tag) HTML() (out []HTMLAttr, skipped []string) {
	for _, a := range t.Attrs {
		name := a.Name
		if n, ok := renamed[name]; ok {
			name = n
		}
		switch {
		case a.Bare:
			out = append(out, HTMLAttr{Name: name, Bare: true})
		case !a.Expr:
			out = append(out, HTMLAttr{Name: name, Value: html.UnescapeString(a.Value)})
		case name == "style" && strings.HasPrefix(a.Value, "{"):
			css, ok := Style(a.Value)
			if !ok {
				skipped = append(skipped, a.Name)
				continue
			}
			out = append(out, HTMLAttr{Name: name, Value: css})
		default:
			switch a.Value {
			case "true":
				out = append(out, HTMLAttr{Name: name, Bare: true})
				continue
			case "false", "null", "undefined":
				continue
			}
			v, ok := Literal(a.Value)
			if !ok {
				skipped = append(skipped, a.Name)
				continue
			}
			out = append(out, HTMLAttr{Name: name, Value: v})
		}
	}
	return out, skipped
}

// unitless are the CSS properties whose numbers React writes without "px".
var unitless = map[string]bool{
	"animationIterationCount": true, "aspectRatio": true, "borderImageOutset": true,
	"borderImageSlice": true, "borderImageWidth": true, "columnCount": true, "columns": true,
	"flex": true, "flexGrow": true, "flexShrink": true, "flexOrder": true, "fontWeight": true,
	"gridArea": true, "gridColumn": true, "gridColumnEnd": true, "gridColumnStart": true,
	"gridRow": true, "gridRowEnd": true, "gridRowStart": true, "lineClamp": true, "lineHeight": true,
	"opacity": true, "order": true, "orphans": true, "scale": true, "tabSize": true, "widows": true,
	"zIndex": true, "zoom": true, "fillOpacity": true, "floodOpacity": true, "stopOpacity": true,
	"strokeDasharray": true, "strokeDashoffset": true, "strokeMiterlimit": true,
	"strokeOpacity": true, "strokeWidth": true,
}

// Style turns a JSX style object ("{width: 300, maxWidth: '100%'}") into CSS text
// ("width:300px;max-width:100%"), as React would: camelCase names become kebab-case and numbers get
// "px" unless the property takes plain numbers. ok is false when a value is not a literal.
func Style(obj string) (string, bool) {
	obj = strings.TrimSpace(obj)
	if !strings.HasPrefix(obj, "{") || !strings.HasSuffix(obj, "}") {
		return "", false
	}
	var decls []string
	for _, part := range splitTop(obj[1 : len(obj)-1]) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		key, value, found := cutTop(part)
		if !found {
			return "", false
		}
		key = strings.TrimSpace(key)
		if k, ok := quoted(key); ok {
			key = k
		}
		value = strings.TrimSpace(value)
		var v string
		if n, err := strconv.ParseFloat(value, 64); err == nil {
			v = value
			if n != 0 && !unitless[key] && !strings.HasPrefix(key, "--") {
				v += "px"
			}
		} else if s, ok := quoted(value); ok {
			v = s
		} else {
			return "", false
		}
		decls = append(decls, kebab(key)+":"+v)
	}
	return strings.Join(decls, ";"), true
}

// kebab writes a camelCase CSS property name in kebab-case; vendor prefixes (WebkitX, msX) get
// their leading dash. Names with dashes already are kept.
func kebab(name string) string {
	if strings.Contains(name, "-") {
		return name
	}
	var b strings.Builder
	if strings.HasPrefix(name, "ms") && len(name) > 2 && unicode.IsUpper(rune(name[2])) {
		b.WriteByte('-')
	}
	for _, r := range name {
		if unicode.IsUpper(r) {
			b.WriteByte('-') // a leading capital (WebkitX) is a vendor prefix: "-webkit-x"
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// splitTop splits s at commas outside strings, parentheses and brackets.
func splitTop(s string) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '"', '\'', '`':
			if end := strings.IndexByte(s[i+1:], c); end >= 0 {
				i += end + 1
			}
		case ',':
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, s[start:])
}

// cutTop cuts "key: value" at the first colon outside a quoted key.
func cutTop(s string) (string, string, bool) {
	s = strings.TrimSpace(s)
	if s != "" && (s[0] == '"' || s[0] == '\'') {
		if end := strings.IndexByte(s[1:], s[0]); end >= 0 {
			rest := strings.TrimSpace(s[end+2:])
			if strings.HasPrefix(rest, ":") {
				return s[:end+2], rest[1:], true
			}
		}
		return "", "", false
	}
	return strings.Cut(s, ":")
}

// WriteTag writes an opening tag with attrs; selfClose adds " /" for void-style JSX tags.
func WriteTag(b *strings.Builder, name string, attrs []HTMLAttr, selfClose bool) {
	b.WriteByte('<')
	b.WriteString(name)
	for _, a := range attrs {
		b.WriteByte(' ')
		b.WriteString(a.Name)
		if !a.Bare {
			b.WriteString(`="`)
			b.WriteString(html.EscapeString(a.Value))
			b.WriteByte('"')
		}
	}
	if selfClose {
		b.WriteString(" /")
	}
	b.WriteByte('>')
}

// Set replaces or adds attribute name in attrs.
func Set(attrs []HTMLAttr, name, value string) []HTMLAttr {
	for i := range attrs {
		if attrs[i].Name == name {
			attrs[i].Value, attrs[i].Bare = value, false
			return attrs
		}
	}
	return append(attrs, HTMLAttr{Name: name, Value: value})
}

// Lookup returns the value of attribute name in attrs.
func Lookup(attrs []HTMLAttr, name string) (string, bool) {
	for _, a := range attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}
