package content

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// VersionsRoute is the page whose front matter states, once for the whole site, the versions of
// the protocol and tools that are current (key CurrentVersionsKey). Page labels are checked
// against it.
const VersionsRoute = "/conrefs/network"

// Front matter keys of the version label check.
const (
	// CurrentVersionsKey, on the VersionsRoute page, maps a dependency (protocol, octez,
	// taquito…) to its current version.
	CurrentVersionsKey = "current_versions"
	// DependenciesKey, on any page, maps a dependency to the version the page was checked against.
	DependenciesKey = "dependencies"
	// PinnedKey, on any page, lists the dependencies whose label names an older version on
	// purpose (a tutorial tested with an earlier release, which its text says).
	PinnedKey = "pinned_dependencies"
)

// CheckVersionLabels compares every page's dependencies labels with the current versions stated
// in the front matter of the VersionsRoute page, and returns one error per label that names
// another version, with the file line of the label and how to fix it. A site without that page,
// or whose page states no current versions, has nothing to check against.
//
// A protocol label agrees when its first word is the current protocol's name (any case); a tool
// label agrees when every part of its leading version number (25, 25.x, 25.1, 25.1.0) matches
// the current version ("x" and missing parts match anything). Labels listed in
// pinned_dependencies are skipped, and a pin whose label is current is reported as stale.
func CheckVersionLabels(s *Site) []error {
	ref := s.ByRoute[VersionsRoute]
	if ref == nil {
		return nil
	}
	refLines, err := frontMatterLines(ref)
	if err != nil {
		return []error{err}
	}
	raw, ok := ref.FrontMatter.Raw[CurrentVersionsKey]
	if !ok {
		return nil
	}
	current, ok := raw.(map[string]any)
	if !ok {
		return []error{&Diagnostic{File: ref.File, Line: ref.FrontMatter.Line(CurrentVersionsKey), Message: fmt.Sprintf(
			"%s must map each dependency to its current version, e.g. octez: \"25.1\"", CurrentVersionsKey)}}
	}
	var errs []error
	want := map[string]string{}
	for _, key := range sortedKeysOf(current) {
		v := scalarString(current[key])
		line := refLines.at(CurrentVersionsKey, key)
		switch {
		case v == "":
			errs = append(errs, &Diagnostic{File: ref.File, Line: line, Message: fmt.Sprintf(
				"%s.%s is empty; write the current version", CurrentVersionsKey, key)})
			continue
		case key != "protocol" && versionParts(v) == nil:
			errs = append(errs, &Diagnostic{File: ref.File, Line: line, Message: fmt.Sprintf(
				"%s.%s %q is not a version number; write it as digits and dots, e.g. \"25.1\"", CurrentVersionsKey, key, v)})
			continue
		}
		want[key] = v
	}
	if len(want) == 0 {
		return errs
	}
	refAt := fmt.Sprintf("%s:%d", ref.File, ref.FrontMatter.Line(CurrentVersionsKey))

	for _, d := range s.Docs {
		deps, _ := d.FrontMatter.Raw[DependenciesKey].(map[string]any)
		if len(deps) == 0 {
			continue
		}
		pinned := map[string]bool{}
		if list, ok := d.FrontMatter.Raw[PinnedKey].([]any); ok {
			for _, p := range list {
				pinned[scalarString(p)] = true
			}
		}
		var lines fmLines
		for _, key := range sortedKeysOf(want) {
			raw, ok := deps[key]
			if !ok {
				continue
			}
			if lines == nil {
				if lines, err = frontMatterLines(d); err != nil {
					errs = append(errs, err)
					break
				}
			}
			label, cur := scalarString(raw), want[key]
			line := lines.at(DependenciesKey, key)
			agrees, readable := labelAgrees(key, label, cur)
			switch {
			case !readable:
				errs = append(errs, &Diagnostic{File: d.File, Line: line, Message: fmt.Sprintf(
					"%s.%s %q does not start with a version; write it as %q (the current version, stated in %s) or as the version the page was checked against",
					DependenciesKey, key, label, suggestion(key, cur), refAt)})
			case pinned[key] && agrees:
				errs = append(errs, &Diagnostic{File: d.File, Line: lines.at(PinnedKey, ""), Message: fmt.Sprintf(
					"%s lists %s, but its label %q is current (%s); remove %s from %s",
					PinnedKey, key, label, cur, key, PinnedKey)})
			case !agrees && !pinned[key]:
				errs = append(errs, &Diagnostic{File: d.File, Line: line, Message: fmt.Sprintf(
					"%s.%s %q is not the current %s %s (stated in %s); check the page against %s and set %s: %q, or, if the page was tested with %s on purpose and says so in its text, add %s to %s",
					DependenciesKey, key, label, key, cur, refAt, cur, key, suggestion(key, cur), label, key, PinnedKey)})
			}
		}
	}
	return errs
}

