package server

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/output"
)

// writeJSONFile replaces one JSON file of a built site, as a rebuild would.
func writeJSONFile(t *testing.T, dir, name string, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestPatchServesChangedPagesAndANewPolicy(t *testing.T) {
	s, dir := newTestServer(t)
	before := get(t, s, "/overview/")
	if csp := before.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "sha256-abc=") || strings.Contains(csp, "sha256-new=") {
		t.Fatalf("policy before the patch: %q", csp)
	}
	// A rebuild changed the overview page and the policy (a new inline script's hash).
	page := filepath.Join(dir, filepath.FromSlash(output.PageFile("/overview/")))
	if err := os.WriteFile(page, []byte("<!doctype html><title>Overview, edited</title>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	writeJSONFile(t, dir, output.CSPFile, output.CSPSources{ScriptHashes: []string{"sha256-abc=", "sha256-new="}})
	if err := s.Patch(map[string]bool{output.PageFile("/overview/"): true, output.CSPFile: true}, nil); err != nil {
		t.Fatal(err)
	}
	res := get(t, s, "/overview/")
	if got := body(t, res); !strings.Contains(got, "Overview, edited") {
		t.Errorf("the patched page is not served: %q", got)
	}
	// Every file's headers follow the new policy, the unchanged ones too.
	for _, p := range []string{"/overview/", "/architecture", "/architecture/bakers", "/no-such-page"} {
		if csp := get(t, s, p).Header.Get("Content-Security-Policy"); !strings.Contains(csp, "sha256-new=") {
			t.Errorf("%s: policy after the patch %q lacks the new hash", p, csp)
		}
	}
	// The Markdown alternate of a page keeps its Link header through a patch.
	if link := get(t, s, "/architecture/bakers").Header.Get("Link"); !strings.Contains(link, "bakers.md") {
		t.Errorf("Link header after the patch: %q", link)
	}
}

func TestAnswerCorpusIsNeverServed(t *testing.T) {
	s, dir := newTestServer(t)
	url := "/" + output.AnswersFile
	if res := get(t, s, url); res.StatusCode != 404 {
		t.Errorf("GET %s: %d, want 404", url, res.StatusCode)
	}
	// Nor once a rebuild changed it.
	writeJSONFile(t, dir, output.AnswersFile, []output.AnswerSection{{Route: "/overview/", Path: []string{"Overview"}, Blocks: []output.AnswerBlock{}}})
	if err := s.Patch(map[string]bool{output.AnswersFile: true}, nil); err != nil {
		t.Fatal(err)
	}
	if res := get(t, s, url); res.StatusCode != 404 {
		t.Errorf("GET %s after a patch: %d, want 404", url, res.StatusCode)
	}
}
