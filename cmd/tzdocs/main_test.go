package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/sitetest"
)

func runCmd(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), append([]string{"tzdocs"}, args...), func(string) string { return "" }, &out, &errb)
	return out.String(), errb.String(), err
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "no command given"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"build", "--colour", "blue"}, "flag provided but not defined: -colour"},
		{[]string{"serve", "extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		_, stderr, err := runCmd(t, tt.args...)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: err = %v, want usage error %q", tt.args, err, tt.want)
		}
		if !strings.Contains(stderr, "Usage") {
			t.Errorf("%v: usage not printed: %q", tt.args, stderr)
		}
	}
}

func TestHelpForEachCommand(t *testing.T) {
	for _, cmd := range []string{"build", "serve", "dev", "check", "search", "mcp"} {
		out, errOut, err := runCmd(t, cmd, "--help")
		if err != nil || !strings.Contains(out, "Usage: tzdocs "+cmd) || !strings.Contains(out, "-site") && !strings.Contains(out, "-dir") {
			t.Errorf("%s --help: %v %q", cmd, err, out)
		}
		if n := strings.Count(out, "Usage:"); n != 1 || errOut != "" {
			t.Errorf("%s --help printed the usage %d times on standard output and %q on standard error; want once, on standard output", cmd, n, errOut)
		}
	}
}

