package content

import (
	"regexp"
	"strconv"
	"strings"
)

// Docusaurus orders files and folders by number prefixes ("01-intro.md", "2. guides/") and leaves
// the prefixes out of ids, routes and labels. Names that only look like that — dates and versions
// such as "2024-01-15-release" or "1.2-notes" — keep their numbers.
var (
	numberPrefix  = regexp.MustCompile(`^(\d+)\s*[-_.]+\s*([^-_.\s].*)$`)
	datePrefix    = regexp.MustCompile(`^\d{4}[-_.]\d{1,2}[-_.]\d{1,2}`)
	versionPrefix = regexp.MustCompile(`^\d+[-_.]\d+(?:$|[-_.]\d+)`)
)

// stripNumberPrefix returns name without its number prefix, and the prefix as a position.
func stripNumberPrefix(name string) (string, *float64) {
	if datePrefix.MatchString(name) || versionPrefix.MatchString(name) {
		return name, nil
	}
	m := numberPrefix.FindStringSubmatch(name)
	if m == nil {
		return name, nil
	}
	n, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return name, nil
	}
	return m[2], &n
}

// stripNumberPrefixes strips the prefix of every segment of a slash path; the position is the last
// segment's.
func stripNumberPrefixes(p string) (string, *float64) {
	parts := strings.Split(p, "/")
	var pos *float64
	for i, part := range parts {
		parts[i], pos = stripNumberPrefix(part)
	}
	return strings.Join(parts, "/"), pos
}
