// Command assistant asks the Ask AI endpoint of a running tzdocs the questions of three sets
// over HTTP and prints, per set, with the threshold under which it fails:
//
//   - bench/assistant/questions.tsv: questions written together with the engine;
//   - bench/assistant/tune.tsv: real readers' questions that anyone may look at while improving
//     the engine;
//   - bench/assistant/test.tsv: real readers' questions kept apart to judge it, of which only
//     totals are printed unless -details is given.
//
// The figures per set are key-fact recall (answers stating the question's key fact, a regular
// expression, in their first 600 characters or in their first code block), right source
// (answers linking to one of the question's pages), mangled code blocks (answer code blocks that
// are not byte for byte a block of the site), cut or stitched quotes (answers holding text that is
// neither a whole block of the answer corpus nor a line the engine writes itself), time to first
// text, median and p99, and retrieval on its own: how often the built-in engine's ranking, and
// the keyword search's on the question as typed, put one of a covered question's pages first and
// in the first three. A question of readers that no page answers yet ("uncovered") counts as a
// miss on key facts and sources.
//
// Before asking, it checks every file: the first page named by each question must state its key
// fact, and in the readers' files a key fact must match neither the question itself nor more than
// 3% of the site's sections, and a question names at most two pages. It stops naming each line
// that needs fixing otherwise. With -gate (the default) it exits non-zero when a set misses its
// thresholds; bench/run.sh passes -gate=false so that the other benches still run. Run from the
// project root after make build:
//
//	go run ./bench/assistant [-v] [-details] [-gate=false] [-check]
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"tzdocs/internal/output"
)

// target is what a set must reach: key-fact recall and right source as shares of its questions,
// over at least min questions, and no mangled code block.
type target struct {
	fact, source float64
	min          int
}

// set is one file of questions and what the engine must reach on it.
type set struct {
	name    string
	file    string
	sourced bool // question<TAB>source<TAB>pages<TAB>fact, held to the readers' rules
	private bool // per-question results only with -details
	target  target
	qs      []question
}

// The thresholds. The readers' test half holds the engine's targets; the two others hold the
// level measured when they were set, less a small margin, so that a change that loses ground
// shows (bench/RESULTS.md records the figures).
var (
	writtenTarget = target{fact: 0.80, source: 0.95, min: 80}
	tuneTarget    = target{fact: 0.03, source: 0.35, min: 50}
	testTarget    = target{fact: 0.80, source: 0.95, min: 80}
)

func main() {
	bin := flag.String("bin", "bin/tzdocs", "the tzdocs binary")
	dir := flag.String("dir", "dist", "the built site")
	written := flag.String("questions", "bench/assistant/questions.tsv", "questions written with the engine: question<TAB>pages<TAB>key fact")
	tune := flag.String("tune", "bench/assistant/tune.tsv", "readers' questions to tune with: question<TAB>source<TAB>pages<TAB>key fact")
	test := flag.String("test", "bench/assistant/test.tsv", "readers' questions to judge with (totals only without -details)")
	verbose := flag.Bool("v", false, "print each miss and the slowest questions (not of the test set)")
	details := flag.Bool("details", false, "also print the misses of the test set")
	gate := flag.Bool("gate", true, "exit non-zero when a set misses its thresholds")
	checkOnly := flag.Bool("check", false, "only check the question files against the built site")
	flag.Parse()

	if _, err := os.Stat(*bin); err != nil {
		check(fmt.Errorf("%s is missing: run make build first (or give -bin)", *bin))
	}
	records, err := output.LoadRecords(*dir)
	if errors.Is(err, fs.ErrNotExist) {
		check(fmt.Errorf("no built site in %s: run make build first (or give -dir)", *dir))
	}
	check(err)
	code, err := output.LoadCode(*dir)
	check(err)
	sets := []*set{
		{name: "written with the engine", file: *written, target: writtenTarget},
		{name: "readers, tune half", file: *tune, sourced: true, target: tuneTarget},
		{name: "readers, test half", file: *test, sourced: true, private: true, target: testTarget},
	}
	check(loadSets(sets, pageTexts(records, code), sectionTexts(records, code)))
	if *checkOnly {
		for _, st := range sets {
			n := 0
			for _, q := range st.qs {
				if q.uncovered() {
					n++
				}
			}
			fmt.Printf("%s: %d questions, %d uncovered\n", st.file, len(st.qs), n)
		}
		return
	}

	answers, err := output.LoadAnswers(*dir)
	check(err)
	rank := newRetrievers(answers, records)

	url, stop := serve(*bin, *dir)
	defer stop()
	token := fetchToken(url)
	site := blockSet(code)
	// The server builds the engine's view of the site on the first question, which waits for it.
	// It is timed apart, as the cost of a fresh start, not of a question.
	warm, _ := ask(url, token, "What is Tezos?")
	fmt.Printf("first question after start (builds the engine's view of the site): %s\n", warm.Round(10*time.Microsecond))
	var failed []string
	for _, st := range sets {
		show := (*verbose && !st.private) || *details
		var s score
		asked := make([]question, 0, len(st.qs))
		for _, q := range st.qs {
			if q.uncovered() {
				s.addUncovered()
				if show {
					fmt.Printf("uncovered: %q (%s:%d)\n\n", q.text, st.file, q.line)
				}
				continue
			}
			first, answer := ask(url, token, q.text)
			asked = append(asked, q)
			miss := s.add(q, first, answer, site)
			if bad := rank.corpus.NotQuotedWhole(answer); len(bad) > 0 {
				s.cut++
				miss = strings.TrimPrefix(miss+fmt.Sprintf(", quotes text that is no whole block of the site: %q", bad[0]), ", ")
			}
			if show && miss != "" {
				fmt.Printf("%s: %q (%s:%d)\n%s\n\n", miss, q.text, st.file, q.line, indent(answer))
			}
		}
		fmt.Printf("\n== %s (%s)\n", st.name, st.file)
		fmt.Print(s.report(st.target))
		fmt.Print(rank.measure(st.qs).report())
		if show {
			fmt.Print(s.slowest(asked, 3))
		}
		if err := s.meetsTargets(st.target); err != nil {
			fmt.Printf("BELOW THRESHOLD: %v\n", err)
			failed = append(failed, st.name)
		}
	}
	if *gate && len(failed) > 0 {
		stop() // check exits, and deferred calls do not run then
		check(fmt.Errorf("below threshold: %s; run with -v (and -details for the test set) to see the misses", strings.Join(failed, ", ")))
	}
}

