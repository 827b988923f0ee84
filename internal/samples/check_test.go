package samples

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// repoDir is the repository root, two folders above this package.
func repoDir(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the test file")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// toolsDir returns tools/samples and fails the test, saying what to run, when it is not installed.
func toolsDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(repoDir(t), "tools", "samples")
	if err := ToolsReady(dir); err != nil {
		t.Fatalf("%v (the Makefile runs `npm ci --prefix tools/samples` before the tests)", err)
	}
	return dir
}

// A case is a sample and what the checker should say: nothing (a valid sample), that it is skipped,
// or a problem (bad) whose message contains want and that points at line wantLine of the sample
// (0: any line).
type checkCase struct {
	lang, title, meta, code string
	bad, skip               bool
	want                    string
	wantLine                int
}

var checkCases = []checkCase{
	// Michelson: whole contracts are type-checked.
	{lang: "michelson", code: "parameter nat;\nstorage nat;\ncode { CAR; NIL operation; PAIR }\n"},
	{lang: "michelson", code: "parameter nat;\nstorage nat;\ncode { CAR;\n       ADD;\n       NIL operation; PAIR }\n", bad: true, want: "type error: ADD", wantLine: 4},
	{lang: "michelson", code: "parameter nat;\nstorage string;\ncode { CAR; NIL operation; PAIR }\n", bad: true, want: "type error"},
	{lang: "michelson", code: "parameter unit;\nstorage unit;\ncode { CDR;\n  OPEN_CHEST;\n  NIL operation; PAIR }\n", bad: true, want: "OPEN_CHEST"},
	// Michelson: macros expand; fragments parse and name real instructions, types or data.
	{lang: "michelson", code: "parameter int;\nstorage unit;\ncode { UNPAIR; PUSH int 0; ASSERT_CMPLT; NIL operation; PAIR }\n"},
	{lang: "michelson", code: "DUP;\nCAR;\nSWAP\n"},
	{lang: "michelson", code: "DUP;\nCARR\n", bad: true, want: "invalid", wantLine: 2},
	{lang: "michelson", code: "{ DUP ; CAR \n", bad: true, want: "parse error"},
	{lang: "michelson", code: "(pair (nat %amount) (address %to))\n"},
	{lang: "michelson", code: "Pair 1 \"two\"\n"},
	{lang: "michelson", code: "parameter (or (nat %a) (unit %b));\n"},
	{lang: "michelson", code: "parameter (or nat unitt);\n", bad: true, want: "invalid"},
	{lang: "michelson", code: "parameter int;\nstorage int;\ncode { constant \"exprtfDKdvWeeUD7pAhxD2BEKuF5BYUZhbamntx1tuGjmKUt5hkKwH\" }\n", skip: true},

	// TypeScript: complete files compile in strict mode against the real packages.
	{lang: "typescript", title: "src/read.ts", code: "import { TezosToolkit } from '@taquito/taquito';\n\nconst tezos = new TezosToolkit('https://rpc.example');\nexport async function balance(a: string): Promise<string> {\n  return (await tezos.tz.getBalance(a)).toFixed();\n}\n"},
	{lang: "typescript", title: "src/bad.ts", code: "import { TezosToolkit } from '@taquito/taquito';\n\nconst tezos = new TezosToolkit('https://rpc.example');\ntezos.tz.getBalanse('tz1');\n", bad: true, want: "TS2551", wantLine: 4},
	{lang: "typescript", title: "src/strict.ts", code: "export function f(x) {\n  return x;\n}\n", bad: true, want: "TS7006", wantLine: 1},
	{lang: "typescript", title: "src/missing.ts", code: "import { nothing } from '@taquito/not-a-package';\nconsole.log(nothing);\n", bad: true, want: "TS2307"},
	{lang: "typescript", title: "src/uses-sibling.ts", code: "import { RPC } from './config';\nconst n: number = RPC;\nconsole.log(n);\n", bad: true, want: "TS2322", wantLine: 2},
	{lang: "typescript", title: "src/config.ts", code: "export const RPC = 'https://rpc.example';\n"},
	{lang: "typescript", code: "this is a fragment, not checked\n"},

	// JSON, YAML.
	{lang: "json", code: "{\"name\": \"app\", \"version\": \"1.0.0\"}\n"},
	{lang: "json", code: "{\n  \"name\": \"app\",\n}\n", bad: true, want: "invalid JSON"},
	{lang: "yaml", code: "a: 1\nb:\n  - c\n"},
	{lang: "yaml", code: "a: 1\nb: [1, 2\nc: 3\n", bad: true, want: ""},
	{lang: "yml", code: "a: 1\n a: 2\n", bad: true, want: ""},

	// Shell: bash -n, with prompts and placeholders understood.
	{lang: "bash", code: "octez-client transfer 1 from alice to <destination>\nif true; then echo ok; fi\n"},
	{lang: "bash", code: "$ octez-client --version\nOctez 21.0 (output with a stray paren)\n"},
	{lang: "bash", code: "echo start\nif true; then\n  echo never closed\n", bad: true, want: "syntax error"},
	{lang: "sh", code: "echo ok\nfi\n", bad: true, want: "syntax error", wantLine: 2},
	{lang: "console", code: "$ echo ( \n"},

	// Python and SmartPy: valid syntax; class-body excerpts are read dedented.
	{lang: "smartpy", code: "import smartpy as sp\n\n@sp.module\ndef main():\n    class C(sp.Contract):\n        @sp.entrypoint\n        def f(self, x: sp.int):\n            assert x > 0, \"NEG\"\n"},
	{lang: "smartpy", code: "        @sp.entrypoint\n        def f(self):\n            self.data.x = 1\n"},
	{lang: "python", code: "def f(:\n    pass\n", bad: true, want: "", wantLine: 1},
	{lang: "python", code: "x = 1\nreturn x\n", bad: true, want: "return", wantLine: 2},

	// Archetype: whole contracts compile with the Archetype compiler.
	{lang: "archetype", code: "archetype counter\n\nvariable total : nat = 0\n\nentry add(n : nat) {\n  total += n\n}\n"},
	{lang: "archetype", code: "archetype counter\n\nvariable total : nat = 0\n\nentry add(n : nat) {\n  total += m\n}\n", bad: true, want: "Unknown local or variable", wantLine: 6},

	// Opting out.
	{lang: "python", meta: "skip-check", code: "def broken(:\n", skip: true},
	// unchecked: listed as skipped for a language no checker reads, refused where one does.
	{lang: "rust", meta: "unchecked", code: "fn main() {}\n", skip: true},
	{lang: "michelson", meta: "unchecked", code: "parameter nat;\nstorage nat;\ncode { CAR; NIL operation; PAIR }\n", bad: true, want: "marked unchecked, but the michelson checker"},
}

