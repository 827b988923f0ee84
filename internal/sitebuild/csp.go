package sitebuild

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"sort"
	"strings"

	"tzdocs/internal/content"
	"tzdocs/internal/markdown"
	"tzdocs/internal/output"
)

// contentPolicy is what the server's content security policy must allow: the hashes of the inline
// scripts, of the inline styles that pages and site.yaml's HTML carry, the origins of a configured
// tag manager, and the origins of what pages embed. Nothing third-party is allowed by default.
func contentPolicy(sh *shell, docs map[*content.Doc]*markdown.Document, siteJSON []byte) (output.CSPSources, error) {
	policy := output.CSPSources{ScriptHashes: []string{}, StyleHashes: []string{}, Origins: []string{}}
	for _, script := range []string{sh.web.ColorModeScript, sh.web.EarlyKeysScript, sh.tagManagerInit()} {
		if script != "" {
			policy.ScriptHashes = append(policy.ScriptHashes, hashSource(script))
		}
	}
	if sh.tagManager != "" {
		policy.Origins = append(policy.Origins, tagManagerOrigins...)
	}
	embedOrigins(&policy, docs)
	styles := map[string]bool{}
	for _, md := range docs {
		inlineStyles(md.HTML, styles)
	}
	// site.yaml's HTML (announcement bar, footer, navbar and sidebar items) is in the site data.
	var site any
	if err := json.Unmarshal(siteJSON, &site); err != nil {
		return policy, fmt.Errorf("reading back the site data: %w", err)
	}
	eachString(site, func(s string) { inlineStyles(s, styles) })
	policy.StyleHashes = append(policy.StyleHashes, sortedKeys(styles)...)
	return policy, nil
}

// hashSource is the CSP source of a script's or style's text: 'sha256-…' without the quotes.
func hashSource(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

// eachString calls fn with every string in a decoded JSON value.
func eachString(v any, fn func(string)) {
	switch v := v.(type) {
	case string:
		fn(v)
	case []any:
		for _, e := range v {
			eachString(e, fn)
		}
	case map[string]any:
		for _, e := range v {
			eachString(e, fn)
		}
	}
}

// inlineStyles adds to set the hash sources of the style attributes and <style> elements in an
// HTML fragment: what writers put in raw HTML or JSX (style={{…}}) and what components render
// from their props. The browser hashes an attribute's value after entity decoding and an
// element's text as written, and so does this. Attribute and tag names are matched in lower or
// upper case, as writers spell them.
func inlineStyles(h string, set map[string]bool) {
	for _, name := range []string{"style", "STYLE"} {
		for i := 0; ; {
			j := strings.Index(h[i:], name)
			if j < 0 {
				break
			}
			at := i + j
			i = at + len(name)
			if at == 0 {
				continue
			}
			switch prev := h[at-1]; {
			case prev == '<':
				if text, ok := styleElement(h, i); ok {
					set[hashSource(text)] = true
				}
			case prev == ' ' || prev == '\t' || prev == '\n' || prev == '\r':
				if value, ok := attributeValue(h, i); ok && strings.TrimSpace(value) != "" {
					set[hashSource(html.UnescapeString(value))] = true
				}
			}
		}
	}
}

// attributeValue reads the value of an attribute whose name ends at h[i:]: `="…"`, `='…'` or
// unquoted, with spaces around the equals sign.
func attributeValue(h string, i int) (string, bool) {
	rest := strings.TrimLeft(h[i:], " \t\r\n")
	if !strings.HasPrefix(rest, "=") {
		return "", false
	}
	rest = strings.TrimLeft(rest[1:], " \t\r\n")
	if rest == "" {
		return "", false
	}
	if q := rest[0]; q == '"' || q == '\'' {
		end := strings.IndexByte(rest[1:], q)
		if end < 0 {
			return "", false
		}
		return rest[1 : 1+end], true
	}
	if rest[0] == '&' {
		return "", false // text that shows an attribute (style=&quot;…), not one
	}
	end := strings.IndexAny(rest, " \t\r\n>")
	if end < 0 {
		end = len(rest)
	}
	return rest[:end], true
}

// styleElement reads the text of a <style> element whose tag name ends at h[i:].
func styleElement(h string, i int) (string, bool) {
	if i >= len(h) || (h[i] != '>' && h[i] != ' ' && h[i] != '\t' && h[i] != '\n') {
		return "", false // <styles>, <stylesheet-list>…
	}
	open := strings.IndexByte(h[i:], '>')
	if open < 0 {
		return "", false
	}
	body := h[i+open+1:]
	end := strings.Index(strings.ToLower(body), "</style")
	if end < 0 {
		return "", false
	}
	return body[:end], true
}

// embedOrigins fills the policy's embed origins from what the pages load from other sites:
// "scheme://host[:port]", sorted; a protocol-relative URL counts as https.
func embedOrigins(p *output.CSPSources, docs map[*content.Doc]*markdown.Document) {
	sets := map[string]map[string]bool{markdown.EmbedImage: {}, markdown.EmbedFrame: {}, markdown.EmbedMedia: {}}
	for _, md := range docs {
		for _, e := range md.Embeds {
			raw := e.URL
			if strings.HasPrefix(raw, "//") {
				raw = "https:" + raw
			}
			u, err := url.Parse(raw)
			if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
				continue
			}
			if set := sets[e.Kind]; set != nil {
				set[u.Scheme+"://"+u.Host] = true
			}
		}
	}
	sorted := func(set map[string]bool) []string {
		out := make([]string, 0, len(set))
		for o := range set {
			out = append(out, o)
		}
		sort.Strings(out)
		return out
	}
	p.ImgOrigins, p.FrameOrigins, p.MediaOrigins = sorted(sets[markdown.EmbedImage]), sorted(sets[markdown.EmbedFrame]), sorted(sets[markdown.EmbedMedia])
}

// tagManagerOrigins are what a Google Tag Manager container loads from and reports to.
var tagManagerOrigins = []string{"https://www.googletagmanager.com", "https://www.google-analytics.com", "https://*.google-analytics.com", "https://*.analytics.google.com"}

// tagManagerInit is the inline script that starts the tag manager's data layer.
func (s *shell) tagManagerInit() string {
	if s.tagManager == "" {
		return ""
	}
	return "window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});"
}
