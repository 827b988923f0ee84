// Command assistant asks the Ask AI endpoint of a running tzdocs every question of
// bench/assistant/questions.tsv over HTTP and prints, against the targets of issue 18:
//
//   - key-fact recall: answers stating the question's key fact (a regular expression) in their
//     first 600 characters or in their first code block;
//   - right source: answers linking to one of the question's pages;
//   - mangled code blocks: answer code blocks that are not byte for byte a block of the site;
//   - time to first text, median and p99.
//
// Before asking, it checks that the first page named by each question states its key fact, and
// stops naming every question that needs fixing otherwise. It exits non-zero when fewer than
// minQuestions questions are asked or a quality target is missed (times are only printed). Run
// from the project root after make build:
//
//	go run ./bench/assistant [-v]
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

// Targets of the extractive engine (issue 18), measured over at least minQuestions questions.
const (
	factTarget   = 0.85
	sourceTarget = 0.95
	minQuestions = 80
)

func main() {
	bin := flag.String("bin", "bin/tzdocs", "the tzdocs binary")
	dir := flag.String("dir", "dist", "the built site")
	file := flag.String("questions", "bench/assistant/questions.tsv", "question<TAB>pages<TAB>key fact")
	verbose := flag.Bool("v", false, "print each miss")
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
	f, err := os.Open(*file)
	check(err)
	questions, err := readQuestions(*file, f)
	f.Close()
	check(err)
	check(checkFacts(*file, questions, pageTexts(records, code)))

	url, stop := serve(*bin, *dir)
	defer stop()
	token := fetchToken(url)
	site := blockSet(code)
	// The server builds the engine's view of the site on the first question, which waits for it.
	// It is timed apart, as the cost of a fresh start, not of a question.
	warm, _ := ask(url, token, "What is Tezos?")
	fmt.Printf("first question after start (builds the engine's view of the site): %s\n", warm.Round(10*time.Microsecond))
	var s score
	for _, q := range questions {
		first, answer := ask(url, token, q.text)
		miss := s.add(q, first, answer, site)
		if *verbose && miss != "" {
			fmt.Printf("%s: %q (line %d)\n%s\n\n", miss, q.text, q.line, indent(answer))
		}
	}
	fmt.Print(s.report())
	if *verbose {
		fmt.Print(s.slowest(questions, 3))
	}
	if err := s.meetsTargets(); err != nil {
		stop() // check exits, and deferred calls do not run then
		check(err)
	}
}

// score accumulates the figures of a run.
type score struct {
	asked, facts, sources, blocks, mangled int
	firsts                                 []time.Duration
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

func (s *score) report() string {
	if s.asked == 0 {
		return "no questions asked\n"
	}
	d := append([]time.Duration(nil), s.firsts...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	at := func(p float64) time.Duration {
		return d[min(len(d)-1, int(p*float64(len(d))))].Round(10 * time.Microsecond)
	}
	n := float64(s.asked)
	return fmt.Sprintf("questions %d\n"+
		"key-fact recall      %d (%.2f)  target >= %.2f\n"+
		"right source         %d (%.2f)  target >= %.2f\n"+
		"mangled code blocks  %d of %d  target 0\n"+
		"time to first text over HTTP: median %s  p99 %s  max %s  (targets 50ms / 150ms)\n",
		s.asked, s.facts, float64(s.facts)/n, factTarget, s.sources, float64(s.sources)/n, sourceTarget,
		s.mangled, s.blocks, at(0.5), at(0.99), d[len(d)-1].Round(10*time.Microsecond))
}

// slowest names the n questions whose first text came last.
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

// meetsTargets says whether the run meets the quality targets.
func (s *score) meetsTargets() error {
	if s.asked < minQuestions {
		return fmt.Errorf("only %d questions; the figures are measured over at least %d", s.asked, minQuestions)
	}
	n := float64(s.asked)
	var bad []string
	if r := float64(s.facts) / n; r < factTarget {
		bad = append(bad, fmt.Sprintf("key-fact recall %.2f is below %.2f", r, factTarget))
	}
	if r := float64(s.sources) / n; r < sourceTarget {
		bad = append(bad, fmt.Sprintf("right source %.2f is below %.2f", r, sourceTarget))
	}
	if s.mangled > 0 {
		bad = append(bad, fmt.Sprintf("%d code blocks are not quoted as written", s.mangled))
	}
	if len(bad) > 0 {
		return fmt.Errorf("%s; run with -v to see the misses", strings.Join(bad, "; "))
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