func TestCheckSamplesReportsEachBadSampleAndNoGoodOne(t *testing.T) {
	t.Parallel()
	tools := toolsDir(t)
	// Results may come from the tools' cache: its keys cover the samples, the scripts and the
	// installed packages, so a cached answer is the one the tools would give now.
	var batch []Sample
	for i, c := range checkCases {
		meta := c.meta
		if c.title != "" {
			meta = strings.TrimSpace(fmt.Sprintf("title=%q %s", c.title, meta))
		}
		batch = append(batch, Sample{
			Page: "site/docs/case.md", Line: 100 * (i + 1), Lang: c.lang, Meta: meta, Title: c.title, Code: c.code,
		})
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	r, err := CheckSamples(ctx, batch, tools)
	if err != nil {
		t.Fatal(err)
	}
	problems := map[int][]Problem{}
	for _, p := range r.Problems {
		problems[p.Line/100-1] = append(problems[p.Line/100-1], p)
	}
	skipped := map[int]string{}
	for _, s := range r.Skipped {
		skipped[s.Sample.Line/100-1] = s.Reason
	}
	for i, c := range checkCases {
		name := fmt.Sprintf("case %d (%s, fence line %d)", i, c.lang, 100*(i+1))
		got := problems[i]
		switch {
		case c.skip:
			if skipped[i] == "" || len(got) > 0 {
				t.Errorf("%s: want it skipped with a reason, got skip %q and problems %v", name, skipped[i], got)
			}
		case !c.bad:
			if len(got) > 0 {
				t.Errorf("%s: valid sample reported: %v", name, got)
			}
		default:
			if len(got) == 0 {
				t.Errorf("%s: bad sample not reported:\n%s", name, c.code)
				continue
			}
			if !strings.Contains(got[0].Message, c.want) {
				t.Errorf("%s: got %q, want a message containing %q", name, got[0].Message, c.want)
			}
			if c.wantLine > 0 && got[0].Line+got[0].CodeLine != 100*(i+1)+c.wantLine {
				t.Errorf("%s: got %s, want it to point at line %d of the sample", name, got[0], c.wantLine)
			}
			if want := fmt.Sprintf("site/docs/case.md:%d: ", 100*(i+1)); !strings.HasPrefix(got[0].String(), want) {
				t.Errorf("%s: got %q, want it to start with %q", name, got[0], want)
			}
		}
	}
	for _, v := range []string{"michelson", "typescript", "json", "yaml", "bash", "python"} {
		if r.Checked[v] == 0 {
			t.Errorf("validator %s checked nothing", v)
		}
	}
}

func TestCheckSamplesGivesTheSameProblemsFromTheCache(t *testing.T) {
	tools := toolsDir(t)
	// On a fresh install the first run checks the sample and the second reads the cache; later test
	// runs read it both times.
	code := "# the cache test\nx = (\n"
	batch := []Sample{{Page: "site/docs/cache.md", Line: 7, Lang: "python", Code: code}}
	var got []string
	for range 2 {
		r, err := CheckSamples(t.Context(), batch, tools)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Problems) != 1 {
			t.Fatalf("got %v, want one problem", r.Problems)
		}
		got = append(got, r.Problems[0].String())
	}
	if got[0] != got[1] {
		t.Errorf("first run %q, cached run %q", got[0], got[1])
	}
}

