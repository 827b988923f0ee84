package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
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
