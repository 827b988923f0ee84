package samples

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// SkipFlag is the fence meta word that exempts a sample from checking. It is meant for examples that
// are broken on purpose (a syntax error being explained), never for valid code a tool cannot read.
const SkipFlag = "skip-check"

// UncheckedFlag is the fence meta word for valid code in a language that no installed tool reads
// (jsligo, cameligo, rust…): the report lists the sample as skipped with the reason, instead of
// passing over it in silence. On a sample whose language is checked it is
// a problem, so that the flag cannot switch a checker off.
const UncheckedFlag = "unchecked"

// Problem is a sample that its language's tool rejected.
type Problem struct {
	Page     string // as in Sample.Page
	Line     int    // line of the opening fence
	Lang     string // the validator: "michelson", "typescript", "python", "json", "yaml", "bash", "archetype"
	CodeLine int    // 1-based line inside the sample, 0 when the tool gives none
	Message  string // the tool's message
}

// String formats p as "site/docs/x.md:42: michelson: type error: … (line 47)", where the line in
// brackets is the page line the tool pointed at.
func (p Problem) String() string {
	s := fmt.Sprintf("%s:%d: %s: %s", p.Page, p.Line, p.Lang, p.Message)
	if p.CodeLine > 0 {
		s += fmt.Sprintf(" (line %d)", p.Line+p.CodeLine)
	}
	return s
}

// Skip is a sample left out of checking, or checked only in part, and why.
type Skip struct {
	Sample Sample
	Reason string
}

// Report is the outcome of checking a site's samples.
type Report struct {
	Problems []Problem
	Skipped  []Skip
	Checked  map[string]int           // validator → number of samples it checked
	Took     map[string]time.Duration // validator → how long its run took
}

// Check validates every sample of the site in siteDir with the tools installed in toolsDir (the
// tools/samples Node package, after `npm ci --prefix tools/samples`) and returns the problems found,
// sorted by page and line. The error is for a checker that could not run.
func Check(ctx context.Context, siteDir, toolsDir string) ([]Problem, error) {
	r, err := CheckReport(ctx, siteDir, toolsDir)
	if err != nil {
		return nil, err
	}
	return r.Problems, nil
}

// CheckReport is Check, also telling which samples were skipped and how many each validator checked.
func CheckReport(ctx context.Context, siteDir, toolsDir string) (*Report, error) {
	all, err := Extract(siteDir)
	if err != nil {
		return nil, err
	}
	return CheckSamples(ctx, all, toolsDir)
}

