// Command build measures the full site build (prerender included) as a whole process, the weight
// of a doc page's first load (sitebuild.FirstLoad: scripts, module preloads and inline scripts, per
// part) and what opening Ask AI adds to it (sitebuild.LazyLoad). Each run builds site/ into a new
// folder; it prints wall and CPU seconds (user + system, the Node workers included) and peak RSS
// as medians with min–max, beside the core count and the load average at start. Run it from the
// project root after `make build`:
//
//	go run ./bench/build [-runs 7] [-phases]
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"

	"tzdocs/bench/internal/measure"
	"tzdocs/internal/output"
	"tzdocs/internal/sitebuild"
)

func main() {
	runs := flag.Int("runs", 5, "number of full builds, after one warm-up build")
	bin := flag.String("bin", "bin/tzdocs", "the tzdocs binary")
	site := flag.String("site", "site", "the site folder")
	page := flag.String("page", "/architecture/bakers", "the route of the doc page whose first load is weighed")
	phases := flag.Bool("phases", false, "also print the median wall time of each build phase (tzdocs build --timings)")
	web := flag.String("web", "web/dist", "the web app's build")
	flag.Parse()
	out, err := os.MkdirTemp("", "tzdocs-bench-")
	check(err)
	defer os.RemoveAll(out)

	fmt.Println(measure.Machine())
	var costs []measure.Cost
	phaseMS := map[string][]float64{}
	var phaseOrder []string
	for i := -1; i < *runs; i++ { // run -1 warms the page cache and the binary
		dist := filepath.Join(out, fmt.Sprint(i+1))
		cmd := exec.Command(*bin, "build", "--site", *site, "--out", dist, "--web", *web, "--timings")
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		c, err := measure.Run(cmd)
		check(err)
		if i < 0 {
			continue
		}
		costs = append(costs, c)
		for _, m := range phaseLine.FindAllStringSubmatch(stdout.String(), -1) {
			if _, seen := phaseMS[m[1]]; !seen {
				phaseOrder = append(phaseOrder, m[1])
			}
			ms, _ := strconv.ParseFloat(m[2], 64)
			phaseMS[m[1]] = append(phaseMS[m[1]], ms)
		}
		if i > 0 {
			check(os.RemoveAll(dist)) // keep one build to weigh, and the disk small
		}
	}
	fmt.Printf("full build of %s into a new folder: %s\n", *site, measure.Summarise(costs))
	if *phases {
		for _, name := range phaseOrder {
			s := measure.Of(phaseMS[name])
			fmt.Printf("  phase %-10s wall %4.0f ms (%.0f–%.0f)\n", name, s.Median, s.Min, s.Max)
		}
	}

	built := filepath.Join(out, "1")
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

// phaseLine matches a line of `tzdocs build --timings`.
var phaseLine = regexp.MustCompile(`(?m)^phase (\S+) (\d+(?:\.\d+)?) ms$`)

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
