package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tzdocs/internal/assistant"
	"tzdocs/internal/feedback"
	"tzdocs/internal/mcp"
	"tzdocs/internal/search"
)

const guidePath = "../../docs/deploying.md"

func readTestGuide(t *testing.T) guideFiles {
	t.Helper()
	g, err := readGuide(guidePath)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The guide's env file is read the same by systemd (EnvironmentFile=) and by a shell (set -a;
// . FILE), with no comment glued to a value.
func TestGuideEnvFileReadsTheSameForSystemdAndAShell(t *testing.T) {
	text, err := readTestGuide(t).need("/etc/tzdocs/env")
	if err != nil {
		t.Fatal(err)
	}
	env, _, err := checkEnvFile(text, filepath.Join(t.TempDir(), "env"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(env["TZDOCS_DATABASE_URL"], "&pool_max_conns=") || !strings.Contains(env["TZDOCS_DATABASE_URL"], "sslrootcert=") {
		t.Errorf("TZDOCS_DATABASE_URL = %q, want the whole URL, with sslrootcert", env["TZDOCS_DATABASE_URL"])
	}
	// What the guide warns about is caught: an unquoted URL with & and an inline comment.
	bad := "TZDOCS_DATABASE_URL=postgres://h/db?a=1&b=2\nTZDOCS_SECRET=abc   # a comment\n"
	if _, _, err := checkEnvFile(bad, filepath.Join(t.TempDir(), "env")); err == nil {
		t.Error("an env file with an unquoted & and an inline comment passed")
	}
}

// Every flag of the unit's command line is one tzdocs serve has.
func TestGuideUnitCommandLineUsesServesFlags(t *testing.T) {
	unit, err := readTestGuide(t).need("/etc/systemd/system/tzdocs.service")
	if err != nil {
		t.Fatal(err)
	}
	args, err := execStart(unit)
	if err != nil {
		t.Fatal(err)
	}
	if len(args) < 2 || args[1] != "serve" {
		t.Fatalf("ExecStart = %v, want tzdocs serve", args)
	}
	help, err := exec.Command("go", "run", "../../cmd/tzdocs", "serve", "--help").CombinedOutput()
	if err != nil {
		t.Fatalf("tzdocs serve --help: %v\n%s", err, help)
	}
	for _, a := range args[2:] {
		if strings.HasPrefix(a, "--") && !bytes.Contains(help, []byte("\n  -"+strings.TrimPrefix(a, "--")+" ")) &&
			!bytes.Contains(help, []byte("\n  -"+strings.TrimPrefix(a, "--")+"\n")) {
			t.Errorf("the unit gives %s, which tzdocs serve --help does not list", a)
		}
	}
}

// The guide's nginx block passes nginx -t as it is (with certificates where it names them).
func TestGuideNginxBlockPassesNginxT(t *testing.T) {
	bin, err := exec.LookPath("nginx")
	if err != nil {
		t.Skip("nginx is not installed (Debian: apt-get install nginx): the guide's block is not checked")
	}
	block, err := readTestGuide(t).need("/etc/nginx/conf.d/tzdocs.conf")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certs := filepath.Join(dir, "ssl")
	if _, err := writeCertificates(certs); err != nil {
		t.Fatal(err)
	}
	n, err := writeNginx(bin, filepath.Join(dir, "nginx"), editBlock(block, certs, nil, nil, false))
	if err != nil {
		t.Fatal(err)
	}
	if out, err := n.test(); err != nil {
		t.Errorf("nginx -t: %v\n%s", err, out)
	}
}

// The nginx block's body limits are the APIs' own: a body one byte larger than an API takes is
// refused by nginx (in the API's JSON shape), never half-sent to tzdocs.
func TestGuideNginxBodyLimitsAreTheAPIs(t *testing.T) {
	block, err := readTestGuide(t).need("/etc/nginx/conf.d/tzdocs.conf")
	if err != nil {
		t.Fatal(err)
	}
	limits := map[string]int64{} // location ("" for the server) → bytes
	location := ""
	for _, line := range strings.Split(block, "\n") {
		f := strings.Fields(strings.TrimSuffix(strings.TrimSpace(line), ";"))
		switch {
		case len(f) >= 2 && f[0] == "location":
			location = f[1]
		case len(f) == 1 && f[0] == "}":
			location = ""
		case len(f) == 2 && f[0] == "client_max_body_size":
			n, err := strconv.ParseInt(strings.TrimRight(f[1], "km"), 10, 64)
			if err != nil {
				t.Fatalf("client_max_body_size %s", f[1])
			}
			switch f[1][len(f[1])-1] {
			case 'k':
				n <<= 10
			case 'm':
				n <<= 20
			}
			limits[location] = n
		}
	}
	apis := max(int64(search.DefaultMaxBodyBytes), int64(feedback.MaxBodyBytes), int64(feedback.MaxInsightsBody), int64(mcp.DefaultMaxBodyBytes))
	if limits[""] != apis {
		t.Errorf("the server's client_max_body_size is %d bytes, the APIs take %d", limits[""], apis)
	}
	if limits["/api/askai/"] != assistant.DefaultMaxBodyBytes {
		t.Errorf("/api/askai/'s client_max_body_size is %d bytes, Ask AI takes %d", limits["/api/askai/"], assistant.DefaultMaxBodyBytes)
	}
}
