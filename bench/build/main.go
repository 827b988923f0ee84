// Command build measures the full site build (prerender included), the weight of a doc page's
// first load (sitebuild.FirstLoad: scripts, module preloads and inline scripts, per part) and what
// opening Ask AI adds to it (sitebuild.LazyLoad). Run it from the project root after `make build`: go run ./bench/build
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"syscall"
	"time"

	"tzdocs/internal/output"
	"tzdocs/internal/sitebuild"
)

func main() {
	runs := flag.Int("runs", 5, "number of full builds")
	bin := flag.String("bin", "bin/tzdocs", "the tzdocs binary")
	page := flag.String("page", "/architecture/bakers", "the route of the doc page whose first load is weighed")
	web := flag.String("web", "web/dist", "the web app's build")
	flag.Parse()
	out, err := os.MkdirTemp("", "tzdocs-bench-")
	check(err)
	defer os.RemoveAll(out)

	var walls []time.Duration
	var ownRSS int64
	for i := 0; i < *runs; i++ {
		dist := filepath.Join(out, fmt.Sprint(i))
		cmd := exec.Command(*bin, "build", "--site", "site", "--out", dist, "--web", *web)
		cmd.Stderr = os.Stderr
		start := time.Now()
		check(cmd.Run())
		walls = append(walls, time.Since(start))
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > ownRSS {
			ownRSS = ru.Maxrss
		}
	}
	var children syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children))
	sort.Slice(walls, func(i, j int) bool { return walls[i] < walls[j] })
	fmt.Printf("full build (%d runs): median %d ms, min %d ms, max %d ms\n", *runs,
		walls[len(walls)/2].Milliseconds(), walls[0].Milliseconds(), walls[len(walls)-1].Milliseconds())
	fmt.Printf("peak RSS: tzdocs %d MB, largest process incl. the Node prerender worker %d MB\n", ownRSS/1024, children.Maxrss/1024)

	built := filepath.Join(out, "0")
	html, err := os.ReadFile(filepath.Join(built, output.PageFile(*page)))
	check(err)
	w, err := sitebuild.FirstLoad(built, html)
	check(err)
	fmt.Printf("first load of %s: JS %.1f KB gzip (budget %d KB), CSS %.1f KB gzip (budget %d KB), HTML %.1f KB gzip\n",
		*page, kb(w.JS), sitebuild.FirstLoadJSBudget>>10, kb(w.CSS), sitebuild.FirstLoadCSSBudget>>10, kb(gzSize(html)))
	for _, p := range w.Parts {
		kind := "JS "
		if !p.JS {
			kind = "CSS"
		}
		fmt.Printf("  %s %6.1f KB  %s\n", kind, kb(p.Gzip), p.Name)
	}
	// Opening Ask AI, on that page: the chatbot panel, or the assistant view in the search dialog.
	for _, part := range []struct{ what, src string }{
		{"the chatbot panel", sitebuild.AskAIPanelSource},
		{"Ask AI in the search dialog", sitebuild.AskAIViewSource},
	} {
		lazy, err := sitebuild.LazyLoad(*web, built, part.src, w)
		check(err)
		fmt.Printf("opening %s after that first load: JS %.1f KB gzip (budget %d KB)\n", part.what, kb(lazy.JS), sitebuild.AskAIJSBudget>>10)
		for _, p := range lazy.Parts {
			fmt.Printf("  JS  %6.1f KB  %s\n", kb(p.Gzip), p.Name)
		}
	}
}

func kb(n int) float64 { return float64(n) / 1024 }

func gzSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}