func TestCheckReportsProblemsWithPositions(t *testing.T) {
	dir := sitetest.Write(t, strings.Replace(sitetest.Minimal, "Bakers get rights.", "Bakers get [rights](/nowhere).", 1))
	out, _, err := runCmd(t, "check", "--site", filepath.Join(dir, "site"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "warning: site/docs/architecture/bakers.md:7:12: broken link to /nowhere") || !strings.Contains(out, "check passed: 1 warnings") {
		t.Errorf("check output %q", out)
	}
	bad := sitetest.Write(t, strings.Replace(sitetest.Minimal, "- architecture/bakers\n", "- architecture/bakerz\n", 1))
	_, _, err = runCmd(t, "check", "--site", filepath.Join(bad, "site"))
	if err == nil || !strings.Contains(err.Error(), `doc id "architecture/bakerz" does not exist`) {
		t.Errorf("check of a broken site: %v", err)
	}
}

func TestBuildThenServe(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	dist := filepath.Join(dir, "dist")
	out, _, err := runCmd(t, "build", "--site", filepath.Join(dir, "site"), "--out", dist, "--web", filepath.Join(dir, "web"))
	if err != nil || !strings.Contains(out, "built 10 pages") {
		t.Fatalf("build: %v %q", err, out)
	}
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		env := func(k string) string {
			if k == "TZDOCS_DATABASE_URL" {
				return "file:" + filepath.Join(dir, "feedback.db")
			}
			return ""
		}
		done <- run(ctx, []string{"tzdocs", "serve", "--dir", dist, "--addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0"}, env, pw, io.Discard)
		pw.Close()
	}()
	lines := bufio.NewReader(pr)
	line, err := lines.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	metricsLine, err := lines.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, lines)
	url := regexp.MustCompile(`http://127\.0\.0\.1:\d+`).FindString(line)
	metricsURL := regexp.MustCompile(`http://127\.0\.0\.1:\d+/metrics`).FindString(metricsLine)
	if metricsURL == "" {
		t.Fatalf("no metrics address printed: %q", metricsLine)
	}
	res, err := http.Get(url + "/architecture/bakers")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(b), "<h1>Bakers and baking</h1>") {
		t.Errorf("GET: %d %q", res.StatusCode, b)
	}
	post, err := http.Post(url+"/api/feedback", "application/json", strings.NewReader(`{"url":"/architecture/bakers","helpful":true}`))
	if err != nil {
		t.Fatal(err)
	}
	post.Body.Close()
	if post.StatusCode != http.StatusCreated {
		t.Errorf("feedback post: %d", post.StatusCode)
	}
	unknown, err := http.Post(url+"/api/feedback", "application/json", strings.NewReader(`{"url":"/no/such/page","helpful":true}`))
	if err != nil {
		t.Fatal(err)
	}
	unknown.Body.Close()
	if unknown.StatusCode != http.StatusBadRequest {
		t.Errorf("feedback for an unknown page: %d", unknown.StatusCode)
	}
	sr, err := http.Post(url+"/api/search/1/indexes/*/queries", "text/plain", strings.NewReader(`{"requests":[{"indexName":"tezosdocs","query":"bakers"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	sb, _ := io.ReadAll(sr.Body)
	sr.Body.Close()
	if !strings.Contains(string(sb), `"url":"https://docs.example.org/architecture/bakers"`) {
		t.Errorf("search: %s", sb)
	}
	if _, stream := ask(t, url, "Who are bakers?"); !strings.Contains(stream, `"type":"text-delta"`) || !strings.Contains(stream, "/architecture/bakers") {
		t.Errorf("chat stream: %s", stream)
	}
	for _, c := range []struct {
		url, want string
		status    int
	}{
		{url + "/readyz", `"status":"ready"`, 200},
		{url + "/metrics", "", 404},
		{metricsURL, `tzdocs_http_requests_total{code="201",route="/api/feedback"} 1`, 200},
	} {
		res, err := http.Get(c.url)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.status || !strings.Contains(string(b), c.want) {
			t.Errorf("GET %s: %d, want %d with %q:\n%.2000s", c.url, res.StatusCode, c.status, c.want, b)
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve did not shut down cleanly: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop after its context ended")
	}
	var exported bytes.Buffer
	err = run(context.Background(), []string{"tzdocs", "feedback", "export", "--format", "json"}, func(k string) string {
		if k == "TZDOCS_DATABASE_URL" {
			return "file:" + filepath.Join(dir, "feedback.db")
		}
		return ""
	}, &exported, io.Discard)
	if err != nil || !strings.Contains(exported.String(), `"/architecture/bakers"`) {
		t.Errorf("export after serving: %v %s", err, exported.String())
	}
	var report bytes.Buffer
	err = run(context.Background(), []string{"tzdocs", "search-report"}, func(k string) string {
		if k == "TZDOCS_DATABASE_URL" {
			return "file:" + filepath.Join(dir, "feedback.db")
		}
		return ""
	}, &report, io.Discard)
	if err != nil || !strings.Contains(report.String(), "1 searches") || !strings.Contains(report.String(), "bakers") {
		t.Errorf("search-report after serving (analytics flushed at shutdown): %v %s", err, report.String())
	}
	var ranked bytes.Buffer
	if err := run(context.Background(), []string{"tzdocs", "search", "--dir", dist, "bakers"}, nil, &ranked, io.Discard); err != nil || !strings.Contains(ranked.String(), "/architecture/bakers") {
		t.Errorf("tzdocs search: %v %s", err, ranked.String())
	}
}

func TestCheckReportsEveryKindOfErrorInOneRun(t *testing.T) {
	archive := sitetest.Minimal
	for _, r := range [][2]string{
		{"title: Accounts\n", "title: Accounts\nsidebar_position: first\n"},                           // front matter
		{"      - architecture/bakers\n", "      - architecture/bakers\n      - architecture/nope\n"}, // sidebars
		{"Bakers get rights.", "Bakers get rights.\n\n![gone](/img/gone.png)\n\nMore <b>info."},       // images, MDX
	} {
		if !strings.Contains(archive, r[0]) {
			t.Fatalf("the site lacks %q", r[0])
		}
		archive = strings.Replace(archive, r[0], r[1], 1)
	}
	dir := sitetest.Write(t, archive)
	_, _, err := runCmd(t, "check", "--site", filepath.Join(dir, "site"))
	if err == nil {
		t.Fatal("check passed")
	}
	if strings.Contains(err.Error(), `"architecture/accounts" does not exist`) {
		t.Errorf("a page whose front matter is wrong is also called missing:\n%v", err)
	}
	for _, want := range []string{
		"site/docs/architecture/accounts.md:3:19: front matter: sidebar_position must be a number, not `first`",
		`doc id "architecture/nope" does not exist`,
		"site/docs/architecture/bakers.md:9:1: image /img/gone.png not found",
		"site/docs/architecture/bakers.md:11:6: <b> is not closed; add </b> before the end of the paragraph",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("check's errors lack %q:\n%v", want, err)
		}
	}
}

func TestCheckStrictFailsOnWarnings(t *testing.T) {
	dir := sitetest.Write(t, strings.Replace(sitetest.Minimal, "Bakers get rights.", "Bakers get [rights](/nowhere).", 1))
	if out, _, err := runCmd(t, "check", "--site", filepath.Join(dir, "site")); err != nil || !strings.Contains(out, "check passed: 1 warnings") {
		t.Fatalf("without --strict: %v %q", err, out)
	}
	out, _, err := runCmd(t, "check", "--strict", "--site", filepath.Join(dir, "site"))
	if err == nil || !strings.Contains(err.Error(), "1 warnings (above), and --strict makes warnings fail") || !strings.Contains(out, "broken link to /nowhere") {
		t.Errorf("with --strict: %v %q", err, out)
	}
}