func TestCheckSamplesSaysHowToInstallMissingTools(t *testing.T) {
	_, err := CheckSamples(t.Context(), nil, t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "npm ci --prefix") {
		t.Fatalf("got %v, want an error telling to run npm ci", err)
	}
}

// pendingFolders hold pages whose writers are still at work: their problems are logged, not failed.
// Remove an entry once its pages are done.
var pendingFolders = []string{}

func isPending(page string) bool {
	for _, f := range pendingFolders {
		if strings.HasPrefix(page, f) {
			return true
		}
	}
	return false
}

// report returns how to report a problem of page: an error, or a log line for a pending page.
func report(t *testing.T, page string) func(format string, args ...any) {
	if isPending(page) {
		return func(format string, args ...any) { t.Logf("pending page: "+format, args...) }
	}
	return t.Errorf
}

func TestSiteSamples(t *testing.T) {
	t.Parallel()
	tools := toolsDir(t)
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	start := time.Now()
	r, err := CheckReport(ctx, filepath.Join(repoDir(t), "site"), tools)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("checked %v in %v (%v)", r.Checked, time.Since(start).Round(time.Millisecond), r.Took)
	for _, s := range r.Skipped {
		t.Logf("skipped %s: %s", s.Sample.Location(), s.Reason)
	}
	for _, v := range []string{"michelson", "typescript", "bash", "python"} {
		if r.Checked[v] == 0 {
			t.Errorf("no %s sample checked: is extraction broken?", v)
		}
	}
	for _, a := range allowed {
		used := false
		for _, s := range r.Skipped {
			used = used || (s.Sample.Page == a.Page && s.Sample.Line == a.Line)
		}
		if !used {
			t.Errorf("allowlist entry %s:%d matched no problem: the sample moved (update its line) or "+
				"michel-codec now accepts it (remove the entry)", a.Page, a.Line)
		}
	}
	var failed []string
	for _, p := range r.Problems {
		if isPending(p.Page) {
			t.Logf("pending page: %s", p)
			continue
		}
		failed = append(failed, p.String())
	}
	if len(failed) > 0 {
		t.Errorf("%d code samples are invalid (fix the sample; mark a deliberately broken one with the fence meta %q):\n%s",
			len(failed), SkipFlag, strings.Join(failed, "\n"))
	}
}