// labelAgrees says whether a page's label names the current version; readable is false when the
// label does not start with a version (or, for the protocol, a name).
func labelAgrees(key, label, current string) (agrees, readable bool) {
	if key == "protocol" {
		word := strings.FieldsFunc(label, func(r rune) bool { return r == ' ' || r == '(' || r == ',' || r == '/' })
		if len(word) == 0 {
			return false, false
		}
		return strings.EqualFold(word[0], current), true
	}
	got, want := versionParts(label), versionParts(current)
	if got == nil {
		return false, false
	}
	for i, p := range got {
		if p == "x" || i >= len(want) {
			break
		}
		if p != want[i] {
			return false, true
		}
	}
	return true, true
}

var leadingVersion = regexp.MustCompile(`^v?(\d+(?:\.(?:\d+|x))*)`)

// versionParts splits the version number a label starts with ("25.x or later" → 25, x); nil when
// it starts with none.
func versionParts(label string) []string {
	m := leadingVersion.FindStringSubmatch(strings.TrimSpace(label))
	if m == nil {
		return nil
	}
	return strings.Split(m[1], ".")
}

// suggestion is the label to write for a current version: the major series for tools whose
// labels usually name one (25.x), the name for the protocol.
func suggestion(key, current string) string {
	if key == "protocol" {
		return current
	}
	if p := versionParts(current); len(p) > 1 {
		return p[0] + ".x"
	}
	return current
}

// fmLines holds the file line of front matter keys, top-level ("key") and one level down
// ("key.sub").
type fmLines map[string]int

func (l fmLines) at(key, sub string) int {
	if sub != "" {
		if n, ok := l[key+"."+sub]; ok {
			return n
		}
	}
	if n, ok := l[key]; ok {
		return n
	}
	return 1
}

// frontMatterLines reads a doc's front matter again to find the line of each key and sub-key
// (the scan keeps only top-level lines).
func frontMatterLines(d *Doc) (fmLines, error) {
	lines := fmLines{}
	if d.Path == "" {
		return lines, nil
	}
	src, err := os.ReadFile(d.Path)
	if err != nil {
		return nil, &Diagnostic{File: d.File, Message: fmt.Sprintf("cannot read it again to check its version labels: %v", err)}
	}
	fm, _, ok := splitFrontMatter(src)
	if !ok || len(fm) == 0 {
		return lines, nil
	}
	var node yaml.Node
	if err := yaml.Unmarshal(fm, &node); err != nil || len(node.Content) == 0 {
		return lines, nil // parse errors are reported by the scan
	}
	m := node.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		lines[k.Value] = k.Line + 1 // the front matter starts on the file's second line
		if v.Kind != yaml.MappingNode {
			continue
		}
		for j := 0; j+1 < len(v.Content); j += 2 {
			lines[k.Value+"."+v.Content[j].Value] = v.Content[j].Line + 1
		}
	}
	return lines, nil
}

// scalarString gives a YAML scalar as text (25.1 written without quotes decodes as a number).
func scalarString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return strings.TrimSpace(x)
	default:
		return strings.TrimSpace(fmt.Sprint(x))
	}
}

func sortedKeysOf[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
