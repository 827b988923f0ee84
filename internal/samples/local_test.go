package samples

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestShellCodeKeepsPromptedCommandsAndBlanksOutput(t *testing.T) {
	tests := []struct{ in, want string }{
		{"echo hi\nls\n", "echo hi\nls\n"},
		{"$ octez-client --version\nOctez 21.0 (build)\n$ ls \\\n  -la\ntotal 0 )\n", "octez-client --version\n\nls \\\n  -la\n\n"},
		{"octez-client hash data <value> of type <type>\n", "octez-client hash data PLACEHOLDER of type PLACEHOLDER\n"},
		{"sign with <bob's signature>\n", "sign with PLACEHOLDER\n"},
		{"sort <in.txt >out.txt\ncat <<EOF\nx\nEOF\n", "sort <in.txt >out.txt\ncat <<EOF\nx\nEOF\n"},
	}
	for _, tt := range tests {
		if got := ShellCode(tt.in); got != tt.want {
			t.Errorf("ShellCode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDedentRemovesTheSharedIndentationOnly(t *testing.T) {
	in := "        @sp.entrypoint\n        def f(self):\n\n            pass\n"
	want := "@sp.entrypoint\ndef f(self):\n\n    pass\n"
	if got := Dedent(in); got != want {
		t.Errorf("Dedent = %q, want %q", got, want)
	}
	if got := Dedent("a\n  b\n"); got != "a\n  b\n" {
		t.Errorf("Dedent of unindented code changed it: %q", got)
	}
}

func TestRoutePicksTheValidatorFromLanguageAndTitle(t *testing.T) {
	tests := []struct {
		s          Sample
		validator  string
		skipReason bool
	}{
		{Sample{Lang: "michelson"}, "michelson", false},
		{Sample{Lang: "typescript", Title: "src/a.ts"}, "typescript", false},
		{Sample{Lang: "ts", Title: "App.tsx"}, "typescript", false},
		{Sample{Lang: "typescript"}, "", false}, // a fragment: not a complete file
		{Sample{Lang: "json"}, "json", false},
		{Sample{Lang: "yml"}, "yaml", false},
		{Sample{Lang: "shell"}, "bash", false},
		{Sample{Lang: "console"}, "", false},
		{Sample{Lang: "smartpy"}, "python", false},
		{Sample{Lang: "jsligo"}, "", false},
		{Sample{Lang: "archetype"}, "archetype", false},
		{Sample{Lang: "bash", Meta: "title=x skip-check"}, "", true},
	}
	for _, tt := range tests {
		v, reason := route(tt.s)
		if v != tt.validator || (reason != "") != tt.skipReason {
			t.Errorf("route(%+v) = %q, %q", tt.s, v, reason)
		}
	}
}

func TestTaquitoEnvFollowsTheMajorAFolderInstalls(t *testing.T) {
	all := []Sample{
		{Page: "site/docs/dApps/taquito.md", Code: "npm install @taquito/taquito@21\n"},
		{Page: "site/docs/tutorials/app/setup.md", Code: `{"dependencies": {"@taquito/beacon-wallet": "^25.0.0"}}`},
		{Page: "site/docs/old/x.md", Code: "npm install @taquito/taquito@9\n"},
	}
	envs := taquitoEnvByFolder(all)
	for page, want := range map[string]string{
		"site/docs/dApps/wallets.md":      "taquito21",
		"site/docs/tutorials/app/main.md": "taquito25",
		"site/docs/old/y.md":              "taquito25", // a major the tools do not have: the newest
		"site/docs/other/z.md":            "taquito25",
	} {
		if got := taquitoEnv(envs, page); got != want {
			t.Errorf("taquitoEnv(%s) = %q, want %q", page, got, want)
		}
	}
}

func TestCheckJSONReportsTheLineOfTheError(t *testing.T) {
	batch := []Sample{
		{Page: "p.md", Line: 10, Code: "{\n  \"a\": 1\n}\n"},
		{Page: "p.md", Line: 20, Code: "{\n  \"a\": 1,\n}\n"},
		{Page: "p.md", Line: 30, Code: "{} {}\n"},
		{Page: "p.md", Line: 40, Code: ""},
	}
	problems, _, err := checkJSON(t.Context(), "", batch, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.String())
	}
	if len(got) != 3 || !strings.HasPrefix(got[0], "p.md:20: : invalid JSON: ") || !strings.HasSuffix(got[0], "(line 23)") ||
		!strings.HasPrefix(got[1], "p.md:30:") || !strings.HasPrefix(got[2], "p.md:40:") {
		t.Errorf("got %q", got)
	}
}

func TestAllowlistRemovesOnlyTheListedMessage(t *testing.T) {
	a := allowed[0]
	problems := []Problem{
		{Page: a.Page, Line: a.Line, Lang: "michelson", Message: "type error: " + a.Match + " (detail)"},
		{Page: a.Page, Line: a.Line, Lang: "michelson", Message: "type error: something else"},
		{Page: a.Page, Line: a.Line + 1, Lang: "michelson", Message: a.Match},
	}
	var skipped []Skip
	kept := applyAllowlist(problems, &skipped)
	if len(kept) != 2 || kept[0].Message != "type error: something else" || len(skipped) != 1 {
		t.Errorf("kept %v, skipped %v", kept, skipped)
	}
}

func TestSummaryCountsEveryValidator(t *testing.T) {
	r := &Report{
		Checked:  map[string]int{"bash": 3, "michelson": 2},
		Took:     map[string]time.Duration{"bash": time.Second, "michelson": 2 * time.Second},
		Skipped:  []Skip{{}},
		Problems: []Problem{{}, {}},
	}
	want := "samples: checked 5 (3 bash, 2 michelson) in 2s, 1 skipped, 2 problems"
	if got := r.Summary(); got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
	if got := ToolsDirFor("/repo/site/"); got != filepath.FromSlash("/repo/tools/samples") {
		t.Errorf("ToolsDirFor = %q", got)
	}
}
