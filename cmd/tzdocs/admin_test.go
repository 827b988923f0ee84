package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/assistant"
	"tzdocs/internal/feedback"
)

func TestAdminHashPasswordReadsStandardInput(t *testing.T) {
	var out, errb bytes.Buffer
	err := cmdAdmin(context.Background(), []string{"hash-password"}, func(string) string { return "" },
		strings.NewReader("a long enough password\n"), &out, &errb)
	if err != nil || !strings.HasPrefix(out.String(), "$argon2id$v=19$m=65536,t=3,p=2$") || strings.Contains(out.String(), "a long enough password") {
		t.Fatalf("hash-password: %v %q %q", err, out.String(), errb.String())
	}
	for in, want := range map[string]string{"": "no password", "short\n": "at least 12"} {
		err := cmdAdmin(context.Background(), []string{"hash-password"}, func(string) string { return "" }, strings.NewReader(in), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("password %q: err = %v, want %q", in, err, want)
		}
	}
	// The password is never an argument.
	if err := cmdAdmin(context.Background(), []string{"hash-password", "secret"}, func(string) string { return "" }, strings.NewReader(""), io.Discard, io.Discard); !errors.As(err, new(usageError)) {
		t.Errorf("a password argument: err = %v, want a usage error", err)
	}
}

func TestAdminLinkPrintsAOneTimeLink(t *testing.T) {
	dir := t.TempDir()
	env := func(k string) string {
		if k == "TZDOCS_DATABASE_URL" {
			return "file:" + filepath.Join(dir, "f.db")
		}
		return ""
	}
	serverRanOn(t, env)
	var out bytes.Buffer
	err := cmdAdmin(context.Background(), []string{"link", "--url", "https://docs.example.org/", "--name", "Ada"}, env, nil, &out, io.Discard)
	if err != nil || !strings.HasPrefix(out.String(), "https://docs.example.org/admin/login/link?token=") {
		t.Fatalf("admin link: %v %q", err, out.String())
	}
	err = cmdAdmin(context.Background(), []string{"link", "--dir", filepath.Join(dir, "no-dist")}, env, nil, io.Discard, io.Discard)
	if !errors.As(err, new(usageError)) || !strings.Contains(err.Error(), "--url") {
		t.Errorf("admin link without a site URL: err = %v, want a usage error naming --url", err)
	}
	if err := cmdAdmin(context.Background(), []string{"frob"}, env, nil, io.Discard, io.Discard); !errors.As(err, new(usageError)) {
		t.Errorf("unknown subcommand: %v", err)
	}
}

// serverRanOn makes the database and secret a server started with env makes.
func serverRanOn(t *testing.T, env func(string) string) {
	t.Helper()
	st, err := feedback.Open(context.Background(), databaseURL(env))
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if _, err := assistant.LoadOrCreateSecret(assistant.SecretPath(databaseURL(env)), env); err != nil {
		t.Fatal(err)
	}
}

// The maintainers' commands say which database they use, and never create one: run without the
// server's environment, they fail instead of writing a sign-in link where no server looks.
func TestMaintainerCommandsNameTheirDatabaseAndCreateNone(t *testing.T) {
	t.Chdir(t.TempDir()) // the default database is data/tzdocs.db, relative to here
	commands := [][]string{
		{"tzdocs", "admin", "link", "--url", "https://docs.example.org"},
		{"tzdocs", "feedback", "export"},
		{"tzdocs", "feedback", "stats"},
		{"tzdocs", "search-report"},
	}
	unset := func(string) string { return "" }
	for _, args := range commands {
		var errb bytes.Buffer
		err := run(context.Background(), args, unset, io.Discard, &errb)
		if err == nil || !strings.Contains(err.Error(), "does not exist") || !strings.Contains(err.Error(), "TZDOCS_DATABASE_URL is unset") {
			t.Errorf("%v without TZDOCS_DATABASE_URL: err = %v, want a refusal naming the variable", args[1:], err)
		}
		if wd, _ := os.Getwd(); !strings.Contains(errb.String(), filepath.Join(wd, "data", "tzdocs.db")) {
			t.Errorf("%v: standard error %q does not name the database it tried", args[1:], errb.String())
		}
		if _, err := os.Stat("data"); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("%v created data/ (%v)", args[1:], err)
		}
	}
	// The server's database, named: used, and named on standard error.
	db := filepath.Join(t.TempDir(), "srv", "tzdocs.db")
	env := func(k string) string {
		if k == "TZDOCS_DATABASE_URL" {
			return "file:" + db
		}
		return ""
	}
	err := run(context.Background(), commands[1], env, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), db+" does not exist") {
		t.Errorf("a named database that does not exist: %v", err)
	}
	serverRanOn(t, env)
	for _, args := range commands {
		var out, errb bytes.Buffer
		if err := run(context.Background(), args, env, &out, &errb); err != nil {
			t.Errorf("%v: %v", args[1:], err)
		}
		if !strings.Contains(errb.String(), "database "+db+" (TZDOCS_DATABASE_URL)") || strings.Contains(out.String(), db) {
			t.Errorf("%v: standard error %q, want the database named there and not in the output", args[1:], errb.String())
		}
	}
	// Without the server's secret, no link is signed with a new one.
	if err := os.Remove(filepath.Join(filepath.Dir(db), "secret")); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), commands[0], env, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "TZDOCS_SECRET") {
		t.Errorf("admin link without the server's secret: %v", err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(db), "secret")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("admin link wrote a new secret (%v)", err)
	}
}