// loadSets reads and checks every set's file, and names every line that needs fixing, in all
// files at once. pages holds each page's text by route, sections each section's text.
func loadSets(sets []*set, pages map[string]string, sections []string) error {
	var bad []string
	for _, st := range sets {
		f, err := os.Open(st.file)
		if err != nil {
			return err
		}
		if st.sourced {
			st.qs, err = readSourced(st.file, f)
		} else {
			st.qs, err = readQuestions(st.file, f)
		}
		f.Close()
		if err != nil {
			return err
		}
		if st.sourced {
			if err := checkLoose(st.file, st.qs, sections); err != nil {
				bad = append(bad, err.Error())
			}
		}
		if err := checkFacts(st.file, st.qs, pages); err != nil {
			bad = append(bad, err.Error())
		}
	}
	if len(bad) > 0 {
		return errors.New(strings.Join(bad, "\n"))
	}
	return nil
}

// score accumulates the figures of a run over one set.
type score struct {
	asked, facts, sources, blocks, mangled int
	cut                                    int // answers quoting text that is no whole block of the site
	uncovered                              int
	firsts                                 []time.Duration
}

// addUncovered counts a question that no page answers: a miss on both figures, not asked.
func (s *score) addUncovered() {
	s.asked++
	s.uncovered++
}

// add scores one answer and says what it missed ("" for nothing).
func (s *score) add(q question, first time.Duration, answer string, site map[block]bool) string {
	s.asked++
	s.firsts = append(s.firsts, first)
	var miss []string
	if statesFact(answer, q.fact) {
		s.facts++
	} else {
		miss = append(miss, "no key fact "+strings.TrimPrefix(q.fact.String(), "(?i)"))
	}
	if cites(answer, q.pages) {
		s.sources++
	} else {
		miss = append(miss, fmt.Sprintf("no link to %v", q.pages))
	}
	s.blocks += len(fencedBlocks(answer))
	if m := mangled(answer, site); m > 0 {
		s.mangled += m
		miss = append(miss, fmt.Sprintf("%d mangled code blocks", m))
	}
	return strings.Join(miss, ", ")
}

func (s *score) report(t target) string {
	if s.asked == 0 {
		return "no questions asked\n"
	}
	times := "time to first text over HTTP: none asked\n"
	if len(s.firsts) > 0 {
		d := append([]time.Duration(nil), s.firsts...)
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		at := func(p float64) time.Duration {
			return d[min(len(d)-1, int(p*float64(len(d))))].Round(10 * time.Microsecond)
		}
		times = fmt.Sprintf("time to first text over HTTP: median %s  p99 %s  max %s  (targets 50ms / 150ms)\n",
			at(0.5), at(0.99), d[len(d)-1].Round(10*time.Microsecond))
	}
	n := float64(s.asked)
	return fmt.Sprintf("questions %d, of which uncovered %d (no page answers them; counted as misses)\n"+
		"key-fact recall      %d (%.2f)  threshold >= %.2f\n"+
		"right source         %d (%.2f)  threshold >= %.2f\n"+
		"mangled code blocks  %d of %d  threshold 0\n"+
		"cut or stitched quotes  %d of %d answers  threshold 0\n%s",
		s.asked, s.uncovered, s.facts, float64(s.facts)/n, t.fact, s.sources, float64(s.sources)/n, t.source,
		s.mangled, s.blocks, s.cut, s.asked-s.uncovered, times)
}

