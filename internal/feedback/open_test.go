package feedback

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseURLPicksTheDatabase(t *testing.T) {
	cases := []struct {
		in, kind, target string
	}{
		{"", "sqlite", "data/tzdocs.db"},
		{"   ", "sqlite", "data/tzdocs.db"},
		{"file:data/tzdocs.db", "sqlite", "data/tzdocs.db"},
		{"file:/var/lib/tzdocs/feedback.db", "sqlite", "/var/lib/tzdocs/feedback.db"},
		{"file:///var/lib/tzdocs/feedback.db", "sqlite", "/var/lib/tzdocs/feedback.db"},
		{"file://localhost/srv/f.db", "sqlite", "/srv/f.db"},
		{"data/other.db", "sqlite", "data/other.db"},
		{"/abs/path.db", "sqlite", "/abs/path.db"},
		{`C:\tzdocs\f.db`, "sqlite", `C:\tzdocs\f.db`},
		{"postgres://u:p@127.0.0.1:5432/tzdocs", "postgres", "postgres://u:p@127.0.0.1:5432/tzdocs"},
		{"postgresql://u@db/tzdocs?sslmode=require", "postgres", "postgresql://u@db/tzdocs?sslmode=require"},
		{"POSTGRES://u@db/tzdocs", "postgres", "POSTGRES://u@db/tzdocs"},
	}
	for _, c := range cases {
		kind, target, err := parseURL(c.in)
		if err != nil || kind != c.kind || target != c.target {
			t.Errorf("parseURL(%q) = %q, %q, %v; want %q, %q", c.in, kind, target, err, c.kind, c.target)
		}
	}
}

func TestParseURLRefusesWhatItCannotOpen(t *testing.T) {
	cases := []struct{ in, mention string }{
		{"mysql://root:hunter2@db/tzdocs", "mysql"},
		{"sqlserver://db", "sqlserver"},
		{"file://fileserver/share/f.db", "this machine"},
		{"file:data/x.db?mode=ro", "no ?options"},
		{"file:", "names no file"},
	}
	for _, c := range cases {
		_, _, err := parseURL(c.in)
		if err == nil || !strings.Contains(err.Error(), c.mention) {
			t.Errorf("parseURL(%q) error = %v, want one mentioning %q", c.in, err, c.mention)
			continue
		}
		if strings.Contains(err.Error(), "hunter2") {
			t.Errorf("parseURL(%q) error leaks the password: %v", c.in, err)
		}
	}
}

func TestOpenCreatesTheSQLiteFileAndFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "folder", "f.db")
	s, err := Open(t.Context(), "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	if v, err := s.SchemaVersion(t.Context()); err != nil || v < 1 {
		t.Fatalf("SchemaVersion = %d, %v; want migrations applied", v, err)
	}
}

func TestOpenDefaultsToDataTzdocsDB(t *testing.T) {
	t.Chdir(t.TempDir())
	s, err := Open(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := os.Stat(filepath.Join("data", "tzdocs.db")); err != nil {
		t.Fatal(err)
	}
}

func TestOpenRejectsAnUnknownScheme(t *testing.T) {
	if _, err := Open(t.Context(), "redis://127.0.0.1:6379"); err == nil || !strings.Contains(err.Error(), "unsupported scheme") {
		t.Fatalf("err = %v", err)
	}
}
