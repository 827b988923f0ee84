// Command assistant asks the Ask AI endpoint of a running tzdocs every question of
// bench/assistant/questions.tsv over HTTP, and prints the share of answers that cite an expected
// page and the time to the first answer text. It fails when fewer than minQuestions questions are
// asked or fewer than citeFloor of the answers cite an expected page. Run from the project root
// after make build:
//
//	go run ./bench/assistant
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
	"regexp"
	"sort"
	"strings"
	"time"

	"tzdocs/internal/dist"
)

// The floor of the share of answers that cite an expected page, over at least minQuestions
// questions (the budget in bench/RESULTS.md).
const (
	citeFloor    = 0.85
	minQuestions = 40
)

func main() {
	bin := flag.String("bin", "bin/tzdocs", "the tzdocs binary")
	dir := flag.String("dir", "dist", "the built site")
	file := flag.String("questions", "bench/assistant/questions.tsv", "question<TAB>expected pages")
	verbose := flag.Bool("v", false, "print each miss")
	flag.Parse()

	if _, err := os.Stat(*bin); err != nil {
		check(fmt.Errorf("%s is missing: run make build first (or give -bin)", *bin))
	}
	if _, err := dist.LoadRecords(*dir); errors.Is(err, fs.ErrNotExist) {
		check(fmt.Errorf("no built site in %s: run make build first (or give -dir)", *dir))
	}
	url, stop := serve(*bin, *dir)
	defer stop()
	token := fetchToken(url)

	questions := readQuestions(*file)
	var firsts []time.Duration
	good := 0
	for _, q := range questions {
		first, answer := ask(url, token, q.text)
		firsts = append(firsts, first)
		if cites(answer, q.pages) {
			good++
		} else if *verbose {
			fmt.Printf("miss: %q wanted %v\n", q.text, q.pages)
		}
	}
	sort.Slice(firsts, func(i, j int) bool { return firsts[i] < firsts[j] })
	fmt.Printf("questions %d  answered with an expected source %d (%.2f)\n", len(questions), good, float64(good)/float64(len(questions)))
	fmt.Printf("time to first text over HTTP: median %s  p90 %s  max %s\n",
		firsts[len(firsts)/2].Round(10*time.Microsecond), firsts[len(firsts)*9/10].Round(10*time.Microsecond), firsts[len(firsts)-1].Round(10*time.Microsecond))
	if err := meetsFloor(len(questions), good); err != nil {
		stop() // check exits, and deferred calls do not run then
		check(err)
	}
}

// meetsFloor says whether good answers of asked meet the floor.
func meetsFloor(asked, good int) error {
	if asked < minQuestions {
		return fmt.Errorf("only %d questions; the share is measured over at least %d", asked, minQuestions)
	}
	if share := float64(good) / float64(asked); share < citeFloor {
		return fmt.Errorf("%d of %d answers (%.2f) cite an expected page, below the floor of %.2f; run with -v to see the misses", good, asked, share, citeFloor)
	}
	return nil
}

type question struct {
	text  string
	pages []string
}

func readQuestions(file string) []question {
	f, err := os.Open(file)
	check(err)
	defer f.Close()
	var out []question
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		q, pages, ok := strings.Cut(line, "\t")
		if !ok {
			check(fmt.Errorf("%s: %q is not question<TAB>pages", file, line))
		}
		out = append(out, question{q, strings.Fields(pages)})
	}
	return out
}

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

var link = regexp.MustCompile(`\]\((/[^)\s#]*)`)

// cites reports whether the answer links to one of the pages (or one of their sections).
func cites(answer string, pages []string) bool {
	for _, m := range link.FindAllStringSubmatch(answer, -1) {
		for _, p := range pages {
			if strings.TrimSuffix(m[1], "/") == strings.TrimSuffix(p, "/") {
				return true
			}
		}
	}
	return false
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}