// slowest names the n questions whose first text came last; qs are the questions asked, in order.
func (s *score) slowest(qs []question, n int) string {
	idx := make([]int, len(s.firsts))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return s.firsts[idx[a]] > s.firsts[idx[b]] })
	var b strings.Builder
	for _, i := range idx[:min(n, len(idx))] {
		fmt.Fprintf(&b, "slow: %s %q\n", s.firsts[i].Round(10*time.Microsecond), qs[i].text)
	}
	return b.String()
}

// meetsTargets says whether the run meets the set's thresholds.
func (s *score) meetsTargets(t target) error {
	if s.asked < t.min {
		return fmt.Errorf("only %d questions; the figures are measured over at least %d", s.asked, t.min)
	}
	n := float64(s.asked)
	var bad []string
	if r := float64(s.facts) / n; r < t.fact {
		bad = append(bad, fmt.Sprintf("key-fact recall %.2f is below %.2f", r, t.fact))
	}
	if r := float64(s.sources) / n; r < t.source {
		bad = append(bad, fmt.Sprintf("right source %.2f is below %.2f", r, t.source))
	}
	if s.mangled > 0 {
		bad = append(bad, fmt.Sprintf("%d code blocks are not quoted as written", s.mangled))
	}
	if s.cut > 0 {
		bad = append(bad, fmt.Sprintf("%d answers quote text that is no whole block of the site", s.cut))
	}
	if len(bad) > 0 {
		return errors.New(strings.Join(bad, "; "))
	}
	return nil
}

func indent(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }

// serve starts tzdocs on a free loopback port with a throwaway database.
func serve(bin, dir string) (string, func()) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	check(err)
	addr := ln.Addr().String()
	ln.Close()
	tmp, err := os.MkdirTemp("", "tzdocs-bench-")
	check(err)
	cmd := exec.Command(bin, "serve", "--dir", dir, "--addr", addr, "--no-rate-limits")
	cmd.Env = append(os.Environ(), "TZDOCS_DATABASE_URL=file:"+filepath.Join(tmp, "db"))
	check(cmd.Start())
	url := "http://" + addr
	for i := 0; ; i++ {
		if res, err := http.Get(url + "/healthz"); err == nil {
			res.Body.Close()
			break
		}
		if i > 100 {
			check(fmt.Errorf("tzdocs serve did not start"))
		}
		time.Sleep(50 * time.Millisecond)
	}
	return url, func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
		os.RemoveAll(tmp)
	}
}

func fetchToken(url string) string {
	req, _ := http.NewRequest(http.MethodPost, url+"/api/askai/chat/token", nil)
	req.Header.Set("x-algolia-assistant-id", "tezosdocs")
	res, err := http.DefaultClient.Do(req)
	check(err)
	defer res.Body.Close()
	var tok struct{ Token string }
	check(json.NewDecoder(res.Body).Decode(&tok))
	return tok.Token
}

// ask sends one question and returns the time to the first text delta and the whole answer text.
func ask(url, token, q string) (time.Duration, string) {
	body, _ := json.Marshal(map[string]any{"id": "bench", "trigger": "submit-message", "messages": []any{
		map[string]any{"id": "m1", "role": "user", "parts": []any{map[string]string{"type": "text", "text": q}}},
	}})
	req, _ := http.NewRequest(http.MethodPost, url+"/api/askai/chat", bytes.NewReader(body))
	req.Header.Set("authorization", "TOKEN "+token)
	req.Header.Set("content-type", "application/json")
	start := time.Now()
	res, err := http.DefaultClient.Do(req)
	check(err)
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		check(fmt.Errorf("%q: %d %s", q, res.StatusCode, b))
	}
	var first time.Duration
	var answer strings.Builder
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok || data == "[DONE]" {
			continue
		}
		var chunk struct{ Type, Delta string }
		if json.Unmarshal([]byte(data), &chunk) == nil && chunk.Type == "text-delta" {
			if first == 0 {
				first = time.Since(start)
			}
			answer.WriteString(chunk.Delta)
		}
	}
	return first, answer.String()
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}