// CheckSamples validates the given samples: one process per validator, all validators at once.
func CheckSamples(ctx context.Context, all []Sample, toolsDir string) (*Report, error) {
	abs, err := filepath.Abs(toolsDir)
	if err != nil {
		return nil, err
	}
	toolsDir = abs // the tools run with their own folder as working directory
	if err := ToolsReady(toolsDir); err != nil {
		return nil, err
	}
	r := &Report{Checked: map[string]int{}, Took: map[string]time.Duration{}}
	batches := map[string][]Sample{}
	envs := taquitoEnvByFolder(all)
	for _, s := range all {
		if s.HasFlag(UncheckedFlag) {
			if p, ok := uncheckedMisused(s); ok {
				r.Problems = append(r.Problems, p)
			} else {
				r.Skipped = append(r.Skipped, Skip{Sample: s, Reason: "marked " + UncheckedFlag + ": no checker for " + langName(s) + " is installed"})
			}
			continue
		}
		v, reason := route(s)
		if reason != "" {
			r.Skipped = append(r.Skipped, Skip{Sample: s, Reason: reason})
		}
		if v == "python" {
			// An excerpt of a class body keeps its indentation on the page; the reader pastes it at
			// that depth, so the parser reads it dedented.
			s.Code = Dedent(s.Code)
		}
		if v != "" {
			batches[v] = append(batches[v], s)
		}
	}

	type outcome struct {
		problems []Problem
		skipped  []Skip
		err      error
	}
	results := make(map[string]*outcome)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for name, batch := range batches {
		r.Checked[name] = len(batch)
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := &outcome{}
			start := time.Now()
			o.problems, o.skipped, o.err = validators[name](ctx, toolsDir, batch, envs)
			mu.Lock()
			results[name] = o
			r.Took[name] = time.Since(start)
			mu.Unlock()
		}()
	}
	wg.Wait()

	var errs []error
	for name, o := range results {
		if o.err != nil {
			errs = append(errs, fmt.Errorf("samples: %s checker: %w", name, o.err))
			continue
		}
		for i := range o.problems {
			o.problems[i].Lang = name
		}
		r.Problems = append(r.Problems, o.problems...)
		r.Skipped = append(r.Skipped, o.skipped...)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	r.Problems = applyAllowlist(r.Problems, &r.Skipped)
	sort.SliceStable(r.Problems, func(i, j int) bool {
		a, b := r.Problems[i], r.Problems[j]
		if a.Page != b.Page {
			return a.Page < b.Page
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.CodeLine < b.CodeLine
	})
	sort.SliceStable(r.Skipped, func(i, j int) bool {
		a, b := r.Skipped[i].Sample, r.Skipped[j].Sample
		if a.Page != b.Page {
			return a.Page < b.Page
		}
		return a.Line < b.Line
	})
	return r, nil
}

// ToolsReady reports, with what to run, when the Node package in toolsDir is not installed.
func ToolsReady(toolsDir string) error {
	for _, p := range []string{"michel-codec-latest", "@taquito/taquito", "typescript", "pyright", "yaml", "@completium/archetype"} {
		if _, err := os.Stat(filepath.Join(toolsDir, "node_modules", filepath.FromSlash(p), "package.json")); err != nil {
			return fmt.Errorf("samples: %s is not installed in %s: run `npm ci --prefix %s` first",
				p, filepath.Join(toolsDir, "node_modules"), toolsDir)
		}
	}
	if _, err := exec.LookPath("node"); err != nil {
		return errors.New("samples: node is not on PATH: install Node.js 20 or later")
	}
	return nil
}

// route picks the validator for s, or says why it is not checked ("" for languages no validator
// reads, which are simply not checked: jsligo, cameligo, csharp, text, html, mermaid…).
func route(s Sample) (validator, skipReason string) {
	if s.HasFlag(SkipFlag) {
		return "", "marked " + SkipFlag
	}
	return validatorFor(s), ""
}

// validatorFor is the validator that reads s's language, "" when none does.
func validatorFor(s Sample) string {
	switch s.Lang {
	case "michelson":
		return "michelson"
	case "typescript", "ts", "tsx":
		t := strings.ToLower(s.Title)
		if strings.HasSuffix(t, ".ts") || strings.HasSuffix(t, ".tsx") {
			return "typescript"
		}
		return ""
	case "json":
		return "json"
	case "yaml", "yml":
		return "yaml"
	case "bash", "sh", "shell":
		return "bash"
	case "python", "py", "smartpy":
		return "python"
	case "archetype":
		return "archetype"
	}
	return ""
}

// uncheckedMisused reports a sample marked unchecked whose language a validator reads.
func uncheckedMisused(s Sample) (Problem, bool) {
	v := validatorFor(s)
	if v == "" {
		return Problem{}, false
	}
	return Problem{Page: s.Page, Line: s.Line, Lang: v, Message: "marked " + UncheckedFlag +
		", but the " + v + " checker reads this sample: remove the flag (mark code that is broken on purpose " +
		SkipFlag + ")"}, true
}

// langName names s's language for a message: its fence language, or "a fence without a language".
func langName(s Sample) string {
	if s.Lang == "" {
		return "a fence without a language"
	}
	return s.Lang
}

// validator checks one batch of samples of its language.
// envs maps a folder of pages to the tools workspace its TypeScript samples compile against.
type validator func(ctx context.Context, toolsDir string, batch []Sample, envs map[string]string) ([]Problem, []Skip, error)

var validators = map[string]validator{
	"michelson":  nodeValidator("michelson.mjs", 0),
	"typescript": nodeValidator("typescript.mjs", 5),
	"python":     nodeValidator("python.mjs", 1),
	"yaml":       nodeValidator("yaml.mjs", 1),
	"archetype":  nodeValidator("archetype.mjs", 1),
	"json":       checkJSON,
	"bash":       checkBash,
}

type nodeSample struct {
	ID    int    `json:"id"`
	Env   string `json:"env,omitempty"`
	Page  string `json:"page"`
	Line  int    `json:"line"`
	Title string `json:"title"`
	Code  string `json:"code"`
}

type nodeProblem struct {
	ID      int    `json:"id"`
	Line    int    `json:"line"`
	Message string `json:"message"`
	Skipped bool   `json:"skipped"`
}

// nodeValidator runs one of the package's scripts over the whole batch in one Node process and keeps
// at most perSample problems for each sample (0: all), since later ones usually follow from the first.
func nodeValidator(script string, perSample int) validator {
	return func(ctx context.Context, toolsDir string, batch []Sample, envs map[string]string) ([]Problem, []Skip, error) {
		req := struct {
			Samples []nodeSample `json:"samples"`
		}{}
		for i, s := range batch {
			req.Samples = append(req.Samples, nodeSample{ID: i, Env: taquitoEnv(envs, s.Page), Page: s.Page, Line: s.Line, Title: s.Title, Code: s.Code})
		}
		in, err := json.Marshal(req)
		if err != nil {
			return nil, nil, err
		}
		cmd := exec.CommandContext(ctx, "node", filepath.Join(toolsDir, script))
		cmd.Dir = toolsDir
		cmd.Stdin = bytes.NewReader(in)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			return nil, nil, fmt.Errorf("node %s: %v: %s", script, err, strings.TrimSpace(stderr.String()))
		}
		var ans struct {
			Problems []nodeProblem `json:"problems"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &ans); err != nil {
			return nil, nil, fmt.Errorf("node %s: unreadable answer: %v", script, err)
		}
		var problems []Problem
		var skipped []Skip
		count := map[int]int{}
		for _, p := range ans.Problems {
			if p.ID < 0 || p.ID >= len(batch) {
				return nil, nil, fmt.Errorf("node %s: answer names unknown sample %d", script, p.ID)
			}
			s := batch[p.ID]
			if p.Skipped {
				skipped = append(skipped, Skip{Sample: s, Reason: p.Message})
				continue
			}
			if count[p.ID]++; perSample > 0 && count[p.ID] > perSample {
				continue
			}
			problems = append(problems, Problem{Page: s.Page, Line: s.Line, CodeLine: p.Line, Message: p.Message})
		}
		return problems, skipped, nil
	}
}
