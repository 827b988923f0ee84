// Package buildtest gives other packages' tests and benchmarks search records made by the build:
// those of a small txtar site (see internal/sitetest), so tests check what a build ships without
// needing one, and those of the real docs that make build wrote. The build's own tests do not
// import it, which keeps it free of import cycles.
package buildtest

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"tzdocs/internal/output"
	"tzdocs/internal/sitebuild"
	"tzdocs/internal/sitetest"
)

// Records writes archive, a txtar site whose files sit under site/, to a temporary folder and
// returns the search records a build of it would write. It needs no Node: nothing is prerendered.
func Records(tb testing.TB, archive string) []output.Record {
	tb.Helper()
	dir := filepath.Join(sitetest.Write(tb, archive), "site")
	recs, err := sitebuild.Records(context.Background(), dir)
	if err != nil {
		tb.Fatalf("building the search records of the test site: %v", err)
	}
	if len(recs) == 0 {
		tb.Fatalf("the test site gave no search records; does the archive put its files under site/?")
	}
	return recs
}

// BuiltRecords returns the search records of the site that make build wrote into the repository's
// dist/ folder, for benchmarks on the real docs. Without a build it skips, saying to run one:
// benchmarks are not part of make test, which builds only after the Go tests.
func BuiltRecords(tb testing.TB) []output.Record {
	tb.Helper()
	return fromBuild(tb, output.LoadRecords)
}

// fromBuild reads, with load, the site that make build wrote into dist/, skipping without one.
func fromBuild[T any](tb testing.TB, load func(dir string) (T, error)) T {
	tb.Helper()
	dir, err := repoDist()
	if err != nil {
		tb.Fatal(err)
	}
	v, err := load(dir)
	if errors.Is(err, fs.ErrNotExist) {
		tb.Skipf("no built site in %s: run make build first", dir)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// repoDist is the dist/ folder beside the go.mod above the working directory (a test runs in its
// package's folder).
func repoDist() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "dist"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory: run the benchmark inside the repository")
		}
		dir = parent
	}
}

// Code returns the code blocks a build of archive would write to output.CodeFile (see Records).
func Code(tb testing.TB, archive string) []output.CodeBlock {
	tb.Helper()
	dir := filepath.Join(sitetest.Write(tb, archive), "site")
	code, err := sitebuild.Code(context.Background(), dir)
	if err != nil {
		tb.Fatalf("building the code blocks of the test site: %v", err)
	}
	return code
}

// BuiltCode returns the code blocks of the site that make build wrote into dist/, skipping
// without a build like BuiltRecords.
func BuiltCode(tb testing.TB) []output.CodeBlock {
	tb.Helper()
	return fromBuild(tb, output.LoadCode)
}

// Site builds archive, a txtar site whose files sit under site/, with a stand-in for the web app
// (sitetest.FakeWeb), and returns the built folder: what `tzdocs build` writes, for tests of what
// reads a build (the server, the MCP server). Prerendering needs Node.
func Site(tb testing.TB, archive string) string {
	tb.Helper()
	dir := sitetest.Write(tb, archive+sitetest.FakeWeb)
	out := filepath.Join(dir, "dist")
	b := sitebuild.New(sitebuild.Options{SiteDir: filepath.Join(dir, "site"), OutDir: out, WebDir: filepath.Join(dir, "web")})
	defer b.Close()
	if _, err := b.Build(context.Background()); err != nil {
		tb.Fatalf("building the test site: %v", err)
	}
	return out
}

// BuiltSite returns the whole site that make build wrote into dist/, skipping without a build like
// BuiltRecords.
func BuiltSite(tb testing.TB) *output.Site {
	tb.Helper()
	return fromBuild(tb, output.Load)
}

// Answers returns the answer corpus a build of archive would write to output.AnswersFile (see
// Records).
func Answers(tb testing.TB, archive string) []output.AnswerSection {
	tb.Helper()
	dir := filepath.Join(sitetest.Write(tb, archive), "site")
	secs, err := sitebuild.Answers(context.Background(), dir)
	if err != nil {
		tb.Fatalf("building the answer corpus of the test site: %v", err)
	}
	return secs
}

// BuiltAnswers returns the answer corpus of the site that make build wrote into dist/, skipping
// without a build like BuiltRecords.
func BuiltAnswers(tb testing.TB) []output.AnswerSection {
	tb.Helper()
	return fromBuild(tb, output.LoadAnswers)
}
