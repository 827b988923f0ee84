package main

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
)

// guideFiles are the files the deployment guide gives, by the title of their code fence
// (```nginx title="/etc/nginx/conf.d/tzdocs.conf"): what an operator copies, and so what this
// program runs.
type guideFiles map[string]string

var fenceTitle = regexp.MustCompile("^```[a-z]+ title=\"([^\"]+)\"\\s*$")

// readGuide collects the titled code blocks of the guide at path.
func readGuide(path string) (guideFiles, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	files := guideFiles{}
	var name string
	var body strings.Builder
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case name == "":
			if m := fenceTitle.FindStringSubmatch(line); m != nil {
				name = m[1]
				body.Reset()
			}
		case strings.HasPrefix(line, "```"):
			files[name] = body.String()
			name = ""
		default:
			body.WriteString(line + "\n")
		}
	}
	return files, nil
}

// need returns the file name of the guide, or says it is missing.
func (g guideFiles) need(name string) (string, error) {
	f, ok := g[name]
	if !ok {
		return "", fmt.Errorf("the guide has no code block titled %q", name)
	}
	return f, nil
}

// execStart is the unit's command line, its continuation lines joined, split into words (the
// guide's has no quotes).
func execStart(unit string) ([]string, error) {
	joined := strings.ReplaceAll(unit, "\\\n", " ")
	for _, line := range strings.Split(joined, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "ExecStart="); ok {
			return strings.Fields(v), nil
		}
	}
	return nil, fmt.Errorf("the unit has no ExecStart= line")
}

// unitEnvironment is the unit's Environment= assignments.
func unitEnvironment(unit string) map[string]string {
	env := map[string]string{}
	for _, line := range strings.Split(unit, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "Environment="); ok {
			k, val, _ := strings.Cut(v, "=")
			env[k] = val
		}
	}
	return env
}

// systemdEnvFile reads an environment file as systemd's EnvironmentFile= does: comments only on
// lines of their own, single-quoted values verbatim, double-quoted ones with the shell's
// escapes, and an unquoted value kept whole to the end of the line (a "# …" after it included).
func systemdEnvFile(text string) (map[string]string, error) {
	env := map[string]string{}
	for i, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, ";") {
			continue
		}
		k, v, ok := strings.Cut(t, "=")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch {
		case strings.HasPrefix(v, "'"):
			end := strings.Index(v[1:], "'")
			if end < 0 || strings.TrimSpace(v[end+2:]) != "" {
				return nil, fmt.Errorf("line %d: text after the closing quote: %q", i+1, line)
			}
			v = v[1 : end+1]
		case strings.HasPrefix(v, `"`):
			end := strings.LastIndex(v, `"`)
			if end == 0 || strings.TrimSpace(v[end+1:]) != "" {
				return nil, fmt.Errorf("line %d: text after the closing quote: %q", i+1, line)
			}
			v = regexp.MustCompile(`\\([\\"$`+"`"+`])`).ReplaceAllString(v[1:end], "$1")
		default:
			v = regexp.MustCompile(`\\(.)`).ReplaceAllString(v, "$1")
		}
		env[strings.TrimSpace(k)] = v
	}
	return env, nil
}

// shellEnvFile reads an environment file as the guide's `set -a; . FILE` does, with /bin/sh.
func shellEnvFile(path string, names []string) (map[string]string, error) {
	script := "set -a; . \"$1\"; shift; for n; do eval \"printf '%s\\0' \\\"\\${$n-__unset__}\\\"\"; done"
	out, err := exec.Command("/bin/sh", append([]string{"-c", script, "sh", path}, names...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("sourcing %s with /bin/sh: %w", path, err)
	}
	values := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	env := map[string]string{}
	for i, n := range names {
		if i < len(values) && values[i] != "__unset__" {
			env[n] = values[i]
		}
	}
	return env, nil
}

// checkEnvFile writes the guide's environment file and compares what systemd and a shell read
// from it; it returns the variables (as systemd reads them) and a line for the report.
func checkEnvFile(text, path string) (map[string]string, string, error) {
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		return nil, "", err
	}
	sd, err := systemdEnvFile(text)
	if err != nil {
		return nil, "", fmt.Errorf("the env file as systemd reads it: %w", err)
	}
	var names []string
	for k := range sd {
		names = append(names, k)
	}
	sort.Strings(names)
	sh, err := shellEnvFile(path, names)
	if err != nil {
		return nil, "", err
	}
	var diffs []string
	for _, n := range names {
		if sh[n] != sd[n] {
			diffs = append(diffs, fmt.Sprintf("%s: systemd reads %q, a shell %q", n, sd[n], sh[n]))
		}
		if strings.Contains(sd[n], " #") {
			diffs = append(diffs, fmt.Sprintf("%s: an inline comment became part of the value %q", n, sd[n]))
		}
	}
	if len(diffs) > 0 {
		return nil, "", fmt.Errorf("the guide's env file reads differently:\n  %s", strings.Join(diffs, "\n  "))
	}
	return sd, fmt.Sprintf("env file: %d variables (%s), the same values for systemd and for `set -a; . FILE`", len(names), strings.Join(names, ", ")), nil
}
