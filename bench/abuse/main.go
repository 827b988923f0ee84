// Command abuse runs hostile inputs against tzdocs and prints what held. Run it from the project
// root after `make build`:
//
//	go run ./bench/abuse            # every probe
//	go run ./bench/abuse -only build
//	go run ./bench/abuse -only hostile   # what an attacker without an account tries (hostile.go)
//
// The build probes write one small site per pathological input (deep nesting, huge front matter,
// an unclosed component tag, hostile sidebars.js), build each with the real binary, and print the
// build's time, its peak memory and how it ended. Each must finish within 2 s and 300 MB, or stop
// with an error naming the file. The serve probes are in serve.go.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
	"time"
)

// Budgets every build probe must meet.
const (
	buildBudget = 2 * time.Second
	memBudgetMB = 300
)

func main() {
	bin := flag.String("bin", "bin/tzdocs", "the tzdocs binary")
	web := flag.String("web", "web/dist", "the web app's build")
	only := flag.String("only", "", "run one group of probes: build, serve or hostile")
	siteDir := flag.String("site", "site", "the site the hostile probes build and serve")
	match := flag.String("match", "", "run only the hostile probes whose name holds this text")
	flag.Parse()
	failed := false
	if *only == "" || *only == "build" {
		failed = runBuildProbes(*bin, *web) || failed
	}
	if *only == "" || *only == "serve" {
		failed = runServeProbes(*bin, *web) || failed
	}
	if *only == "" || *only == "hostile" {
		failed = runHostileProbes(*bin, *web, *siteDir, *match) || failed
	}
	if failed {
		os.Exit(1)
	}
}

// table prints rows aligned in columns.
type table struct{ w *tabwriter.Writer }

func newTable(header ...string) table {
	t := table{tabwriter.NewWriter(os.Stdout, 2, 4, 2, ' ', 0)}
	t.row(header...)
	return t
}

func (t table) row(cells ...string) { fmt.Fprintln(t.w, strings.Join(cells, "\t")) }
func (t table) flush()              { _ = t.w.Flush() }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "abuse:", err)
		os.Exit(2)
	}
}
