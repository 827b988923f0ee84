package assistant

import (
	"bytes"
	"encoding/base64"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func base64Std(s string) io.Reader {
	b, _ := base64.StdEncoding.DecodeString(s)
	return bytes.NewReader(b)
}

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

func mustIssue(t *Tokens) string {
	tok, _, err := t.Issue()
	if err != nil {
		panic(err)
	}
	return tok
}

func TestLoadOrCreateSecret(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data", "secret")
	noEnv := func(string) string { return "" }
	first, err := LoadOrCreateSecret(path, noEnv)
	if err != nil || len(first) < 32 {
		t.Fatalf("created %q, %v", first, err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("secret file: %v, %v", fi, err)
	}
	again, err := LoadOrCreateSecret(path, noEnv)
	if err != nil || string(again) != string(first) {
		t.Errorf("second load %q, %v; want the stored secret", again, err)
	}
	env := func(k string) string {
		if k == "TZDOCS_SECRET" {
			return "a secret from the environment"
		}
		return ""
	}
	if s, err := LoadOrCreateSecret(path, env); err != nil || string(s) != "a secret from the environment" {
		t.Errorf("TZDOCS_SECRET ignored: %q, %v", s, err)
	}
	if _, err := LoadOrCreateSecret(path, func(string) string { return "short" }); err == nil || !strings.Contains(err.Error(), "TZDOCS_SECRET") {
		t.Errorf("short TZDOCS_SECRET: %v", err)
	}
	os.WriteFile(path, []byte("tiny\n"), 0o600)
	if _, err := LoadOrCreateSecret(path, noEnv); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("short secret file: %v", err)
	}
	if got := SecretPath("file:data/tzdocs.db?_pragma=x"); got != filepath.Join("data", "secret") {
		t.Errorf("SecretPath = %q", got)
	}
	if got := SecretPath("file:/var/lib/tzdocs/db.sqlite"); got != "/var/lib/tzdocs/secret" {
		t.Errorf("SecretPath = %q", got)
	}
}
