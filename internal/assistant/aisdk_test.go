package assistant

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestStreamsParseWithTheAISDK runs tools/aistream, which parses every golden transcript with
// ai@5.0.30's own parser and strict chunk schemas. It needs `npm ci --prefix tools/aistream`.
func TestStreamsParseWithTheAISDK(t *testing.T) {
	dir := filepath.Join("..", "..", "tools", "aistream")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ai")); err != nil {
		t.Fatal("tools/aistream/node_modules is missing: run npm ci --prefix tools/aistream (make test does)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	cmd := exec.CommandContext(t.Context(), node, "--test", "stream.test.mjs")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the AI SDK rejects our streams: %v\n%s", err, out)
	}
}
